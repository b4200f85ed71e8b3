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
    json!({"name": "บริษัท สยามเฟอร์นิเจอร์ จำกัด", "taxId": "0105561234560", "branch": "00001",
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
    // The account had no address: the one given at checkout is kept for next time.
    let (_, me) = app.get_authed("/api/auth/user", &buyer.token).await;
    assert_eq!(me["data"]["userInfo"]["email"], "malee@example.com");
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

use crate::standins::{LineStandIn, SmtpStandIn};

async fn wait_sent(app: &TestApp, staff: &str, id: u64, count: usize) -> Vec<Value> {
    for _ in 0..200 {
        let all = messages(app, staff, id).await;
        if all.iter().filter(|m| m["status"] == "sent").count() >= count {
            return all;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    messages(app, staff, id).await
}

#[tokio::test]
async fn each_event_sends_one_mail_in_the_shoppers_language_and_alerts_the_shop() {
    let smtp = SmtpStandIn::start().await;
    let line = LineStandIn::start().await;
    let app = spawn_app_with(|c| with_channels(c, smtp.port, &line.base)).await;
    let staff = app.token("clerk", "admin").await;
    let buyer = shopper(&app, "malee").await;
    let item = product(&app, plain);
    add(&app, &buyer, &item.code, 1).await;
    let (status, placed) = app
        .json(
            app.client
                .post(app.url("/api/app/order/place"))
                .bearer_auth(&buyer.token)
                .header("kcard", "kiosk-2")
                .json(&json!({"id": buyer.id, "address": crate::orders::address(), "payment": "promptpay",
                              "idempotencyKey": uuid::Uuid::new_v4().to_string(), "lang": "th",
                              "email": "malee@example.com", "vatInfo": vat_info()})),
        )
        .await;
    assert_eq!(status, 201, "{placed}");
    let order = &placed["order"];
    let (id, number) = (
        order["id"].as_u64().unwrap(),
        order["number"].as_str().unwrap().to_string(),
    );
    let thai_name = item.name.get(kiosk::i18n::Locale::Th).to_string();

    let mails = smtp.wait_for(2, 10).await;
    assert_eq!(mails.len(), 2, "{mails:#?}");
    let to_shopper = mails
        .iter()
        .find(|m| m.rcpt_to == ["malee@example.com"])
        .unwrap();
    assert_eq!(to_shopper.subject, format!("ได้รับคำสั่งซื้อ {number}"));
    assert!(to_shopper.text.contains(&thai_name), "{}", to_shopper.text);
    assert!(to_shopper.text.contains("พร้อมเพย์"), "{}", to_shopper.text);
    assert!(to_shopper.html.contains(&format!("/th/user/order?id={id}")));
    assert!(
        to_shopper.message_id.starts_with("orderPlaced."),
        "{}",
        to_shopper.message_id
    );
    let to_shop = mails
        .iter()
        .find(|m| m.rcpt_to == ["owner@kiosk.test"])
        .unwrap();
    assert!(to_shop.subject.contains(&number), "{}", to_shop.subject);
    let pushes = line.wait_for(1, 10).await;
    assert_eq!(pushes.len(), 1);
    assert_eq!(pushes[0].authorization, "Bearer line-test-token");
    assert_eq!(pushes[0].body["to"], "C0123456789abcdef");
    let text = pushes[0].body["messages"][0]["text"].as_str().unwrap();
    assert!(
        text.contains(&number) && text.contains("kiosk-2") && text.contains('฿'),
        "{text}"
    );
    assert_eq!(
        uuid::Uuid::parse_str(&pushes[0].retry_key)
            .unwrap()
            .get_version_num(),
        4
    );

    // Paid: the receipt and the tax invoice go with the mail.
    let paid = set_status(&app, &staff, id, "paid").await;
    let invoice = paid["documents"]["taxInvoice"]["number"]
        .as_str()
        .unwrap()
        .to_string();
    let mails = smtp.wait_for(4, 10).await;
    let receipt_mail = mails
        .iter()
        .find(|m| m.rcpt_to == ["malee@example.com"] && m.subject.contains("ชำระเงิน"))
        .unwrap_or_else(|| panic!("{mails:#?}"));
    let names: Vec<&str> = receipt_mail
        .attachments
        .iter()
        .map(|(n, _)| n.as_str())
        .collect();
    assert_eq!(
        names,
        vec![
            format!("receipt-{number}.pdf"),
            format!("tax-invoice-{invoice}.pdf")
        ]
    );
    assert!(
        receipt_mail
            .attachments
            .iter()
            .all(|(_, bytes)| bytes.starts_with(b"%PDF"))
    );

    set_status(&app, &staff, id, "preparing").await;
    set_status(&app, &staff, id, "shipped").await;
    let mails = smtp.wait_for(5, 10).await;
    assert!(mails[4].text.contains("TH0123456789"), "{}", mails[4].text);
    assert!(mails[4].subject.contains("จัดส่ง"), "{}", mails[4].subject);
    set_status(&app, &staff, id, "delivered").await;
    let mails = smtp.wait_for(6, 10).await;
    assert!(mails[5].subject.contains("รีวิว"), "{}", mails[5].subject);

    // Exactly one message per event, channel and reader; all recorded as sent.
    let all = wait_sent(&app, &staff, id, 8).await;
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    assert_eq!(smtp.messages().len(), 6);
    assert_eq!(line.pushes().len(), 2);
    assert_eq!(all.len(), 8);
    assert!(
        all.iter()
            .all(|m| m["status"] == "sent" && m["attempts"] == 1),
        "{all:#?}"
    );
}

#[tokio::test]
async fn mail_waits_while_the_mail_server_is_down_and_goes_out_once_it_is_back() {
    let mut smtp = SmtpStandIn::stopped().await;
    let line = LineStandIn::start().await;
    line.fail_next(2);
    let app = spawn_app_with(|c| with_channels(c, smtp.port, &line.base)).await;
    let staff = app.token("clerk", "admin").await;
    let buyer = shopper(&app, "patient").await;
    let order = order_for(
        &app,
        &buyer,
        json!({"email": "patient@example.com", "lang": "en"}),
    )
    .await;
    let id = order["id"].as_u64().unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(2500)).await;
    let waiting = messages(&app, &staff, id).await;
    let mail = waiting.iter().find(|m| m["audience"] == "shopper").unwrap();
    assert_eq!(mail["status"], "pending", "{mail}");
    assert!(mail["attempts"].as_u64().unwrap() >= 1, "{mail}");
    assert!(!mail["lastError"].as_str().unwrap().is_empty(), "{mail}");
    assert!(mail["nextAt"].as_u64().is_some());

    smtp.resume().await;
    let mails = smtp.wait_for(2, 30).await;
    assert_eq!(mails.len(), 2, "{mails:#?}");
    assert_eq!(
        mails
            .iter()
            .filter(|m| m.rcpt_to == ["patient@example.com"])
            .count(),
        1
    );
    // LINE answered 500 twice; the third try went through, once.
    let pushes = line.wait_for(1, 30).await;
    assert_eq!(pushes.len(), 1);
    let all = wait_sent(&app, &staff, id, 3).await;
    assert!(all.iter().all(|m| m["status"] == "sent"), "{all:#?}");
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    assert_eq!(smtp.messages().len(), 2);
}

/// The real binary, killed with SIGKILL after the order was acknowledged but before its mail
/// could go out, sends that mail exactly once after the restart.
#[tokio::test]
async fn a_kill_9_between_the_event_and_the_send_sends_the_mail_once() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};

    let mut smtp = SmtpStandIn::stopped().await;
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("config.toml"),
        format!(
            "listen = \"127.0.0.1:0\"\ndata_dir = \"data\"\n[notifications]\nretry_secs = 1\n[notifications.email]\nsmtp_host = \"127.0.0.1\"\nsmtp_port = {}\ntls = \"none\"\nfrom = \"Kiosk <shop@kiosk.test>\"\n",
            smtp.port
        ),
    )
    .unwrap();
    let start = || {
        let mut command = Command::new(env!("CARGO_BIN_EXE_kiosk"));
        command
            .current_dir(dir.path())
            .arg("serve")
            .env_remove("RUST_LOG")
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        for (key, _) in std::env::vars() {
            if key.starts_with("KIOSK_") {
                command.env_remove(key);
            }
        }
        let mut child = command.spawn().expect("kiosk starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let address = line
            .trim()
            .strip_prefix("listening on ")
            .unwrap()
            .to_string();
        (child, address)
    };
    let http = reqwest::Client::new();
    let (mut server, base) = start();
    let registered: Value = http
        .post(format!("{base}/api/auth/register"))
        .json(
            &json!({"username": "durable-mail", "password": "teak-sofa-42", "name": "Durable",
                      "email": "durable@example.com"}),
        )
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let token = registered["token"].as_str().unwrap().to_string();
    let me: Value = http
        .get(format!("{base}/api/auth/user"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let user_id = me["data"]["id"].as_u64().unwrap();
    let code = crate::variants_money::listed_without_options(&http, &base, 1).await["code"]
        .as_str()
        .unwrap()
        .to_string();
    let added = http
        .post(format!("{base}/api/app/cart/add"))
        .bearer_auth(&token)
        .json(&json!({"id": user_id, "code": code, "qty": 1}))
        .send()
        .await
        .unwrap();
    assert_eq!(added.status(), 200);
    let placed = http
        .post(format!("{base}/api/app/order/place"))
        .bearer_auth(&token)
        .json(
            &json!({"id": user_id, "address": crate::orders::address(), "payment": "promptpay",
                      "idempotencyKey": "kill-nine-mail-1", "lang": "en"}),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(placed.status(), 201);
    let placed: Value = placed.json().await.unwrap();
    let number = placed["order"]["number"].as_str().unwrap().to_string();
    // The mail server is down: the message waits in the outbox. Kill the shop hard.
    server.kill().unwrap();
    server.wait().unwrap();
    assert!(smtp.messages().is_empty());

    smtp.resume().await;
    let (mut server, _base) = start();
    let mails = smtp.wait_for(1, 20).await;
    tokio::time::sleep(std::time::Duration::from_millis(2000)).await;
    let mails_after = smtp.messages();
    let _ = server.kill();
    let _ = server.wait();
    assert_eq!(mails.len(), 1, "{mails:#?}");
    assert_eq!(mails_after.len(), 1, "sent again: {mails_after:#?}");
    assert_eq!(mails[0].rcpt_to, ["durable@example.com"]);
    assert!(mails[0].subject.contains(&number), "{}", mails[0].subject);

    // A second restart sends nothing more: the send was recorded.
    let (mut server, _base) = start();
    tokio::time::sleep(std::time::Duration::from_millis(2000)).await;
    let _ = server.kill();
    let _ = server.wait();
    assert_eq!(smtp.messages().len(), 1);
}

fn pdftotext(pdf: &[u8]) -> Option<String> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("doc.pdf");
    std::fs::write(&path, pdf).unwrap();
    let out = std::process::Command::new("pdftotext")
        .args([path.to_str().unwrap(), "-"])
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

async fn fetch_pdf(app: &TestApp, token: &str, path: &str) -> (u16, String, Vec<u8>) {
    let response = app
        .client
        .get(app.url(path))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    let kind = response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    (status, kind, response.bytes().await.unwrap().to_vec())
}

#[tokio::test]
async fn receipts_and_tax_invoices_go_to_their_shopper_and_staff_only_once_paid() {
    let app = spawn_app().await;
    let staff = app.token("clerk", "admin").await;
    let buyer = shopper(&app, "somsri").await;
    let stranger = shopper(&app, "stranger").await;
    let order = order_for(&app, &buyer, json!({"vatInfo": vat_info(), "lang": "th"})).await;
    let id = order["id"].as_u64().unwrap();
    let receipt = format!("/api/app/order/{id}/receipt.pdf");
    let invoice = format!("/api/app/order/{id}/tax-invoice.pdf");
    // Not paid yet: there is nothing to print.
    for path in [&receipt, &invoice] {
        let (status, _, _) = fetch_pdf(&app, &buyer.token, path).await;
        assert_eq!(status, 404, "{path}");
    }
    let paid = set_status(&app, &staff, id, "paid").await;
    let number = paid["documents"]["taxInvoice"]["number"]
        .as_str()
        .unwrap()
        .to_string();
    for token in [&buyer.token, &staff] {
        for path in [&receipt, &invoice] {
            let (status, kind, bytes) = fetch_pdf(&app, token, path).await;
            assert_eq!((status, kind.as_str()), (200, "application/pdf"), "{path}");
            assert!(bytes.starts_with(b"%PDF"));
        }
    }
    for path in [&receipt, &invoice] {
        let (status, _, _) = fetch_pdf(&app, &stranger.token, path).await;
        assert_eq!(status, 404, "a stranger learns nothing of {path}");
    }
    let (status, _, _) = fetch_pdf(
        &app,
        &buyer.token,
        &format!("/api/app/order/{id}/credit-note.pdf"),
    )
    .await;
    assert_eq!(status, 404);
    let (_, _, pdf) = fetch_pdf(&app, &buyer.token, &invoice).await;
    if let Some(text) = pdftotext(&pdf) {
        let (_, stored) = app
            .get_authed(&format!("/api/app/order/get/{id}"), &buyer.token)
            .await;
        let name = stored["order"]["lines"][0]["name"]["th"].as_str().unwrap();
        for needed in [
            number.as_str(),
            "ใบกำกับภาษี",
            "0105551234567",
            "0105561234560",
            name,
        ] {
            assert!(text.contains(needed), "{needed:?} not in {text}");
        }
    }
    // An order without tax details has a receipt but no tax invoice.
    let plain_order = order_for(&app, &buyer, json!({})).await;
    let plain_id = plain_order["id"].as_u64().unwrap();
    set_status(&app, &staff, plain_id, "paid").await;
    let (status, _, _) = fetch_pdf(
        &app,
        &buyer.token,
        &format!("/api/app/order/{plain_id}/tax-invoice.pdf"),
    )
    .await;
    assert_eq!(status, 404);
    let (status, _, _) = fetch_pdf(
        &app,
        &buyer.token,
        &format!("/api/app/order/{plain_id}/receipt.pdf"),
    )
    .await;
    assert_eq!(status, 200);
    // Cancelling the invoiced order issues the credit note.
    set_status(&app, &staff, id, "cancelled").await;
    let (status, kind, pdf) = fetch_pdf(
        &app,
        &buyer.token,
        &format!("/api/app/order/{id}/credit-note.pdf"),
    )
    .await;
    assert_eq!((status, kind.as_str()), (200, "application/pdf"));
    if let Some(text) = pdftotext(&pdf) {
        assert!(
            text.contains("ใบลดหนี้") && text.contains(&number) && text.contains("CN-000001"),
            "{text}"
        );
    }
}

#[tokio::test]
async fn a_rejected_slip_a_cancellation_and_a_reset_link_each_send_their_mail() {
    let smtp = SmtpStandIn::start().await;
    let app = spawn_app_with(|c| with_channels(c, smtp.port, "http://127.0.0.1:9")).await;
    let staff = app.token("clerk", "admin").await;
    let buyer = shopper(&app, "napat").await;
    let order = order_for(
        &app,
        &buyer,
        json!({"email": "napat@example.com", "lang": "id", "vatInfo": vat_info()}),
    )
    .await;
    let (id, number) = (
        order["id"].as_u64().unwrap(),
        order["number"].as_str().unwrap().to_string(),
    );
    smtp.wait_for(2, 10).await;

    // A slip staff reject: the shopper reads the reason, in Indonesian.
    let slip = crate::admin_images::jpeg_with_exif(120, 80);
    let (content_type, body) = crate::admin_images::form(&[("slip.jpg", "image/jpeg", &slip)]);
    let uploaded = app
        .client
        .post(app.url(&format!("/api/app/order/{id}/proof")))
        .bearer_auth(&buyer.token)
        .header("content-type", content_type)
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(uploaded.status(), 201);
    let (status, answer) = app
        .post_json(
            &format!("/api/admin/order/{id}/proof/reject"),
            &json!({"reason": "the amount on the slip is ฿100 short"}),
            Some(&staff),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    let mails = smtp.wait_for(3, 10).await;
    let rejected = &mails[2];
    assert_eq!(rejected.rcpt_to, ["napat@example.com"]);
    assert!(
        rejected.subject.contains(&number) && rejected.subject.contains("bukti"),
        "{}",
        rejected.subject
    );
    assert!(rejected.text.contains("฿100 short"), "{}", rejected.text);

    // Paid, then cancelled: the cancellation carries the credit note.
    set_status(&app, &staff, id, "paid").await;
    let cancelled = set_status(&app, &staff, id, "cancelled").await;
    let note = cancelled["documents"]["creditNote"]["number"]
        .as_str()
        .unwrap()
        .to_string();
    let mails = smtp.wait_for(7, 10).await;
    let to_shopper: Vec<_> = mails
        .iter()
        .filter(|m| m.rcpt_to == ["napat@example.com"])
        .collect();
    let cancel_mail = to_shopper.last().unwrap();
    assert!(
        cancel_mail.subject.contains("dibatalkan"),
        "{}",
        cancel_mail.subject
    );
    assert!(
        cancel_mail.text.contains("the shopper phoned to cancel"),
        "{}",
        cancel_mail.text
    );
    let names: Vec<&str> = cancel_mail
        .attachments
        .iter()
        .map(|(n, _)| n.as_str())
        .collect();
    assert_eq!(names, vec![format!("credit-note-{note}.pdf")]);

    // A reset link staff make goes to the account's address; the link leaves the database once sent.
    let local = app.token("forgetful", "user").await;
    let (_, me) = app.get_authed("/api/auth/user", &local).await;
    let user_id = me["data"]["id"].as_u64().unwrap();
    app.client
        .put(app.url("/api/auth/userInfo"))
        .bearer_auth(&local)
        .json(&json!({"addInfo": [], "email": "forgetful@example.com"}))
        .send()
        .await
        .unwrap();
    let before = smtp.messages().len();
    let (status, reset) = app
        .post_json(
            &format!("/api/admin/customers/{user_id}/password-reset"),
            &json!({}),
            Some(&staff),
        )
        .await;
    assert_eq!(status, 200, "{reset}");
    assert_eq!(reset["emailedTo"], "forgetful@example.com");
    assert!(reset.get("url").is_none(), "staff never see the link");
    let mails = smtp.wait_for(before + 1, 10).await;
    let reset_mail = mails.last().unwrap();
    assert_eq!(reset_mail.rcpt_to, ["forgetful@example.com"]);
    assert!(
        reset_mail.text.contains("/user/login?reset="),
        "{}",
        reset_mail.text
    );
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let stored: Vec<String> = app
        .state
        .store
        .read(|txn| kiosk::outbox::OUTBOX_ID_TO_MESSAGE.read(txn)?.values())
        .unwrap()
        .into_iter()
        .filter(|m| m.event == kiosk::outbox::Event::PasswordReset)
        .map(|m| format!("{:?} {:?}", m.status, m.note))
        .collect();
    assert_eq!(stored, vec!["Sent None".to_string()]);
}
