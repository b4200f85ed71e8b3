//! Mail and papers in the shop's own words (issue 35, items 4 and 5): a word the owner edits on
//! /admin/translations is in the next mail and the next receipt; Thai mail and receipts date in
//! the Buddhist era; every shopper's order mail carries a signed unsubscribe link (header and
//! footer) that turns the next order mail off without signing in; the staff preview answers a
//! sample mail and receipt per language to `settings.write` only.

use std::time::Duration;

use serde_json::{Value, json};

use crate::helpers::{TestApp, error_code, spawn_app, spawn_app_with};
use crate::notifications::{messages, set_status, with_channels};
use crate::orders::{add, place, plain, product, shopper};
use crate::standins::{LineStandIn, ReceivedMail, SmtpStandIn};

async fn edit(app: &TestApp, staff: &str, key: &str, th: &str) {
    let (status, body) = app
        .json(
            app.client
                .put(app.url("/api/admin/translations"))
                .bearer_auth(staff)
                .json(&json!({"key": key, "texts": {"th": th}})),
        )
        .await;
    assert_eq!(status, 200, "{body}");
}

fn pdf_text(pdf: &[u8]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("doc.pdf");
    std::fs::write(&path, pdf).unwrap();
    let out = std::process::Command::new("pdftotext")
        .args(["-layout", path.to_str().unwrap(), "-"])
        .output()
        .expect("pdftotext (poppler-utils) is installed");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A header of the raw message, unfolded.
fn header(mail: &ReceivedMail, name: &str) -> Option<String> {
    let raw = String::from_utf8_lossy(&mail.raw);
    let head = raw.split("\r\n\r\n").next().unwrap_or_default();
    let unfolded = head.replace("\r\n ", " ").replace("\r\n\t", " ");
    unfolded.lines().find_map(|line| {
        let (key, value) = line.split_once(':')?;
        key.eq_ignore_ascii_case(name)
            .then(|| value.trim().to_string())
    })
}

fn this_year() -> i32 {
    time::OffsetDateTime::now_utc()
        .to_offset(time::macros::offset!(+7))
        .year()
}

async fn place_thai(app: &TestApp, buyer: &crate::orders::Shopper) -> Value {
    let item = product(app, plain);
    add(app, buyer, &item.code, 1).await;
    let (status, placed) = place(
        app,
        buyer,
        json!({"email": "malee@example.com", "lang": "th", "payment": "promptpay",
               "idempotencyKey": uuid::Uuid::new_v4().to_string()}),
    )
    .await;
    assert_eq!(status, 201, "{placed}");
    placed["order"].clone()
}

fn to_shopper(mails: &[ReceivedMail]) -> Vec<&ReceivedMail> {
    mails
        .iter()
        .filter(|m| m.rcpt_to == ["malee@example.com"])
        .collect()
}

#[tokio::test]
async fn an_edited_word_reaches_the_next_mail_and_receipt_dated_in_the_buddhist_era() {
    let smtp = SmtpStandIn::start().await;
    let line = LineStandIn::start().await;
    let app = spawn_app_with(|c| with_channels(c, smtp.port, &line.base)).await;
    let staff = app.token("owner", "admin").await;
    edit(&app, &staff, "mail.viewOrder", "เปิดดูคำสั่งซื้อของท่าน").await;
    edit(&app, &staff, "paper.receipt", "ใบเสร็จรับเงินของร้านเรา").await;

    let buyer = shopper(&app, "malee").await;
    let order = place_thai(&app, &buyer).await;
    let id = order["id"].as_u64().unwrap();
    let mails = smtp.wait_for(2, 10).await;
    let placed = to_shopper(&mails)[0];
    assert!(placed.text.contains("เปิดดูคำสั่งซื้อของท่าน"), "{}", placed.text);
    assert!(placed.html.contains("เปิดดูคำสั่งซื้อของท่าน"));
    // The order's date in the Thai mail: Buddhist era, Thai month.
    let be = (this_year() + 543).to_string();
    assert!(placed.text.contains(&format!(" {be} ")), "{}", placed.text);
    assert!(
        !placed.text.contains(&format!(" {} ", this_year())),
        "{}",
        placed.text
    );

    set_status(&app, &staff, id, "paid").await;
    let mails = smtp.wait_for(4, 10).await;
    let paid = to_shopper(&mails)
        .into_iter()
        .find(|m| !m.attachments.is_empty())
        .unwrap_or_else(|| panic!("{mails:#?}"));
    let receipt = pdf_text(&paid.attachments[0].1);
    assert!(receipt.contains("ใบเสร็จรับเงินของร้านเรา"), "{receipt}");
    assert!(receipt.contains(&be), "{receipt}");

    if let Ok(dir) = std::env::var("KIOSK_MAIL_OUT") {
        std::fs::write(format!("{dir}/thai-paid.html"), &paid.html).unwrap();
        std::fs::write(format!("{dir}/thai-paid.eml"), &paid.raw).unwrap();
    }
}

#[tokio::test]
async fn the_unsubscribe_link_stops_the_next_order_mail_without_signing_in() {
    let smtp = SmtpStandIn::start().await;
    let line = LineStandIn::start().await;
    let app = spawn_app_with(|c| with_channels(c, smtp.port, &line.base)).await;
    let staff = app.token("owner", "admin").await;
    let buyer = shopper(&app, "malee").await;
    let order = place_thai(&app, &buyer).await;
    let id = order["id"].as_u64().unwrap();
    let mails = smtp.wait_for(2, 10).await;
    let placed = to_shopper(&mails)[0];
    assert!(header(placed, "Date").is_some(), "a Date header");
    assert_eq!(
        header(placed, "List-Unsubscribe-Post").as_deref(),
        Some("List-Unsubscribe=One-Click")
    );
    let link = header(placed, "List-Unsubscribe").expect("List-Unsubscribe");
    let url = link.trim_start_matches('<').trim_end_matches('>');
    let path = &url[url.find("/api/mail/unsubscribe").expect(url)..];
    assert!(placed.text.contains(url), "the footer has the same link");
    // The shop's own alert has none.
    let to_shop = mails
        .iter()
        .find(|m| m.rcpt_to == ["owner@kiosk.test"])
        .unwrap();
    assert!(header(to_shop, "List-Unsubscribe").is_none());

    // A forged link is refused; following the link (GET) shows a button and turns nothing off.
    let forged = path.replacen("t=u", "t=u9", 1);
    let answer = app.client.post(app.url(&forged)).send().await.unwrap();
    assert_eq!(answer.status(), 400);
    let page = app.client.get(app.url(path)).send().await.unwrap();
    assert_eq!(page.status(), 200);
    let page = page.text().await.unwrap();
    assert!(page.contains("<form method=\"post\""), "{page}");
    assert!(page.contains("หยุดรับอีเมลคำสั่งซื้อ"), "{page}");

    // The mail client's one-click request: no token, no cookie.
    let done = app
        .client
        .post(app.url(path))
        .header("content-type", "application/x-www-form-urlencoded")
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .unwrap();
    assert_eq!(done.status(), 200);

    // The next event mails the shop, not the shopper.
    set_status(&app, &staff, id, "paid").await;
    let mails = smtp.wait_for(3, 10).await;
    assert_eq!(mails.last().unwrap().rcpt_to, ["owner@kiosk.test"]);
    for _ in 0..100 {
        let all = messages(&app, &staff, id).await;
        let shopper_paid = all.iter().find(|m| {
            m["event"] == "orderPaid" && m["audience"] == "shopper" && m["channel"] == "email"
        });
        if shopper_paid.is_some_and(|m| m["status"] != "pending") {
            assert_ne!(shopper_paid.unwrap()["status"], "sent", "{all:#?}");
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(to_shopper(&smtp.messages()).len(), 1, "only the first mail");
}

#[tokio::test]
async fn the_preview_answers_a_mail_and_a_receipt_per_language_to_settings_write_only() {
    let app = spawn_app().await;
    let owner = app.token("owner", "admin").await;
    for (lang, html_lang, word) in [
        ("en", "en", "Receipt"),
        ("th", "th", "ใบเสร็จรับเงิน"),
        ("my", "ms", "Resit"),
        ("km", "km", "អ្នកលក់"),
        ("id", "id", "Kuitansi"),
    ] {
        let (status, body) = app
            .get_authed(
                &format!("/api/admin/mail-preview?lang={lang}&event=orderShipped"),
                &owner,
            )
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["lang"], lang);
        assert!(
            body["subject"].as_str().unwrap().contains("K000001"),
            "{body}"
        );
        assert!(body["text"].as_str().unwrap().contains("KEX0000000001"));
        let html = body["html"].as_str().unwrap();
        assert!(
            html.contains(&format!("<html lang=\"{html_lang}\">")),
            "{html}"
        );
        assert!(html.contains("/static/logo-mail.png"));
        let pdf = app
            .client
            .get(app.url(&format!("/api/admin/mail-preview/receipt.pdf?lang={lang}")))
            .bearer_auth(&owner)
            .send()
            .await
            .unwrap();
        assert_eq!(pdf.status(), 200);
        assert_eq!(pdf.headers()["content-type"], "application/pdf");
        let bytes = pdf.bytes().await.unwrap();
        assert!(bytes.starts_with(b"%PDF"));
        let text = pdf_text(&bytes);
        assert!(text.contains(word), "{lang}: {text}");
    }
    // Khmer months by name.
    let (_, body) = app
        .get_authed("/api/admin/mail-preview?lang=km&event=orderPlaced", &owner)
        .await;
    let text = body["text"].as_str().unwrap();
    assert!(
        [
            "មករា",
            "កុម្ភៈ",
            "មីនា",
            "មេសា",
            "ឧសភា",
            "មិថុនា",
            "កក្កដា",
            "សីហា",
            "កញ្ញា",
            "តុលា",
            "វិច្ឆិកា",
            "ធ្នូ"
        ]
        .iter()
        .any(|m| text.contains(m)),
        "{text}"
    );
    let (status, body) = app
        .get_authed("/api/admin/mail-preview?lang=xx", &owner)
        .await;
    assert_eq!((status, error_code(&body)), (400, "invalid_query"));
    let (status, body) = app
        .get_authed("/api/admin/mail-preview?event=passwordReset", &owner)
        .await;
    assert_eq!((status, error_code(&body)), (400, "invalid_query"));

    let clerk = app.token("clerk", "admin-stock").await;
    for path in [
        "/api/admin/mail-preview?lang=th",
        "/api/admin/mail-preview/receipt.pdf?lang=th",
    ] {
        let (status, body) = app.get_authed(path, &clerk).await;
        assert_eq!((status, error_code(&body)), (403, "forbidden"), "{path}");
        let (status, _) = app.get_json(path).await;
        assert_eq!(status, 401, "{path}");
    }
}

/// The e-catalogue is a paper too: its title is a word of the store, and an owner's edit of it
/// makes the copy out of date, so the next copy shoppers get carries the edit.
#[tokio::test]
async fn an_edited_e_catalogue_word_reaches_the_next_copy() {
    let app = spawn_app().await;
    let staff = app.token("owner", "admin").await;
    let thai_copy = || async {
        let response = app
            .until_available(|c| c.get(app.url("/api/file/pdf/get/catalog-min.pdf?lang=th")))
            .await;
        assert_eq!(response.status(), 200);
        pdf_text(&response.bytes().await.unwrap())
    };
    let first = thai_copy().await;
    assert!(first.contains("แคตตาล็อกสินค้า"), "{first}");

    edit(&app, &staff, "paper.catalogue.title", "แคตตาล็อกร้านเรา").await;
    // The old copy is served while the new one is drawn.
    let mut text = String::new();
    for _ in 0..120 {
        text = thai_copy().await;
        if text.contains("แคตตาล็อกร้านเรา") {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    }
    assert!(text.contains("แคตตาล็อกร้านเรา"), "{text}");
}
