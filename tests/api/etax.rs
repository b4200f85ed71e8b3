//! e-Tax Invoice by Email: with `[etax]` on, each full tax invoice and credit note goes on its
//! own to the buyer with the time-stamp mailbox in copy, as a PDF/A-3 file, exactly once, and a
//! send the mail server refuses for now is tried again. The staff order view lists each e-Tax
//! send with its state.

use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app_with};
use crate::notifications::{closed_port, messages, order_for, set_status, vat_info, with_channels};
use crate::orders::shopper;
use crate::standins::{ReceivedMail, SmtpStandIn};

const STAMP: &str = "csemail@etax.teda.th";

async fn etax_app(smtp: &SmtpStandIn) -> TestApp {
    let line = format!("http://127.0.0.1:{}", closed_port());
    spawn_app_with(|c| {
        with_channels(c, smtp.port, &line);
        c.etax.enabled = true;
    })
    .await
}

fn stamped(mails: &[ReceivedMail]) -> Vec<ReceivedMail> {
    mails
        .iter()
        .filter(|m| m.rcpt_to.iter().any(|r| r == STAMP))
        .cloned()
        .collect()
}

/// Runs a poppler tool on the PDF; `None` when it is not installed.
fn poppler(tool: &str, args: &[&str], pdf: &[u8]) -> Option<String> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("doc.pdf");
    std::fs::write(&path, pdf).unwrap();
    let mut command = std::process::Command::new(tool);
    command.args(args).arg(&path);
    if tool == "pdftotext" {
        command.arg("-");
    }
    let out = command.output().ok()?;
    assert!(
        out.status.success(),
        "{tool}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Checks one time-stamp-bound mail: to the buyer, the copy, the subject, one PDF/A-3 file.
fn check(mail: &ReceivedMail, subject: &str, file: &str) {
    eprintln!(
        "--- e-Tax mail as the stand-in received it ---\nenvelope: {:?}\n{}\nattachments: {:?}",
        mail.rcpt_to,
        mail.headers,
        mail.attachments
            .iter()
            .zip(&mail.attachment_types)
            .map(|((name, bytes), kind)| format!("{name} ({kind}, {} bytes)", bytes.len()))
            .collect::<Vec<_>>()
    );
    assert_eq!(mail.rcpt_to, ["buyer@example.com", STAMP], "{mail:#?}");
    assert_eq!(mail.cc, [STAMP]);
    assert_eq!(mail.subject, subject);
    assert_eq!(mail.attachments.len(), 1, "one document per mail");
    assert_eq!(mail.attachment_types, ["application/pdf"]);
    let (name, pdf) = &mail.attachments[0];
    assert_eq!(name, file);
    assert!(pdf.starts_with(b"%PDF-1.7"), "{:?}", &pdf[..16]);
    let Some(meta) = poppler("pdfinfo", &["-meta"], pdf) else {
        eprintln!("pdfinfo (poppler-utils) is not installed: PDF/A metadata not checked");
        return;
    };
    assert!(meta.contains("<pdfaid:part>3</pdfaid:part>"), "{meta}");
    assert!(
        meta.contains("<pdfaid:conformance>B</pdfaid:conformance>"),
        "{meta}"
    );
    let info = poppler("pdfinfo", &[], pdf).unwrap();
    assert!(
        info.lines()
            .any(|l| l.starts_with("PDF version:") && l.ends_with(" 1.7")),
        "{info}"
    );
    eprintln!("pdfinfo:\n{info}");
    let text = poppler("pdftotext", &["-layout"], pdf).unwrap();
    assert!(text.contains("บริษัท สยามเฟอร์นิเจอร์ จำกัด"), "{text}");
}

async fn etax_rows(app: &TestApp, staff: &str, id: u64) -> Vec<Value> {
    messages(app, staff, id)
        .await
        .into_iter()
        .filter(|m| m["channel"] == "etax")
        .collect()
}

async fn wait_etax_sent(app: &TestApp, staff: &str, id: u64, count: usize) -> Vec<Value> {
    for _ in 0..400 {
        let rows = etax_rows(app, staff, id).await;
        if rows.iter().filter(|m| m["status"] == "sent").count() >= count {
            return rows;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    etax_rows(app, staff, id).await
}

#[tokio::test]
async fn each_tax_document_goes_alone_to_the_buyer_with_the_time_stamp_copy_once() {
    let smtp = SmtpStandIn::start().await;
    let app = etax_app(&smtp).await;
    let staff = app.token("clerk", "admin").await;
    let buyer = shopper(&app, "buyer").await;
    let order = order_for(
        &app,
        &buyer,
        json!({"email": "buyer@example.com", "lang": "en", "vatInfo": vat_info(),
               "idempotencyKey": uuid::Uuid::new_v4().to_string()}),
    )
    .await;
    let id = order["id"].as_u64().unwrap();
    // Placing issues no tax document: the shopper's and the shop's mail only.
    assert_eq!(smtp.wait_for(2, 20).await.len(), 2);

    let paid = set_status(&app, &staff, id, "paid").await;
    let invoice = paid["documents"]["taxInvoice"]["number"]
        .as_str()
        .unwrap()
        .to_string();
    // The paid mail (receipt), the shop's alert and the e-Tax mail of the tax invoice.
    let mails = smtp.wait_for(5, 20).await;
    assert_eq!(mails.len(), 5, "{mails:#?}");
    let etax = stamped(&mails);
    assert_eq!(etax.len(), 1, "{mails:#?}");
    check(
        &etax[0],
        &format!("ใบกำกับภาษี / Tax invoice {invoice}"),
        &format!("tax-invoice-{invoice}.pdf"),
    );
    // The buyer holds one copy of the tax invoice: the one the time-stamp mailbox saw.
    let paid_mail = mails
        .iter()
        .find(|m| {
            m.rcpt_to == ["buyer@example.com"]
                && m.subject.contains(paid["number"].as_str().unwrap())
                && !m.attachments.is_empty()
        })
        .expect("the paid mail with the receipt");
    let names: Vec<&str> = paid_mail
        .attachments
        .iter()
        .map(|(n, _)| n.as_str())
        .collect();
    assert_eq!(names.len(), 1, "{names:?}");
    assert!(names[0].starts_with("receipt-"), "{names:?}");

    let cancelled = set_status(&app, &staff, id, "cancelled").await;
    let credit = cancelled["documents"]["creditNote"]["number"]
        .as_str()
        .unwrap()
        .to_string();
    let mails = smtp.wait_for(8, 20).await;
    assert_eq!(mails.len(), 8, "{mails:#?}");
    let etax = stamped(&mails);
    assert_eq!(etax.len(), 2, "{mails:#?}");
    check(
        &etax[1],
        &format!("ใบลดหนี้ / Credit note {credit}"),
        &format!("credit-note-{credit}.pdf"),
    );

    // The staff order view: one e-Tax send per document, each with its copy address and state.
    let rows = wait_etax_sent(&app, &staff, id, 2).await;
    assert_eq!(rows.len(), 2, "{rows:#?}");
    for (row, event) in rows.iter().zip(["orderPaid", "orderCancelled"]) {
        assert_eq!(row["event"], event, "{row}");
        assert_eq!(row["to"], "buyer@example.com");
        assert_eq!(row["cc"], STAMP);
        assert_eq!(row["status"], "sent");
        assert_eq!(row["attempts"], 1);
    }
    // Exactly once: nothing more arrives.
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    assert_eq!(stamped(&smtp.messages()).len(), 2);

    // The download of a tax document is the same PDF/A-3 file.
    let response = app
        .client
        .get(app.url(&format!("/api/app/order/{id}/tax-invoice.pdf")))
        .bearer_auth(&staff)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let bytes = response.bytes().await.unwrap();
    assert_eq!(
        bytes.as_ref(),
        stamped(&smtp.messages())[0].attachments[0].1.as_slice()
    );
}

#[tokio::test]
async fn a_send_the_mail_server_refuses_for_now_is_tried_again_and_delivered_once() {
    let smtp = SmtpStandIn::start().await;
    let app = etax_app(&smtp).await;
    let staff = app.token("clerk", "admin").await;
    let buyer = shopper(&app, "buyer").await;
    let order = order_for(
        &app,
        &buyer,
        json!({"email": "buyer@example.com", "lang": "th", "vatInfo": vat_info()}),
    )
    .await;
    let id = order["id"].as_u64().unwrap();
    assert_eq!(smtp.wait_for(2, 20).await.len(), 2);

    // The mail server answers 451 (try again later) until told otherwise: staff see the e-Tax
    // send waiting, with the reason and when it is tried next.
    smtp.refuse_next(usize::MAX);
    set_status(&app, &staff, id, "paid").await;
    let mut waiting = None;
    for _ in 0..400 {
        let rows = etax_rows(&app, &staff, id).await;
        if let Some(row) = rows.iter().find(|m| {
            m["status"] == "pending" && m["lastError"].as_str().is_some_and(|e| e.contains("451"))
        }) {
            waiting = Some(row.clone());
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let waiting = waiting.expect("the refused e-Tax send waits for its next try");
    assert!(waiting["nextAt"].as_u64().is_some(), "{waiting}");
    assert_eq!(waiting["cc"], STAMP);
    assert!(stamped(&smtp.messages()).is_empty());

    // The server takes mail again: the next try delivers it, once.
    smtp.refuse_next(0);
    let rows = wait_etax_sent(&app, &staff, id, 1).await;
    assert_eq!(rows.len(), 1, "{rows:#?}");
    assert_eq!(rows[0]["status"], "sent", "{rows:#?}");
    assert!(rows[0]["attempts"].as_u64().unwrap() >= 2, "{rows:#?}");
    assert!(rows[0]["lastError"].is_null(), "{rows:#?}");
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    let etax = stamped(&smtp.messages());
    assert_eq!(etax.len(), 1, "delivered once");
    assert_eq!(etax[0].attachments.len(), 1);
}

#[tokio::test]
async fn without_etax_no_time_stamp_mail_is_written() {
    let smtp = SmtpStandIn::start().await;
    let line = format!("http://127.0.0.1:{}", closed_port());
    let app = spawn_app_with(|c| with_channels(c, smtp.port, &line)).await;
    let staff = app.token("clerk", "admin").await;
    let buyer = shopper(&app, "buyer").await;
    let order = order_for(
        &app,
        &buyer,
        json!({"email": "buyer@example.com", "lang": "en", "vatInfo": vat_info()}),
    )
    .await;
    let id = order["id"].as_u64().unwrap();
    set_status(&app, &staff, id, "paid").await;
    let mails = smtp.wait_for(4, 20).await;
    assert_eq!(mails.len(), 4, "{mails:#?}");
    assert!(stamped(&mails).is_empty());
    assert!(etax_rows(&app, &staff, id).await.is_empty());
    // The paid mail still carries the plain tax invoice.
    assert!(mails.iter().any(|m| {
        m.attachments
            .iter()
            .any(|(n, _)| n.starts_with("tax-invoice-"))
    }));
}
