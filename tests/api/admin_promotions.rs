//! Staff promotions and coupons: validation per field, create and change (deactivate, never
//! delete), and the limits and dates the cart quote and the order enforce at once.

use serde_json::{Value, json};

use crate::helpers::{TestApp, error_code, spawn_app};
use crate::orders::{Shopper, add, place, plain, product, shopper};

fn now() -> i64 {
    time::OffsetDateTime::now_utc().unix_timestamp()
}

async fn send(app: &TestApp, method: &str, path: &str, token: &str, body: &Value) -> (u16, Value) {
    let request = match method {
        "PUT" => app.client.put(app.url(path)),
        _ => app.client.post(app.url(path)),
    };
    app.json(request.bearer_auth(token).json(body)).await
}

async fn quote(app: &TestApp, who: &Shopper, extra: Value) -> (u16, Value) {
    let mut body = json!({"id": who.id, "lang": "th"});
    for (key, value) in extra.as_object().unwrap() {
        body[key] = value.clone();
    }
    app.post_json("/api/app/cart/quote", &body, Some(&who.token))
        .await
}

fn songkran() -> Value {
    json!({
        "code": "songkran25",
        "display": true,
        "discount": {"kind": "amount", "value": 25_000},
        "minSpend": 500_000,
        "startsAt": now() - 86_400,
        "endsAt": now() + 10 * 86_400,
        "usageLimit": 500,
        "perUserLimit": 1,
        "active": true
    })
}

/// A shopper whose cart holds plain products worth at least ฿5,000 (or less with `small`).
async fn shopper_with_cart(app: &TestApp, name: &str, small: bool) -> Shopper {
    let who = shopper(app, name).await;
    fill_cart(app, &who, small).await;
    who
}

async fn fill_cart(app: &TestApp, who: &Shopper, small: bool) {
    let item = product(app, |p| {
        plain(p) && p.stock >= 30 && p.price.get() < 400_000
    });
    let qty = if small {
        1
    } else {
        (500_000 / item.price.get() + 1) as u32
    };
    add(app, who, &item.code, qty).await;
}

#[tokio::test]
async fn coupon_fields_are_validated_each_by_name() {
    let app = spawn_app().await;
    let owner = app.token("owner", "admin").await;
    let bad = json!({
        "code": "x", "display": true, "discount": {"kind": "percent", "value": 150},
        "minSpend": -5, "startsAt": now(), "endsAt": now() - 10,
        "usageLimit": 1, "perUserLimit": 3
    });
    let (status, body) = send(&app, "POST", "/api/admin/coupons", &owner, &bad).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(error_code(&body), "invalid_input");
    let message = body["error"]["message"].as_str().unwrap();
    for field in [
        "code:",
        "discount:",
        "minSpend:",
        "endsAt:",
        "perUserLimit:",
    ] {
        assert!(message.contains(field), "{field} in {message}");
    }
    let (status, body) = send(&app, "POST", "/api/admin/coupons", &owner, &songkran()).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["coupon"]["code"], "SONGKRAN25");
    assert_eq!(body["coupon"]["uses"], 0);
    let (status, body) = send(&app, "POST", "/api/admin/coupons", &owner, &songkran()).await;
    assert_eq!((status, error_code(&body)), (409, "already_exists"));

    let mut renamed = songkran();
    renamed["code"] = json!("OTHER");
    let (status, body) = send(
        &app,
        "PUT",
        "/api/admin/coupons/SONGKRAN25",
        &owner,
        &renamed,
    )
    .await;
    assert_eq!(
        (status, error_code(&body)),
        (400, "invalid_input"),
        "{body}"
    );
    let (status, _) = send(&app, "PUT", "/api/admin/coupons/NOPE99", &owner, &{
        let mut c = songkran();
        c["code"] = json!("NOPE99");
        c
    })
    .await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn the_quote_enforces_minimum_spend_uses_dates_and_active_at_once() {
    let app = spawn_app().await;
    let owner = app.token("owner", "admin").await;
    let (status, body) = send(&app, "POST", "/api/admin/coupons", &owner, &songkran()).await;
    assert_eq!(status, 201, "{body}");
    let coupon = json!({"coupon": "SONGKRAN25"});

    // Minimum spend.
    let small = shopper_with_cart(&app, "small-cart", true).await;
    let (status, body) = quote(&app, &small, coupon.clone()).await;
    assert_eq!(
        (status, error_code(&body)),
        (400, "coupon_min_spend"),
        "{body}"
    );

    // ฿250 off; the header label shows it.
    let first = shopper_with_cart(&app, "first-buyer", false).await;
    let (status, body) = quote(&app, &first, coupon.clone()).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["quote"]["couponDiscount"], 25_000);
    let (_, shown) = app.get_json("/api/app/coupons").await;
    assert!(
        shown["coupons"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["code"] == "SONGKRAN25")
    );

    // One per customer: after an order with it, the same shopper is refused.
    let (status, body) = place(&app, &first, json!({"coupon": "songkran25"})).await;
    assert_eq!(status, 201, "{body}");
    fill_cart(&app, &first, false).await;
    let (status, body) = quote(&app, &first, coupon.clone()).await;
    assert_eq!(
        (status, error_code(&body)),
        (400, "coupon_used_by_you"),
        "{body}"
    );
    let (_, list) = app.get_authed("/api/admin/coupons", &owner).await;
    let listed = list["coupons"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["code"] == "SONGKRAN25")
        .unwrap()
        .clone();
    assert_eq!(listed["uses"], 1, "usage counted");

    // Total uses: lowered to 1, another shopper finds it used up.
    let other = shopper_with_cart(&app, "other-buyer", false).await;
    let mut changed = songkran();
    changed["usageLimit"] = json!(1);
    let (status, body) = send(
        &app,
        "PUT",
        "/api/admin/coupons/songkran25",
        &owner,
        &changed,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["coupon"]["uses"], 1);
    let (status, body) = quote(&app, &other, coupon.clone()).await;
    assert_eq!(
        (status, error_code(&body)),
        (400, "coupon_used_up"),
        "{body}"
    );

    // Expired.
    changed["usageLimit"] = json!(500);
    changed["startsAt"] = json!(now() - 20 * 86_400);
    changed["endsAt"] = json!(now() - 10 * 86_400);
    let (status, _) = send(
        &app,
        "PUT",
        "/api/admin/coupons/SONGKRAN25",
        &owner,
        &changed,
    )
    .await;
    assert_eq!(status, 200);
    let (status, body) = quote(&app, &other, coupon.clone()).await;
    assert_eq!(
        (status, error_code(&body)),
        (400, "coupon_not_valid"),
        "{body}"
    );

    // Deactivated: refused, and gone from the header.
    let mut off = songkran();
    off["active"] = json!(false);
    let (status, _) = send(&app, "PUT", "/api/admin/coupons/SONGKRAN25", &owner, &off).await;
    assert_eq!(status, 200);
    let (status, body) = quote(&app, &other, coupon.clone()).await;
    assert_eq!(
        (status, error_code(&body)),
        (400, "coupon_inactive"),
        "{body}"
    );
    let (_, shown) = app.get_json("/api/app/coupons").await;
    assert!(
        !shown["coupons"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["code"] == "SONGKRAN25")
    );
    let (status, body) = place(&app, &other, json!({"coupon": "SONGKRAN25"})).await;
    assert_eq!(
        (status, error_code(&body)),
        (400, "coupon_inactive"),
        "{body}"
    );

    // Each change is in the activity log, before → after.
    let (status, log) = app
        .get_authed("/api/admin/activity?q=SONGKRAN25", &owner)
        .await;
    assert_eq!(status, 200, "{log}");
    let lines = log["lines"].as_array().unwrap();
    let actions: Vec<&str> = lines.iter().filter_map(|l| l["action"].as_str()).collect();
    assert!(actions.contains(&"coupon created"), "{actions:?}");
    assert!(actions.contains(&"coupon deactivated"), "{actions:?}");
    assert!(
        lines.iter().any(|l| l["details"]
            .as_str()
            .unwrap_or("")
            .contains("usageLimit 500 → 1")),
        "{log}"
    );
}

#[tokio::test]
async fn promotions_apply_by_language_and_exclusions_and_stop_when_deactivated() {
    let app = spawn_app().await;
    let owner = app.token("owner", "admin").await;
    // The demo's garden promotion would also discount outdoor goods: switch it off first.
    let (_, list) = app.get_authed("/api/admin/promotions", &owner).await;
    let mut garden = list["promotions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == "garden-season")
        .unwrap()
        .clone();
    garden["display"] = json!(false);
    let (status, body) = send(
        &app,
        "PUT",
        "/api/admin/promotions/garden-season",
        &owner,
        &garden,
    )
    .await;
    assert_eq!(status, 200, "{body}");

    let outdoor = product(&app, |p| {
        p.rooms.iter().any(|r| r == "outdoor")
            && p.compare_at_price.is_none()
            && p.stock > 0
            && !p.categories.iter().any(|c| c == "sofas" || c == "decor")
    });
    let who = shopper(&app, "garden-fan").await;
    add(&app, &who, &outdoor.code, 1).await;
    let (_, body) = quote(&app, &who, json!({})).await;
    assert_eq!(body["quote"]["promotionDiscount"], 0, "{body}");

    // Validation names each field.
    let bad = json!({"name": "x".repeat(201), "display": true, "lang": "fr", "roomInc": ["garage"],
                     "catInc": ["sofas"], "catExc": ["sofas"],
                     "discount": {"kind": "percent", "value": 0}});
    let (status, body) = send(&app, "POST", "/api/admin/promotions", &owner, &bad).await;
    assert_eq!((status, error_code(&body)), (400, "invalid_input"));
    let message = body["error"]["message"].as_str().unwrap();
    for field in ["name:", "lang:", "roomInc:", "catExc:", "discount:"] {
        assert!(message.contains(field), "{field} in {message}");
    }

    let promotion = json!({"name": "15 % off outdoor furniture, Thai shoppers only",
                           "display": true, "lang": "th", "roomInc": ["outdoor"],
                           "discount": {"kind": "percent", "value": 15},
                           "startsAt": now() - 60, "endsAt": now() + 86_400});
    let (status, body) = send(&app, "POST", "/api/admin/promotions", &owner, &promotion).await;
    assert_eq!(status, 201, "{body}");
    let id = body["promotion"]["id"].as_str().unwrap().to_string();
    assert!(id.starts_with("promo-"), "{id}");
    let expected = outdoor.price.get() * 15 / 100;
    let (_, body) = quote(&app, &who, json!({})).await;
    assert_eq!(body["quote"]["promotionDiscount"], expected, "{body}");
    let (_, body) = quote(&app, &who, json!({"lang": "en"})).await;
    assert_eq!(body["quote"]["promotionDiscount"], 0, "Thai shoppers only");
    let (_, shown) = app.get_json("/api/app/promotions").await;
    assert!(
        shown["promotions"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["id"] == id.as_str())
    );

    // Excluding the product.
    let mut changed = body_of(&app, &owner, &id).await;
    changed["prodExc"] = json!([outdoor.code]);
    let (status, body) = send(
        &app,
        "PUT",
        &format!("/api/admin/promotions/{id}"),
        &owner,
        &changed,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (_, body) = quote(&app, &who, json!({})).await;
    assert_eq!(body["quote"]["promotionDiscount"], 0, "excluded");

    // Not yet started.
    changed["prodExc"] = json!([]);
    changed["startsAt"] = json!(now() + 3_600);
    let (status, _) = send(
        &app,
        "PUT",
        &format!("/api/admin/promotions/{id}"),
        &owner,
        &changed,
    )
    .await;
    assert_eq!(status, 200);
    let (_, body) = quote(&app, &who, json!({})).await;
    assert_eq!(body["quote"]["promotionDiscount"], 0, "not started");

    // Deactivated: gone from the storefront too.
    changed["startsAt"] = json!(now() - 60);
    changed["display"] = json!(false);
    let (status, _) = send(
        &app,
        "PUT",
        &format!("/api/admin/promotions/{id}"),
        &owner,
        &changed,
    )
    .await;
    assert_eq!(status, 200);
    let (_, body) = quote(&app, &who, json!({})).await;
    assert_eq!(body["quote"]["promotionDiscount"], 0);
    let (_, shown) = app.get_json("/api/app/promotions").await;
    assert!(
        !shown["promotions"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["id"] == id.as_str())
    );
    let (_, list) = app.get_authed("/api/admin/promotions", &owner).await;
    assert!(
        list["promotions"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["id"] == id.as_str()),
        "kept"
    );
}

async fn body_of(app: &TestApp, token: &str, id: &str) -> Value {
    let (_, list) = app.get_authed("/api/admin/promotions", token).await;
    list["promotions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == id)
        .unwrap()
        .clone()
}
