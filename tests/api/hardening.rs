//! Issue 15 hardening: orders a caller may not see answer exactly like missing ones, look-alike
//! and reserved usernames, space-only passwords, recovery after a failed write, (and the fuzz
//! harness lives in `fuzz.rs`).

use serde_json::{Value, json};

use crate::helpers::{PASSWORD, error_code, spawn_app};
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

async fn register(app: &crate::helpers::TestApp, username: &str, password: &str) -> (u16, Value) {
    app.post_json(
        "/api/auth/register",
        &json!({"username": username, "password": password, "name": "Somchai"}),
        None,
    )
    .await
}

/// Item 8: Thai names with their tone marks register; full-width and mathematical letters
/// fold (NFKC) onto the plain name, so they are taken; Latin mixed with Cyrillic, look-alikes
/// of existing names (UTS #39 skeletons) and the shop's reserved names are refused with clear
/// messages; a password of spaces is refused.
#[tokio::test]
async fn usernames_are_normalised_and_look_alikes_reserved_names_and_blank_passwords_refused() {
    let app = spawn_app().await;
    let (status, body) = register(&app, "ผู้ใช้ทดสอบ", PASSWORD).await;
    assert_eq!(status, 201, "Thai with tone marks: {body}");
    let (status, body) = register(&app, "boss", PASSWORD).await;
    assert_eq!(status, 201, "{body}");

    for (name, why) in [
        ("ｂｏｓｓ", "full width"),
        ("\u{1d41b}\u{1d428}\u{1d42c}\u{1d42c}", "mathematical bold"),
        ("BOSS", "upper case"),
    ] {
        let (status, body) = register(&app, name, PASSWORD).await;
        assert_eq!(
            (status, error_code(&body)),
            (409, "username_taken"),
            "{why}: {body}"
        );
    }
    // Signing in with the full-width form finds the plain account.
    let (status, body) = app
        .post_json(
            "/api/auth/login",
            &json!({"username": "ｂｏｓｓ", "password": PASSWORD}),
            None,
        )
        .await;
    assert_eq!(status, 200, "{body}");

    let (status, body) = register(&app, "b\u{43e}ss", PASSWORD).await;
    assert_eq!(
        (status, error_code(&body)),
        (400, "invalid_input"),
        "{body}"
    );
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("scripts"),
        "{body}"
    );
    for look_alike in ["b0ss", "b\u{3bf}\u{3bf}\u{3bf}"] {
        let (status, body) = register(&app, look_alike, PASSWORD).await;
        assert!(
            matches!(status, 400 | 409),
            "{look_alike:?} is refused: {status} {body}"
        );
        error_code(&body);
    }
    let (status, body) = register(&app, "b0ss", PASSWORD).await;
    assert_eq!((status, error_code(&body)), (409, "username_taken"));
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("looks too much like"),
        "{body}"
    );

    for reserved in [
        "admin",
        "Administrator",
        "root",
        "support",
        "kiosk",
        "system",
        "ad.min",
    ] {
        let (status, body) = register(&app, reserved, PASSWORD).await;
        assert_eq!(
            (status, error_code(&body)),
            (400, "username_reserved"),
            "{reserved}: {body}"
        );
    }

    let (status, body) = register(&app, "spaces", "        ").await;
    assert_eq!(
        (status, error_code(&body)),
        (400, "weak_password"),
        "{body}"
    );
    let (status, body) = register(&app, "common", "password123").await;
    assert_eq!(
        (status, error_code(&body)),
        (400, "weak_password"),
        "{body}"
    );
    let (status, body) = register(&app, "spaced", "  a sofa  ").await;
    assert_eq!(
        status, 201,
        "spaces inside a real password are fine: {body}"
    );
}

/// Item 5: a write that fails like a full disk (the file backend answers ENOSPC, so redb
/// poisons itself exactly as on a real full disk) breaks writes only while the disk is full:
/// once space is back, the store reopens the file and writes work again without a restart,
/// with everything committed before still there. Meanwhile `/api/health` names the problem.
#[tokio::test]
async fn a_full_disk_is_survived_without_a_restart() {
    let app = spawn_app().await;
    let who = shopper(&app, "full-disk").await;
    let item = product(&app, |p| plain(p) && p.stock >= 5);
    add(&app, &who, &item.code, 1).await;

    app.state.store.simulate_full_disk(true);
    let cart_add = json!({"id": who.id, "code": item.code, "qty": 1});
    let (status, body) = app
        .post_json("/api/app/cart/add", &cart_add, Some(&who.token))
        .await;
    assert_eq!(
        (status, error_code(&body)),
        (507, "storage_full"),
        "a full disk is said as such (issue 29): {body}"
    );
    // While the disk stays full, every write fails and health says why.
    let (status, body) = app
        .post_json("/api/app/cart/add", &cart_add, Some(&who.token))
        .await;
    assert!(status >= 500, "{status} {body}");
    let (status, health) = app.get_json("/api/health").await;
    assert_eq!(
        (status, error_code(&health)),
        (503, "storage_full"),
        "{health}"
    );

    app.state.store.simulate_full_disk(false);
    let (status, health) = app.get_json("/api/health").await;
    assert_eq!(status, 200, "space is back: {health}");
    let (status, body) = app
        .post_json("/api/app/cart/add", &cart_add, Some(&who.token))
        .await;
    assert_eq!(status, 200, "writes work again without a restart: {body}");
    let (status, cart) = app
        .get_authed(&format!("/api/app/cart/get/{}", who.id), &who.token)
        .await;
    assert_eq!(status, 200, "{cart}");
    assert_eq!(
        cart["cart"]["lines"][0]["qty"], 2,
        "the line added before the failure is kept, the failed adds left no trace: {cart}"
    );
    // Registration and sign-in (other tables) write too.
    let (status, body) = register(&app, "after-full-disk", PASSWORD).await;
    assert_eq!(status, 201, "{body}");
}
