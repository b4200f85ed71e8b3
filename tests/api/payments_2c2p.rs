//! Card payment through 2C2P against the local stand-in (`kiosk::payments::standin`): the
//! signed form, the stand-in's payment page, server notifications and browser returns —
//! success, failure, cancel, pending, duplicates, order of arrival — and the refusals of
//! forged, tampered, wrong-amount, wrong-merchant and replayed notifications, each checked on
//! the order and its stored payment records.

use std::collections::BTreeMap;

use kiosk::config::{Card2c2p, Merchant2c2p, SecretKey};
use kiosk::payments::standin::{StandIn, StandInMerchant};
use serde_json::{Value, json};

use crate::helpers::{TestApp, error_code, spawn_app, spawn_app_with};
use crate::orders::{Shopper, add, place, plain, product, shopper};

pub(crate) const FULL_ID: &str = "JT01";
pub(crate) const FULL_KEY: &str = "QnmrnH6QE23N-full-payment-key";
const INSTALMENT_ID: &str = "JT02";
const INSTALMENT_KEY: &str = "Zx81instalment-key-Kp0";

pub(crate) struct Shop {
    pub(crate) app: TestApp,
    pub(crate) standin: StandIn,
}

pub(crate) async fn shop() -> Shop {
    let standin = StandIn::start(
        "127.0.0.1:0".parse().unwrap(),
        vec![
            StandInMerchant {
                merchant_id: FULL_ID.into(),
                secret_key: FULL_KEY.into(),
            },
            StandInMerchant {
                merchant_id: INSTALMENT_ID.into(),
                secret_key: INSTALMENT_KEY.into(),
            },
        ],
    )
    .await
    .expect("stand-in starts");
    let payment_url = standin.payment_url();
    let app = spawn_app_with(move |c| {
        // The stand-in posts to the result URLs, so they must be this server's real address.
        c.public_url = "http://127.0.0.1:0".into();
        c.public_url_derived = true;
        c.payments.card_2c2p = Card2c2p {
            payment_url,
            merchants: vec![
                // Instalments only from ฿1,000,000: the tests' carts all go to full payment.
                Merchant2c2p {
                    name: "instalment".into(),
                    merchant_id: INSTALMENT_ID.into(),
                    secret_key: SecretKey::new(INSTALMENT_KEY),
                    min_total: 100_000_000,
                    max_total: 0,
                    payment_option: "I".into(),
                },
                Merchant2c2p {
                    name: "full".into(),
                    merchant_id: FULL_ID.into(),
                    secret_key: SecretKey::new(FULL_KEY),
                    min_total: 0,
                    max_total: 0,
                    payment_option: String::new(),
                },
            ],
        };
    })
    .await;
    Shop { app, standin }
}

/// A shopper with one plain product in the cart places a card order in Thai.
pub(crate) async fn card_order(shop: &Shop, username: &str) -> (Shopper, Value) {
    let who = shopper(&shop.app, username).await;
    let item = product(&shop.app, plain);
    add(&shop.app, &who, &item.code, 1).await;
    let (status, body) = place(
        &shop.app,
        &who,
        json!({"payment": "card_2c2p", "lang": "th"}),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    (who, body["order"].clone())
}

pub(crate) fn fields_of(order: &Value) -> BTreeMap<String, String> {
    order["payment"]["redirect"]["fields"]
        .as_object()
        .expect("a redirect form")
        .iter()
        .map(|(k, v)| (k.clone(), v.as_str().unwrap().to_string()))
        .collect()
}

/// The shopper's browser posts the signed form to the payment page.
pub(crate) async fn open_payment_page(shop: &Shop, order: &Value) -> (u16, String) {
    let url = order["payment"]["redirect"]["url"].as_str().unwrap();
    let response = shop
        .app
        .client
        .post(url)
        .form(&fields_of(order))
        .send()
        .await
        .unwrap();
    (response.status().as_u16(), response.text().await.unwrap())
}

/// The shopper presses a button on the stand-in's page (it notifies the shop first).
pub(crate) async fn press(shop: &Shop, attempt: &str, code: &str) -> String {
    let url = format!("http://{}/payment/{attempt}/{code}", shop.standin.address);
    let response = shop
        .app
        .client
        .post(url)
        .form(&[("outcome", code)])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    response.text().await.unwrap()
}

/// The browser comes back to result URL 1 with the signed fields; the Location answered.
pub(crate) async fn browser_returns(shop: &Shop, fields: &BTreeMap<String, String>) -> String {
    let response = shop
        .app
        .client
        .post(shop.app.url("/api/app/payment/2c2p/return"))
        .form(fields)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 303);
    response.headers()["location"].to_str().unwrap().to_string()
}

pub(crate) async fn notify(shop: &Shop, fields: &BTreeMap<String, String>) -> (u16, Value) {
    shop.app
        .json(
            shop.app
                .client
                .post(shop.app.url("/api/app/payment/2c2p/notify"))
                .form(fields),
        )
        .await
}

/// The order as staff see it (with the stored notices' fields).
pub(crate) async fn stored(shop: &Shop, id: u64) -> Value {
    let staff = shop
        .app
        .token(&format!("clerk{id}x{}", rand_suffix()), "admin")
        .await;
    let (status, body) = shop
        .app
        .get_authed(&format!("/api/app/order/get/{id}"), &staff)
        .await;
    assert_eq!(status, 200, "{body}");
    body["order"].clone()
}

pub(crate) fn rand_suffix() -> u32 {
    rand::random::<u32>() % 1_000_000
}

pub(crate) fn attempt_of(order: &Value) -> String {
    order["payment"]["redirect"]["fields"]["order_id"]
        .as_str()
        .unwrap()
        .to_string()
}

pub(crate) fn activity_actions(shop: &Shop) -> Vec<String> {
    kiosk::activity::newest(&shop.app.state.store, 200)
        .unwrap()
        .into_iter()
        .map(|l| format!("{} {}", l.action, l.target))
        .collect()
}

#[tokio::test]
async fn the_request_hash_matches_a_vector_computed_with_python() {
    // python3 -c 'import hmac,hashlib; print(hmac.new(b"QnmrnH6QE23N", b"8.5JT01Sofa K000001"
    //   b"K000001P1ABCDK000001764000000129950https://shop.example.com/api/app/payment/2c2p/return"
    //   b"https://shop.example.com/api/app/payment/2c2p/notifyth", hashlib.sha256).hexdigest())'
    let fields = kiosk::payments::card_2c2p::request_fields(&kiosk::payments::card_2c2p::Request {
        merchant_id: "JT01",
        secret_key: "QnmrnH6QE23N",
        description: "Sofa K000001",
        order_id: "K000001P1ABCD",
        invoice_no: "K000001",
        amount: kiosk::domain::Satang(129_950),
        result_url_1: "https://shop.example.com/api/app/payment/2c2p/return",
        result_url_2: "https://shop.example.com/api/app/payment/2c2p/notify",
        payment_option: "",
        lang: kiosk::i18n::Locale::Th,
    });
    assert_eq!(
        fields["hash_value"],
        "19dd588a6c13c7aa27c01c022d76dbedf5c736e6cd14f385472010e202d63ff0"
    );
}

#[tokio::test]
async fn a_card_payment_goes_through_the_payment_page_to_a_paid_order() {
    let shop = shop().await;
    let (who, order) = card_order(&shop, "cardpayer").await;
    let id = order["id"].as_u64().unwrap();
    let total = order["total"].as_i64().unwrap();
    assert_eq!(order["status"], "pending_payment");
    assert_eq!(order["payment"]["method"], "card_2c2p");
    assert_eq!(order["payment"]["status"], "pending");
    assert_eq!(
        order["payment"]["redirect"]["url"],
        shop.standin.payment_url()
    );
    let fields = fields_of(&order);
    let attempt = attempt_of(&order);
    assert!(attempt.len() <= 20 && attempt.starts_with(order["number"].as_str().unwrap()));
    assert_eq!(fields["version"], "8.5");
    assert_eq!(fields["merchant_id"], FULL_ID);
    assert_eq!(fields["currency"], "764");
    assert_eq!(fields["amount"], format!("{total:012}"));
    assert_eq!(fields["default_lang"], "th");
    assert_eq!(
        fields["result_url_1"],
        shop.app.url("/api/app/payment/2c2p/return")
    );
    assert_eq!(
        fields["result_url_2"],
        shop.app.url("/api/app/payment/2c2p/notify")
    );
    assert_eq!(fields["hash_value"].len(), 64);
    let answer = order.to_string();
    assert!(!answer.contains(FULL_KEY) && !answer.contains(INSTALMENT_KEY));
    assert_eq!(order["payment"]["attempts"][0]["id"], attempt.as_str());
    assert_eq!(order["payment"]["attempts"][0]["status"], "pending");

    // The hand-over page posts the form to the payment URL with no inline script.
    let page = shop
        .app
        .get_page(&format!("/api/app/payment/2c2p/go/{attempt}"))
        .await;
    assert_eq!(page.status, 200);
    assert!(
        page.body
            .contains(&format!("action=\"{}\"", shop.standin.payment_url()))
    );
    assert!(page.body.contains(&fields["hash_value"]));
    assert!(
        page.body
            .contains("<script src=\"/api/app/payment/2c2p/submit.js\">")
    );
    assert!(!page.body.contains("<script>"));
    let csp = page.header("content-security-policy");
    assert!(csp.contains("script-src 'self'"), "{csp}");
    assert!(
        csp.contains(&format!(
            "form-action 'self' http://{}",
            shop.standin.address
        )),
        "{csp}"
    );
    // Every other page keeps posting forms only to the shop.
    let home = shop.app.get_page("/th").await;
    assert!(
        home.header("content-security-policy")
            .contains("form-action 'self';")
    );
    assert!(
        home.boot()["paymentMethods"]
            .as_array()
            .unwrap()
            .contains(&json!("card_2c2p"))
    );

    // The stand-in checks the request hash as 2C2P does and shows its page.
    let (status, body) = open_payment_page(&shop, &order).await;
    assert_eq!(status, 200, "{body}");
    assert!(body.contains(&attempt));
    let returning = press(&shop, &attempt, "000").await;
    assert!(returning.contains("/api/app/payment/2c2p/return"));
    let sent = shop.standin.sent();
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].2, 200, "the shop accepted the notification");

    let paid = stored(&shop, id).await;
    assert_eq!(paid["status"], "paid");
    assert_eq!(paid["payment"]["status"], "paid");
    assert!(paid["payment"].get("redirect").is_none());
    let stored_attempt = &paid["payment"]["attempts"][0];
    assert_eq!(stored_attempt["status"], "paid");
    assert_eq!(stored_attempt["resultCode"], "000");
    assert!(stored_attempt["transactionRef"].is_string());
    assert_eq!(stored_attempt["notices"][0]["channel"], "notify");
    assert_eq!(stored_attempt["notices"][0]["verified"], true);
    assert_eq!(stored_attempt["notices"][0]["verdict"], "applied");
    assert_eq!(
        stored_attempt["notices"][0]["fields"]["payment_status"],
        "000"
    );
    assert!(activity_actions(&shop).contains(&format!(
        "order paid order {}",
        paid["number"].as_str().unwrap()
    )));
    // The day's sales count the payment.
    let day = kiosk::orders::sales::day_key(kiosk::orders::sales::day_of(
        paid["createdAt"].as_u64().unwrap(),
    ));
    let totals = kiosk::orders::sales::days(
        &shop.app.state.store,
        kiosk::orders::sales::parse_day(&day).unwrap(),
        kiosk::orders::sales::parse_day(&day).unwrap(),
    )
    .unwrap();
    assert_eq!(totals[0].totals.paid.orders, 1);
    assert_eq!(totals[0].totals.paid.revenue.get(), total);

    // The browser comes back afterwards: stored, nothing else changes.
    let response = shop.standin.response(&attempt, "000").unwrap();
    let location = browser_returns(&shop, &response).await;
    assert_eq!(location, format!("/th/cartres?order={id}"));
    let after = stored(&shop, id).await;
    assert_eq!(after["status"], "paid");
    assert_eq!(after["history"].as_array().unwrap().len(), 2);
    assert_eq!(
        after["payment"]["attempts"][0]["notices"][1]["channel"],
        "return"
    );
    assert!(after["payment"]["attempts"][0]["returnedAt"].is_u64());

    // The shopper sees the attempts without the posted fields; a paid order cannot be paid.
    let (status, mine) = shop
        .app
        .get_authed(&format!("/api/app/order/get/{id}"), &who.token)
        .await;
    assert_eq!(status, 200);
    assert!(
        mine["order"]["payment"]["attempts"][0]["notices"][0]
            .get("fields")
            .is_none()
    );
    let (status, body) = shop
        .app
        .post_json(
            &format!("/api/app/order/pay/{id}"),
            &json!({}),
            Some(&who.token),
        )
        .await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(error_code(&body), "not_payable");
}

#[tokio::test]
async fn a_failed_payment_leaves_the_order_waiting_and_a_new_attempt_pays_it() {
    let shop = shop().await;
    let (who, order) = card_order(&shop, "unlucky").await;
    let id = order["id"].as_u64().unwrap();
    let first = attempt_of(&order);
    assert_eq!(open_payment_page(&shop, &order).await.0, 200);
    press(&shop, &first, "002").await;
    let failed = stored(&shop, id).await;
    assert_eq!(failed["status"], "pending_payment");
    assert_eq!(failed["payment"]["status"], "failed");
    assert_eq!(failed["payment"]["attempts"][0]["status"], "failed");
    assert_eq!(failed["payment"]["attempts"][0]["resultCode"], "002");
    assert!(failed["payment"].get("redirect").is_none());

    // Someone else cannot start a payment on this order.
    let stranger = shopper(&shop.app, "stranger").await;
    let (status, _) = shop
        .app
        .post_json(
            &format!("/api/app/order/pay/{id}"),
            &json!({}),
            Some(&stranger.token),
        )
        .await;
    assert_eq!(status, 404);

    // Try again: a new attempt with its own 2C2P order id, answered with the same redirect shape.
    let response = shop
        .app
        .client
        .post(shop.app.url(&format!("/api/app/order/pay/{id}")))
        .bearer_auth(&who.token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let again: Value = response.json().await.unwrap();
    let second = attempt_of(&again["order"]);
    assert_ne!(first, second);
    assert_eq!(again["order"]["payment"]["status"], "pending");
    assert_eq!(
        again["order"]["payment"]["attempts"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    assert_eq!(open_payment_page(&shop, &again["order"]).await.0, 200);
    press(&shop, &second, "000").await;
    let paid = stored(&shop, id).await;
    assert_eq!(paid["status"], "paid");
    assert_eq!(paid["payment"]["attempts"][0]["status"], "failed");
    assert_eq!(paid["payment"]["attempts"][1]["status"], "paid");
    // A late notification for the failed attempt changes nothing.
    assert_eq!(shop.standin.notify(&first, "002").await, Some(200));
    assert_eq!(stored(&shop, id).await["status"], "paid");
}

#[tokio::test]
async fn a_cancelled_payment_can_switch_to_promptpay() {
    let shop = shop().await;
    let (who, order) = card_order(&shop, "changedmind").await;
    let id = order["id"].as_u64().unwrap();
    let attempt = attempt_of(&order);
    assert_eq!(open_payment_page(&shop, &order).await.0, 200);
    // The browser's cancel arrives first, then the server's.
    let cancel = shop.standin.response(&attempt, "003").unwrap();
    let location = browser_returns(&shop, &cancel).await;
    assert_eq!(location, format!("/th/cartres?order={id}"));
    let cancelled = stored(&shop, id).await;
    assert_eq!(cancelled["status"], "pending_payment");
    assert_eq!(cancelled["payment"]["status"], "failed");
    assert_eq!(cancelled["payment"]["attempts"][0]["status"], "cancelled");
    assert_eq!(shop.standin.notify(&attempt, "003").await, Some(200));
    let notices = stored(&shop, id).await["payment"]["attempts"][0]["notices"].clone();
    assert_eq!(notices.as_array().unwrap().len(), 2);
    assert_eq!(notices[1]["verdict"], "recorded");

    let (status, body) = shop
        .app
        .post_json(
            &format!("/api/app/order/pay/{id}"),
            &json!({"payment": "promptpay"}),
            Some(&who.token),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["order"]["payment"]["method"], "promptpay");
    assert!(body["order"]["payment"]["promptpayPayload"].is_string());
    assert!(body["order"]["payment"].get("redirect").is_none());
    assert_eq!(body["order"]["status"], "pending_payment");
}

#[tokio::test]
async fn a_pending_payment_is_paid_when_the_success_notification_follows() {
    let shop = shop().await;
    let (_, order) = card_order(&shop, "cashpayer").await;
    let id = order["id"].as_u64().unwrap();
    let attempt = attempt_of(&order);
    assert_eq!(open_payment_page(&shop, &order).await.0, 200);
    press(&shop, &attempt, "001").await;
    let waiting = stored(&shop, id).await;
    assert_eq!(waiting["status"], "pending_payment");
    assert_eq!(waiting["payment"]["status"], "pending");
    assert_eq!(waiting["payment"]["attempts"][0]["status"], "pending");
    assert_eq!(waiting["payment"]["attempts"][0]["resultCode"], "001");
    assert_eq!(shop.standin.notify(&attempt, "000").await, Some(200));
    let paid = stored(&shop, id).await;
    assert_eq!(paid["status"], "paid");
    assert_eq!(paid["payment"]["status"], "paid");
}

#[tokio::test]
async fn duplicate_notifications_apply_once() {
    let shop = shop().await;
    let (_, order) = card_order(&shop, "twice").await;
    let id = order["id"].as_u64().unwrap();
    let attempt = attempt_of(&order);
    assert_eq!(open_payment_page(&shop, &order).await.0, 200);
    let success = shop.standin.response(&attempt, "000").unwrap();
    for _ in 0..3 {
        let (status, body) = notify(&shop, &success).await;
        assert_eq!(status, 200, "{body}");
    }
    let paid = stored(&shop, id).await;
    assert_eq!(paid["status"], "paid");
    assert_eq!(paid["history"].as_array().unwrap().len(), 2);
    let verdicts: Vec<&str> = paid["payment"]["attempts"][0]["notices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["verdict"].as_str().unwrap())
        .collect();
    assert_eq!(verdicts, ["applied", "recorded", "recorded"]);
    let number = paid["number"].as_str().unwrap();
    let paid_lines = activity_actions(&shop)
        .iter()
        .filter(|a| **a == format!("order paid order {number}"))
        .count();
    assert_eq!(paid_lines, 1);
    let day = kiosk::orders::sales::day_of(paid["createdAt"].as_u64().unwrap());
    let totals = kiosk::orders::sales::days(&shop.app.state.store, day, day).unwrap();
    assert_eq!(totals[0].totals.paid.orders, 1);
}

#[tokio::test]
async fn the_browser_coming_back_first_waits_for_the_server_notification() {
    let shop = shop().await;
    let (_, order) = card_order(&shop, "quickbrowser").await;
    let id = order["id"].as_u64().unwrap();
    let attempt = attempt_of(&order);
    assert_eq!(open_payment_page(&shop, &order).await.0, 200);
    let success = shop.standin.response(&attempt, "000").unwrap();
    browser_returns(&shop, &success).await;
    let waiting = stored(&shop, id).await;
    assert_eq!(
        waiting["status"], "pending_payment",
        "the browser's word is not enough"
    );
    assert_eq!(waiting["payment"]["status"], "pending");
    assert!(waiting["payment"]["attempts"][0]["returnedAt"].is_u64());
    assert_eq!(
        waiting["payment"]["attempts"][0]["notices"][0]["verified"],
        true
    );
    let (status, _) = notify(&shop, &success).await;
    assert_eq!(status, 200);
    assert_eq!(stored(&shop, id).await["status"], "paid");
}

#[tokio::test]
async fn forged_and_tampered_notifications_are_refused_and_change_nothing() {
    let shop = shop().await;
    let (_, order) = card_order(&shop, "target").await;
    let id = order["id"].as_u64().unwrap();
    let attempt = attempt_of(&order);
    assert_eq!(open_payment_page(&shop, &order).await.0, 200);
    let genuine = shop.standin.response(&attempt, "000").unwrap();

    let mut forged = genuine.clone();
    forged.insert("hash_value".into(), "0".repeat(64));
    let (status, body) = notify(&shop, &forged).await;
    assert_eq!(status, 400);
    assert_eq!(error_code(&body), "invalid_signature");

    let mut unsigned = genuine.clone();
    unsigned.remove("hash_value");
    assert_eq!(
        error_code(&notify(&shop, &unsigned).await.1),
        "invalid_signature"
    );

    // A cheaper amount under the genuine signature.
    let mut tampered = genuine.clone();
    tampered.insert("amount".into(), "000000000100".into());
    assert_eq!(
        error_code(&notify(&shop, &tampered).await.1),
        "invalid_signature"
    );

    // Signed with the right key but for another amount (or currency).
    let mut wrong_amount = genuine.clone();
    let more = order["total"].as_i64().unwrap() + 100;
    wrong_amount.insert("amount".into(), format!("{more:012}"));
    shop.standin.sign(FULL_ID, &mut wrong_amount);
    let (status, body) = notify(&shop, &wrong_amount).await;
    assert_eq!(status, 400);
    assert_eq!(error_code(&body), "amount_mismatch");
    let mut wrong_currency = genuine.clone();
    wrong_currency.insert("currency".into(), "840".into());
    shop.standin.sign(FULL_ID, &mut wrong_currency);
    assert_eq!(
        error_code(&notify(&shop, &wrong_currency).await.1),
        "amount_mismatch"
    );

    // The other merchant: its own valid signature, or ours with its id.
    let mut other_merchant = genuine.clone();
    other_merchant.insert("merchant_id".into(), INSTALMENT_ID.into());
    shop.standin.sign(INSTALMENT_ID, &mut other_merchant);
    assert_eq!(
        error_code(&notify(&shop, &other_merchant).await.1),
        "invalid_signature"
    );
    let mut other_id = genuine.clone();
    other_id.insert("merchant_id".into(), INSTALMENT_ID.into());
    shop.standin.sign(FULL_ID, &mut other_id);
    assert_eq!(
        error_code(&notify(&shop, &other_id).await.1),
        "invalid_signature"
    );

    // An attempt the shop never made.
    let mut unknown = genuine.clone();
    unknown.insert("order_id".into(), "K999999P1ZZZZ".into());
    shop.standin.sign(FULL_ID, &mut unknown);
    assert_eq!(
        error_code(&notify(&shop, &unknown).await.1),
        "unknown_attempt"
    );
    let mut garbage = BTreeMap::new();
    garbage.insert("order_id".to_string(), "x".to_string());
    assert_eq!(
        error_code(&notify(&shop, &garbage).await.1),
        "unknown_attempt"
    );

    let after = stored(&shop, id).await;
    assert_eq!(after["status"], "pending_payment");
    assert_eq!(after["payment"]["status"], "pending");
    assert_eq!(after["payment"]["attempts"][0]["status"], "pending");
    let verdicts: Vec<(bool, &str)> = after["payment"]["attempts"][0]["notices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| {
            (
                n["verified"].as_bool().unwrap(),
                n["verdict"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        verdicts,
        [
            (false, "invalid_signature"),
            (false, "invalid_signature"),
            (false, "invalid_signature"),
            (false, "amount_mismatch"),
            (false, "amount_mismatch"),
            (false, "invalid_signature"),
            (false, "invalid_signature"),
        ]
    );
    let refusals = activity_actions(&shop)
        .iter()
        .filter(|a| a.starts_with("card payment answer refused"))
        .count();
    // Seven on the order; of the two naming no attempt, the second falls in the first's minute.
    assert_eq!(refusals, 8);

    // The genuine one still works.
    assert_eq!(notify(&shop, &genuine).await.0, 200);
    assert_eq!(stored(&shop, id).await["status"], "paid");
}

#[tokio::test]
async fn another_orders_notification_replayed_pays_nothing() {
    let shop = shop().await;
    let (_, cheap) = card_order(&shop, "payer").await;
    let (_, victim) = card_order(&shop, "other").await;
    let (cheap_attempt, victim_attempt) = (attempt_of(&cheap), attempt_of(&victim));
    assert_eq!(open_payment_page(&shop, &cheap).await.0, 200);
    assert_eq!(open_payment_page(&shop, &victim).await.0, 200);
    press(&shop, &cheap_attempt, "000").await;
    let (_, genuine, _) = shop.standin.sent().remove(0);

    // Sent again as it was: it is the first order's, already applied.
    assert_eq!(notify(&shop, &genuine).await.0, 200);
    // Pointed at the other order's attempt, the signature no longer holds.
    let mut replayed = genuine.clone();
    replayed.insert("order_id".into(), victim_attempt.clone());
    let (status, body) = notify(&shop, &replayed).await;
    assert_eq!(status, 400);
    assert_eq!(error_code(&body), "invalid_signature");

    let victim_id = victim["id"].as_u64().unwrap();
    let after = stored(&shop, victim_id).await;
    assert_eq!(after["status"], "pending_payment");
    assert_eq!(after["payment"]["status"], "pending");
    assert_eq!(
        after["payment"]["attempts"][0]["notices"][0]["verdict"],
        "invalid_signature"
    );
    assert_eq!(
        stored(&shop, cheap["id"].as_u64().unwrap()).await["status"],
        "paid"
    );
}

#[tokio::test]
async fn the_stand_in_refuses_a_tampered_request_like_2c2p() {
    let shop = shop().await;
    let (_, order) = card_order(&shop, "tamperer").await;
    let mut fields = fields_of(&order);
    fields.insert("amount".into(), "000000000100".into());
    let response = shop
        .app
        .client
        .post(shop.standin.payment_url())
        .form(&fields)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 400);
    assert!(response.text().await.unwrap().contains("hash_value"));
}

#[tokio::test]
async fn card_payment_is_offered_only_when_a_merchant_is_configured() {
    let app = spawn_app().await;
    let boot = app.get_page("/th").await.boot();
    assert!(
        !boot["paymentMethods"]
            .as_array()
            .unwrap()
            .contains(&json!("card_2c2p"))
    );
    let who = shopper(&app, "nocards").await;
    let item = product(&app, plain);
    add(&app, &who, &item.code, 1).await;
    let (status, body) = place(&app, &who, json!({"payment": "card_2c2p"})).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(error_code(&body), "invalid_payment");
}

#[test]
fn signing_keys_never_appear_in_debug_or_serialised_settings() {
    let mut config = kiosk::config::Config::default();
    config.payments.card_2c2p.merchants.push(Merchant2c2p {
        name: "full".into(),
        merchant_id: FULL_ID.into(),
        secret_key: SecretKey::new(FULL_KEY),
        min_total: 0,
        max_total: 0,
        payment_option: String::new(),
    });
    assert!(!format!("{config:?}").contains(FULL_KEY));
    assert!(!serde_json::to_string(&config).unwrap().contains(FULL_KEY));
}

#[test]
fn environment_overrides_configure_2c2p_and_check_never_prints_the_key() {
    let dir = tempfile::tempdir().unwrap();
    let run = |url: &str| {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_kiosk"));
        command.current_dir(dir.path()).env_remove("RUST_LOG");
        for (key, _) in std::env::vars() {
            if key.starts_with("KIOSK_") {
                command.env_remove(key);
            }
        }
        command
            .arg("check")
            .env("KIOSK_DATA_DIR", dir.path().join("data"))
            .env(
                "KIOSK_PAYMENTS__CARD_2C2P__MERCHANTS",
                format!("[{{name=\"full\",merchant_id=\"{FULL_ID}\",secret_key=\"{FULL_KEY}\"}}]"),
            )
            .env("KIOSK_PAYMENTS__CARD_2C2P__PAYMENT_URL", url)
            .output()
            .unwrap()
    };
    let ok = run("https://t.2c2p.com/RedirectV3/payment");
    let all = format!(
        "{}{}",
        String::from_utf8_lossy(&ok.stdout),
        String::from_utf8_lossy(&ok.stderr)
    );
    // (No database in this folder: the check stops after the settings, which is the point.)
    assert!(all.contains("config: ok"), "{all}");
    assert!(!all.contains(FULL_KEY), "{all}");
    // The URL is checked once a merchant exists: proof both variables were read.
    let bad = run("http://pay.example.com/payment");
    let all = format!(
        "{}{}",
        String::from_utf8_lossy(&bad.stdout),
        String::from_utf8_lossy(&bad.stderr)
    );
    assert!(!bad.status.success());
    assert!(all.contains("payments.card_2c2p.payment_url"), "{all}");
    assert!(!all.contains(FULL_KEY), "{all}");
}

#[tokio::test]
async fn cancelling_a_paid_card_order_owes_a_refund() {
    let shop = shop().await;
    let (_, order) = card_order(&shop, "refundme").await;
    let id = order["id"].as_u64().unwrap();
    let attempt = attempt_of(&order);
    assert_eq!(open_payment_page(&shop, &order).await.0, 200);
    press(&shop, &attempt, "000").await;
    let staff = shop.app.token("refundclerk", "admin").await;
    let (status, body) = shop
        .app
        .post_json(
            &format!("/api/admin/order/{id}/status"),
            &json!({"status": "cancelled", "reason": "the sofa cannot be delivered"}),
            Some(&staff),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let after = stored(&shop, id).await;
    assert_eq!(after["status"], "cancelled");
    assert_eq!(after["payment"]["status"], "refund_due");
}

#[tokio::test]
async fn unpaid_orders_expire_and_a_late_card_payment_owes_a_refund() {
    let shop = shop().await;
    let who = shopper(&shop.app, "slowpayer").await;
    let item = product(&shop.app, plain);
    let stock_before = crate::orders::stock_of(&shop.app, &item.code);
    add(&shop.app, &who, &item.code, 1).await;
    let (status, promptpay) = place(&shop.app, &who, json!({})).await;
    assert_eq!(status, 201, "{promptpay}");
    let (_, card) = card_order(&shop, "slowcard").await;
    let card_id = card["id"].as_u64().unwrap();
    let attempt = attempt_of(&card);
    assert_eq!(open_payment_page(&shop, &card).await.0, 200);

    let now = kiosk::activity::now_millis();
    let (store, catalog) = (shop.app.state.store.clone(), shop.app.state.catalog.clone());
    let hour = 60 * 60 * 1000;
    // Both are older than the limit; the card payment started minutes ago is still given time.
    let cancelled = tokio::task::spawn_blocking(move || {
        kiosk::payments::expiry::cancel_expired(
            &store,
            &catalog,
            &kiosk::documents::paperwork::Paperwork::SILENT,
            now + hour,
            now,
        )
    })
    .await
    .unwrap()
    .unwrap();
    assert_eq!(
        cancelled,
        vec![promptpay["order"]["number"].as_str().unwrap().to_string()]
    );
    // The card order (same product) still holds its piece.
    assert_eq!(
        crate::orders::stock_of(&shop.app, &item.code),
        stock_before - 1
    );
    let expired = stored(&shop, promptpay["order"]["id"].as_u64().unwrap()).await;
    assert_eq!(expired["status"], "cancelled");
    assert!(
        expired["cancelReason"]
            .as_str()
            .unwrap()
            .contains("not paid in time")
    );
    assert_eq!(stored(&shop, card_id).await["status"], "pending_payment");

    let (store, catalog) = (shop.app.state.store.clone(), shop.app.state.catalog.clone());
    let cancelled = tokio::task::spawn_blocking(move || {
        kiosk::payments::expiry::cancel_expired(
            &store,
            &catalog,
            &kiosk::documents::paperwork::Paperwork::SILENT,
            now + 3 * hour,
            now + 2 * hour,
        )
    })
    .await
    .unwrap()
    .unwrap();
    assert_eq!(cancelled.len(), 1);
    assert_eq!(stored(&shop, card_id).await["status"], "cancelled");
    assert_eq!(crate::orders::stock_of(&shop.app, &item.code), stock_before);

    // The money arrives after all: recorded, the order stays cancelled and owes a refund.
    assert_eq!(shop.standin.notify(&attempt, "000").await, Some(200));
    let late = stored(&shop, card_id).await;
    assert_eq!(late["status"], "cancelled");
    assert_eq!(late["payment"]["status"], "refund_due");
    assert_eq!(late["payment"]["attempts"][0]["status"], "paid");
}
