//! Carts: visitor and user carts, quantity and stock rules, ownership, merging on sign-in.

use serde_json::{Value, json};

use crate::helpers::{TestApp, error_code, spawn_app};

const VISITOR: &str = "3f2504e0-4f89-41d3-9a0c-0305e82c3301";

fn in_stock(app: &TestApp, min: u32) -> Vec<String> {
    let catalog = app.state.catalog.current();
    catalog
        .products
        .iter()
        // Products without options: a product with options is added by a variant's code.
        .filter(|p| p.active && !crate::orders::has_options(app, &p.code) && p.stock >= min)
        .map(|p| p.code.clone())
        .collect()
}

async fn add(app: &TestApp, id: &str, code: &str, qty: i64, token: Option<&str>) -> (u16, Value) {
    app.post_json(
        "/api/app/cart/add",
        &json!({"id": id, "code": code, "qty": qty}),
        token,
    )
    .await
}

fn qty(cart: &Value, code: &str) -> u64 {
    cart["cart"]["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["code"] == code)
        .map_or(0, |l| l["qty"].as_u64().unwrap())
}

#[tokio::test]
async fn a_visitor_keeps_a_cart_by_visitor_id() {
    let app = spawn_app().await;
    let codes = in_stock(&app, 5);
    let (sofa, chair) = (&codes[0], &codes[1]);
    assert_eq!(add(&app, VISITOR, sofa, 1, None).await.0, 200);
    let (status, cart) = add(&app, VISITOR, chair, 2, None).await;
    assert_eq!(status, 200);
    assert_eq!(cart["cart"]["amt"], 3);
    assert_eq!(cart["cart"]["id"], VISITOR);
    let line = &cart["cart"]["lines"][0];
    assert_eq!(line["code"], sofa.as_str());
    assert!(
        line["unitPrice"].is_i64() && line["name"]["th"].is_string() && line["image"].is_string()
    );

    let (_, got) = app
        .get_json(&format!("/api/app/cart/get/{}", VISITOR.to_uppercase()))
        .await;
    assert_eq!(
        got["cart"]["amt"], 3,
        "visitor ids are case-insensitive UUIDs"
    );
    let (_, set) = app
        .post_json(
            "/api/app/cart/set",
            &json!({"id": VISITOR, "code": chair, "qty": 0}),
            None,
        )
        .await;
    assert_eq!(
        (set["cart"]["amt"].as_u64(), qty(&set, chair)),
        (Some(1), 0)
    );
    let (_, empty) = app
        .get_json("/api/app/cart/get/0b7a4a0e-6d6b-4d1f-9d3c-1a2b3c4d5e6f")
        .await;
    assert_eq!(empty["cart"]["amt"], 0);
}

#[tokio::test]
async fn quantities_products_and_stock_are_checked() {
    let app = spawn_app().await;
    let code = in_stock(&app, 3)[0].clone();
    let catalog = app.state.catalog.current();
    let stock = catalog.product(&code).unwrap().stock as i64;
    let sold_out = catalog
        .products
        .iter()
        .find(|p| p.active && p.stock == 0)
        .unwrap()
        .code
        .clone();
    let discontinued = catalog
        .products
        .iter()
        .find(|p| !p.active)
        .unwrap()
        .code
        .clone();
    let cases: Vec<(Value, &str, &str)> = vec![
        (
            json!({"id": VISITOR, "code": code, "qty": 0}),
            "invalid_quantity",
            "qty",
        ),
        (
            json!({"id": VISITOR, "code": code, "qty": 100}),
            "invalid_quantity",
            "qty",
        ),
        (
            json!({"id": VISITOR, "code": "NOPE-1", "qty": 1}),
            "unknown_product",
            "NOPE-1",
        ),
        (
            json!({"id": VISITOR, "code": discontinued, "qty": 1}),
            "unknown_product",
            &discontinued,
        ),
        (
            json!({"id": VISITOR, "code": sold_out, "qty": 1}),
            "out_of_stock",
            &sold_out,
        ),
        (
            json!({"id": VISITOR, "code": code, "qty": stock + 1}),
            "out_of_stock",
            &code,
        ),
        (
            json!({"id": "not-a-visitor", "code": code, "qty": 1}),
            "invalid_cart_id",
            "not-a-visitor",
        ),
        (
            json!({"id": VISITOR, "code": code, "qty": 1, "price": 1}),
            "invalid_json",
            "price",
        ),
    ];
    for (body, expected, named) in cases {
        let (status, answer) = app.post_json("/api/app/cart/add", &body, None).await;
        assert_eq!((status, error_code(&answer)), (400, expected), "{body}");
        assert!(
            answer["error"]["message"].as_str().unwrap().contains(named),
            "{answer}"
        );
    }
    // Adding past the stock in two steps is refused too, and the cart keeps what it had.
    assert_eq!(add(&app, VISITOR, &code, stock, None).await.0, 200);
    let (status, body) = add(&app, VISITOR, &code, 1, None).await;
    assert_eq!((status, error_code(&body)), (400, "out_of_stock"));
    let (_, cart) = app.get_json(&format!("/api/app/cart/get/{VISITOR}")).await;
    assert_eq!(qty(&cart, &code) as i64, stock);
}

#[tokio::test]
async fn a_users_cart_needs_that_users_token() {
    let app = spawn_app().await;
    let nok = app.token("nok", "user").await;
    let ploy = app.token("ploy", "user").await;
    let nok_id = app.get_authed("/api/auth/user", &nok).await.1["data"]["id"]
        .as_u64()
        .unwrap()
        .to_string();
    let code = in_stock(&app, 2)[0].clone();
    assert_eq!(add(&app, &nok_id, &code, 1, Some(&nok)).await.0, 200);
    let path = format!("/api/app/cart/get/{nok_id}");
    assert_eq!(app.get_authed(&path, &nok).await.1["cart"]["amt"], 1);
    let (status, body) = app.get_authed(&path, &ploy).await;
    assert_eq!((status, error_code(&body)), (403, "forbidden"));
    assert_eq!(app.get_json(&path).await.0, 401);
    let (status, _) = add(&app, &nok_id, &code, 1, Some(&ploy)).await;
    assert_eq!(status, 403);
    let (status, _) = add(&app, &nok_id, &code, 1, None).await;
    assert_eq!(status, 401);
    assert_eq!(
        app.get_authed(&path, &nok).await.1["cart"]["amt"],
        1,
        "nothing changed"
    );
}

#[tokio::test]
async fn signing_in_merges_the_visitor_cart_without_losing_anything() {
    let app = spawn_app().await;
    let token = app.token("nok", "user").await;
    let uid = app.get_authed("/api/auth/user", &token).await.1["data"]["id"]
        .as_u64()
        .unwrap();
    let codes = in_stock(&app, 10);
    let (a, b) = (&codes[0], &codes[1]);
    add(&app, VISITOR, a, 1, None).await;
    add(&app, VISITOR, b, 2, None).await;
    add(&app, &uid.to_string(), a, 2, Some(&token)).await;

    let (status, body) = app
        .post_json(
            "/api/app/cart/merge/",
            &json!({"uid": uid + 1, "mid": VISITOR}),
            Some(&token),
        )
        .await;
    assert_eq!((status, error_code(&body)), (403, "forbidden"));
    assert_eq!(
        app.post_json(
            "/api/app/cart/merge/",
            &json!({"uid": uid, "mid": VISITOR}),
            None
        )
        .await
        .0,
        401
    );

    let (status, merged) = app
        .post_json(
            "/api/app/cart/merge/",
            &json!({"uid": uid, "mid": VISITOR}),
            Some(&token),
        )
        .await;
    assert_eq!(status, 200, "{merged}");
    assert_eq!(
        (qty(&merged, a), qty(&merged, b)),
        (3, 2),
        "quantities are added"
    );
    assert_eq!(merged["cart"]["amt"], 5);
    assert_eq!(merged["cart"]["id"], uid.to_string());
    let (_, visitor) = app.get_json(&format!("/api/app/cart/get/{VISITOR}")).await;
    assert_eq!(visitor["cart"]["amt"], 0, "the visitor cart is emptied");
    let (status, again) = app
        .post_json(
            "/api/app/cart/merge/",
            &json!({"uid": uid.to_string(), "mid": VISITOR}),
            Some(&token),
        )
        .await;
    assert_eq!(
        (status, again["cart"]["amt"].as_u64()),
        (200, Some(5)),
        "merging twice changes nothing"
    );
}

async fn quote(app: &TestApp, body: Value, token: Option<&str>) -> (u16, Value) {
    app.post_json("/api/app/cart/quote", &body, token).await
}

#[tokio::test]
async fn the_server_quotes_promotions_coupons_shipping_and_vat() {
    let app = spawn_app().await;
    let catalog = app.state.catalog.current();
    // A sofa not on sale (the 10 % "sofa-month" promotion applies) and a cheap non-sofa.
    let sofa = catalog
        .products
        .iter()
        .find(|p| {
            p.active
                && p.stock > 0
                && p.categories.iter().any(|c| c == "sofas")
                && p.compare_at_price.is_none()
        })
        .unwrap()
        .clone();
    let other = catalog
        .products
        .iter()
        .filter(|p| {
            p.active
                && p.stock > 0
                && p.categories.iter().all(|c| c != "sofas" && c != "decor")
                && !p.rooms.iter().any(|r| r == "outdoor")
        })
        .min_by_key(|p| p.price.get())
        .unwrap()
        .clone();
    add(&app, VISITOR, &sofa.code, 1, None).await;
    add(&app, VISITOR, &other.code, 1, None).await;

    let (status, body) = quote(&app, json!({"id": VISITOR}), None).await;
    assert_eq!(status, 200, "{body}");
    let q = &body["quote"];
    let subtotal = sofa.price.get() + other.price.get();
    let promotion = sofa.price.get() / 10;
    assert_eq!(q["subtotal"], subtotal);
    assert_eq!(q["promotionDiscount"], promotion);
    let goods = subtotal - promotion;
    let shipping = if goods >= 500_000 { 0 } else { 50_000 };
    assert_eq!(q["shipping"], shipping);
    let total = goods + shipping;
    assert_eq!(q["total"], total);
    assert_eq!(
        q["vat"],
        (total * 14 + 107) / 214,
        "VAT 7 % included, rounded half up"
    );

    // WELCOME500: ฿500 off orders of ฿5,000 or more.
    let (status, with_coupon) =
        quote(&app, json!({"id": VISITOR, "coupon": "welcome500"}), None).await;
    if goods >= 500_000 {
        assert_eq!(status, 200);
        assert_eq!(with_coupon["quote"]["couponDiscount"], 50_000);
    } else {
        assert_eq!(
            (status, error_code(&with_coupon)),
            (400, "coupon_min_spend")
        );
    }
    let (status, body) = quote(&app, json!({"id": VISITOR, "coupon": "FREESOFA"}), None).await;
    assert_eq!((status, error_code(&body)), (400, "unknown_coupon"));
    let (status, body) = quote(&app, json!({"id": VISITOR, "coins": 10}), None).await;
    assert_eq!((status, error_code(&body)), (400, "coins_need_sign_in"));
    let (status, body) = quote(&app, json!({"id": VISITOR, "total": 1}), None).await;
    assert_eq!(
        (status, error_code(&body)),
        (400, "invalid_json"),
        "the browser never sends prices"
    );
}

#[tokio::test]
async fn coins_are_capped_by_the_balance_and_promotions_by_language() {
    let app = spawn_app().await;
    let token = app.token("nok", "user").await;
    let uid = app.get_authed("/api/auth/user", &token).await.1["data"]["id"]
        .as_u64()
        .unwrap();
    let id = uid.to_string();
    let catalog = app.state.catalog.current();
    let decor = catalog
        .products
        .iter()
        .find(|p| {
            p.active
                && p.stock > 0
                && p.categories.iter().any(|c| c == "decor")
                && !p.categories.iter().any(|c| c == "rugs")
        })
        .unwrap()
        .clone();
    add(&app, &id, &decor.code, 1, Some(&token)).await;

    let (_, english) = quote(&app, json!({"id": id}), Some(&token)).await;
    let (_, thai) = quote(&app, json!({"id": id, "lang": "th"}), Some(&token)).await;
    assert_eq!(
        english["quote"]["promotionDiscount"], 0,
        "the decor day runs in Thai only"
    );
    assert_eq!(
        thai["quote"]["promotionDiscount"],
        10_000.min(decor.price.get())
    );

    let (status, body) = quote(&app, json!({"id": id, "coins": 5}), Some(&token)).await;
    assert_eq!((status, error_code(&body)), (400, "not_enough_coins"));
    let staff = app.token("boss", "admin").await;
    app.post_json(
        &format!("/api/admin/customers/{uid}/coins"),
        &json!({"amount": 300, "reason": "welcome"}),
        Some(&staff),
    )
    .await;
    let (status, body) = quote(&app, json!({"id": id, "coins": 200}), Some(&token)).await;
    assert_eq!(status, 200, "{body}");
    let q = &body["quote"];
    let payable = q["subtotal"].as_i64().unwrap() - q["promotionDiscount"].as_i64().unwrap()
        + q["shipping"].as_i64().unwrap();
    assert_eq!(
        q["coins"].as_i64().unwrap(),
        20_000.min(payable - payable % 100)
    );
    assert_eq!(
        q["total"].as_i64().unwrap(),
        payable - q["coins"].as_i64().unwrap()
    );
    let other = app.token("ploy", "user").await;
    assert_eq!(quote(&app, json!({"id": id}), Some(&other)).await.0, 403);

    let (status, coupons) = app.get_json("/api/app/coupons").await;
    assert_eq!(status, 200);
    let codes: Vec<&str> = coupons["coupons"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["code"].as_str().unwrap())
        .collect();
    assert!(
        codes.contains(&"WELCOME500") && codes.contains(&"SAVE10"),
        "{codes:?}"
    );
    assert_eq!(coupons["count"].as_u64().unwrap() as usize, codes.len());
}
