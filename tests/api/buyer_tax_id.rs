//! The buyer's tax id (issue 29 break 12): a full tax invoice needs a real Thai tax id, checked
//! by its check digit like the seller's, at checkout and in the saved details alike.

use serde_json::json;

use crate::helpers::{error_code, spawn_app};
use crate::orders::{add, place, plain, product, shopper};

fn vat(tax_id: &str) -> serde_json::Value {
    json!({"name": "Siam Furniture Co., Ltd.", "taxId": tax_id, "branch": "00000",
           "address": "1 Silom Road, Bang Rak, Bangkok 10500"})
}

#[tokio::test]
async fn a_tax_id_with_a_wrong_check_digit_is_refused_and_nothing_is_placed() {
    let app = spawn_app().await;
    let buyer = shopper(&app, "buyer").await;
    let item = product(&app, |p| plain(p) && p.stock >= 5);
    add(&app, &buyer, &item.code, 1).await;

    let (status, body) = place(&app, &buyer, json!({"vatInfo": vat("0105556000008")})).await;
    assert_eq!((status, error_code(&body)), (400, "invalid_vat_info"));
    let message = body["error"]["message"].as_str().unwrap();
    assert!(
        message.starts_with("vatInfo.taxId:") && message.contains("check digit"),
        "{message}"
    );
    let (_, orders) = app
        .get_authed(&format!("/api/app/order/list/{}", buyer.id), &buyer.token)
        .await;
    assert_eq!(
        orders["orders"].as_array().unwrap().len(),
        0,
        "nothing placed"
    );

    let (status, body) = app
        .json(
            app.client
                .put(app.url("/api/auth/userInfo"))
                .bearer_auth(&buyer.token)
                .json(&json!({"addInfo": [], "vatInfo": vat("0105556000008")})),
        )
        .await;
    assert_eq!((status, error_code(&body)), (400, "invalid_input"));
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("vatInfo.taxId")
    );

    // The right check digit goes through, onto the order.
    let (status, body) = place(&app, &buyer, json!({"vatInfo": vat("0105556000009")})).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["order"]["vatInfo"]["taxId"], "0105556000009");
}
