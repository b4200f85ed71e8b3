//! Telling people: every order event writes its messages in its own transaction (one per
//! channel and audience, never twice), the sender delivers them to a real SMTP and LINE
//! stand-in on loopback with retries, a kill -9 between the event and the send loses nothing
//! and sends once; tax invoice numbers stay gapless under concurrent payments; the receipt,
//! tax invoice and credit note are served to their shopper and staff only.

use serde_json::{Value, json};

use crate::helpers::{TestApp, error_code, spawn_app, spawn_app_with};
use crate::orders::{Shopper, add, place, plain, product, shopper};
use kiosk::config::{Config, SmtpTls};

/// Turns e-mail (to `smtp_port` on loopback) and LINE (to `line_base`) on.
pub(crate) fn with_channels(config: &mut Config, smtp_port: u16, line_base: &str) {
    let email = &mut config.notifications.email;
    email.smtp_host = "127.0.0.1".into();
    email.smtp_port = smtp_port;
    email.tls = SmtpTls::None;
    email.from = "Kiosk Furniture <shop@kiosk.test>".into();
    email.shop_to = "owner@kiosk.test".into();
    let line = &mut config.notifications.line;
    line.channel_access_token = kiosk::config::SecretKey::new("line-test-token");
    line.to = "C0123456789abcdef".into();
    line.api_base = line_base.into();
    config.notifications.retry_secs = 1;
}

/// A port nothing listens on (bound, then released).
pub(crate) fn closed_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

pub(crate) fn vat_info() -> Value {
    json!({"name": "บริษัท สยามเฟอร์นิเจอร์ จำกัด", "taxId": "0105561234561", "branch": "00001",
           "address": "88 ถนนพระราม 4 แขวงคลองเตย เขตคลองเตย กรุงเทพฯ 10110"})
}

pub(crate) async fn order_for(app: &TestApp, who: &Shopper, extra: Value) -> Value {
    let item = product(app, plain);
    add(app, who, &item.code, 1).await;
    let (status, body) = place(app, who, extra).await;
    assert_eq!(status, 201, "{body}");
    body["order"].clone()
}

pub(crate) async fn set_status(app: &TestApp, staff: &str, id: u64, status: &str) -> Value {
    let body = match status {
        "shipped" => json!({"status": status, "carrier": "kerry", "tracking": "TH0123456789"}),
        "cancelled" => json!({"status": status, "reason": "the shopper phoned to cancel"}),
        _ => json!({ "status": status }),
    };
    let (code, answer) = app
        .post_json(&format!("/api/admin/order/{id}/status"), &body, Some(staff))
        .await;
    assert_eq!(code, 200, "{answer}");
    answer["order"].clone()
}

pub(crate) async fn messages(app: &TestApp, staff: &str, id: u64) -> Vec<Value> {
    let (status, body) = app
        .get_authed(&format!("/api/admin/order/{id}/notifications"), staff)
        .await;
    assert_eq!(status, 200, "{body}");
    body["notifications"].as_array().unwrap().clone()
}

fn kinds(messages: &[Value]) -> Vec<String> {
    let mut out: Vec<String> = messages
        .iter()
        .map(|m| {
            format!(
                "{} {} {}",
                m["event"].as_str().unwrap(),
                m["channel"].as_str().unwrap(),
                m["audience"].as_str().unwrap()
            )
        })
        .collect();
    out.sort();
    out
}

#[tokio::test]
async fn each_event_writes_its_messages_once() {
    let port = closed_port();
    let app = spawn_app_with(|c| with_channels(c, port, "http://127.0.0.1:9")).await;
    let staff = app.token("clerk", "admin").await;
    let buyer = shopper(&app, "malee").await;
    let key = uuid::Uuid::new_v4().to_string();
    let order = order_for(
        &app,
        &buyer,
        json!({"email": "malee@example.com", "lang": "th", "idempotencyKey": key}),
    )
    .await;
    let id = order["id"].as_u64().unwrap();
    assert_eq!(order["email"], "malee@example.com");
    assert_eq!(
        kinds(&messages(&app, &staff, id).await),
        vec![
            "orderPlaced email shop",
            "orderPlaced email shopper",
            "orderPlaced line shop"
        ]
    );
    // The same checkout sent again answers the first order and writes nothing new.
    let (status, again) = place(&app, &buyer, json!({"idempotencyKey": key})).await;
    assert_eq!(
        (status, &again["order"]["id"]),
        (200, &json!(id)),
        "{again}"
    );
    assert_eq!(messages(&app, &staff, id).await.len(), 3);

    set_status(&app, &staff, id, "paid").await;
    set_status(&app, &staff, id, "preparing").await;
    set_status(&app, &staff, id, "shipped").await;
    set_status(&app, &staff, id, "delivered").await;
    let all = messages(&app, &staff, id).await;
    assert_eq!(
        kinds(&all),
        vec![
            "orderDelivered email shopper",
            "orderPaid email shop",
            "orderPaid email shopper",
            "orderPaid line shop",
            "orderPlaced email shop",
            "orderPlaced email shopper",
            "orderPlaced line shop",
            "orderShipped email shopper",
        ]
    );
    for message in &all {
        if message["audience"] == "shopper" {
            assert_eq!(message["to"], "malee@example.com");
        } else {
            assert_eq!(message["to"], "");
        }
    }
    // Staff cannot re-send a message of another order, and a shopper cannot see them.
    let (status, body) = app
        .post_json(
            &format!("/api/admin/order/{}/notifications/999999/retry", id),
            &json!({}),
            Some(&staff),
        )
        .await;
    assert_eq!((status, error_code(&body)), (404, "not_found"), "{body}");
    let (status, _) = app
        .get_authed(
            &format!("/api/admin/order/{id}/notifications"),
            &buyer.token,
        )
        .await;
    assert_eq!(status, 403);
}

#[tokio::test]
async fn no_channel_configured_writes_no_messages_and_an_account_address_is_used() {
    let app = spawn_app().await;
    let staff = app.token("clerk", "admin").await;
    let buyer = shopper(&app, "quiet").await;
    let (status, body) = app
        .json(
            app.client
                .put(app.url("/api/auth/userInfo"))
                .bearer_auth(&buyer.token)
                .json(&json!({"addInfo": [], "email": "not-an-address"})),
        )
        .await;
    assert_eq!(
        (status, error_code(&body)),
        (400, "invalid_input"),
        "{body}"
    );
    let (status, info) = app
        .json(
            app.client
                .put(app.url("/api/auth/userInfo"))
                .bearer_auth(&buyer.token)
                .json(&json!({"addInfo": [], "email": " quiet@example.com "})),
        )
        .await;
    assert_eq!(status, 200, "{info}");
    assert_eq!(info["userInfo"]["email"], "quiet@example.com");
    let order = order_for(&app, &buyer, json!({})).await;
    assert_eq!(order["email"], "quiet@example.com");
    let id = order["id"].as_u64().unwrap();
    assert!(messages(&app, &staff, id).await.is_empty());
    // A bad address at checkout is refused, naming the field.
    let item = product(&app, plain);
    add(&app, &buyer, &item.code, 1).await;
    let (status, body) = place(&app, &buyer, json!({"email": "a@b"})).await;
    assert_eq!(
        (status, error_code(&body)),
        (400, "invalid_input"),
        "{body}"
    );
    assert!(
        body["error"]["message"].as_str().unwrap().contains("email"),
        "{body}"
    );
}

#[tokio::test]
async fn tax_invoice_numbers_stay_gapless_under_32_concurrent_payments() {
    let app = spawn_app().await;
    let staff = app.token("clerk", "admin").await;
    let mut ids = Vec::new();
    for n in 0..40 {
        let buyer = shopper(&app, &format!("buyer{n}")).await;
        // Every fifth shopper wants no tax invoice: those payments take no number.
        let extra = if n % 5 == 4 {
            json!({})
        } else {
            json!({ "vatInfo": vat_info() })
        };
        let order = order_for(&app, &buyer, extra).await;
        ids.push(order["id"].as_u64().unwrap());
    }
    let mut tasks = Vec::new();
    for id in ids.iter().copied().take(32) {
        let (client, url, staff) = (
            app.client.clone(),
            app.url(&format!("/api/admin/order/{id}/status")),
            staff.clone(),
        );
        tasks.push(tokio::spawn(async move {
            client
                .post(url)
                .bearer_auth(staff)
                .json(&json!({"status": "paid"}))
                .send()
                .await
                .unwrap()
                .status()
                .as_u16()
        }));
    }
    // Paying an order twice is refused and must not use up a number either.
    for id in ids.iter().copied().take(4) {
        let (client, url, staff) = (
            app.client.clone(),
            app.url(&format!("/api/admin/order/{id}/status")),
            staff.clone(),
        );
        tasks.push(tokio::spawn(async move {
            client
                .post(url)
                .bearer_auth(staff)
                .json(&json!({"status": "paid"}))
                .send()
                .await
                .unwrap()
                .status()
                .as_u16()
        }));
    }
    let mut statuses = Vec::new();
    for task in tasks {
        statuses.push(task.await.unwrap());
    }
    assert_eq!(
        statuses.iter().filter(|s| **s == 200).count(),
        32,
        "{statuses:?}"
    );
    let mut numbers = Vec::new();
    for id in ids.iter().take(32) {
        let (_, body) = app
            .get_authed(&format!("/api/app/order/get/{id}"), &staff)
            .await;
        let order = &body["order"];
        match order["documents"]["taxInvoice"]["number"].as_str() {
            Some(number) => {
                assert!(order["vatInfo"].is_object());
                numbers.push(number.to_string());
            }
            None => assert!(order["vatInfo"].is_null(), "{order}"),
        }
    }
    numbers.sort();
    let expected: Vec<String> = (1..=numbers.len()).map(|n| format!("INV-{n:06}")).collect();
    assert_eq!(numbers, expected);
    assert_eq!(numbers.len(), 26);
    // Cancelling an invoiced order issues the first credit note; an uninvoiced one none.
    let cancelled = set_status(&app, &staff, ids[0], "cancelled").await;
    assert_eq!(cancelled["documents"]["creditNote"]["number"], "CN-000001");
    let cancelled = set_status(&app, &staff, ids[4], "cancelled").await;
    assert!(
        cancelled["documents"]["creditNote"].is_null(),
        "{cancelled}"
    );
}
