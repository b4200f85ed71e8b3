//! The staff side of the full audit (issue 33): activity lines as data (money in satang as a
//! parameter, not "440000 satang" in English), dashboard sales as paid orders less refunds
//! with a separate awaiting-payment figure, new coupons that do not expire the night they are
//! made, sub-categories inside their parent (lists, counts, promotions), and the e-catalogue
//! staff answer describing the copy shoppers really get.

use serde_json::{Value, json};

use crate::helpers::{TestApp, error_code, spawn_app};
use crate::orders::{add, place, plain, product, shopper};

fn now() -> i64 {
    time::OffsetDateTime::now_utc().unix_timestamp()
}

async fn staff_status(app: &TestApp, staff: &str, id: u64, status: &str) {
    let (code, body) = app
        .post_json(
            &format!("/api/admin/order/{id}/status"),
            &json!({ "status": status }),
            Some(staff),
        )
        .await;
    assert_eq!(code, 200, "{body}");
}

#[tokio::test]
async fn an_order_line_in_the_activity_log_carries_its_total_as_data() {
    let app = spawn_app().await;
    let owner = app.token("owner", "admin").await;
    let buyer = shopper(&app, "log-buyer").await;
    let item = product(&app, |p| plain(p) && p.stock >= 2);
    add(&app, &buyer, &item.code, 1).await;
    let (status, placed) = place(&app, &buyer, json!({})).await;
    assert_eq!(status, 201, "{placed}");
    let number = placed["order"]["number"].as_str().unwrap().to_string();
    let total = placed["order"]["total"].as_i64().unwrap();

    let (status, log) = app
        .get_authed(
            &format!("/api/admin/activity?target=order+{number}"),
            &owner,
        )
        .await;
    assert_eq!(status, 200, "{log}");
    let line = log["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["action"] == "order placed")
        .unwrap_or_else(|| panic!("an order placed line in {log}"));
    assert_eq!(line["params"]["items"], "1", "{line}");
    assert_eq!(line["params"]["totalSatang"], total.to_string(), "{line}");
    let details = line["details"].as_str().unwrap();
    assert!(
        !details.contains("satang"),
        "money reads as baht: {details}"
    );

    // A stock adjustment names its numbers as data too.
    let (status, body) = app
        .post_json(
            &format!("/api/admin/products/{}/stock", item.code),
            &json!({"delta": 7, "reason": "count"}),
            Some(&owner),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (_, log) = app
        .get_authed(
            &format!("/api/admin/activity?target=product+{}", item.code),
            &owner,
        )
        .await;
    let line = log["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["action"] == "stock adjusted")
        .unwrap_or_else(|| panic!("a stock line in {log}"));
    assert_eq!(line["params"]["delta"], "+7", "{line}");
    assert_eq!(line["params"]["reason"], "count", "{line}");
}

#[tokio::test]
async fn dashboard_sales_are_paid_orders_and_awaiting_payment_is_its_own_figure() {
    let app = spawn_app().await;
    let owner = app.token("owner", "admin").await;
    let item = product(&app, |p| plain(p) && p.stock >= 5);
    let mut orders = Vec::new();
    for name in ["paid-buyer", "unpaid-buyer"] {
        let who = shopper(&app, name).await;
        add(&app, &who, &item.code, 1).await;
        let (status, placed) = place(&app, &who, json!({})).await;
        assert_eq!(status, 201, "{placed}");
        orders.push(placed["order"].clone());
    }
    let paid_total = orders[0]["total"].as_i64().unwrap();
    let unpaid_total = orders[1]["total"].as_i64().unwrap();
    staff_status(&app, &owner, orders[0]["id"].as_u64().unwrap(), "paid").await;

    let (status, dash) = app.get_authed("/api/admin/dashboard", &owner).await;
    assert_eq!(status, 200, "{dash}");
    let today = &dash["today"];
    assert_eq!(
        today["sales"], paid_total,
        "only the paid order is a sale: {today}"
    );
    assert_eq!(today["paid"]["orders"], 1, "{today}");
    assert_eq!(today["awaiting"]["orders"], 1, "{today}");
    assert_eq!(today["awaiting"]["revenue"], unpaid_total, "{today}");
    assert_eq!(today["orders"], 2, "both orders were placed: {today}");
    assert_eq!(dash["last30"]["sales"], paid_total, "{dash}");

    // A refund comes off the sales: cancel the paid order, record its refund.
    let id = orders[0]["id"].as_u64().unwrap();
    let (code, body) = app
        .post_json(
            &format!("/api/admin/order/{id}/status"),
            &json!({"status": "cancelled", "reason": "the shopper changed their mind"}),
            Some(&owner),
        )
        .await;
    assert_eq!(code, 200, "{body}");
    let (code, body) = app
        .post_json(
            &format!("/api/admin/order/{id}/refund"),
            &json!({"reference": "BBL 0099"}),
            Some(&owner),
        )
        .await;
    assert_eq!(code, 200, "{body}");
    let (_, dash) = app.get_authed("/api/admin/dashboard", &owner).await;
    assert_eq!(dash["today"]["sales"], 0, "refunded: {}", dash["today"]);
    assert_eq!(dash["today"]["refunds"]["revenue"], paid_total);
}

fn coupon(code: &str) -> Value {
    json!({"code": code, "display": false, "discount": {"kind": "amount", "value": 5_000},
           "minSpend": 0, "usageLimit": 0, "perUserLimit": 1, "active": true})
}

#[tokio::test]
async fn a_new_coupon_without_dates_runs_a_month_and_one_ending_in_the_past_is_refused() {
    let app = spawn_app().await;
    let owner = app.token("owner", "admin").await;
    let (status, body) = app
        .post_json("/api/admin/coupons", &coupon("MONTHLY"), Some(&owner))
        .await;
    assert_eq!(status, 201, "{body}");
    let saved = &body["coupon"];
    let (starts, ends) = (
        saved["startsAt"].as_i64().unwrap(),
        saved["endsAt"].as_i64().unwrap(),
    );
    assert!((starts - now()).abs() < 120, "starts now: {saved}");
    let days = (ends - starts) as f64 / 86_400.0;
    assert!(
        (30.0..=31.0).contains(&days),
        "about 30 days: {days} in {saved}"
    );

    let mut past = coupon("YESTERDAY");
    past["startsAt"] = json!(now() - 3 * 86_400);
    past["endsAt"] = json!(now() - 86_400);
    let (status, body) = app
        .post_json("/api/admin/coupons", &past, Some(&owner))
        .await;
    assert_eq!(
        (status, error_code(&body)),
        (400, "invalid_input"),
        "{body}"
    );
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("endsAt:"),
        "{body}"
    );
}

#[tokio::test]
async fn a_product_ticked_only_in_a_sub_category_is_in_its_parent_and_its_promotion() {
    let app = spawn_app().await;
    let owner = app.token("owner", "admin").await;
    let sofa = json!({
        "code": "SF-7777",
        "name": {"en": "Three-seat sofa Chiang Mai", "th": "โซฟา 3 ที่นั่ง เชียงใหม่"},
        "description": {"en": "A sofa.", "th": "โซฟา"},
        "price": 1_000_000,
        "rooms": ["living"],
        "categories": ["sofas-3-seat"],
        "stock": 5,
        "active": true
    });
    let (status, body) = app
        .post_json("/api/admin/products", &sofa, Some(&owner))
        .await;
    assert_eq!(status, 201, "{body}");

    let (status, list) = app
        .get_json("/api/app/product/list?category=sofas&limit=100&lang=th")
        .await;
    assert_eq!(status, 200, "{list}");
    let codes: Vec<&str> = list["products"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p["code"].as_str())
        .collect();
    assert!(codes.contains(&"SF-7777"), "the parent lists it: {codes:?}");
    let (_, searched) = app
        .get_json("/api/app/search?keyword=Chiang&category=sofas&lang=en")
        .await;
    assert!(
        searched.to_string().contains("SF-7777"),
        "the search filter keeps it: {searched}"
    );

    // The demo's "sofa month" takes 10 % off the sofas category: its child's product too.
    let who = shopper(&app, "sofa-fan").await;
    add(&app, &who, "SF-7777", 1).await;
    let (status, quote) = app
        .post_json(
            "/api/app/cart/quote",
            &json!({"id": who.id, "lang": "th"}),
            Some(&who.token),
        )
        .await;
    assert_eq!(status, 200, "{quote}");
    assert_eq!(quote["quote"]["promotionDiscount"], 100_000, "{quote}");

    // The staff product keeps only what staff ticked.
    let (_, staff) = app.get_authed("/api/admin/products/SF-7777", &owner).await;
    assert_eq!(
        staff["product"]["categories"],
        json!(["sofas-3-seat"]),
        "{staff}"
    );
}

#[tokio::test]
async fn the_e_catalogue_staff_answer_tells_the_drawn_copy_shoppers_get() {
    let app = spawn_app().await;
    let owner = app.token("owner", "admin").await;
    // The first answer starts the drawing and does not wait for it (a large catalogue takes
    // longer than a request may); asked again, it tells the copy made.
    let (status, first) = app
        .get_authed("/api/admin/catalogue-pdf?lang=th", &owner)
        .await;
    assert_eq!(status, 200, "{first}");
    assert_eq!(first["file"]["uploaded"], false, "{first}");
    assert_eq!(first["live"]["drawing"], true, "{first}");
    let mut body = first;
    for _ in 0..240 {
        if body["live"]["drawing"] == false {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
        body = app
            .get_authed("/api/admin/catalogue-pdf?lang=th", &owner)
            .await
            .1;
    }
    let live = &body["live"];
    assert_eq!(live["drawing"], false, "drawn in two minutes: {body}");
    assert_eq!(live["lang"], "th", "{body}");
    let pages = live["pages"].as_u64().unwrap();
    assert!(pages >= 2, "cover and products: {body}");
    // The bytes it names are the bytes shoppers download.
    let pdf = app
        .client
        .get(app.url("/api/file/pdf/get/catalog-min.pdf?lang=th"))
        .send()
        .await
        .unwrap();
    assert_eq!(pdf.status(), 200);
    let bytes = pdf.bytes().await.unwrap();
    assert_eq!(
        live["bytes"].as_u64().unwrap(),
        bytes.len() as u64,
        "{body}"
    );

    let clerk = app.token("stocky", "admin-stock").await;
    let (status, _) = app.get_authed("/api/admin/catalogue-pdf", &clerk).await;
    assert_eq!(status, 403, "still needs settings.write");
}
