//! Issue 15 hardening: orders a caller may not see answer exactly like missing ones, look-alike
//! and reserved usernames, space-only passwords, recovery after a failed write, (and the fuzz
//! harness lives in `fuzz.rs`).

use serde_json::json;

use crate::helpers::{error_code, spawn_app};
use crate::orders::{add, place, plain, product, shopper};

/// Every order route answers a stranger's order with the same 404 as an order that does not
/// exist, whatever the order's state, so ids tell nothing about other shoppers.
#[tokio::test]
async fn another_shoppers_order_looks_missing_on_every_order_route() {
    let app = spawn_app().await;
    let owner = shopper(&app, "leak-owner").await;
    let stranger = shopper(&app, "leak-stranger").await;
    let staff = app.token("leak-staff", "admin").await;
    let item = product(&app, |p| plain(p) && p.stock >= 2);
    add(&app, &owner, &item.code, 1).await;
    let (status, placed) = place(&app, &owner, json!({})).await;
    assert_eq!(status, 201, "{placed}");
    let id = placed["order"]["id"].as_u64().unwrap();
    let missing = id + 1000;

    // Deliver it, so a review would be allowed for its owner.
    for next in ["paid", "preparing"] {
        let (status, body) = app
            .post_json(
                &format!("/api/admin/order/{id}/status"),
                &json!({ "status": next }),
                Some(&staff),
            )
            .await;
        assert_eq!(status, 200, "{next}: {body}");
    }
    let (status, body) = app
        .post_json(
            &format!("/api/admin/order/{id}/status"),
            &json!({"status": "shipped", "carrier": "kerry", "tracking": "TH0123456789"}),
            Some(&staff),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = app
        .post_json(
            &format!("/api/admin/order/{id}/status"),
            &json!({"status": "delivered"}),
            Some(&staff),
        )
        .await;
    assert_eq!(status, 200, "{body}");

    let routes: [(&str, reqwest::Method, Option<serde_json::Value>); 4] = [
        ("/api/app/order/get/{}", reqwest::Method::GET, None),
        (
            "/api/app/order/review/{}",
            reqwest::Method::POST,
            Some(json!({"rating": 5})),
        ),
        (
            "/api/app/order/cancel/{}",
            reqwest::Method::POST,
            Some(json!({})),
        ),
        (
            "/api/app/order/pay/{}",
            reqwest::Method::POST,
            Some(json!({"payment": "promptpay"})),
        ),
    ];
    for (pattern, method, body) in routes {
        let mut answers = Vec::new();
        for target in [id, missing] {
            let path = pattern.replace("{}", &target.to_string());
            let mut request = app
                .client
                .request(method.clone(), app.url(&path))
                .bearer_auth(&stranger.token);
            if let Some(body) = &body {
                request = request.json(body);
            }
            let (status, answer) = app.json(request).await;
            answers.push((status, error_code(&answer).to_string()));
        }
        assert_eq!(
            answers[0],
            (404, "not_found".to_string()),
            "{pattern}: a stranger's order is not found"
        );
        assert_eq!(answers[0], answers[1], "{pattern}: same as a missing order");
    }
    // The owner still reviews it: the mapping only hides strangers.
    let (status, body) = app
        .post_json(
            &format!("/api/app/order/review/{id}"),
            &json!({"rating": 4}),
            Some(&owner.token),
        )
        .await;
    assert_eq!(status, 200, "{body}");
}
