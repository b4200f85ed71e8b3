//! Accounts: registration, sign-in, tokens, throttling, ownership, addresses, coins, logs.

use serde_json::json;

use crate::helpers::{PASSWORD, TestApp, error_code, spawn_app, spawn_app_with};

async fn register(app: &TestApp, username: &str) -> String {
    let (status, body) = app
        .post_json(
            "/api/auth/register",
            &json!({"username": username, "password": PASSWORD, "name": "Somchai"}),
            None,
        )
        .await;
    assert_eq!(status, 201, "{body}");
    body["token"].as_str().unwrap().to_string()
}

async fn login(app: &TestApp, username: &str, password: &str) -> (u16, serde_json::Value) {
    app.post_json(
        "/api/auth/login",
        &json!({"username": username, "password": password}),
        None,
    )
    .await
}

#[tokio::test]
async fn a_shopper_registers_and_sees_their_account() {
    let app = spawn_app().await;
    let (status, body) = app
        .post_json("/api/auth/register", &json!({"username": "Somchai.K", "password": PASSWORD, "name": "Somchai", "email": "s@example.com", "phone": "081-234-5678"}), None)
        .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["status"], "success");
    let token = body["token"].as_str().unwrap();
    let (status, me) = app.get_authed("/api/auth/user", token).await;
    assert_eq!(status, 200);
    let data = &me["data"];
    assert_eq!(
        (
            data["username"].as_str(),
            data["name"].as_str(),
            data["role"].as_str(),
            data["provider"].as_str()
        ),
        (
            Some("Somchai.K"),
            Some("Somchai"),
            Some("user"),
            Some("local")
        )
    );
    assert_eq!(data["userInfo"]["coin"], 0);
    assert_eq!(data["userInfo"]["id"], data["id"]);
    assert!(data.get("passwordHash").is_none() && !me.to_string().contains("argon2"));
}

#[tokio::test]
async fn registration_rejects_taken_names_and_weak_passwords() {
    let app = spawn_app().await;
    register(&app, "nok").await;
    let cases = [
        (
            json!({"username": "NOK", "name": "Ploy", "password": PASSWORD}),
            409,
            "username_taken",
        ),
        (
            json!({"username": "ploy", "name": "Ploy", "password": "short"}),
            400,
            "weak_password",
        ),
        (
            json!({"username": "ploy", "name": "Ploy", "password": "password123"}),
            400,
            "weak_password",
        ),
        (
            json!({"username": "ploy", "name": "Ploy", "password": PASSWORD, "email": "not-an-email"}),
            400,
            "invalid_input",
        ),
        (
            json!({"username": "ploy", "name": "Ploy", "password": PASSWORD, "phone": "12"}),
            400,
            "invalid_input",
        ),
        (
            json!({"username": "a b", "name": "Ploy", "password": PASSWORD}),
            400,
            "invalid_input",
        ),
        (
            json!({"username": "ploy", "name": "Ploy", "password": PASSWORD, "role": "admin"}),
            400,
            "invalid_json",
        ),
        (json!({"password": PASSWORD}), 400, "invalid_json"),
        (
            json!({"username": "ploy", "name": "  ", "password": PASSWORD}),
            400,
            "invalid_input",
        ),
    ];
    for (body, status, code) in cases {
        let (got, answer) = app.post_json("/api/auth/register", &body, None).await;
        assert_eq!((got, error_code(&answer)), (status, code), "{body}");
    }
}

#[tokio::test]
async fn wrong_passwords_and_unknown_users_get_the_same_answer() {
    let app = spawn_app().await;
    register(&app, "nok").await;
    let (status, ok) = login(&app, "NOK", PASSWORD).await;
    assert_eq!(status, 200);
    assert!(ok["token"].is_string());
    let (wrong_status, wrong) = login(&app, "nok", "not the password").await;
    let (unknown_status, unknown) = login(&app, "nobody-here", "not the password").await;
    assert_eq!((wrong_status, unknown_status), (401, 401));
    assert_eq!(error_code(&wrong), "invalid_credentials");
    assert_eq!(wrong, unknown);
}

#[tokio::test]
async fn repeated_failures_are_throttled_with_retry_after() {
    let app = spawn_app().await;
    register(&app, "nok").await;
    for _ in 0..5 {
        assert_eq!(login(&app, "nok", "wrong password").await.0, 401);
    }
    let response = app
        .client
        .post(app.url("/api/auth/login"))
        .json(&json!({"username": "nok", "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 429);
    let retry: u64 = response.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(retry >= 1);
    assert_eq!(
        error_code(&response.json().await.unwrap()),
        "too_many_attempts"
    );

    // Per client address too: 20 failures spread over other accounts block this address.
    let app = spawn_app().await;
    for n in 0..kiosk::accounts::throttle::FREE_FAILURES_PER_ADDRESS {
        assert_eq!(
            login(&app, &format!("guess{n}"), "wrong password").await.0,
            401
        );
    }
    assert_eq!(login(&app, "someone-else", "wrong password").await.0, 429);
}

/// A sign-in from a given client address (the server trusts X-Forwarded-For in these tests).
async fn login_from(app: &TestApp, address: &str, username: &str, password: &str) -> u16 {
    app.client
        .post(app.url("/api/auth/login"))
        .header("x-forwarded-for", address)
        .json(&json!({"username": username, "password": password}))
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

#[tokio::test]
async fn concurrent_guesses_are_counted_before_they_are_checked() {
    let app = spawn_app_with(|config| config.trust_proxy_headers = true).await;
    register(&app, "nok").await;
    let mut guesses = tokio::task::JoinSet::new();
    for _ in 0..60 {
        let (client, url) = (app.client.clone(), app.url("/api/auth/login"));
        guesses.spawn(async move {
            client
                .post(url)
                .header("x-forwarded-for", "203.0.113.9")
                .json(&json!({"username": "nok", "password": "wrong password"}))
                .send()
                .await
                .unwrap()
                .status()
                .as_u16()
        });
    }
    let statuses = guesses.join_all().await;
    let checked = statuses.iter().filter(|s| **s == 401).count();
    let refused = statuses.iter().filter(|s| **s == 429).count();
    assert_eq!(checked + refused, 60, "{statuses:?}");
    assert!(
        checked <= kiosk::accounts::throttle::FREE_FAILURES as usize,
        "only the free attempts may reach the password check: {statuses:?}"
    );
    // The stranger is slowed; the owner, from their own address, is not locked out.
    assert_eq!(login_from(&app, "203.0.113.9", "nok", PASSWORD).await, 429);
    assert_eq!(login_from(&app, "10.1.2.3", "nok", PASSWORD).await, 200);
}

#[tokio::test]
async fn one_address_cannot_register_without_end() {
    let app = spawn_app_with(|config| config.registrations_per_hour = 3).await;
    for n in 0..3 {
        register(&app, &format!("newcomer{n}")).await;
    }
    let response = app
        .client
        .post(app.url("/api/auth/register"))
        .json(&json!({"username": "newcomer9", "password": PASSWORD, "name": "N"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 429);
    assert!(response.headers().contains_key("retry-after"));
}

#[tokio::test]
async fn a_huge_username_tried_does_not_fill_the_activity_log() {
    let app = spawn_app().await;
    let huge = "x".repeat(200_000);
    assert_eq!(login(&app, &huge, "wrong password").await.0, 401);
    let staff = app.token("boss", "admin").await;
    let (status, log) = app.get_authed("/api/admin/activity", &staff).await;
    assert_eq!(status, 200);
    let longest = log["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["user"].as_str().unwrap().chars().count())
        .max()
        .unwrap();
    assert!(
        longest <= 100,
        "a user name of {longest} characters was kept"
    );
}

#[tokio::test]
async fn forged_expired_unsigned_and_revoked_tokens_are_refused() {
    let app = spawn_app().await;
    let token = register(&app, "nok").await;
    assert_eq!(app.get_authed("/api/auth/user", &token).await.0, 200);

    let mut tampered = token.clone();
    tampered.pop();
    tampered.push(if token.ends_with('A') { 'B' } else { 'A' });
    let claims = app.state.tokens.verify(&token).unwrap();
    let expired = app
        .state
        .tokens
        .sign(&kiosk::accounts::token::Claims {
            exp: 1_000_000,
            ..claims.clone()
        })
        .unwrap();
    let elevated = kiosk::accounts::token::Tokens::new(b"someone else's secret, 32 bytes!")
        .sign(&kiosk::accounts::token::Claims {
            role: "admin".into(),
            ..claims.clone()
        })
        .unwrap();
    let unsigned = {
        use crate::helpers::base64url as encode;
        format!(
            "{}.{}.",
            encode(br#"{"alg":"none","typ":"JWT"}"#),
            encode(serde_json::to_string(&claims).unwrap().as_bytes())
        )
    };
    for (name, bad) in [
        ("tampered", tampered),
        ("expired", expired),
        ("other secret", elevated),
        ("alg none", unsigned),
        ("garbage", "x.y.z".into()),
    ] {
        let (status, body) = app.get_authed("/api/auth/user", &bad).await;
        assert_eq!((status, error_code(&body)), (401, "unauthorized"), "{name}");
    }

    let (status, _) = app
        .post_json("/api/auth/logout", &json!({}), Some(&token))
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        app.get_authed("/api/auth/user", &token).await.0,
        401,
        "a logged-out token still works"
    );
    let (status, again) = login(&app, "nok", PASSWORD).await;
    assert_eq!(status, 200);
    assert_eq!(
        app.get_authed("/api/auth/user", again["token"].as_str().unwrap())
            .await
            .0,
        200,
        "logout must not end other sessions"
    );
}

#[tokio::test]
async fn changing_the_password_ends_every_other_session() {
    let app = spawn_app().await;
    let first = register(&app, "nok").await;
    let second = login(&app, "nok", PASSWORD).await.1["token"]
        .as_str()
        .unwrap()
        .to_string();
    let new_password = "a brand new teak table";

    let (status, body) = app
        .post_json(
            "/api/auth/password",
            &json!({"oldPassword": "wrong old one", "newPassword": new_password}),
            Some(&first),
        )
        .await;
    assert_eq!((status, error_code(&body)), (401, "invalid_credentials"));
    let (status, body) = app
        .post_json(
            "/api/auth/password",
            &json!({"oldPassword": PASSWORD, "newPassword": "short"}),
            Some(&first),
        )
        .await;
    assert_eq!((status, error_code(&body)), (400, "weak_password"));

    let (status, body) = app
        .post_json(
            "/api/auth/password",
            &json!({"oldPassword": PASSWORD, "newPassword": new_password}),
            Some(&first),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let fresh = body["token"].as_str().unwrap();
    assert_eq!(app.get_authed("/api/auth/user", fresh).await.0, 200);
    assert_eq!(app.get_authed("/api/auth/user", &first).await.0, 401);
    assert_eq!(app.get_authed("/api/auth/user", &second).await.0, 401);
    assert_eq!(login(&app, "nok", PASSWORD).await.0, 401);
    assert_eq!(login(&app, "nok", new_password).await.0, 200);
}

#[tokio::test]
async fn account_details_are_for_their_owner_and_staff_only() {
    let app = spawn_app().await;
    let nok = register(&app, "nok").await;
    let ploy = register(&app, "ploy").await;
    let nok_id = app.get_authed("/api/auth/user", &nok).await.1["data"]["id"]
        .as_u64()
        .unwrap();
    let path = format!("/api/auth/userInfo/get/{nok_id}");
    assert_eq!(app.get_authed(&path, &nok).await.0, 200);
    let (status, body) = app.get_authed(&path, &ploy).await;
    assert_eq!((status, error_code(&body)), (403, "forbidden"));
    assert_eq!(app.get(&path).await.status(), 401);
    let staff = app.token("boss", "admin-sales").await;
    let (status, body) = app.get_authed(&path, &staff).await;
    assert_eq!(status, 200);
    assert_eq!(body["userInfo"]["id"], nok_id);
    assert_eq!(
        app.get_authed("/api/auth/userInfo/get/999999", &staff)
            .await
            .0,
        404
    );
}

#[tokio::test]
async fn addresses_and_tax_details_are_validated_and_saved() {
    let app = spawn_app().await;
    let token = register(&app, "nok").await;
    let address = json!({"name": "Somchai", "phone": "0812345678", "line1": "99/9 Sukhumvit", "district": "Khlong Toei", "province": "bangkok", "postcode": "10110"});
    let bad = json!({"addInfo": [{"name": "", "phone": "12", "line1": "x", "district": "y", "province": "bangkok", "postcode": "1"}], "vatInfo": {"name": "Kiosk", "taxId": "12", "branch": "00000", "address": "Bangkok"}});
    let response = app
        .client
        .put(app.url("/api/auth/userInfo"))
        .bearer_auth(&token)
        .json(&bad)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 400);
    let body: serde_json::Value = response.json().await.unwrap();
    let message = body["error"]["message"].as_str().unwrap();
    for field in [
        "addInfo[0].name",
        "addInfo[0].phone",
        "addInfo[0].postcode",
        "vatInfo.taxId",
    ] {
        assert!(message.contains(field), "{field} not named in {message}");
    }
    let good = json!({"addInfo": [address], "vatInfo": {"name": "Kiosk Co., Ltd.", "taxId": "0105551234567", "branch": "00000", "address": "99/9 Sukhumvit, Bangkok 10110"}});
    let response = app
        .client
        .put(app.url("/api/auth/userInfo"))
        .bearer_auth(&token)
        .json(&good)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let (_, me) = app.get_authed("/api/auth/user", &token).await;
    assert_eq!(me["data"]["userInfo"]["addInfo"][0]["province"], "bangkok");
    assert_eq!(me["data"]["userInfo"]["vatInfo"]["taxId"], "0105551234567");
}

#[tokio::test]
async fn staff_coin_adjustments_keep_the_ledger_and_balance_equal() {
    let app = spawn_app().await;
    let shopper = register(&app, "nok").await;
    let id = app.get_authed("/api/auth/user", &shopper).await.1["data"]["id"]
        .as_u64()
        .unwrap();
    let staff = app.token("boss", "admin").await;
    let path = format!("/api/admin/customers/{id}/coins");
    for (amount, reason) in [(300, "welcome"), (-50, "correction"), (25, "review reward")] {
        let (status, body) = app
            .post_json(
                &path,
                &json!({"amount": amount, "reason": reason}),
                Some(&staff),
            )
            .await;
        assert_eq!(status, 200, "{body}");
    }
    let (status, body) = app
        .post_json(
            &path,
            &json!({"amount": -1000, "reason": "too much"}),
            Some(&staff),
        )
        .await;
    assert_eq!((status, error_code(&body)), (400, "invalid_input"));
    let (status, body) = app
        .post_json(
            &path,
            &json!({"amount": 10, "reason": "self-service"}),
            Some(&shopper),
        )
        .await;
    assert_eq!((status, error_code(&body)), (403, "forbidden"));

    let (_, me) = app.get_authed("/api/auth/user", &shopper).await;
    assert_eq!(me["data"]["userInfo"]["coin"], 275);
    let (_, ledger) = app
        .get_authed(&format!("/api/admin/customers/{id}"), &staff)
        .await;
    let sum: i64 = ledger["ledger"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["amount"].as_i64().unwrap())
        .sum();
    assert_eq!(sum, 275);
    assert_eq!(ledger["customer"]["coin"], 275);
    assert!(
        ledger["ledger"]
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e["staffId"].is_u64())
    );
}

#[tokio::test]
async fn sign_ins_failures_and_changes_are_in_the_activity_log() {
    let app = spawn_app().await;
    let token = register(&app, "nok").await;
    login(&app, "nok", "wrong password").await;
    app.client
        .post(app.url("/api/auth/login"))
        .header("kcard", "kiosk-7")
        .json(&json!({"username": "nok", "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    app.post_json(
        "/api/auth/password",
        &json!({"oldPassword": PASSWORD, "newPassword": "a brand new teak table"}),
        Some(&token),
    )
    .await;
    let store = app.state.store.clone();
    tokio::task::spawn_blocking(move || {
        kiosk::accounts::store::set_role(&store, "nok", "admin-sales")
    })
    .await
    .unwrap()
    .unwrap();

    let staff = app.token("boss", "admin").await;
    let (status, log) = app.get_authed("/api/admin/activity", &staff).await;
    assert_eq!(status, 200);
    // Each line as "who", "action target (details)", "kcard".
    let lines: Vec<(String, String, String)> = log["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            let target = l["target"].as_str().unwrap_or("");
            let details = l["details"].as_str().unwrap_or("");
            (
                l["user"].as_str().unwrap().into(),
                format!("{} {target} ({details})", l["action"].as_str().unwrap()),
                l["kcard"].as_str().unwrap_or("").into(),
            )
        })
        .collect();
    let has = |action: &str| {
        lines
            .iter()
            .any(|(user, a, _)| user == "nok" && a.starts_with(action))
    };
    for action in [
        "registered",
        "failed sign-in",
        "signed in (local)",
        "changed password",
    ] {
        assert!(has(action), "no '{action}' line in {lines:?}");
    }
    // Role changes are logged as done by whoever made them: here the operator's CLI.
    assert!(
        lines
            .iter()
            .any(|(user, a, _)| user == "cli" && a == "role changed user nok (user → admin-sales)"),
        "no role change line in {lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|(_, a, kcard)| a.starts_with("signed in (local)") && kcard == "kiosk-7")
    );
    let (status, _) = app
        .get_authed("/api/admin/activity", &register(&app, "ploy").await)
        .await;
    assert_eq!(status, 403);
}

#[tokio::test]
async fn a_demoted_admin_loses_staff_access_at_once() {
    let app = spawn_app().await;
    let token = app.token("boss", "admin").await;
    assert_eq!(app.get_authed("/api/file/menus/admin", &token).await.0, 200);
    let store = app.state.store.clone();
    tokio::task::spawn_blocking(move || kiosk::accounts::store::set_role(&store, "boss", "user"))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        app.get_authed("/api/file/menus/admin", &token).await.0,
        401,
        "the old token carries a revoked version"
    );
}

#[tokio::test]
async fn oversized_bodies_are_refused_without_reading_them() {
    let app = spawn_app().await;
    let huge = "x".repeat(2 * 1024 * 1024);
    let (status, body) = app
        .post_json(
            "/api/auth/register",
            &json!({"username": "nok", "password": huge}),
            None,
        )
        .await;
    assert_eq!((status, error_code(&body)), (413, "payload_too_large"));
    let (status, body) = app
        .json(
            app.client
                .post(app.url("/api/auth/login"))
                .header("content-type", "application/json")
                .body("{not json"),
        )
        .await;
    assert_eq!((status, error_code(&body)), (400, "invalid_json"));
}
