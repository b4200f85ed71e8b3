//! Orders: placing in one transaction (stock, coins, coupon, cart, log), idempotency, the last
//! item race, who may see and change what, status moves, cancelling, reviews and coins, and
//! durability across `kill -9`.

use serde_json::{Value, json};

use crate::helpers::{TestApp, error_code, spawn_app};
use kiosk::catalog::model::Product;

pub(crate) struct Shopper {
    pub(crate) id: u64,
    pub(crate) token: String,
}

pub(crate) async fn shopper(app: &TestApp, username: &str) -> Shopper {
    let token = app.token(username, "user").await;
    let (status, me) = app.get_authed("/api/auth/user", &token).await;
    assert_eq!(status, 200, "{me}");
    Shopper {
        id: me["data"]["id"].as_u64().unwrap(),
        token,
    }
}

/// An active product without options (its code is the code a cart takes) meeting `wanted`,
/// cheapest first so totals stay predictable.
pub(crate) fn product(app: &TestApp, wanted: impl Fn(&Product) -> bool) -> Product {
    let catalog = app.state.catalog.current();
    let mut found: Vec<&Product> = catalog
        .products
        .iter()
        .map(|p| &**p)
        .filter(|p| p.active && !has_options(app, &p.code) && wanted(p))
        .collect();
    found.sort_by_key(|p| (p.price.get(), p.code.clone()));
    (*found.first().expect("a demo product fits")).clone()
}

/// Whether the product is sold in options (the catalogue snapshot keeps a product's options
/// beside it, not in it).
pub(crate) fn has_options(app: &TestApp, code: &str) -> bool {
    app.state
        .catalog
        .current()
        .entry(code)
        .is_some_and(|entry| entry.choices.has_options())
}

/// A product outside every demo promotion, so its line price is its price.
pub(crate) fn plain(p: &Product) -> bool {
    p.compare_at_price.is_none()
        && !p.categories.iter().any(|c| c == "sofas" || c == "decor")
        && !p.rooms.iter().any(|r| r == "outdoor")
}

/// Sets a product's stock (as an import would) and lets the running shop see it.
pub(crate) async fn set_stock(app: &TestApp, code: &str, stock: u32) {
    let mut product = app.state.catalog.current().product(code).unwrap().clone();
    product.stock = stock;
    let (store, catalog) = (app.state.store.clone(), app.state.catalog.clone());
    tokio::task::spawn_blocking(move || {
        kiosk::catalog::store::upsert_products(&store, &[product]).unwrap();
        catalog.reload(&store).unwrap();
    })
    .await
    .unwrap();
}

pub(crate) fn stock_of(app: &TestApp, code: &str) -> u32 {
    let level = app
        .state
        .store
        .read(|txn| {
            kiosk::catalog::stock::STOCK_CODE_TO_LEVEL
                .read(txn)?
                .get(code)
        })
        .unwrap();
    level.unwrap() as u32
}

pub(crate) async fn add(app: &TestApp, who: &Shopper, code: &str, qty: u32) {
    let (status, body) = app
        .post_json(
            "/api/app/cart/add",
            &json!({"id": who.id, "code": code, "qty": qty}),
            Some(&who.token),
        )
        .await;
    assert_eq!(status, 200, "{body}");
}

pub(crate) fn address() -> Value {
    json!({"name": "Somchai Jaidee", "phone": "081-234-5678", "line1": "99/1 Sukhumvit 31",
           "district": "Khlong Toei Nuea, Watthana", "province": "bangkok", "postcode": "10110"})
}

/// Places the shopper's cart; `extra` adds or replaces fields of a valid body.
pub(crate) async fn place(app: &TestApp, who: &Shopper, extra: Value) -> (u16, Value) {
    let mut body = json!({"id": who.id, "address": address(), "payment": "promptpay",
                          "idempotencyKey": uuid::Uuid::new_v4().to_string()});
    for (key, value) in extra.as_object().unwrap() {
        body[key] = value.clone();
    }
    app.post_json("/api/app/order/place", &body, Some(&who.token))
        .await
}

async fn grant_coins(app: &TestApp, staff: &str, who: &Shopper, amount: i64) {
    let (status, body) = app
        .post_json(
            &format!("/api/admin/customers/{}/coins", who.id),
            &json!({"amount": amount, "reason": "welcome gift"}),
            Some(staff),
        )
        .await;
    assert_eq!(status, 200, "{body}");
}

/// Staff move an order, adding what the move needs: a carrier and tracking number to ship,
/// a reason to cancel.
async fn set_status(app: &TestApp, staff: &str, id: u64, status: &str) -> (u16, Value) {
    let body = match status {
        "shipped" => json!({"status": status, "carrier": "kerry", "tracking": "TH0123456789"}),
        "cancelled" => json!({"status": status, "reason": "the shopper phoned to cancel"}),
        _ => json!({ "status": status }),
    };
    app.post_json(&format!("/api/admin/order/{id}/status"), &body, Some(staff))
        .await
}

async fn coins(app: &TestApp, who: &Shopper) -> i64 {
    let (_, info) = app
        .get_authed(&format!("/api/auth/userInfo/get/{}", who.id), &who.token)
        .await;
    info["userInfo"]["coin"].as_i64().unwrap()
}

#[tokio::test]
async fn placing_takes_stock_coins_and_coupon_and_empties_the_cart_in_one_go() {
    let app = spawn_app().await;
    let staff = app.token("boss", "admin").await;
    let buyer = shopper(&app, "somchai").await;
    let big = product(&app, |p| {
        plain(p) && p.price.get() >= 300_000 && p.stock >= 3
    });
    let before = stock_of(&app, &big.code);
    add(&app, &buyer, &big.code, 2).await;
    grant_coins(&app, &staff, &buyer, 150).await;

    let (status, quote) = app
        .post_json(
            "/api/app/cart/quote",
            &json!({"id": buyer.id, "coupon": "welcome500", "coins": 120}),
            Some(&buyer.token),
        )
        .await;
    assert_eq!(status, 200, "{quote}");
    let (status, placed) = place(
        &app,
        &buyer,
        json!({"coupon": "welcome500", "coins": 120, "kcard": null}),
    )
    .await;
    // An unknown field (here `kcard`) is refused: the body has no room for a price either.
    assert_eq!(status, 400, "{placed}");
    assert_eq!(error_code(&placed), "invalid_json");

    let (status, placed) = place(&app, &buyer, json!({"coupon": "welcome500", "coins": 120})).await;
    assert_eq!(status, 201, "{placed}");
    let order = &placed["order"];
    assert_eq!(order["status"], "pending_payment");
    assert_eq!(
        order["number"],
        format!("K{:06}", order["id"].as_u64().unwrap())
    );
    assert_eq!(
        order["quote"],
        quote["quote"]
            .as_object()
            .map(|q| {
                let mut q = q.clone();
                q.remove("lines");
                Value::Object(q)
            })
            .unwrap(),
        "the order keeps the quote the server computed"
    );
    assert_eq!(order["total"], order["quote"]["total"]);
    assert_eq!(order["quote"]["couponDiscount"], 50_000);
    assert_eq!(order["quote"]["coins"], 12_000);
    assert_eq!(order["coinsUsed"], 120);
    assert_eq!(order["coupon"], "WELCOME500");
    assert_eq!(order["itemCount"], 2);
    assert_eq!(order["lines"][0]["unitPrice"], big.price.get());
    assert_eq!(order["history"][0]["status"], "pending_payment");
    assert_eq!(placed["coin"], 30);

    let payment = &order["payment"];
    assert_eq!(payment["method"], "promptpay");
    let total = order["total"].as_i64().unwrap();
    let payload = payment["promptpayPayload"].as_str().unwrap();
    let amount = format!("{}.{:02}", total / 100, total % 100);
    assert!(
        payload.contains(&format!("54{:02}{amount}", amount.len())),
        "the QR carries the exact amount: {payload}"
    );
    assert_eq!(
        payload,
        kiosk::domain::promptpay::payload("0812345678", Some(kiosk::domain::Satang(total)))
            .unwrap()
    );

    assert_eq!(stock_of(&app, &big.code), before - 2);
    let (_, cart) = app
        .get_authed(&format!("/api/app/cart/get/{}", buyer.id), &buyer.token)
        .await;
    assert_eq!(cart["cart"]["amt"], 0, "the cart is emptied");
    assert_eq!(coins(&app, &buyer).await, 30);
    let (_, info) = app
        .get_authed(
            &format!("/api/auth/userInfo/get/{}", buyer.id),
            &buyer.token,
        )
        .await;
    assert_eq!(
        info["userInfo"]["addInfo"][0]["postcode"], "10110",
        "the address is remembered"
    );

    let store = app.state.store.clone();
    let (ledger, log) = tokio::task::spawn_blocking(move || {
        (
            kiosk::accounts::coins::ledger(&store, kiosk::domain::UserId(buyer.id)).unwrap(),
            kiosk::activity::newest(&store, 5).unwrap(),
        )
    })
    .await
    .unwrap();
    assert_eq!(ledger.last().unwrap().amount, kiosk::domain::Coins(-120));
    assert_eq!(
        ledger.last().unwrap().order_id,
        order["id"].as_u64().map(kiosk::domain::OrderId)
    );
    assert!(
        log.iter()
            .any(|l| l.user == "somchai" && l.action.contains("placed"))
    );

    // The coupon is once per shopper: the next order may not use it again.
    add(&app, &buyer, &big.code, 1).await;
    let (status, again) = place(&app, &buyer, json!({"coupon": "WELCOME500"})).await;
    assert_eq!(status, 400, "{again}");
    assert_eq!(error_code(&again), "coupon_used_by_you");
    assert_eq!(
        stock_of(&app, &big.code),
        before - 2,
        "a refused order takes nothing"
    );
}

#[tokio::test]
async fn coins_and_coupons_are_checked_by_the_server() {
    let app = spawn_app().await;
    let staff = app.token("boss", "admin").await;
    let buyer = shopper(&app, "malee").await;
    let cheap = product(&app, |p| {
        plain(p) && p.price.get() < 300_000 && p.stock >= 2
    });
    add(&app, &buyer, &cheap.code, 1).await;
    grant_coins(&app, &staff, &buyer, 50).await;

    let (status, body) = place(&app, &buyer, json!({"coins": 51})).await;
    assert_eq!((status, error_code(&body)), (400, "not_enough_coins"));
    let (status, body) = place(&app, &buyer, json!({"coins": -5})).await;
    assert_eq!((status, error_code(&body)), (400, "invalid_input"));
    let (status, body) = place(&app, &buyer, json!({"coupon": "NOPE"})).await;
    assert_eq!((status, error_code(&body)), (400, "unknown_coupon"));
    let (status, body) = place(&app, &buyer, json!({"coupon": "WELCOME500"})).await;
    assert_eq!(
        (status, error_code(&body)),
        (400, "coupon_min_spend"),
        "{body}"
    );
    assert_eq!(coins(&app, &buyer).await, 50, "refusals spend nothing");

    // Coins never pay more than the order: a big balance is capped by the total.
    grant_coins(&app, &staff, &buyer, 100_000).await;
    let (status, placed) = place(&app, &buyer, json!({"coins": 100_000})).await;
    assert_eq!(status, 201, "{placed}");
    let order = &placed["order"];
    let payable =
        order["quote"]["subtotal"].as_i64().unwrap() + order["quote"]["shipping"].as_i64().unwrap();
    assert_eq!(order["coinsUsed"].as_i64().unwrap(), payable / 100);
    assert_eq!(order["total"].as_i64().unwrap(), payable % 100);
    assert_eq!(placed["coin"].as_i64().unwrap(), 100_050 - payable / 100);
}

#[tokio::test]
async fn the_same_idempotency_key_places_one_order() {
    let app = spawn_app().await;
    let buyer = shopper(&app, "double-click").await;
    let item = product(&app, |p| plain(p) && p.stock >= 5);
    let before = stock_of(&app, &item.code);
    add(&app, &buyer, &item.code, 1).await;
    let key = "3f2504e0-4f89-41d3-9a0c-0305e82c3301";
    let body = json!({"id": buyer.id, "address": address(), "payment": "bank_transfer", "idempotencyKey": key});
    let attempt = || app.post_json("/api/app/order/place", &body, Some(&buyer.token));
    let (a, b, c, d) = tokio::join!(attempt(), attempt(), attempt(), attempt());
    let answers = [a, b, c, d];
    let created = answers.iter().filter(|(s, _)| *s == 201).count();
    assert_eq!(created, 1, "{answers:?}");
    let ids: Vec<&Value> = answers.iter().map(|(_, b)| &b["order"]["id"]).collect();
    assert!(
        ids.iter().all(|id| *id == ids[0]),
        "every answer names the one order: {ids:?}"
    );
    assert!(
        answers
            .iter()
            .filter(|(s, _)| *s == 200)
            .all(|(_, b)| b["replayed"] == true)
    );
    assert_eq!(stock_of(&app, &item.code), before - 1);
    let (_, list) = app
        .get_authed(&format!("/api/app/order/list/{}", buyer.id), &buyer.token)
        .await;
    assert_eq!(list["orders"].as_array().unwrap().len(), 1);
    let bank = &answers[0].1["order"]["payment"]["bank"];
    assert_eq!(bank["accountNumber"], "123-4-56789-0");
}

#[tokio::test]
async fn two_shoppers_racing_for_the_last_item_get_one_order() {
    let app = spawn_app().await;
    let item = product(&app, |p| plain(p) && p.stock >= 1);
    let a = shopper(&app, "racer-a").await;
    let b = shopper(&app, "racer-b").await;
    add(&app, &a, &item.code, 1).await;
    add(&app, &b, &item.code, 1).await;
    set_stock(&app, &item.code, 1).await;
    for round in 0..3 {
        if round > 0 {
            // Put the last one back and let both try again.
            set_stock(&app, &item.code, 1).await;
            for who in [&a, &b] {
                add_if_missing(&app, who, &item.code).await;
            }
        }
        let (first, second) = tokio::join!(place(&app, &a, json!({})), place(&app, &b, json!({})));
        let mut statuses = [first.0, second.0];
        statuses.sort();
        assert_eq!(statuses, [201, 409], "{first:?} {second:?}");
        let refused = if first.0 == 409 { &first.1 } else { &second.1 };
        assert_eq!(error_code(refused), "out_of_stock");
        assert!(
            refused["error"]["message"]
                .as_str()
                .unwrap()
                .contains(&item.code)
        );
        assert_eq!(stock_of(&app, &item.code), 0);
    }
}

async fn add_if_missing(app: &TestApp, who: &Shopper, code: &str) {
    let (_, cart) = app
        .get_authed(&format!("/api/app/cart/get/{}", who.id), &who.token)
        .await;
    if cart["cart"]["amt"] == 0 {
        add(app, who, code, 1).await;
    }
}

#[tokio::test]
async fn orders_belong_to_their_shopper() {
    let app = spawn_app().await;
    let owner = shopper(&app, "owner").await;
    let other = shopper(&app, "snoop").await;
    let staff = app.token("boss", "admin-sales").await;
    let item = product(&app, |p| plain(p) && p.stock >= 2);
    add(&app, &owner, &item.code, 1).await;
    let (_, placed) = place(&app, &owner, json!({})).await;
    let id = placed["order"]["id"].as_u64().unwrap();

    let (status, body) = app
        .get_authed(&format!("/api/app/order/get/{id}"), &other.token)
        .await;
    assert_eq!((status, error_code(&body)), (404, "not_found"));
    let (status, _) = app
        .get_authed(&format!("/api/app/order/get/{}", id + 1), &owner.token)
        .await;
    assert_eq!(
        status, 404,
        "a stranger's order and a missing one look the same"
    );
    for path in [
        format!("/api/app/order/list/{}", owner.id),
        format!("/api/app/order/needreview/{}", owner.id),
    ] {
        let (status, body) = app.get_authed(&path, &other.token).await;
        assert_eq!((status, error_code(&body)), (403, "forbidden"), "{path}");
        let (status, _) = app.get_authed(&path, &staff).await;
        assert_eq!(status, 200, "staff may look: {path}");
        assert_eq!(app.get(&path).await.status(), 401);
    }
    let (status, _) = app
        .get_authed(&format!("/api/app/order/get/{id}"), &staff)
        .await;
    assert_eq!(status, 200);
    let (status, _) = app
        .post_json(
            &format!("/api/app/order/cancel/{id}"),
            &json!({}),
            Some(&other.token),
        )
        .await;
    assert_eq!(status, 404);
    let (status, _) = app
        .post_json(
            &format!("/api/app/order/review/{id}"),
            &json!({"rating": 5}),
            Some(&other.token),
        )
        .await;
    assert_eq!(
        status, 404,
        "a stranger's order cannot be reviewed, nor told apart"
    );
    let (status, _) = set_status(&app, &other.token, id, "paid").await;
    assert_eq!(status, 403, "shoppers cannot use the staff route");

    // Nobody orders from another's cart; without signing in only a visitor's cart can be
    // ordered (guest checkout), never an account's.
    add(&app, &other, &item.code, 1).await;
    let body = json!({"id": other.id, "address": address(), "payment": "promptpay", "idempotencyKey": "abcdefgh-1"});
    let (status, _) = app
        .post_json("/api/app/order/place", &body, Some(&owner.token))
        .await;
    assert_eq!(status, 403);
    let (status, answer) = app.post_json("/api/app/order/place", &body, None).await;
    assert_eq!((status, error_code(&answer)), (400, "invalid_cart_id"));
}

#[tokio::test]
async fn bad_orders_are_refused_naming_the_field() {
    let app = spawn_app().await;
    let buyer = shopper(&app, "careless").await;
    let (status, body) = place(&app, &buyer, json!({})).await;
    assert_eq!((status, error_code(&body)), (400, "cart_empty"));
    let item = product(&app, |p| plain(p) && p.stock >= 2);
    add(&app, &buyer, &item.code, 1).await;
    let cases = [
        (
            json!({"address": {"name": "A", "phone": "12", "line1": "x", "district": "y", "province": "bangkok", "postcode": "1011"}}),
            "invalid_address",
            "address.postcode",
        ),
        (
            json!({"address": {"name": "A", "phone": "0812345678", "line1": "x", "district": "y", "province": "atlantis", "postcode": "10110"}}),
            "invalid_address",
            "address.province",
        ),
        (
            json!({"vatInfo": {"name": "Co", "taxId": "123", "branch": "00000", "address": "x"}}),
            "invalid_vat_info",
            "vatInfo.taxId",
        ),
        (json!({"payment": "cash"}), "invalid_payment", "payment"),
        (
            json!({"idempotencyKey": "short"}),
            "invalid_idempotency_key",
            "idempotencyKey",
        ),
        (json!({"id": "not-me"}), "invalid_cart_id", "id"),
    ];
    for (extra, code, field) in cases {
        let (status, body) = place(&app, &buyer, extra.clone()).await;
        assert_eq!((status, error_code(&body)), (400, code), "{extra}");
        assert!(
            body["error"]["message"].as_str().unwrap().contains(field),
            "{body}"
        );
    }
    set_stock(&app, &item.code, 0).await;
    let (status, body) = place(&app, &buyer, json!({})).await;
    assert_eq!((status, error_code(&body)), (409, "out_of_stock"));
    let (_, cart) = app
        .get_authed(&format!("/api/app/cart/get/{}", buyer.id), &buyer.token)
        .await;
    assert_eq!(
        cart["cart"]["amt"], 1,
        "a refused order leaves the cart alone"
    );
}

#[tokio::test]
async fn a_payment_method_the_shop_does_not_offer_is_refused() {
    let app = crate::helpers::spawn_app_with(|c| c.payments.bank_account_number.clear()).await;
    let buyer = shopper(&app, "bank-fan").await;
    let item = product(&app, |p| plain(p) && p.stock >= 1);
    add(&app, &buyer, &item.code, 1).await;
    let (status, body) = place(&app, &buyer, json!({"payment": "bank_transfer"})).await;
    assert_eq!((status, error_code(&body)), (400, "invalid_payment"));
    let (status, _) = place(&app, &buyer, json!({"payment": "promptpay"})).await;
    assert_eq!(status, 201);
}

#[tokio::test]
async fn staff_move_orders_along_and_delivery_and_reviews_earn_coins() {
    let app = spawn_app().await;
    let staff = app.token("boss", "admin").await;
    let buyer = shopper(&app, "reviewer").await;
    let item = product(&app, |p| {
        plain(p) && p.price.get() >= 200_000 && p.stock >= 2
    });
    add(&app, &buyer, &item.code, 1).await;
    let (_, placed) = place(&app, &buyer, json!({})).await;
    let id = placed["order"]["id"].as_u64().unwrap();
    let total = placed["order"]["total"].as_i64().unwrap();

    let (status, body) = app
        .post_json(
            &format!("/api/app/order/review/{id}"),
            &json!({"rating": 5, "comment": "ok"}),
            Some(&buyer.token),
        )
        .await;
    assert_eq!((status, error_code(&body)), (409, "not_delivered"));
    let (status, body) = set_status(&app, &staff, id, "shipped").await;
    assert_eq!((status, error_code(&body)), (409, "invalid_transition"));
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("pending_payment")
    );
    let (status, body) = set_status(&app, &staff, id, "lost").await;
    assert_eq!((status, error_code(&body)), (400, "invalid_status"));

    for next in ["paid", "preparing", "shipped"] {
        let (status, body) = set_status(&app, &staff, id, next).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["order"]["status"], next);
    }
    let (status, body) = app
        .post_json(
            &format!("/api/app/order/cancel/{id}"),
            &json!({}),
            Some(&buyer.token),
        )
        .await;
    assert_eq!(
        (status, error_code(&body)),
        (409, "invalid_transition"),
        "shipped goods cannot be cancelled by the shopper"
    );
    let (status, body) = set_status(&app, &staff, id, "cancelled").await;
    assert_eq!(
        (status, error_code(&body)),
        (409, "invalid_transition"),
        "nor by staff"
    );

    let (_, count) = app
        .get_authed(
            &format!("/api/app/order/needreview/{}", buyer.id),
            &buyer.token,
        )
        .await;
    assert_eq!(count, json!({"status": "success", "count": 0}));
    let (_, delivered) = set_status(&app, &staff, id, "delivered").await;
    let earned = total / 100 / 100;
    assert_eq!(
        delivered["order"]["coinsEarned"], earned,
        "1 coin per ฿100 by default"
    );
    assert_eq!(delivered["order"]["history"].as_array().unwrap().len(), 5);
    assert_eq!(coins(&app, &buyer).await, earned);
    let (_, count) = app
        .get_authed(
            &format!("/api/app/order/needreview/{}", buyer.id),
            &buyer.token,
        )
        .await;
    assert_eq!(count["count"], 1);

    for bad in [
        json!({"rating": 0}),
        json!({"rating": 6}),
        json!({"rating": "5"}),
        json!({"rating": 4.5}),
    ] {
        let (status, body) = app
            .post_json(
                &format!("/api/app/order/review/{id}"),
                &bad,
                Some(&buyer.token),
            )
            .await;
        assert_eq!(
            (status, error_code(&body)),
            (400, "invalid_rating"),
            "{bad}"
        );
    }
    let long = json!({"rating": 4, "comment": "x".repeat(1001)});
    let (status, _) = app
        .post_json(
            &format!("/api/app/order/review/{id}"),
            &long,
            Some(&buyer.token),
        )
        .await;
    assert_eq!(status, 400);
    let (status, reviewed) = app
        .post_json(
            &format!("/api/app/order/review/{id}"),
            &json!({"rating": 5, "comment": " Sturdy and beautiful "}),
            Some(&buyer.token),
        )
        .await;
    assert_eq!(status, 200, "{reviewed}");
    assert_eq!(reviewed["order"]["review"]["rating"], 5);
    assert_eq!(
        reviewed["order"]["review"]["comment"],
        "Sturdy and beautiful"
    );
    assert_eq!(
        reviewed["coin"],
        earned + 20,
        "the review reward is 20 coins by default"
    );
    let (status, body) = app
        .post_json(
            &format!("/api/app/order/review/{id}"),
            &json!({"rating": 1}),
            Some(&buyer.token),
        )
        .await;
    assert_eq!((status, error_code(&body)), (409, "already_reviewed"));
    let (_, count) = app
        .get_authed(
            &format!("/api/app/order/needreview/{}", buyer.id),
            &buyer.token,
        )
        .await;
    assert_eq!(count["count"], 0);

    let store = app.state.store.clone();
    let (balance, recomputed) = tokio::task::spawn_blocking(move || {
        (
            kiosk::accounts::store::find_by_id(&store, kiosk::domain::UserId(buyer.id))
                .unwrap()
                .unwrap()
                .coin,
            kiosk::accounts::coins::recomputed_balance(&store, kiosk::domain::UserId(buyer.id))
                .unwrap(),
        )
    })
    .await
    .unwrap();
    assert_eq!(balance, recomputed, "the ledger adds up to the balance");
}

#[tokio::test]
async fn cancelling_returns_stock_coins_and_the_coupon_use() {
    let app = spawn_app().await;
    let staff = app.token("boss", "admin").await;
    let buyer = shopper(&app, "changed-mind").await;
    let big = product(&app, |p| {
        plain(p) && p.price.get() >= 500_000 && p.stock >= 2
    });
    let before = stock_of(&app, &big.code);
    grant_coins(&app, &staff, &buyer, 40).await;
    add(&app, &buyer, &big.code, 1).await;
    let (status, placed) = place(&app, &buyer, json!({"coins": 40, "coupon": "WELCOME500"})).await;
    assert_eq!(status, 201, "{placed}");
    let id = placed["order"]["id"].as_u64().unwrap();
    assert_eq!(stock_of(&app, &big.code), before - 1);
    assert_eq!(coins(&app, &buyer).await, 0);

    let (status, cancelled) = app
        .post_json(
            &format!("/api/app/order/cancel/{id}"),
            &json!({}),
            Some(&buyer.token),
        )
        .await;
    assert_eq!(status, 200, "{cancelled}");
    assert_eq!(cancelled["order"]["status"], "cancelled");
    assert_eq!(cancelled["coin"], 40);
    assert_eq!(stock_of(&app, &big.code), before);
    let (status, body) = set_status(&app, &staff, id, "paid").await;
    assert_eq!(
        (status, error_code(&body)),
        (409, "invalid_transition"),
        "cancelled is final"
    );

    // The once-per-shopper coupon can be used again, and the shop shows the stock again.
    add(&app, &buyer, &big.code, 1).await;
    let (status, again) = place(&app, &buyer, json!({"coupon": "WELCOME500"})).await;
    assert_eq!(status, 201, "{again}");
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let (_, shown) = app
        .get_json(&format!("/api/app/product/get/{}", big.code))
        .await;
    assert_eq!(shown["product"]["stock"], before - 1, "{shown}");
}

#[tokio::test]
async fn the_product_pages_show_stock_after_orders() {
    let app = spawn_app().await;
    let buyer = shopper(&app, "stock-watcher").await;
    let item = product(&app, |p| plain(p) && p.stock >= 3);
    add(&app, &buyer, &item.code, 2).await;
    let (status, _) = place(&app, &buyer, json!({})).await;
    assert_eq!(status, 201);
    let mut shown = Value::Null;
    for _ in 0..50 {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        shown = app
            .get_json(&format!("/api/app/product/get/{}", item.code))
            .await
            .1;
        if shown["product"]["stock"] == item.stock - 2 {
            return;
        }
    }
    panic!("stock not refreshed: {shown}");
}

/// Cards in lists and searches are made once per catalogue snapshot and language; an order's
/// stock change makes a new snapshot, so the cards shown after it carry the new level.
#[tokio::test]
async fn lists_and_searches_show_stock_after_orders() {
    let app = spawn_app().await;
    let buyer = shopper(&app, "card-watcher").await;
    let item = product(&app, |p| {
        plain(p) && p.stock >= 3 && !p.categories.is_empty()
    });
    let list = format!(
        "/api/app/product/list?category={}&limit=100&lang=th",
        item.categories[0]
    );
    let search = format!("/api/app/search?keyword={}&lang=th", item.code);
    let stock_in = |answer: &Value| {
        answer["products"]
            .as_array()
            .unwrap()
            .iter()
            .find(|card| card["code"] == item.code.as_str())
            .map(|card| card["stock"].clone())
    };
    for path in [&list, &search] {
        let (status, answer) = app.get_json(path).await;
        assert_eq!(status, 200, "{path}");
        assert_eq!(stock_in(&answer), Some(json!(item.stock)), "{path}");
    }
    add(&app, &buyer, &item.code, 2).await;
    let (status, _) = place(&app, &buyer, json!({})).await;
    assert_eq!(status, 201);
    for path in [&list, &search] {
        let mut shown = None;
        for _ in 0..50 {
            shown = stock_in(&app.get_json(path).await.1);
            if shown == Some(json!(item.stock - 2)) {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        assert_eq!(shown, Some(json!(item.stock - 2)), "{path}");
    }
}

/// The real binary, killed with SIGKILL right after it acknowledged an order, loses nothing.
#[tokio::test]
async fn an_acknowledged_order_survives_kill_minus_9() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};

    let dir = tempfile::tempdir().unwrap();
    let start = || {
        let mut command = Command::new(env!("CARGO_BIN_EXE_kiosk"));
        command
            .current_dir(dir.path())
            .args(["serve", "--listen", "127.0.0.1:0", "--data-dir", "data"])
            .env_remove("RUST_LOG")
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        for (key, _) in std::env::vars() {
            if key.starts_with("KIOSK_") {
                command.env_remove(key);
            }
        }
        let mut child = command.spawn().expect("kiosk starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let address = line
            .trim()
            .strip_prefix("listening on ")
            .unwrap()
            .to_string();
        (child, address)
    };
    let http = reqwest::Client::new();
    let call = |request: reqwest::RequestBuilder| async move {
        let response = request.send().await.unwrap();
        let status = response.status().as_u16();
        (
            status,
            response.json::<Value>().await.unwrap_or(Value::Null),
        )
    };

    let (mut server, base) = start();
    let (status, registered) = call(
        http.post(format!("{base}/api/auth/register"))
            .json(&json!({"username": "durable", "password": "teak-sofa-42", "name": "Durable"})),
    )
    .await;
    assert_eq!(status, 201, "{registered}");
    let token = registered["token"].as_str().unwrap().to_string();
    let (_, me) = call(
        http.get(format!("{base}/api/auth/user"))
            .bearer_auth(&token),
    )
    .await;
    let user_id = me["data"]["id"].as_u64().unwrap();
    let product = crate::variants_money::listed_without_options(&http, &base, 2).await;
    let code = product["code"].as_str().unwrap();
    let stock = product["stock"].as_u64().unwrap();
    let (status, _) = call(
        http.post(format!("{base}/api/app/cart/add"))
            .bearer_auth(&token)
            .json(&json!({"id": user_id, "code": code, "qty": 2})),
    )
    .await;
    assert_eq!(status, 200);
    let (status, placed) = call(
        http.post(format!("{base}/api/app/order/place"))
            .bearer_auth(&token)
            .json(
                &json!({"id": user_id, "address": address(), "payment": "promptpay",
                          "idempotencyKey": "kill-nine-0001"}),
            ),
    )
    .await;
    assert_eq!(status, 201, "{placed}");
    server.kill().unwrap(); // SIGKILL: no shutdown, no flush.
    server.wait().unwrap();

    let (mut server, base) = start();
    let (status, again) = call(
        http.get(format!(
            "{base}/api/app/order/get/{}",
            placed["order"]["id"]
        ))
        .bearer_auth(&token),
    )
    .await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["order"], placed["order"]);
    let (_, shown) = call(http.get(format!("{base}/api/app/product/get/{code}"))).await;
    assert_eq!(shown["product"]["stock"].as_u64().unwrap(), stock - 2);
    let (_, cart) = call(
        http.get(format!("{base}/api/app/cart/get/{user_id}"))
            .bearer_auth(&token),
    )
    .await;
    assert_eq!(cart["cart"]["amt"], 0);
    server.kill().unwrap();
    server.wait().unwrap();
}
