//! What the shop trusts from 2C2P, attacked over HTTP against the stand-in: a genuine decline
//! re-cut into a "success" under the same signature (browser return and server
//! notification), malformed signed fields, money received twice (two card attempts, staff
//! confirmation then a card payment, a confirmed PromptPay slip then a stale card attempt),
//! and the bounds on what refused answers can make the shop store.

use std::collections::BTreeMap;

use kiosk::payments::card_2c2p::response_is_signed;
use serde_json::{Value, json};

use crate::admin_images::{form, png_with_metadata};
use crate::helpers::error_code;
use crate::payments_2c2p::{
    FULL_ID, FULL_KEY, Shop, activity_actions, attempt_of, browser_returns, card_order, notify,
    open_payment_page, press, shop, stored,
};

/// A decline for the attempt as 2C2P signs it, at `11:20:30` like the issue's.
fn signed_decline(shop: &Shop, attempt: &str, status: &str) -> BTreeMap<String, String> {
    let mut fields = shop.standin.response(attempt, status).unwrap();
    fields.insert("transaction_datetime".into(), "2026-11-27 11:20:30".into());
    shop.standin.sign(FULL_ID, &mut fields);
    fields
}

/// The re-cut: `…11:20:3`, ``, `000`, `1` + status + `05`, over the same bytes.
fn recut(genuine: &BTreeMap<String, String>) -> BTreeMap<String, String> {
    let mut forged = genuine.clone();
    forged.insert("transaction_datetime".into(), "2026-11-27 11:20:3".into());
    forged.insert("payment_channel".into(), String::new());
    forged.insert("payment_status".into(), "000".into());
    let code = format!(
        "{}{}{}",
        &genuine["payment_channel"][2..],
        genuine["payment_status"],
        genuine["channel_response_code"]
    );
    forged.insert("channel_response_code".into(), code);
    forged
}

fn verdicts(order: &Value) -> Vec<String> {
    order["payment"]["attempts"][0]["notices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["verdict"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn a_decline_recut_as_a_success_under_its_own_signature_is_refused_on_both_channels() {
    for status in ["002", "003"] {
        let shop = shop().await;
        let (_, order) = card_order(&shop, &format!("recut{status}")).await;
        let id = order["id"].as_u64().unwrap();
        let attempt = attempt_of(&order);
        assert_eq!(open_payment_page(&shop, &order).await.0, 200);
        let genuine = signed_decline(&shop, &attempt, status);
        let forged = recut(&genuine);
        assert_eq!(forged["payment_channel"], "");
        assert_eq!(forged["channel_response_code"], format!("1{status}05"));
        // The attack: the genuine signature verifies the forgery.
        assert!(response_is_signed(FULL_KEY, &forged));

        // The shopper's browser carries it back, then posts it as a notification.
        let location = browser_returns(&shop, &forged).await;
        assert_eq!(location, format!("/th/cartres?order={id}"));
        let (code, body) = notify(&shop, &forged).await;
        assert_eq!(
            (code, error_code(&body)),
            (400, "malformed_field"),
            "{body}"
        );
        assert!(
            body["error"]["message"]
                .as_str()
                .unwrap()
                .contains("transaction_datetime"),
            "{body}"
        );

        let after = stored(&shop, id).await;
        assert_eq!(after["status"], "pending_payment");
        assert_eq!(after["payment"]["status"], "pending");
        assert_eq!(after["payment"]["attempts"][0]["status"], "pending");
        assert_eq!(verdicts(&after), ["malformed_field", "malformed_field"]);
        // The genuine decline still counts for what it is.
        assert_eq!(notify(&shop, &genuine).await.0, 200);
        let declined = stored(&shop, id).await;
        assert_eq!(declined["status"], "pending_payment");
        assert_ne!(declined["payment"]["attempts"][0]["status"], "paid");
    }
}

#[tokio::test]
async fn signed_answers_with_a_malformed_field_are_refused_and_change_nothing() {
    let shop = shop().await;
    let (_, order) = card_order(&shop, "malformed").await;
    let id = order["id"].as_u64().unwrap();
    let attempt = attempt_of(&order);
    assert_eq!(open_payment_page(&shop, &order).await.0, 200);
    let genuine = shop.standin.response(&attempt, "000").unwrap();
    let table = [
        ("payment_status", "0000"),
        ("payment_status", "00"),
        ("payment_channel", "01"),
        ("transaction_datetime", "20261127112030"),
        ("request_timestamp", "2026-11-27 11:20"),
        ("amount", "0000000129950"),
        ("currency", "0764"),
        ("version", "8.50"),
        ("eci", "0"),
        ("transaction_ref", "12-34"),
        ("channel_response_code", "000000"),
        ("user_defined_1", "x"),
        ("channel_response_desc", "Approved\u{202e}"),
    ];
    for (name, bad) in table {
        let mut fields = genuine.clone();
        fields.insert(name.into(), bad.into());
        shop.standin.sign(FULL_ID, &mut fields);
        let (code, body) = notify(&shop, &fields).await;
        assert_eq!(
            (code, error_code(&body)),
            (400, "malformed_field"),
            "{name}={bad:?}: {body}"
        );
    }
    let after = stored(&shop, id).await;
    assert_eq!(after["status"], "pending_payment");
    assert_eq!(after["payment"]["status"], "pending");
    // The genuine answer pays.
    assert_eq!(notify(&shop, &genuine).await.0, 200);
    assert_eq!(stored(&shop, id).await["status"], "paid");
}

async fn dashboard_refunds_due(shop: &Shop, staff: &str) -> u64 {
    let (status, dash) = shop.app.get_authed("/api/admin/dashboard", staff).await;
    assert_eq!(status, 200, "{dash}");
    dash["attention"]["refundsDue"].as_u64().unwrap()
}

async fn refund(shop: &Shop, staff: &str, id: u64, reference: &str) -> (u16, Value) {
    shop.app
        .post_json(
            &format!("/api/admin/order/{id}/refund"),
            &json!({ "reference": reference }),
            Some(staff),
        )
        .await
}

/// The order owes exactly one extra payment back; staff refund it and the flag clears.
async fn assert_owed_once_then_refunded(shop: &Shop, staff: &str, id: u64) {
    let owed = stored(shop, id).await;
    assert_eq!(owed["status"], "paid");
    assert_eq!(owed["payment"]["status"], "paid");
    assert_eq!(owed["payment"]["refundDue"], true, "{}", owed["payment"]);
    let extras = owed["payment"]["extraPayments"].as_array().unwrap();
    assert_eq!(extras.len(), 1);
    assert_eq!(extras[0]["amount"], owed["total"]);
    assert_eq!(extras[0]["method"], "card_2c2p");
    assert!(extras[0].get("refundReference").is_none());
    assert_eq!(dashboard_refunds_due(shop, staff).await, 1);
    assert!(
        activity_actions(shop)
            .iter()
            .any(|a| a.starts_with("card payment received twice")),
        "{:?}",
        activity_actions(shop)
    );

    let (status, body) = refund(shop, staff, id, "KBANK card refund 42").await;
    assert_eq!(status, 200, "{body}");
    let payment = &body["order"]["payment"];
    assert_eq!(payment["status"], "paid");
    assert_eq!(payment["refundDue"], false);
    assert_eq!(
        payment["extraPayments"][0]["refundReference"],
        "KBANK card refund 42"
    );
    assert_eq!(dashboard_refunds_due(shop, staff).await, 0);
    let (status, body) = refund(shop, staff, id, "again").await;
    assert_eq!((status, error_code(&body)), (409, "not_refund_due"));
}

#[tokio::test]
async fn two_card_attempts_both_paid_owe_the_second_back() {
    let shop = shop().await;
    let staff = shop.app.token("twiceclerk", "admin").await;
    let (who, order) = card_order(&shop, "twotabs").await;
    let id = order["id"].as_u64().unwrap();
    let first = attempt_of(&order);
    assert_eq!(open_payment_page(&shop, &order).await.0, 200);
    // A second tab: pay again while the first payment page is still open.
    let (status, again) = shop
        .app
        .post_json(
            &format!("/api/app/order/pay/{id}"),
            &json!({}),
            Some(&who.token),
        )
        .await;
    assert_eq!(status, 200, "{again}");
    let second = attempt_of(&again["order"]);
    assert_eq!(open_payment_page(&shop, &again["order"]).await.0, 200);
    assert_eq!(dashboard_refunds_due(&shop, &staff).await, 0);

    press(&shop, &second, "000").await;
    assert_eq!(stored(&shop, id).await["payment"]["refundDue"], false);
    press(&shop, &first, "000").await;
    // A repeat of the later payment's notification is not a third payment.
    assert_eq!(shop.standin.notify(&first, "000").await, Some(200));
    assert_owed_once_then_refunded(&shop, &staff, id).await;
}

#[tokio::test]
async fn a_card_payment_after_staff_confirmed_the_order_paid_is_owed_back() {
    let shop = shop().await;
    let staff = shop.app.token("confirmclerk", "admin").await;
    let (_, order) = card_order(&shop, "paidbyphone").await;
    let id = order["id"].as_u64().unwrap();
    let attempt = attempt_of(&order);
    assert_eq!(open_payment_page(&shop, &order).await.0, 200);
    let (status, body) = shop
        .app
        .post_json(
            &format!("/api/admin/order/{id}/status"),
            &json!({"status": "paid", "reference": "paid at the counter"}),
            Some(&staff),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(shop.standin.notify(&attempt, "000").await, Some(200));
    assert_owed_once_then_refunded(&shop, &staff, id).await;
}

#[tokio::test]
async fn a_stale_card_attempt_paid_after_a_confirmed_promptpay_slip_is_owed_back() {
    let shop = shop().await;
    let staff = shop.app.token("slipclerk", "admin").await;
    let (who, order) = card_order(&shop, "switcher").await;
    let id = order["id"].as_u64().unwrap();
    let attempt = attempt_of(&order);
    assert_eq!(open_payment_page(&shop, &order).await.0, 200);
    let (status, body) = shop
        .app
        .post_json(
            &format!("/api/app/order/pay/{id}"),
            &json!({"payment": "promptpay"}),
            Some(&who.token),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let png = png_with_metadata(60, 30);
    let (content_type, slip) = form(&[("slip.png", "image/png", png.as_slice())]);
    let (status, body) = shop
        .app
        .json(
            shop.app
                .client
                .post(shop.app.url(&format!("/api/app/order/{id}/proof")))
                .bearer_auth(&who.token)
                .header("content-type", content_type)
                .body(slip),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let (status, body) = shop
        .app
        .post_json(
            &format!("/api/admin/order/{id}/status"),
            &json!({"status": "paid", "reference": "SCB slip 5521"}),
            Some(&staff),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["order"]["payment"]["proofs"][0]["status"], "accepted");
    // The card page left open in another tab is paid too.
    assert_eq!(shop.standin.notify(&attempt, "000").await, Some(200));
    assert_owed_once_then_refunded(&shop, &staff, id).await;
}

#[tokio::test]
async fn a_cancelled_paid_order_paid_again_owes_both_payments_back() {
    let shop = shop().await;
    let staff = shop.app.token("cancelclerk", "admin").await;
    let (who, order) = card_order(&shop, "cancelled2x").await;
    let id = order["id"].as_u64().unwrap();
    let first = attempt_of(&order);
    assert_eq!(open_payment_page(&shop, &order).await.0, 200);
    let (_, again) = shop
        .app
        .post_json(
            &format!("/api/app/order/pay/{id}"),
            &json!({}),
            Some(&who.token),
        )
        .await;
    assert_eq!(open_payment_page(&shop, &again["order"]).await.0, 200);
    press(&shop, &first, "000").await;
    let (status, body) = shop
        .app
        .post_json(
            &format!("/api/admin/order/{id}/status"),
            &json!({"status": "cancelled", "reason": "out of stock"}),
            Some(&staff),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        shop.standin
            .notify(&attempt_of(&again["order"]), "000")
            .await,
        Some(200)
    );
    let owed = stored(&shop, id).await;
    assert_eq!(owed["payment"]["status"], "refund_due");
    assert_eq!(
        owed["payment"]["extraPayments"].as_array().unwrap().len(),
        1
    );
    assert_eq!(dashboard_refunds_due(&shop, &staff).await, 1);
    // Two refunds: the order's payment, then the extra one.
    assert_eq!(refund(&shop, &staff, id, "R-1").await.0, 200);
    let (status, body) = refund(&shop, &staff, id, "R-2").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["order"]["payment"]["status"], "refunded");
    assert_eq!(body["order"]["payment"]["refundDue"], false);
    assert_eq!(dashboard_refunds_due(&shop, &staff).await, 0);
    assert_eq!(refund(&shop, &staff, id, "R-3").await.0, 409);
}

/// ~45 KB of refused answer, as in the issue.
fn big_refused_answer(attempt: &str, n: usize) -> BTreeMap<String, String> {
    let mut fields = BTreeMap::new();
    fields.insert("order_id".to_string(), attempt.to_string());
    fields.insert("payment_status".into(), "000".into());
    fields.insert("hash_value".into(), format!("{n:064}"));
    fields.insert("channel_response_desc".into(), "A".repeat(45_000));
    fields
}

#[tokio::test]
async fn refused_answers_cannot_grow_an_order_or_the_activity_log_without_bound() {
    let shop = shop().await;
    let (who, order) = card_order(&shop, "grower").await;
    let id = order["id"].as_u64().unwrap();
    let mut attempt = attempt_of(&order);
    for round in 0..8 {
        if round > 0 {
            let (status, again) = shop
                .app
                .post_json(
                    &format!("/api/app/order/pay/{id}"),
                    &json!({}),
                    Some(&who.token),
                )
                .await;
            assert_eq!(status, 200, "{again}");
            attempt = attempt_of(&again["order"]);
        }
        for n in 0..50 {
            let (status, body) = notify(&shop, &big_refused_answer(&attempt, n)).await;
            assert_eq!((status, error_code(&body)), (400, "malformed_field"));
        }
    }
    // Noise for attempts that do not exist.
    for n in 0..200 {
        let (status, _) =
            notify(&shop, &big_refused_answer(&format!("K9999{n:02}P1ZZZZ"), n)).await;
        assert_eq!(status, 400);
    }

    let order =
        kiosk::orders::store::get(&shop.app.state.store, kiosk::domain::OrderId(id)).unwrap();
    let size = serde_json::to_vec(&order).unwrap().len();
    let kept: usize = order.payment.attempts.iter().map(|a| a.notices.len()).sum();
    let counted: u32 = order
        .payment
        .attempts
        .iter()
        .map(|a| a.answers_not_kept)
        .sum();
    let refusal_lines = activity_actions(&shop)
        .iter()
        .filter(|a| a.starts_with("card payment answer refused"))
        .count();
    let db = shop.app.state.config.data_dir.join("kiosk.redb");
    let db_bytes = std::fs::metadata(&db).unwrap().len();
    eprintln!(
        "8 attempts x 50 refused answers of 45 KB + 200 for no attempt: order {size} bytes, \
         {kept} answers kept, {counted} counted, {refusal_lines} refusal lines, database {db_bytes} bytes"
    );
    assert_eq!(kept + counted as usize, 400);
    assert!(kept <= 24, "{kept}");
    assert!(size < 32 * 1024, "the order is {size} bytes");
    // 24 on the order and one for the noise.
    assert!(refusal_lines <= 25, "{refusal_lines}");
    assert!(
        db_bytes < 8 * 1024 * 1024,
        "the database is {db_bytes} bytes"
    );

    // Attempts themselves are bounded.
    let mut last = 0;
    for _ in 0..4 {
        let (status, body) = shop
            .app
            .post_json(
                &format!("/api/app/order/pay/{id}"),
                &json!({}),
                Some(&who.token),
            )
            .await;
        last = status;
        if status == 409 {
            assert_eq!(error_code(&body), "too_many_attempts");
            break;
        }
    }
    assert_eq!(last, 409);
    assert_eq!(
        stored(&shop, id).await["payment"]["attempts"]
            .as_array()
            .unwrap()
            .len(),
        kiosk::payments::attempts::MAX_ATTEMPTS
    );
}
