//! The staff side of options and variants (docs/VARIANTS.md §6): a product created with options
//! and variants gets each variant's opening stock in the ledger; a variant code another product
//! uses is a problem at its field; two edits of the variants from one version conflict; stock
//! adjustments take a variant code; the low-stock filter flags a product by any shown variant;
//! bulk edits set the price or stock of selected variants, and keep working for products
//! without options; a duplicate gets new variant codes.

use serde_json::{Value, json};

use crate::helpers::{TestApp, error_code, spawn_app};

async fn send(app: &TestApp, method: &str, path: &str, token: &str, body: &Value) -> (u16, Value) {
    let url = app.url(path);
    let request = match method {
        "PUT" => app.client.put(url),
        _ => app.client.post(url),
    };
    app.json(request.json(body).bearer_auth(token)).await
}

/// A bed in two sizes: `{code}-5FT` (2 in stock) and `{code}-6FT` (7 in stock).
fn bed(code: &str) -> Value {
    json!({
        "code": code,
        "name": {"en": "Rubberwood bed", "th": "เตียงไม้ยางพารา"},
        "price": 100,
        "rooms": ["bedroom"],
        "options": [{
            "kind": "size",
            "name": {"en": "Size", "th": "ขนาด", "my": "Saiz", "km": "ទំហំ", "id": "Ukuran"},
            "values": [
                {"en": "5 ft", "th": "5 ฟุต", "key": "5ft"},
                {"en": "6 ft", "th": "6 ฟุต", "key": "6ft"}
            ]
        }],
        "variants": [
            {"code": format!("{code}-5FT"), "values": [0], "price": 1_290_000, "stock": 2, "active": true, "images": []},
            {"code": format!("{code}-6FT"), "values": [1], "price": 1_490_000, "compareAtPrice": 1_690_000, "stock": 7, "active": true, "images": []}
        ]
    })
}

async fn create(app: &TestApp, token: &str, product: &Value) -> Value {
    let (status, body) = send(app, "POST", "/api/admin/products", token, product).await;
    assert_eq!(status, 201, "{body}");
    body["product"].clone()
}

async fn admin_product(app: &TestApp, token: &str, code: &str) -> Value {
    let (status, body) = app
        .get_authed(&format!("/api/admin/products/{code}"), token)
        .await;
    assert_eq!(status, 200, "{body}");
    body
}

fn variant<'a>(product: &'a Value, code: &str) -> &'a Value {
    product["variants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["code"] == code)
        .unwrap_or_else(|| panic!("no variant {code} in {product}"))
}

fn codes(list: &Value) -> Vec<String> {
    list["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["code"].as_str().unwrap().to_string())
        .collect()
}

fn fields(body: &Value) -> Vec<String> {
    body["problems"]
        .as_array()
        .unwrap_or(&Vec::new())
        .iter()
        .map(|p| p["field"].as_str().unwrap_or_default().to_string())
        .collect()
}

#[tokio::test]
async fn a_product_with_options_is_created_with_each_variants_opening_stock_in_the_ledger() {
    let app = spawn_app().await;
    let clerk = app.token("clerk", "admin-stock").await;
    let product = create(&app, &clerk, &bed("BD-7001")).await;
    assert_eq!(product["version"], 1);
    assert_eq!(product["options"][0]["values"][1]["th"], "6 ฟุต");
    assert_eq!(product["variants"].as_array().unwrap().len(), 2);
    // The product's figures sum its variants up: the lowest price, the total stock.
    assert_eq!(product["price"], 1_290_000);
    assert_eq!(product["stock"], 9);

    let one = admin_product(&app, &clerk, "BD-7001").await;
    assert_eq!(variant(&one["product"], "BD-7001-5FT")["stock"], 2);
    assert_eq!(variant(&one["product"], "BD-7001-6FT")["stock"], 7);
    assert_eq!(one["ledgers"]["BD-7001-6FT"][0]["level"], 7);
    assert_eq!(one["ledgers"]["BD-7001-6FT"][0]["reason"], "opening stock");

    // The shop shows it with its variants at once.
    let (status, shown) = app.get_json("/api/app/product/get/BD-7001").await;
    assert_eq!(status, 200, "{shown}");
    assert_eq!(variant(&shown["product"], "BD-7001-6FT")["price"], 1_490_000);

    // A size added later gets its opening stock through the ledger; the others keep theirs
    // (a save never changes a stored variant's level).
    let mut edited = one["product"].clone();
    edited["options"][0]["values"]
        .as_array_mut()
        .unwrap()
        .push(json!({"en": "3.5 ft", "th": "3.5 ฟุต", "key": "3-5ft"}));
    let variants = edited["variants"].as_array_mut().unwrap();
    variants[0]["stock"] = json!(100);
    variants.push(json!({"code": "BD-7001-35FT", "values": [2], "price": 990_000, "stock": 4, "active": true, "images": []}));
    let (status, saved) = send(&app, "PUT", "/api/admin/products/BD-7001", &clerk, &edited).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["product"]["version"], 2);
    let after = admin_product(&app, &clerk, "BD-7001").await;
    assert_eq!(variant(&after["product"], "BD-7001-35FT")["stock"], 4);
    assert_eq!(variant(&after["product"], "BD-7001-5FT")["stock"], 2);
    assert_eq!(after["ledgers"]["BD-7001-35FT"][0]["level"], 4);
    assert_eq!(after["product"]["price"], 990_000);
    assert_eq!(after["product"]["stock"], 13);
    let (_, found) = app.get_json("/api/app/search/code?keyword=BD-7001-35").await;
    assert!(found.to_string().contains("BD-7001"), "{found}");

    // A variant taken away: its level leaves with it, and its code is free again.
    let mut fewer = after["product"].clone();
    fewer["variants"]
        .as_array_mut()
        .unwrap()
        .retain(|v| v["code"] != "BD-7001-35FT");
    fewer["options"][0]["values"].as_array_mut().unwrap().pop();
    let (status, saved) = send(&app, "PUT", "/api/admin/products/BD-7001", &clerk, &fewer).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["product"]["stock"], 9);
    let mut other = bed("BD-7002");
    other["variants"][0]["code"] = json!("BD-7001-35FT");
    create(&app, &clerk, &other).await;
}

#[tokio::test]
async fn a_variant_code_another_product_uses_is_a_problem_at_its_field() {
    let app = spawn_app().await;
    let clerk = app.token("clerk", "admin-stock").await;
    create(&app, &clerk, &bed("BD-7101")).await;

    // The second product's second variant takes the first's variant code.
    let mut second = bed("BD-7102");
    second["variants"][1]["code"] = json!("BD-7101-6FT");
    let (status, body) = send(&app, "POST", "/api/admin/products", &clerk, &second).await;
    assert_eq!((status, error_code(&body)), (400, "invalid_product"), "{body}");
    assert_eq!(fields(&body), ["variants[1].code"], "{body}");

    // A code of a product without options is a variant code too (its one variant's).
    second["variants"][1]["code"] = json!("SF-1001");
    let (status, body) = send(&app, "POST", "/api/admin/products", &clerk, &second).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(fields(&body), ["variants[1].code"], "{body}");

    // And on a save of an existing product.
    second["variants"][1]["code"] = json!("BD-7102-6FT");
    let stored = create(&app, &clerk, &second).await;
    let mut edited = stored.clone();
    edited["variants"][0]["code"] = json!("BD-7101-5FT");
    let (status, body) = send(&app, "PUT", "/api/admin/products/BD-7102", &clerk, &edited).await;
    assert_eq!(status, 400, "{body}");
    assert!(fields(&body).contains(&"variants[0].code".to_string()), "{body}");
}

#[tokio::test]
async fn two_edits_of_the_variants_from_one_version_conflict() {
    let app = spawn_app().await;
    let clerk = app.token("clerk", "admin-stock").await;
    let owner = app.token("owner", "admin").await;
    let stored = create(&app, &clerk, &bed("BD-7201")).await;

    let mut mine = stored.clone();
    mine["variants"][1]["price"] = json!(1_590_000);
    mine["variants"][1]["compareAtPrice"] = Value::Null;
    let mut theirs = stored.clone();
    theirs["variants"][0]["active"] = json!(false);

    let (status, first) = send(&app, "PUT", "/api/admin/products/BD-7201", &clerk, &mine).await;
    assert_eq!(status, 200, "{first}");
    let (status, second) = send(&app, "PUT", "/api/admin/products/BD-7201", &owner, &theirs).await;
    assert_eq!((status, error_code(&second)), (409, "version_conflict"), "{second}");
    // The answer carries the stored product, with the first edit's variant price.
    assert_eq!(variant(&second["product"], "BD-7201-6FT")["price"], 1_590_000);
    assert_eq!(variant(&second["product"], "BD-7201-5FT")["active"], true);

    // Based on the stored version, the second edit goes through.
    let mut again = second["product"].clone();
    again["variants"][0]["active"] = json!(false);
    let (status, saved) = send(&app, "PUT", "/api/admin/products/BD-7201", &owner, &again).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(variant(&saved["product"], "BD-7201-5FT")["active"], false);
    // Only the shown variant counts now: price and stock are the 6 ft bed's.
    assert_eq!(saved["product"]["price"], 1_590_000);
    assert_eq!(saved["product"]["stock"], 7);
}

#[tokio::test]
async fn a_stock_adjustment_takes_a_variant_code_and_moves_only_that_variant() {
    let app = spawn_app().await;
    let clerk = app.token("clerk", "admin-stock").await;
    create(&app, &clerk, &bed("BD-7301")).await;

    let body = json!({"delta": -3, "reason": "two damaged in transit, one sold at the fair"});
    let (status, answer) = send(
        &app,
        "POST",
        "/api/admin/products/BD-7301-6FT/stock",
        &clerk,
        &body,
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["code"], "BD-7301-6FT");
    assert_eq!(answer["level"], 4);

    let one = admin_product(&app, &clerk, "BD-7301").await;
    assert_eq!(variant(&one["product"], "BD-7301-6FT")["stock"], 4);
    assert_eq!(variant(&one["product"], "BD-7301-5FT")["stock"], 2);
    assert_eq!(one["product"]["stock"], 6);
    assert_eq!(one["ledgers"]["BD-7301-6FT"][0]["delta"], -3);
    let (_, shown) = app.get_json("/api/app/product/get/BD-7301").await;
    assert_eq!(variant(&shown["product"], "BD-7301-6FT")["stock"], 4);

    // Never below zero, per variant.
    let (status, refused) = send(
        &app,
        "POST",
        "/api/admin/products/BD-7301-5FT/stock",
        &clerk,
        &json!({"delta": -3, "reason": "count"}),
    )
    .await;
    assert_eq!((status, error_code(&refused)), (400, "stock_below_zero"));

    // The code of a product with options that is none of its variants names no stock.
    let (status, refused) = send(
        &app,
        "POST",
        "/api/admin/products/BD-7301/stock",
        &clerk,
        &json!({"delta": 1, "reason": "count"}),
    )
    .await;
    assert_eq!((status, error_code(&refused)), (400, "invalid_product"), "{refused}");
    assert_eq!(fields(&refused), ["code"]);

    // A product without options: its own code still works.
    let (status, answer) = send(
        &app,
        "POST",
        "/api/admin/products/SF-1001/stock",
        &clerk,
        &json!({"delta": 2, "reason": "delivery"}),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["code"], "SF-1001");
}

#[tokio::test]
async fn the_low_stock_filter_flags_a_product_when_any_shown_variant_is_low() {
    let app = spawn_app().await;
    let clerk = app.token("clerk", "admin-stock").await;
    let stored = create(&app, &clerk, &bed("BD-7401")).await; // 2 and 7 in stock: 9 in all
    let low = "/api/admin/products?lowStock=true&q=BD-74&limit=200";
    let (status, list) = app.get_authed(low, &clerk).await;
    assert_eq!(status, 200, "{list}");
    assert_eq!(codes(&list), ["BD-7401"]);
    // The list shows the variants with their live levels.
    assert_eq!(variant(&list["products"][0], "BD-7401-5FT")["stock"], 2);

    // The low variant hidden: the product is no longer low.
    let mut edited = stored.clone();
    edited["variants"][0]["active"] = json!(false);
    let (status, saved) = send(&app, "PUT", "/api/admin/products/BD-7401", &clerk, &edited).await;
    assert_eq!(status, 200, "{saved}");
    let (_, list) = app.get_authed(low, &clerk).await;
    assert!(codes(&list).is_empty(), "{list}");

    // A shown variant sold down to 3: low again.
    let (status, _) = send(
        &app,
        "POST",
        "/api/admin/products/BD-7401-6FT/stock",
        &clerk,
        &json!({"delta": -4, "reason": "count"}),
    )
    .await;
    assert_eq!(status, 200);
    let (_, list) = app.get_authed(low, &clerk).await;
    assert_eq!(codes(&list), ["BD-7401"]);
}

#[tokio::test]
async fn a_bulk_edit_sets_the_price_or_stock_of_selected_variants_only() {
    let app = spawn_app().await;
    let clerk = app.token("clerk", "admin-stock").await;
    let mut sofa = bed("SF-7501");
    sofa["variants"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .for_each(|v| v["compareAtPrice"] = Value::Null);
    sofa["options"][0]["values"]
        .as_array_mut()
        .unwrap()
        .push(json!({"en": "7 ft", "th": "7 ฟุต", "key": "7ft"}));
    sofa["variants"].as_array_mut().unwrap().push(
        json!({"code": "SF-7501-7FT", "values": [2], "price": 1_890_000, "stock": 1, "active": true, "images": []}),
    );
    create(&app, &clerk, &sofa).await;

    let edit = json!({"codes": ["SF-7501-6FT", "SF-7501-7FT"], "price": {"mode": "absolute", "value": 1_500_000}});
    let (status, answer) = send(&app, "POST", "/api/admin/catalog/bulk", &clerk, &edit).await;
    assert_eq!(status, 200, "{answer}");
    let one = admin_product(&app, &clerk, "SF-7501").await;
    let product = &one["product"];
    assert_eq!(variant(product, "SF-7501-5FT")["price"], 1_290_000);
    assert_eq!(variant(product, "SF-7501-6FT")["price"], 1_500_000);
    assert_eq!(variant(product, "SF-7501-7FT")["price"], 1_500_000);
    assert_eq!(product["version"], 2, "one new version for the product");

    // Stock for selected variants, with the reason in each one's ledger.
    let edit = json!({"codes": ["SF-7501-5FT", "SF-7501-7FT"], "stock": {"mode": "set", "value": 12}, "reason": "container from Chiang Mai"});
    let (status, answer) = send(&app, "POST", "/api/admin/catalog/bulk", &clerk, &edit).await;
    assert_eq!(status, 200, "{answer}");
    let one = admin_product(&app, &clerk, "SF-7501").await;
    assert_eq!(variant(&one["product"], "SF-7501-5FT")["stock"], 12);
    assert_eq!(variant(&one["product"], "SF-7501-6FT")["stock"], 7);
    assert_eq!(variant(&one["product"], "SF-7501-7FT")["stock"], 12);
    assert_eq!(one["ledgers"]["SF-7501-7FT"][0]["reason"], "container from Chiang Mai");
    assert_eq!(one["product"]["stock"], 31);

    // A price a variant's compare-at price no longer tops is named with that variant's code.
    let mut with_was = one["product"].clone();
    with_was["variants"][0]["compareAtPrice"] = json!(1_390_000);
    let (status, saved) = send(&app, "PUT", "/api/admin/products/SF-7501", &clerk, &with_was).await;
    assert_eq!(status, 200, "{saved}");
    let edit = json!({"codes": ["SF-7501-5FT"], "price": {"mode": "absolute", "value": 1_400_000}});
    let (status, refused) = send(&app, "POST", "/api/admin/catalog/bulk", &clerk, &edit).await;
    assert_eq!((status, error_code(&refused)), (400, "invalid_product"), "{refused}");
    assert_eq!(refused["problems"][0]["code"], "SF-7501-5FT", "{refused}");

    // Products without options keep their multi-product bulk edit.
    let edit = json!({"codes": ["SF-1001", "SF-1002"], "price": {"mode": "percent", "value": 10}, "compareAt": "clear"});
    let (_, before) = app.get_json("/api/app/product/get/SF-1002").await;
    let (status, answer) = send(&app, "POST", "/api/admin/catalog/bulk", &clerk, &edit).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["products"].as_array().unwrap().len(), 2);
    let (_, after) = app.get_json("/api/app/product/get/SF-1002").await;
    let old = before["product"]["price"].as_i64().unwrap();
    let new = after["product"]["price"].as_i64().unwrap();
    assert_eq!(new, ((old as f64 * 1.1 / 100.0).round() as i64) * 100);
    assert_eq!(after["product"]["variants"][0]["price"], new);
}

#[tokio::test]
async fn a_duplicate_takes_its_variant_codes_from_its_own_code() {
    let app = spawn_app().await;
    let clerk = app.token("clerk", "admin-stock").await;
    create(&app, &clerk, &bed("BD-7601")).await;
    let (status, copy) = send(
        &app,
        "POST",
        "/api/admin/products/BD-7601/duplicate",
        &clerk,
        &json!({"code": "BD-7602"}),
    )
    .await;
    assert_eq!(status, 201, "{copy}");
    let copy = &copy["product"];
    assert_eq!(copy["active"], false);
    let variant_codes: Vec<&str> = copy["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["code"].as_str().unwrap())
        .collect();
    assert_eq!(variant_codes, ["BD-7602-5FT", "BD-7602-6FT"]);
    assert_eq!(copy["stock"], 0);
    // The source keeps its own.
    let one = admin_product(&app, &clerk, "BD-7601").await;
    assert_eq!(variant(&one["product"], "BD-7601-6FT")["stock"], 7);
}
