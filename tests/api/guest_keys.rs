//! Guest order keys from a stranger's side: a wrong key gets the same 404 whether the order
//! exists or not, and before the shop's first guest order; wrong keys are limited per address;
//! and no key a guest receives is ever written into the database file.

use std::collections::BTreeMap;
use std::time::Duration;

use serde_json::json;

use crate::guest_checkout::guest_order;
use crate::helpers::{TestApp, error_code, spawn_app, spawn_app_with};
use crate::notifications::with_channels;
use crate::orders::{add, place, plain, product, shopper};
use crate::standins::{LineStandIn, SmtpStandIn};

/// The routes that open an order with `?key=`, for order `id`.
fn key_routes(id: u64, key: &str) -> Vec<String> {
    [
        "/api/app/order/get/{id}",
        "/api/app/order/{id}/receipt.pdf",
        "/api/app/order/{id}/tax-invoice.pdf",
        "/api/app/order/{id}/credit-note.pdf",
    ]
    .iter()
    .map(|route| format!("{}?key={key}", route.replace("{id}", &id.to_string())))
    .collect()
}

/// Status, content type and body text: everything a stranger can compare.
async fn answer(app: &TestApp, path: &str) -> (u16, String, String) {
    let response = app.get(path).await;
    let status = response.status().as_u16();
    let kind = response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    (status, kind, response.text().await.unwrap())
}

/// Asserts that a wrong key on order `existing` and on a missing order answer alike: 404
/// `not_found` with the same body, on every key route.
async fn assert_alike(app: &TestApp, existing: u64) {
    let wrong = "0123456789abcdef0123456789abcdef";
    let missing = existing + 1000;
    for (there, absent) in key_routes(existing, wrong)
        .into_iter()
        .zip(key_routes(missing, wrong))
    {
        let (status, kind, body) = answer(app, &there).await;
        assert_eq!(status, 404, "{there}: {body}");
        let json: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(error_code(&json), "not_found");
        assert_eq!(
            (status, kind, body),
            answer(app, &absent).await,
            "{there} and {absent} must not be told apart"
        );
    }
}

#[tokio::test]
async fn a_key_lookup_before_the_first_guest_order_answers_404_like_any_other() {
    let app = spawn_app().await;
    let who = shopper(&app, "somchai").await;
    add(&app, &who, &product(&app, plain).code, 1).await;
    let (status, placed) = place(&app, &who, json!({})).await;
    assert_eq!(status, 201, "{placed}");
    assert_alike(&app, placed["order"]["id"].as_u64().unwrap()).await;
}

#[tokio::test]
async fn a_wrong_key_answers_alike_for_an_existing_and_a_missing_guest_order() {
    let app = spawn_app().await;
    let (order, key) = guest_order(&app).await;
    let id = order["id"].as_u64().unwrap();
    assert_alike(&app, id).await;
    let (status, body) = app
        .get_json(&format!("/api/app/order/get/{id}?key={key}"))
        .await;
    assert_eq!(status, 200, "the right key still opens it: {body}");
}

#[tokio::test]
async fn wrong_keys_are_limited_per_address_and_right_ones_are_not() {
    let app = spawn_app_with(|c| c.trust_proxy_headers = true).await;
    let (order, key) = guest_order(&app).await;
    let id = order["id"].as_u64().unwrap();
    let from = |address: &str, key: &str| {
        app.client
            .get(app.url(&format!("/api/app/order/get/{id}?key={key}")))
            .header("x-forwarded-for", address)
    };
    // A guest polling their order with the right key never runs out.
    for _ in 0..100 {
        let response = from("198.51.100.7", &key).send().await.unwrap();
        assert_eq!(response.status(), 200);
    }
    let started = std::time::Instant::now();
    let mut statuses = BTreeMap::new();
    let mut retry_after = None;
    for n in 0..1000u32 {
        let response = from("203.0.113.9", &format!("{n:032x}"))
            .send()
            .await
            .unwrap();
        let status = response.status().as_u16();
        if status == 429 {
            retry_after = response
                .headers()
                .get("retry-after")
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.parse::<u64>().ok());
            let body: serde_json::Value = response.json().await.unwrap();
            assert_eq!(error_code(&body), "too_many_attempts");
        }
        *statuses.entry(status).or_insert(0) += 1;
    }
    eprintln!(
        "1000 wrong keys from one address in {:?}: {statuses:?}",
        started.elapsed()
    );
    // The burst, plus one wrong key for each refill interval the 1 000 requests took (on a
    // busy machine they can take longer than one interval).
    let refills = (started.elapsed().as_secs_f64() / 6.0).floor() as u32;
    let passed = statuses.get(&404).copied().unwrap_or(0);
    assert!(
        (20..=20 + refills).contains(&passed),
        "{statuses:?} in {:?}",
        started.elapsed()
    );
    assert_eq!(
        statuses.get(&429).copied(),
        Some(1000 - passed),
        "{statuses:?}"
    );
    assert!(
        retry_after.is_some_and(|s| (1..=6).contains(&s)),
        "{retry_after:?}"
    );
    // Another address, and the guest's, are not held back by the stranger.
    let response = from("198.51.100.7", &key).send().await.unwrap();
    assert_eq!(response.status(), 200);
}

/// Whether `needle` occurs in `haystack`.
fn holds(haystack: &[u8], needle: &str) -> bool {
    haystack
        .windows(needle.len())
        .any(|window| window == needle.as_bytes())
}

#[tokio::test]
async fn no_guest_key_reaches_the_database_file_and_the_mailed_link_opens_the_order() {
    let mut smtp = SmtpStandIn::stopped().await;
    let line = LineStandIn::start().await;
    let app = spawn_app_with(|c| with_channels(c, smtp.port, &line.base)).await;
    let (order, placed_key) = guest_order(&app).await;
    let id = order["id"].as_u64().unwrap();
    let data_dir = app.state.config.data_dir.clone();
    let file = data_dir.join("kiosk.redb");

    // While the mail waits (the mail server is down), the file holds no key.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert!(smtp.messages().is_empty());
    let waiting = std::fs::read(&file).unwrap();
    assert!(
        !holds(&waiting, &placed_key),
        "the placement key is in kiosk.redb"
    );

    smtp.resume().await;
    let mails = smtp.wait_for(2, 20).await;
    let to_guest = mails
        .iter()
        .find(|m| m.rcpt_to == ["nok@example.com"])
        .expect("a mail to the guest");
    let marker = format!("/th/cartres?order={id}&key=");
    let start = to_guest.text.find(&marker).expect(&to_guest.text) + marker.len();
    let mailed_key: String = to_guest.text[start..]
        .chars()
        .take_while(char::is_ascii_hexdigit)
        .collect();
    assert_eq!(mailed_key.len(), 32, "{}", to_guest.text);
    assert_ne!(mailed_key, placed_key);
    assert!(
        !holds(&waiting, &mailed_key),
        "the mailed key was in kiosk.redb while the mail waited"
    );
    let after = std::fs::read(&file).unwrap();
    assert!(!holds(&after, &mailed_key) && !holds(&after, &placed_key));

    // The link opens the order; the secret it was made from is a private file of its own.
    let (status, seen) = app
        .get_json(&format!("/api/app/order/get/{id}?key={mailed_key}"))
        .await;
    assert_eq!(status, 200, "{seen}");
    let secret_file = data_dir.join(kiosk::orders::guest::LINK_SECRET_FILE);
    let secret = std::fs::read(&secret_file).unwrap();
    assert_eq!(secret.len(), 32);
    assert!(!after.windows(32).any(|w| w == secret.as_slice()));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&secret_file)
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
    }
}

/// A claim that is not signed in cannot guess a key (it is refused 401 before the key is
/// read), so it is not counted: after an address has run out of guesses its unsigned claims
/// still get the 401 the route documents, and signed-in claims get the 429.
#[tokio::test]
async fn unsigned_claims_are_answered_401_and_not_counted_as_guesses() {
    let app = spawn_app_with(|c| c.trust_proxy_headers = true).await;
    let (order, _) = guest_order(&app).await;
    let id = order["id"].as_u64().unwrap();
    let who = shopper(&app, "claimer").await;
    let claim = |token: Option<&str>, n: u32| {
        let request = app
            .client
            .post(app.url(&format!("/api/app/order/claim/{id}")))
            .header("x-forwarded-for", "203.0.113.77")
            .json(&json!({"key": format!("{n:032x}")}));
        match token {
            Some(token) => request.bearer_auth(token),
            None => request,
        }
    };
    for n in 0..40u32 {
        let response = claim(None, n).send().await.unwrap();
        assert_eq!(response.status(), 401, "unsigned claim {n}");
    }
    let mut statuses = BTreeMap::new();
    for n in 0..40u32 {
        let status = claim(Some(&who.token), n)
            .send()
            .await
            .unwrap()
            .status()
            .as_u16();
        *statuses.entry(status).or_insert(0) += 1;
    }
    assert_eq!(statuses.get(&404), Some(&20), "{statuses:?}");
    assert_eq!(statuses.get(&429), Some(&20), "{statuses:?}");
    let response = claim(None, 99).send().await.unwrap();
    assert_eq!(
        response.status(),
        401,
        "past the limit, an unsigned claim is still 401"
    );
}
