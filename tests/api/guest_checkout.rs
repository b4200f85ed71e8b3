//! Guest checkout: an order without an account from the visitor's cart, opened by its secret
//! key (and by nothing else), paid like any order, mailed with its secret link, and taken over
//! by an account that then earns its coins.

use serde_json::{Value, json};

use crate::helpers::{TestApp, error_code, spawn_app, spawn_app_with};
use crate::notifications::{set_status, with_channels};
use crate::orders::{address, plain, product, shopper, stock_of};
use crate::standins::{LineStandIn, SmtpStandIn};

fn new_visitor() -> String {
    uuid::Uuid::new_v4().to_string()
}

fn contact() -> Value {
    json!({"name": "Nok Sriwan", "phone": "089-123-4567", "email": "nok@example.com"})
}

async fn add_as_visitor(app: &TestApp, visitor: &str, code: &str, qty: u32) {
    let (status, body) = app
        .post_json(
            "/api/app/cart/add",
            &json!({"id": visitor, "code": code, "qty": qty}),
            None,
        )
        .await;
    assert_eq!(status, 200, "{body}");
}

/// A valid guest order body for `visitor`'s cart; `extra` adds or replaces fields.
fn guest_body(visitor: &str, extra: Value) -> Value {
    let mut body = json!({"id": visitor, "contact": contact(), "address": address(),
                          "payment": "promptpay", "idempotencyKey": uuid::Uuid::new_v4().to_string(),
                          "lang": "th"});
    for (key, value) in extra.as_object().unwrap() {
        body[key] = value.clone();
    }
    body
}

async fn place_as_guest(app: &TestApp, body: &Value) -> (u16, Value) {
    app.post_json("/api/app/order/place", body, None).await
}

/// A visitor with one plain product in the cart places a guest order: (order, key).
pub(crate) async fn guest_order(app: &TestApp) -> (Value, String) {
    let visitor = new_visitor();
    let item = product(app, plain);
    add_as_visitor(app, &visitor, &item.code, 1).await;
    let (status, body) = place_as_guest(app, &guest_body(&visitor, json!({}))).await;
    assert_eq!(status, 201, "{body}");
    let key = body["orderKey"].as_str().expect("orderKey").to_string();
    (body["order"].clone(), key)
}

#[tokio::test]
async fn a_guest_places_an_order_and_its_key_alone_opens_it() {
    let app = spawn_app().await;
    let visitor = new_visitor();
    let item = product(&app, plain);
    let before = stock_of(&app, &item.code);
    add_as_visitor(&app, &visitor, &item.code, 2).await;

    let (status, placed) = place_as_guest(&app, &guest_body(&visitor, json!({}))).await;
    assert_eq!(status, 201, "{placed}");
    let key = placed["orderKey"].as_str().unwrap();
    assert_eq!(key.len(), 32, "128 bits as hex: {key}");
    assert!(key.bytes().all(|b| b.is_ascii_hexdigit()));
    let order = &placed["order"];
    let id = order["id"].as_u64().unwrap();
    assert_eq!(order["userId"], 0);
    assert_eq!(order["contact"], contact());
    assert_eq!(order["email"], "nok@example.com");
    assert_eq!(order["status"], "pending_payment");
    assert_eq!(placed["coin"], 0);
    assert!(order["payment"]["promptpayPayload"].is_string());
    // Stock is taken and the visitor's cart emptied, as for any order.
    assert_eq!(stock_of(&app, &item.code), before - 2);
    let (_, cart) = app.get_json(&format!("/api/app/cart/get/{visitor}")).await;
    assert_eq!(cart["cart"]["amt"], 0, "{cart}");

    let (status, seen) = app
        .get_json(&format!("/api/app/order/get/{id}?key={key}"))
        .await;
    assert_eq!(status, 200, "{seen}");
    assert_eq!(seen["order"]["number"], order["number"]);

    let wrong = "0".repeat(32);
    for path in [
        format!("/api/app/order/get/{id}"),
        format!("/api/app/order/get/{id}?key={wrong}"),
        format!("/api/app/order/get/{id}?key="),
        format!("/api/app/order/get/{id}?key={}", &key[..31]),
        format!("/api/app/order/get/{}?key={key}", id + 1),
    ] {
        let (status, body) = app.get_json(&path).await;
        assert_eq!(status, 404, "{path}: {body}");
        assert_eq!(error_code(&body), "not_found");
    }
    // Another shopper's token opens nothing without the key.
    let other = shopper(&app, "stranger").await;
    let (status, body) = app
        .get_authed(&format!("/api/app/order/get/{id}"), &other.token)
        .await;
    assert_eq!(status, 404, "{body}");
    // Staff see it as any order.
    let staff = app.token("clerk", "admin").await;
    let (status, _) = app
        .get_authed(&format!("/api/app/order/get/{id}"), &staff)
        .await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn a_guest_cannot_spend_coins() {
    let app = spawn_app().await;
    let visitor = new_visitor();
    add_as_visitor(&app, &visitor, &product(&app, plain).code, 1).await;
    let (status, body) = place_as_guest(&app, &guest_body(&visitor, json!({"coins": 10}))).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(error_code(&body), "coins_need_sign_in");
}

#[tokio::test]
async fn the_same_idempotency_key_places_one_guest_order_and_answers_a_working_key() {
    let app = spawn_app().await;
    let visitor = new_visitor();
    let item = product(&app, plain);
    let before = stock_of(&app, &item.code);
    add_as_visitor(&app, &visitor, &item.code, 1).await;
    let body = guest_body(&visitor, json!({}));
    let (first, placed) = place_as_guest(&app, &body).await;
    assert_eq!(first, 201, "{placed}");
    let (again, replayed) = place_as_guest(&app, &body).await;
    assert_eq!(again, 200, "{replayed}");
    assert_eq!(replayed["replayed"], true);
    assert_eq!(replayed["order"]["id"], placed["order"]["id"]);
    assert_eq!(stock_of(&app, &item.code), before - 1, "stock taken once");
    // The first answer may have been lost: the replay's key opens the order too, and so
    // does the first one.
    let id = placed["order"]["id"].as_u64().unwrap();
    for key in [&placed["orderKey"], &replayed["orderKey"]] {
        let key = key.as_str().unwrap();
        let (status, _) = app
            .get_json(&format!("/api/app/order/get/{id}?key={key}"))
            .await;
        assert_eq!(status, 200, "{key}");
    }
    // Another visitor with the same idempotency key is another checkout.
    let (status, body) = place_as_guest(
        &app,
        &guest_body(
            &new_visitor(),
            json!({"idempotencyKey": body["idempotencyKey"]}),
        ),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(error_code(&body), "cart_empty");
}

#[tokio::test]
async fn bad_contacts_and_ids_are_refused_in_the_error_shape() {
    let app = spawn_app().await;
    let visitor = new_visitor();
    add_as_visitor(&app, &visitor, &product(&app, plain).code, 1).await;
    let long = "น".repeat(101);
    let cases = [
        (json!({"contact": null}), "invalid_contact", "contact"),
        (
            json!({"contact": {"name": "", "phone": "089-123-4567", "email": "nok@example.com"}}),
            "invalid_contact",
            "contact.name",
        ),
        (
            json!({"contact": {"name": long, "phone": "089-123-4567", "email": "nok@example.com"}}),
            "invalid_contact",
            "contact.name",
        ),
        (
            json!({"contact": {"name": "Nok", "phone": "12", "email": "nok@example.com"}}),
            "invalid_contact",
            "contact.phone",
        ),
        (
            json!({"contact": {"name": "Nok", "phone": "089-123-4567", "email": "nok at example"}}),
            "invalid_contact",
            "contact.email",
        ),
        (
            json!({"contact": {"name": "Nok", "phone": "089-123-4567"}}),
            "invalid_json",
            "email",
        ),
        (json!({"id": "42"}), "invalid_cart_id", "id"),
        (json!({"id": "not-a-uuid"}), "invalid_cart_id", "id"),
        (
            json!({"address": {"name": "Nok", "phone": "1", "line1": "x", "district": "y",
                               "province": "bangkok", "postcode": "1"}}),
            "invalid_address",
            "address.phone",
        ),
    ];
    for (extra, code, field) in cases {
        let (status, body) = place_as_guest(&app, &guest_body(&visitor, extra.clone())).await;
        assert_eq!(status, 400, "{extra}: {body}");
        assert_eq!(error_code(&body), code, "{extra}: {body}");
        let message = body["error"]["message"].as_str().unwrap();
        assert!(message.contains(field), "{extra}: {message}");
    }
    // Nothing was ordered: the cart is still there.
    let (_, cart) = app.get_json(&format!("/api/app/cart/get/{visitor}")).await;
    assert_eq!(cart["cart"]["amt"], 1, "{cart}");
}

#[tokio::test]
async fn prices_come_from_the_server_whatever_the_guest_sends() {
    let app = spawn_app().await;
    let visitor = new_visitor();
    let item = product(&app, plain);
    add_as_visitor(&app, &visitor, &item.code, 1).await;
    let (status, quote) = app
        .post_json(
            "/api/app/cart/quote",
            &json!({"id": visitor, "lang": "th"}),
            None,
        )
        .await;
    assert_eq!(status, 200, "{quote}");
    // Prices in the body are unknown fields: refused, never used.
    let (status, body) = place_as_guest(
        &app,
        &guest_body(
            &visitor,
            json!({"total": 1, "lines": [{"code": item.code, "unitPrice": 1}]}),
        ),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    let (status, placed) = place_as_guest(&app, &guest_body(&visitor, json!({}))).await;
    assert_eq!(status, 201, "{placed}");
    let order = &placed["order"];
    assert_eq!(order["lines"][0]["unitPrice"], item.price.get());
    assert_eq!(order["total"], quote["quote"]["total"], "{quote}");
    assert!(order["total"].as_i64().unwrap() >= item.price.get());
}

#[tokio::test]
async fn a_guest_pays_and_uploads_a_slip_with_the_key_and_strangers_get_404() {
    let app = spawn_app_with(|c| {
        c.payments.bank_name = "Kasikorn".into();
        c.payments.bank_account_name = "Kiosk Co".into();
        c.payments.bank_account_number = "123-4-56789-0".into();
    })
    .await;
    let (order, key) = guest_order(&app).await;
    let id = order["id"].as_u64().unwrap();
    let switch = json!({"payment": "bank_transfer"});
    let (status, body) = app
        .post_json(&format!("/api/app/order/pay/{id}"), &switch, None)
        .await;
    assert_eq!(status, 404, "no key: {body}");
    let (status, body) = app
        .post_json(
            &format!("/api/app/order/pay/{id}?key={}", "f".repeat(32)),
            &switch,
            None,
        )
        .await;
    assert_eq!(status, 404, "wrong key: {body}");
    let (status, body) = app
        .post_json(&format!("/api/app/order/pay/{id}?key={key}"), &switch, None)
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["order"]["payment"]["method"], "bank_transfer");

    let slip = crate::admin_images::png_with_metadata(40, 30);
    let upload = |query: String| {
        let (content_type, body) = crate::admin_images::form(&[("slip.png", "image/png", &slip)]);
        app.client
            .post(app.url(&format!("/api/app/order/{id}/proof{query}")))
            .header("content-type", content_type)
            .body(body)
    };
    let (status, body) = app.json(upload(String::new())).await;
    assert_eq!(status, 404, "no key: {body}");
    let (status, body) = app.json(upload(format!("?key={key}"))).await;
    assert_eq!(status, 201, "{body}");
    let file = body["order"]["payment"]["proofs"][0]["file"]
        .as_str()
        .unwrap()
        .to_string();
    let response = app.get(&format!("{file}?key={key}")).await;
    assert_eq!(response.status(), 200);
    assert_eq!(app.get(&file).await.status(), 404);
}

#[tokio::test]
async fn an_account_claims_a_guest_order_and_earns_its_coins_on_delivery() {
    let app = spawn_app_with(|c| c.coins.earn_percent = 10).await;
    let staff = app.token("clerk", "admin").await;
    let (order, key) = guest_order(&app).await;
    let id = order["id"].as_u64().unwrap();
    let nok = shopper(&app, "nok").await;

    // A wrong key claims nothing; without a token neither.
    let (status, body) = app
        .post_json(
            &format!("/api/app/order/claim/{id}"),
            &json!({"key": "0".repeat(32)}),
            Some(&nok.token),
        )
        .await;
    assert_eq!(status, 404, "{body}");
    let (status, _) = app
        .post_json(
            &format!("/api/app/order/claim/{id}"),
            &json!({ "key": key }),
            None,
        )
        .await;
    assert_eq!(status, 401);

    let (status, claimed) = app
        .post_json(
            &format!("/api/app/order/claim/{id}"),
            &json!({ "key": key }),
            Some(&nok.token),
        )
        .await;
    assert_eq!(status, 200, "{claimed}");
    assert_eq!(claimed["order"]["userId"], nok.id);
    // Claiming again is harmless; another account cannot take it.
    let (status, _) = app
        .post_json(
            &format!("/api/app/order/claim/{id}"),
            &json!({ "key": key }),
            Some(&nok.token),
        )
        .await;
    assert_eq!(status, 200);
    let other = shopper(&app, "other").await;
    let (status, body) = app
        .post_json(
            &format!("/api/app/order/claim/{id}"),
            &json!({ "key": key }),
            Some(&other.token),
        )
        .await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(error_code(&body), "already_claimed");

    let (status, list) = app
        .get_authed(&format!("/api/app/order/list/{}", nok.id), &nok.token)
        .await;
    assert_eq!(status, 200, "{list}");
    assert_eq!(list["orders"][0]["id"], id);

    for step in ["paid", "preparing", "shipped", "delivered"] {
        set_status(&app, &staff, id, step).await;
    }
    let total = order["total"].as_i64().unwrap();
    let expected = total / 100 * 10 / 100;
    assert!(expected > 0, "the demo product earns coins: {total}");
    let (_, info) = app
        .get_authed(&format!("/api/auth/userInfo/get/{}", nok.id), &nok.token)
        .await;
    assert_eq!(info["userInfo"]["coin"], expected, "{info}");
}

#[tokio::test]
async fn a_guest_order_delivered_before_the_claim_earns_its_coins_at_the_claim() {
    let app = spawn_app_with(|c| c.coins.earn_percent = 10).await;
    let staff = app.token("clerk", "admin").await;
    let (order, key) = guest_order(&app).await;
    let id = order["id"].as_u64().unwrap();
    for step in ["paid", "preparing", "shipped", "delivered"] {
        let moved = set_status(&app, &staff, id, step).await;
        assert_eq!(moved["coinsEarned"], 0, "nobody to credit yet");
    }
    let nok = shopper(&app, "nok").await;
    let (status, claimed) = app
        .post_json(
            &format!("/api/app/order/claim/{id}"),
            &json!({ "key": key }),
            Some(&nok.token),
        )
        .await;
    assert_eq!(status, 200, "{claimed}");
    let expected = order["total"].as_i64().unwrap() / 100 * 10 / 100;
    assert_eq!(claimed["order"]["coinsEarned"], expected);
    assert_eq!(claimed["coin"], expected);
}

#[tokio::test]
async fn guest_orders_from_one_address_are_limited() {
    let app = spawn_app_with(|c| c.registrations_per_hour = 2).await;
    for _ in 0..2 {
        guest_order(&app).await;
    }
    let visitor = new_visitor();
    add_as_visitor(&app, &visitor, &product(&app, plain).code, 1).await;
    let (status, body) = place_as_guest(&app, &guest_body(&visitor, json!({}))).await;
    assert_eq!(status, 429, "{body}");
    assert_eq!(error_code(&body), "too_many_attempts");
}

#[tokio::test]
async fn the_guest_mail_carries_a_secret_link_that_opens_the_order() {
    let smtp = SmtpStandIn::start().await;
    let line = LineStandIn::start().await;
    let app = spawn_app_with(|c| with_channels(c, smtp.port, &line.base)).await;
    let (order, _) = guest_order(&app).await;
    let id = order["id"].as_u64().unwrap();
    let mails = smtp.wait_for(2, 10).await;
    let to_guest = mails
        .iter()
        .find(|m| m.rcpt_to == ["nok@example.com"])
        .expect("a mail to the guest");
    let marker = format!("/th/cartres?order={id}&key=");
    let start = to_guest.text.find(&marker).expect(&to_guest.text) + marker.len();
    let key: String = to_guest.text[start..]
        .chars()
        .take_while(char::is_ascii_hexdigit)
        .collect();
    assert_eq!(key.len(), 32, "{}", to_guest.text);
    let (status, seen) = app
        .get_json(&format!("/api/app/order/get/{id}?key={key}"))
        .await;
    assert_eq!(status, 200, "{seen}");
    // Once sent, not even the nonce the key was made from is kept with the message.
    let mut kept = None;
    for _ in 0..100 {
        let store = app.state.store.clone();
        let messages = tokio::task::spawn_blocking(move || {
            store
                .read(|txn| kiosk::outbox::OUTBOX_ID_TO_MESSAGE.read(txn)?.values())
                .unwrap()
        })
        .await
        .unwrap();
        let message = messages
            .into_iter()
            .find(|m| m.to == "nok@example.com")
            .unwrap();
        if message.sent_at.is_some() {
            kept = Some(message.nonce);
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(kept, Some(None), "the sent message keeps no nonce");
    let page = app
        .get_page(&format!("/th/cartres?order={id}&key={key}"))
        .await;
    assert_eq!(page.status, 200, "the storefront serves the guest's page");
}

/// A guest's order of `code` with the once-per-shopper demo coupon WELCOME500, as `contact`.
async fn with_welcome_coupon(app: &TestApp, code: &str, contact: Value) -> (u16, Value) {
    let visitor = new_visitor();
    add_as_visitor(app, &visitor, code, 1).await;
    let body = guest_body(
        &visitor,
        json!({"coupon": "WELCOME500", "contact": contact}),
    );
    place_as_guest(app, &body).await
}

/// A once-per-shopper coupon is once per guest too: the same e-mail address, or the same phone
/// number written another way, cannot use it again; another guest can; a cancelled order gives
/// the use back.
#[tokio::test]
async fn a_guest_uses_a_once_per_shopper_coupon_once() {
    let app = spawn_app().await;
    let staff = app.token("boss", "admin").await;
    // WELCOME500 needs ฿5,000 in the cart.
    let big = product(&app, |p| {
        plain(p) && p.price.get() >= 500_000 && p.stock >= 4
    });
    let (status, first) = with_welcome_coupon(&app, &big.code, contact()).await;
    assert_eq!(status, 201, "{first}");
    assert_eq!(first["order"]["coupon"], "WELCOME500");

    let same_email = json!({"name": "Nok", "phone": "0812345678", "email": " NOK@example.com"});
    let same_phone =
        json!({"name": "Nok", "phone": "+66 89 123 4567", "email": "nok2@example.com"});
    for again in [same_email, same_phone] {
        let (status, body) = with_welcome_coupon(&app, &big.code, again.clone()).await;
        assert_eq!(
            (status, error_code(&body)),
            (400, "coupon_used_by_you"),
            "{again}: {body}"
        );
    }

    let other = json!({"name": "Lek", "phone": "0823456789", "email": "lek@example.com"});
    let (status, body) = with_welcome_coupon(&app, &big.code, other).await;
    assert_eq!(status, 201, "another guest may use it: {body}");

    let id = first["order"]["id"].as_u64().unwrap();
    set_status(&app, &staff, id, "cancelled").await;
    let (status, body) = with_welcome_coupon(&app, &big.code, contact()).await;
    assert_eq!(status, 201, "the cancelled order gave the use back: {body}");
}
