//! Cart, orders and money per variant (docs/VARIANTS.md §3): a chosen variant goes from the
//! cart to the order, takes stock only from itself, shows its product's name and the choice;
//! a product with options needs a choice; a hidden variant is not sold; promotions and
//! reviews count for the product; fifty shoppers racing for a variant's last unit get one
//! order; an unpaid order's expiry gives the unit back to that variant.

use serde_json::{Value, json};

use crate::helpers::{TestApp, error_code, spawn_app};
use crate::orders::{Shopper, add, place, shopper, stock_of};
use kiosk::catalog::model::Product;

const SOFA: &str = "VS-1001";
const GREY: &str = "VS-1001-GRY";
const SAND: &str = "VS-1001-SND";
const GREEN: &str = "VS-1001-GRN";

/// A sofa in three fabrics and one size: grey (2 in stock), sand (on sale, 5 in stock) and a
/// hidden green one.
fn sofa() -> Value {
    json!({
        "code": SOFA,
        "name": {"en": "Lanna sofa", "th": "โซฟาล้านนา"},
        "description": {"en": "A three-seat sofa.", "th": "โซฟาสามที่นั่ง"},
        "price": 1_890_000,
        "rooms": ["living"],
        "categories": [],
        "material": "teak",
        "colour": "grey",
        "stock": 0,
        "active": true,
        "options": [
            {"kind": "colour", "name": {"en": "Fabric", "th": "สีผ้า"},
             "values": [
                {"en": "Grey", "th": "เทา", "key": "grey", "swatch": "#8a8d91"},
                {"en": "Sand", "th": "ทราย", "key": "beige"},
                {"en": "Green", "th": "เขียว", "key": "green"}
             ]},
            {"kind": "size", "name": {"en": "Size", "th": "ขนาด"},
             "values": [{"en": "6 ft", "th": "6 ฟุต", "key": "6ft"}]}
        ],
        "variants": [
            {"code": GREY, "values": [0, 0], "price": 1_890_000, "stock": 2, "active": true, "images": []},
            {"code": SAND, "values": [1, 0], "price": 1_990_000, "compareAtPrice": 2_190_000,
             "stock": 5, "active": true, "images": []},
            {"code": GREEN, "values": [2, 0], "price": 1_890_000, "stock": 4, "active": false, "images": []}
        ]
    })
}

/// Writes products as an import does (variant codes, a level per variant) and lets the
/// running shop see them.
async fn put_products(app: &TestApp, products: &[Value]) {
    let products: Vec<Product> = products
        .iter()
        .map(|p| serde_json::from_value(p.clone()).expect("a product"))
        .collect();
    let (store, catalog) = (app.state.store.clone(), app.state.catalog.clone());
    tokio::task::spawn_blocking(move || {
        kiosk::catalog::store::upsert_products(&store, &products).unwrap();
        catalog.reload(&store).unwrap();
    })
    .await
    .unwrap();
}

/// A shop with the sofa in its catalogue, and a staff token.
async fn shop_with_sofa() -> (TestApp, String) {
    let app = spawn_app().await;
    let staff = app.token("boss", "admin").await;
    put_products(&app, &[sofa()]).await;
    (app, staff)
}

async fn try_add(app: &TestApp, who: &Shopper, code: &str, qty: u32) -> (u16, Value) {
    app.post_json(
        "/api/app/cart/add",
        &json!({"id": who.id, "code": code, "qty": qty}),
        Some(&who.token),
    )
    .await
}

/// Staff move an order, with what the move needs.
async fn move_order(app: &TestApp, staff: &str, id: u64, status: &str) {
    let body = match status {
        "shipped" => json!({"status": status, "carrier": "kerry", "tracking": "TH0123456789"}),
        "cancelled" => json!({"status": status, "reason": "the shopper phoned to cancel"}),
        _ => json!({ "status": status }),
    };
    let (code, answer) = app
        .post_json(&format!("/api/admin/order/{id}/status"), &body, Some(staff))
        .await;
    assert_eq!(code, 200, "{answer}");
}

#[tokio::test]
async fn a_chosen_variant_goes_from_cart_to_order_and_takes_only_its_own_stock() {
    let (app, staff) = shop_with_sofa().await;
    let buyer = shopper(&app, "malee").await;
    let (status, body) = try_add(&app, &buyer, SAND, 2).await;
    assert_eq!(status, 200, "{body}");
    let line = &body["cart"]["lines"][0];
    assert_eq!(line["code"], SAND);
    assert_eq!(line["productCode"], SOFA);
    assert_eq!(line["name"]["th"], "โซฟาล้านนา");
    assert_eq!(line["choice"]["en"], "Sand / 6 ft");
    assert_eq!(line["choice"]["th"], "ทราย / 6 ฟุต");
    assert_eq!(line["unitPrice"], 1_990_000, "the variant's price");
    assert_eq!(line["compareAtPrice"], 2_190_000);
    assert_eq!(line["stock"], 5, "the variant's stock");
    assert_eq!(line["available"], true);

    let (status, placed) = place(&app, &buyer, json!({"lang": "th"})).await;
    assert_eq!(status, 201, "{placed}");
    let ordered = &placed["order"]["lines"][0];
    assert_eq!(ordered["code"], SAND);
    assert_eq!(ordered["productCode"], SOFA);
    assert_eq!(ordered["choice"]["th"], "ทราย / 6 ฟุต");
    assert_eq!(ordered["unitPrice"], 1_990_000);
    assert_eq!(stock_of(&app, SAND), 3);
    assert_eq!(stock_of(&app, GREY), 2, "the other fabric is untouched");

    // The order page shows the same, and so does the shopper's list.
    let id = placed["order"]["id"].as_u64().unwrap();
    let (_, shown) = app
        .get_authed(&format!("/api/app/order/get/{id}"), &buyer.token)
        .await;
    assert_eq!(shown["order"]["lines"][0]["productCode"], SOFA, "{shown}");
    assert_eq!(shown["order"]["lines"][0]["choice"]["en"], "Sand / 6 ft");

    // Paid: the receipt, in the order's language, and the orders CSV name the choice.
    move_order(&app, &staff, id, "paid").await;
    let receipt = app
        .client
        .get(app.url(&format!("/api/app/order/{id}/receipt.pdf")))
        .bearer_auth(&buyer.token)
        .send()
        .await
        .unwrap();
    assert_eq!(receipt.status(), 200);
    let receipt = receipt.bytes().await.unwrap();
    match pdftotext(&receipt) {
        Some(text) => {
            let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(text.contains("ทราย / 6 ฟุต"), "{text}");
            assert!(text.contains(SAND), "{text}");
        }
        None => eprintln!("pdftotext (poppler-utils) is not installed: text not checked"),
    }
    let csv = app
        .client
        .get(app.url("/api/admin/orders.csv"))
        .bearer_auth(&staff)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        csv.contains("2 × โซฟาล้านนา — ทราย / 6 ฟุต (VS-1001-SND)"),
        "{csv}"
    );
}

fn pdftotext(pdf: &[u8]) -> Option<String> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("receipt.pdf");
    std::fs::write(&path, pdf).unwrap();
    let out = std::process::Command::new("pdftotext")
        .args([path.to_str().unwrap(), "-"])
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

#[tokio::test]
async fn a_product_with_options_needs_a_choice_and_a_hidden_variant_is_not_sold() {
    let (app, _staff) = shop_with_sofa().await;
    let buyer = shopper(&app, "somsak").await;
    let (status, body) = try_add(&app, &buyer, SOFA, 1).await;
    assert_eq!((status, error_code(&body)), (400, "variant_required"));
    assert!(
        body["error"]["message"].as_str().unwrap().contains(SOFA),
        "{body}"
    );
    let (status, body) = try_add(&app, &buyer, GREEN, 1).await;
    assert_eq!(
        (status, error_code(&body)),
        (400, "unknown_product"),
        "{body}"
    );
    let (status, body) = try_add(&app, &buyer, GREY, 3).await;
    assert_eq!((status, error_code(&body)), (400, "out_of_stock"), "{body}");

    // A variant hidden after it went into the cart cannot be ordered.
    let (status, body) = try_add(&app, &buyer, GREY, 1).await;
    assert_eq!(status, 200, "{body}");
    let mut hidden = sofa();
    hidden["variants"][0]["active"] = json!(false);
    put_products(&app, &[hidden]).await;
    let (_, cart) = app
        .get_authed(&format!("/api/app/cart/get/{}", buyer.id), &buyer.token)
        .await;
    assert_eq!(cart["cart"]["lines"][0]["available"], false, "{cart}");
    let (status, body) = place(&app, &buyer, json!({})).await;
    assert_eq!((status, error_code(&body)), (409, "product_unavailable"));
    assert_eq!(stock_of(&app, GREY), 2);
}

#[tokio::test]
async fn a_product_code_that_is_one_of_its_variants_codes_adds_that_variant() {
    let (app, _staff) = shop_with_sofa().await;
    let mut bed = sofa();
    bed["code"] = json!("VB-2001");
    bed["name"] = json!({"en": "Teak bed", "th": "เตียงไม้สัก"});
    for (variant, code) in bed["variants"].as_array_mut().unwrap().iter_mut().zip([
        "VB-2001",
        "VB-2001-S",
        "VB-2001-G",
    ]) {
        variant["code"] = json!(code);
    }
    put_products(&app, &[bed]).await;
    let buyer = shopper(&app, "ploy").await;
    let (status, body) = try_add(&app, &buyer, "VB-2001", 1).await;
    assert_eq!(status, 200, "{body}");
    let line = &body["cart"]["lines"][0];
    assert_eq!(
        (line["code"].clone(), line["productCode"].clone()),
        (json!("VB-2001"), json!("VB-2001"))
    );
    assert_eq!(line["choice"]["en"], "Grey / 6 ft");
}

#[tokio::test]
async fn a_product_without_options_is_added_by_its_code_as_before() {
    let app = spawn_app().await;
    let buyer = shopper(&app, "lek").await;
    let item = crate::orders::product(&app, |p| crate::orders::plain(p) && p.stock >= 1);
    add(&app, &buyer, &item.code, 1).await;
    let (status, placed) = place(&app, &buyer, json!({})).await;
    assert_eq!(status, 201, "{placed}");
    let line = &placed["order"]["lines"][0];
    assert_eq!(line["code"], item.code.as_str());
    assert_eq!(line["productCode"], item.code.as_str());
    assert!(line.get("choice").is_none(), "{line}");
}

#[tokio::test]
async fn a_promotion_on_the_product_applies_to_its_variants_and_a_review_lands_on_the_product() {
    let (app, staff) = shop_with_sofa().await;
    let now = kiosk::activity::now_millis() / 1000;
    let promotion = json!({"name": "10 % off the Lanna sofa", "display": true,
                           "prodInc": [SOFA], "discount": {"kind": "percent", "value": 10},
                           "startsAt": now - 60, "endsAt": now + 86_400});
    let (status, body) = app
        .post_json("/api/admin/promotions", &promotion, Some(&staff))
        .await;
    assert_eq!(status, 201, "{body}");

    let buyer = shopper(&app, "noi").await;
    add(&app, &buyer, GREY, 1).await;
    let (status, quote) = app
        .post_json(
            "/api/app/cart/quote",
            &json!({"id": buyer.id}),
            Some(&buyer.token),
        )
        .await;
    assert_eq!(status, 200, "{quote}");
    assert_eq!(quote["quote"]["promotionDiscount"], 189_000, "{quote}");
    assert_eq!(quote["quote"]["lines"][0]["code"], GREY);
    let (status, placed) = place(&app, &buyer, json!({})).await;
    assert_eq!(status, 201, "{placed}");
    assert_eq!(placed["order"]["lines"][0]["discount"], 189_000);

    let id = placed["order"]["id"].as_u64().unwrap();
    for next in ["paid", "preparing", "shipped", "delivered"] {
        move_order(&app, &staff, id, next).await;
    }
    let (status, body) = app
        .post_json(
            &format!("/api/app/order/review/{id}"),
            &json!({"rating": 4, "comment": "soft"}),
            Some(&buyer.token),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let rating = app.state.ratings.get(SOFA).expect("the product is rated");
    assert_eq!((rating.average, rating.count), (4.0, 1));
    assert!(app.state.ratings.get(GREY).is_none());
}

#[tokio::test]
async fn fifty_shoppers_racing_for_the_last_unit_of_a_variant_get_one_order() {
    let (app, staff) = shop_with_sofa().await;
    let mut buyers = Vec::new();
    for n in 0..50 {
        let buyer = shopper(&app, &format!("racer-{n}")).await;
        add(&app, &buyer, GREY, 1).await;
        buyers.push(buyer);
    }
    // One grey sofa left.
    let (status, body) = app
        .post_json(
            &format!("/api/admin/products/{GREY}/stock"),
            &json!({"delta": -1, "reason": "one sold in the shop"}),
            Some(&staff),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(stock_of(&app, GREY), 1);

    let mut racing = tokio::task::JoinSet::new();
    for who in &buyers {
        let request = app
            .client
            .post(app.url("/api/app/order/place"))
            .bearer_auth(&who.token)
            .json(&json!({"id": who.id, "address": crate::orders::address(),
                          "payment": "promptpay",
                          "idempotencyKey": uuid::Uuid::new_v4().to_string()}));
        racing.spawn(async move {
            let response = request.send().await.expect("request");
            let status = response.status().as_u16();
            (
                status,
                response.json::<Value>().await.unwrap_or(Value::Null),
            )
        });
    }
    let answers = racing.join_all().await;
    let placed: Vec<&Value> = answers
        .iter()
        .filter(|(status, _)| *status == 201)
        .map(|(_, body)| body)
        .collect();
    assert_eq!(placed.len(), 1, "exactly one order");
    for (status, body) in answers.iter().filter(|(status, _)| *status != 201) {
        assert_eq!((*status, error_code(body)), (409, "out_of_stock"), "{body}");
        assert!(body["error"]["message"].as_str().unwrap().contains(GREY));
    }
    assert_eq!(stock_of(&app, GREY), 0);
    assert_eq!(stock_of(&app, SAND), 5, "the other variant is untouched");
    assert_eq!(placed[0]["order"]["lines"][0]["code"], GREY);
}

#[tokio::test]
async fn an_unpaid_order_that_expires_gives_the_unit_back_to_its_variant() {
    let (app, _staff) = shop_with_sofa().await;
    let buyer = shopper(&app, "slow").await;
    add(&app, &buyer, SAND, 2).await;
    let (status, placed) = place(&app, &buyer, json!({})).await;
    assert_eq!(status, 201, "{placed}");
    assert_eq!(stock_of(&app, SAND), 3);

    let now = kiosk::activity::now_millis();
    let (store, catalog) = (app.state.store.clone(), app.state.catalog.clone());
    let cancelled = tokio::task::spawn_blocking(move || {
        kiosk::payments::expiry::cancel_expired(
            &store,
            &catalog,
            &kiosk::documents::paperwork::Paperwork::SILENT,
            now + 1,
            now + 1,
        )
    })
    .await
    .unwrap()
    .unwrap();
    assert_eq!(cancelled.len(), 1);
    assert_eq!(stock_of(&app, SAND), 5);
    assert_eq!(stock_of(&app, GREY), 2);
    // The shop's snapshot has it too: the cart may take all five again.
    let (status, body) = try_add(&app, &buyer, SAND, 5).await;
    assert_eq!(status, 200, "{body}");
}
