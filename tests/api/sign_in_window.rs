//! The sign-in throttle's per-account window (issue 29 break 13): guesses at one account from
//! many addresses stay capped while its real owner keeps signing in, and the owner is not
//! locked out at home.

use serde_json::json;

use crate::helpers::{PASSWORD, TestApp, spawn_app_with};
use kiosk::accounts::throttle::ACCOUNT_FAILURES_PER_WINDOW;

/// A sign-in from a given client address (the server trusts X-Forwarded-For here): the status
/// and the `Retry-After` seconds, if any.
async fn login_from(app: &TestApp, address: &str, username: &str, password: &str) -> (u16, u64) {
    let response = app
        .client
        .post(app.url("/api/auth/login"))
        .header("x-forwarded-for", address)
        .json(&json!({"username": username, "password": password}))
        .send()
        .await
        .unwrap();
    let retry = response
        .headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok()?.parse().ok())
        .unwrap_or(0);
    (response.status().as_u16(), retry)
}

/// The campaign: 40 addresses guess while the shopper signs in between their rounds. Each
/// success used to empty the account's count, so every round got through (120 guesses here,
/// 265 in 90 s in the campaign); now the account's window caps them.
#[tokio::test]
async fn guesses_from_forty_addresses_stay_capped_while_the_shopper_signs_in() {
    let app = spawn_app_with(|config| config.trust_proxy_headers = true).await;
    app.token("nok", "user").await;
    let (mut checked, mut refused) = (0, 0);
    for round in 0..3 {
        assert_eq!(login_from(&app, "10.1.2.3", "nok", PASSWORD).await.0, 200);
        for n in 0..40 {
            let guess = format!("wrong password {round}");
            match login_from(&app, &format!("198.51.100.{n}"), "nok", &guess)
                .await
                .0
            {
                401 => checked += 1,
                429 => refused += 1,
                other => panic!("unexpected {other}"),
            }
        }
    }
    assert_eq!(
        (checked, refused),
        (
            ACCOUNT_FAILURES_PER_WINDOW,
            120 - ACCOUNT_FAILURES_PER_WINDOW
        )
    );
    // The shopper, from the address they signed in from, is not locked out…
    assert_eq!(login_from(&app, "10.1.2.3", "nok", PASSWORD).await.0, 200);
    // …a new address waits for the window, whichever way the name is written.
    let (status, retry) = login_from(&app, "192.0.2.77", "ＮＯＫ", PASSWORD).await;
    assert_eq!(status, 429);
    assert!((60..=16 * 60).contains(&retry), "Retry-After {retry}");
}
