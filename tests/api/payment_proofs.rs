//! Payment slips for PromptPay and bank transfer: the shopper uploads one (checked by content,
//! stored without metadata, private to the shopper and staff), the same slip on two orders is
//! flagged, staff confirm (the slip is accepted) or reject with a reason the shopper sees; the
//! dashboard counts slips to check; staff record refunds, which the sales report shows apart.

use serde_json::{Value, json};

use crate::admin_images::{SECRET, contains, form, jpeg_with_exif, png_with_metadata};
use crate::helpers::{TestApp, error_code, spawn_app};
use crate::orders::{Shopper, add, place, plain, product, shopper};

async fn order_of(app: &TestApp, who: &Shopper, payment: &str) -> Value {
    let item = product(app, plain);
    add(app, who, &item.code, 1).await;
    let (status, body) = place(app, who, json!({ "payment": payment })).await;
    assert_eq!(status, 201, "{body}");
    body["order"].clone()
}

async fn upload(app: &TestApp, token: &str, id: u64, name: &str, bytes: &[u8]) -> (u16, Value) {
    let (content_type, body) = form(&[(name, "image/jpeg", bytes)]);
    app.json(
        app.client
            .post(app.url(&format!("/api/app/order/{id}/proof")))
            .bearer_auth(token)
            .header("content-type", content_type)
            .body(body),
    )
    .await
}

async fn fetch(app: &TestApp, token: Option<&str>, path: &str) -> (u16, Vec<u8>, String) {
    let mut request = app.client.get(app.url(path));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let cache = response
        .headers()
        .get("cache-control")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    (status, response.bytes().await.unwrap().to_vec(), cache)
}

#[tokio::test]
async fn a_slip_is_cleaned_stored_privately_and_flagged_when_reused() {
    let app = spawn_app().await;
    let staff = app.token("clerk", "admin-sales").await;
    let buyer = shopper(&app, "somchai").await;
    let stranger = shopper(&app, "stranger").await;
    let order = order_of(&app, &buyer, "promptpay").await;
    let id = order["id"].as_u64().unwrap();
    assert_eq!(order["payment"]["proofs"], json!([]));

    let slip = jpeg_with_exif(120, 80);
    // Not the owner: as if the order did not exist; a program is refused by its content.
    let (status, body) = upload(&app, &stranger.token, id, "slip.jpg", &slip).await;
    assert_eq!((status, error_code(&body)), (404, "not_found"));
    let (status, body) = upload(&app, &buyer.token, id, "slip.jpg", b"MZ\x90\x00program").await;
    assert_eq!(
        (status, error_code(&body)),
        (400, "invalid_image"),
        "{body}"
    );
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("slip.jpg")
    );

    let (status, body) = upload(&app, &buyer.token, id, "slip.jpg", &slip).await;
    assert_eq!(status, 201, "{body}");
    let proof = &body["order"]["payment"]["proofs"][0];
    assert_eq!(proof["status"], "pending");
    assert!(proof.get("duplicateOf").is_none());
    let file = proof["file"].as_str().unwrap().to_string();
    assert!(
        file.starts_with(&format!("/api/app/order/{id}/proof/")),
        "{file}"
    );
    let name = file.rsplit('/').next().unwrap();
    assert_eq!(name, format!("{}.jpg", proof["hash"].as_str().unwrap()));
    let stored = app
        .state
        .config
        .files_dir()
        .join("proofs")
        .join(id.to_string())
        .join(name);
    let bytes = std::fs::read(&stored).expect("stored under files/proofs/<id>/");
    assert!(!contains(&bytes, SECRET.as_bytes()), "metadata stripped");
    // Served to the shopper and staff, not to strangers nor anonymously, never cached.
    let (status, served, cache) = fetch(&app, Some(&buyer.token), &file).await;
    assert_eq!((status, served == bytes), (200, true));
    assert!(cache.contains("no-store"), "{cache}");
    assert_eq!(fetch(&app, Some(&staff), &file).await.0, 200);
    assert_eq!(fetch(&app, Some(&stranger.token), &file).await.0, 404);
    // Anonymously it is as missing as for a stranger (a guest order needs its `?key=`).
    assert_eq!(fetch(&app, None, &file).await.0, 404);
    let (status, _, _) = fetch(
        &app,
        Some(&buyer.token),
        &format!("/api/app/order/{id}/proof/..%2F..%2Fkiosk.redb"),
    )
    .await;
    assert_eq!(status, 404);

    // The same slip on another order of another shopper: flagged to staff, not to shoppers.
    let other = order_of(&app, &stranger, "bank_transfer").await;
    let other_id = other["id"].as_u64().unwrap();
    let (status, body) = upload(&app, &stranger.token, other_id, "again.jpg", &slip).await;
    assert_eq!(status, 201, "{body}");
    assert!(
        body["order"]["payment"]["proofs"][0]
            .get("duplicateOf")
            .is_none()
    );
    let (_, seen) = app
        .get_authed(&format!("/api/app/order/get/{other_id}"), &staff)
        .await;
    assert_eq!(
        seen["order"]["payment"]["proofs"][0]["duplicateOf"],
        order["number"]
    );

    // The activity log has both uploads, the second flagged.
    let owner = app.token("owner", "admin").await;
    let (_, log) = app
        .get_authed(
            &format!(
                "/api/admin/activity?target=order%20{}",
                other["number"].as_str().unwrap()
            ),
            &owner,
        )
        .await;
    let lines = log["lines"].as_array().unwrap();
    assert!(
        lines.iter().any(|l| l["action"] == "payment proof uploaded"
            && l["details"]
                .as_str()
                .unwrap()
                .contains(order["number"].as_str().unwrap())),
        "{log}"
    );
}

#[tokio::test]
async fn only_unpaid_promptpay_and_bank_transfer_orders_take_a_slip() {
    let app = spawn_app().await;
    let staff = app.token("clerk", "admin-sales").await;
    let buyer = shopper(&app, "somchai").await;
    let order = order_of(&app, &buyer, "promptpay").await;
    let id = order["id"].as_u64().unwrap();
    // The order page shows the payment deadline (unpaid_order_expiry_hours, 48 by default).
    let (_, seen) = app
        .get_authed(&format!("/api/app/order/get/{id}"), &buyer.token)
        .await;
    assert_eq!(
        seen["order"]["payment"]["payBy"].as_u64(),
        Some(order["createdAt"].as_u64().unwrap() + 48 * 3_600_000)
    );
    let (status, body) = app
        .post_json(
            &format!("/api/admin/order/{id}/status"),
            &json!({"status": "paid", "reference": "KBANK 123"}),
            Some(&staff),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = upload(
        &app,
        &buyer.token,
        id,
        "late.png",
        &png_with_metadata(40, 40),
    )
    .await;
    assert_eq!((status, error_code(&body)), (409, "not_payable"));
}

#[tokio::test]
async fn staff_reject_with_a_reason_the_shopper_sees_then_confirm_the_next_slip() {
    let app = spawn_app().await;
    let staff = app.token("clerk", "admin-sales").await;
    let stock_keeper = app.token("keeper", "admin-stock").await;
    let buyer = shopper(&app, "somchai").await;
    let order = order_of(&app, &buyer, "promptpay").await;
    let id = order["id"].as_u64().unwrap();
    let reject = |token: String, body: Value| {
        let app = &app;
        async move {
            app.post_json(
                &format!("/api/admin/order/{id}/proof/reject"),
                &body,
                Some(&token),
            )
            .await
        }
    };
    // Nothing to reject yet.
    let (status, body) = reject(staff.clone(), json!({"reason": "blurred"})).await;
    assert_eq!((status, error_code(&body)), (409, "no_pending_proof"));

    let (status, _) = upload(&app, &buyer.token, id, "a.png", &png_with_metadata(60, 30)).await;
    assert_eq!(status, 201);
    let (_, dash) = app.get_authed("/api/admin/dashboard", &staff).await;
    assert_eq!(dash["attention"]["proofsToCheck"], 1, "{dash}");

    let (status, body) = reject(staff.clone(), json!({"reason": "  "})).await;
    assert_eq!((status, error_code(&body)), (400, "reason_required"));
    let (status, _) = reject(stock_keeper.clone(), json!({"reason": "blurred"})).await;
    assert_eq!(status, 403);
    let (status, body) = reject(
        staff.clone(),
        json!({"reason": "The amount is not readable"}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (_, mine) = app
        .get_authed(&format!("/api/app/order/get/{id}"), &buyer.token)
        .await;
    let proof = &mine["order"]["payment"]["proofs"][0];
    assert_eq!(proof["status"], "rejected");
    assert_eq!(proof["reason"], "The amount is not readable");
    let (_, dash) = app.get_authed("/api/admin/dashboard", &staff).await;
    assert_eq!(dash["attention"]["proofsToCheck"], 0);

    // Upload again; confirming the payment accepts the new slip.
    let (status, _) = upload(&app, &buyer.token, id, "b.jpg", &jpeg_with_exif(90, 70)).await;
    assert_eq!(status, 201);
    let (status, body) = app
        .post_json(
            &format!("/api/admin/order/{id}/status"),
            &json!({"status": "paid", "reference": "SCB 998877"}),
            Some(&staff),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let proofs = body["order"]["payment"]["proofs"].as_array().unwrap();
    assert_eq!(proofs.len(), 2);
    assert_eq!(proofs[0]["status"], "rejected");
    assert_eq!(proofs[1]["status"], "accepted");
    assert_eq!(body["order"]["payment"]["status"], "paid");
}

#[tokio::test]
async fn staff_record_the_refund_of_a_cancelled_paid_order() {
    let app = spawn_app().await;
    let staff = app.token("clerk", "admin-sales").await;
    let buyer = shopper(&app, "somchai").await;
    let order = order_of(&app, &buyer, "bank_transfer").await;
    let id = order["id"].as_u64().unwrap();
    let total = order["total"].as_i64().unwrap();
    let refund = |body: Value| {
        let (app, staff) = (&app, staff.clone());
        async move {
            app.post_json(
                &format!("/api/admin/order/{id}/refund"),
                &body,
                Some(&staff),
            )
            .await
        }
    };
    let (status, body) = refund(json!({"reference": "R-1"})).await;
    assert_eq!((status, error_code(&body)), (409, "not_refund_due"));

    for (status, extra) in [
        ("paid", json!({"reference": "KBANK 1"})),
        (
            "cancelled",
            json!({"reason": "out of stock at the supplier"}),
        ),
    ] {
        let mut body = json!({ "status": status });
        for (k, v) in extra.as_object().unwrap() {
            body[k] = v.clone();
        }
        let (code, answer) = app
            .post_json(
                &format!("/api/admin/order/{id}/status"),
                &body,
                Some(&staff),
            )
            .await;
        assert_eq!(code, 200, "{answer}");
    }
    let (status, body) = refund(json!({"reference": ""})).await;
    assert_eq!((status, error_code(&body)), (400, "reference_required"));
    let (status, body) = refund(json!({"reference": "KBANK refund 7781"})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["order"]["payment"]["status"], "refunded");
    assert_eq!(
        body["order"]["payment"]["refundReference"],
        "KBANK refund 7781"
    );
    let (status, body) = refund(json!({"reference": "again"})).await;
    assert_eq!((status, error_code(&body)), (409, "not_refund_due"));

    let (status, report) = app.get_authed("/api/admin/reports/sales", &staff).await;
    assert_eq!(status, 200, "{report}");
    assert_eq!(
        report["totals"]["refunds"],
        json!({"orders": 1, "revenue": total})
    );
    let (_, dash) = app.get_authed("/api/admin/dashboard", &staff).await;
    assert_eq!(dash["today"]["refunds"]["orders"], 1, "{dash}");
    // The accountant's CSV carries the refunds in their own columns.
    let csv = app
        .client
        .get(app.url("/api/admin/reports/sales.csv"))
        .bearer_auth(&staff)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        csv.starts_with("\u{feff}date,orders,revenue,vat,average_order,refunds,refunded\n"),
        "{csv}"
    );
    let baht = format!("{}.{:02}", total / 100, total % 100);
    let last = csv.lines().last().unwrap();
    assert!(last.ends_with(&format!(",1,{baht}")), "{last} / {baht}");
}
