//! Google and Facebook sign-in against a local provider that speaks OAuth 2 / OpenID Connect the
//! way they do: authorization code, client secret, exact redirect URI, PKCE S256, an ES256 ID
//! token carrying the nonce of the authorization request (keys at `/jwks`), bearer user-info.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Form, Json, Router};
use serde_json::json;
use sha2::{Digest, Sha256};

use crate::helpers::{TestApp, base64url, error_code, spawn_app_with};
use kiosk::config::OAuthProvider;

const CLIENT_ID: &str = "kiosk-test";
const CLIENT_SECRET: &str = "test-secret";

#[derive(Default)]
struct Provider {
    /// code → (code_challenge, redirect_uri, nonce)
    codes: Mutex<HashMap<String, (String, String, String)>>,
    /// Signs the ID tokens.
    keys: crate::line::EsKey,
    /// The next ID token carries another nonce (a token minted for someone else's sign-in).
    wrong_nonce: Mutex<bool>,
    tokens: Mutex<Vec<String>>,
    /// What the last /authorize request carried, for assertions.
    last_authorize: Mutex<HashMap<String, String>>,
}

async fn authorize(
    State(p): State<Arc<Provider>>,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    *p.last_authorize.lock().unwrap() = q.clone();
    let ok = q.get("response_type").map(String::as_str) == Some("code")
        && q.get("client_id").map(String::as_str) == Some(CLIENT_ID)
        && q.get("code_challenge_method").map(String::as_str) == Some("S256");
    if !ok {
        return (StatusCode::BAD_REQUEST, "bad authorize request").into_response();
    }
    let code = format!("code-{}", uuid::Uuid::new_v4());
    p.codes.lock().unwrap().insert(
        code.clone(),
        (
            q["code_challenge"].clone(),
            q["redirect_uri"].clone(),
            q.get("nonce").cloned().unwrap_or_default(),
        ),
    );
    let target = format!("{}?code={code}&state={}", q["redirect_uri"], q["state"]);
    (StatusCode::FOUND, [(header::LOCATION, target)]).into_response()
}

async fn token(State(p): State<Arc<Provider>>, Form(f): Form<HashMap<String, String>>) -> Response {
    let Some((challenge, redirect_uri, nonce)) = f
        .get("code")
        .and_then(|c| p.codes.lock().unwrap().remove(c))
    else {
        return (
            StatusCode::BAD_REQUEST,
            Json(json!({"error": "invalid_grant"})),
        )
            .into_response();
    };
    let verifier_ok = f
        .get("code_verifier")
        .is_some_and(|v| base64url(&Sha256::digest(v.as_bytes())) == challenge);
    let client_ok = f.get("client_id").map(String::as_str) == Some(CLIENT_ID)
        && f.get("client_secret").map(String::as_str) == Some(CLIENT_SECRET);
    let request_ok = f.get("grant_type").map(String::as_str) == Some("authorization_code")
        && f.get("redirect_uri") == Some(&redirect_uri);
    if !(verifier_ok && client_ok && request_ok) {
        return (
            StatusCode::BAD_REQUEST,
            Json(json!({"error": "invalid_grant"})),
        )
            .into_response();
    }
    let access = format!("access-{}", uuid::Uuid::new_v4());
    p.tokens.lock().unwrap().push(access.clone());
    let facebook = redirect_uri.contains("/facebook/");
    let (iss, sub) = if facebook {
        ("https://www.facebook.com", "10220000123")
    } else {
        ("https://accounts.google.com", "google-sub-123")
    };
    let nonce = if std::mem::take(&mut *p.wrong_nonce.lock().unwrap()) {
        "a-nonce-of-another-sign-in".to_string()
    } else {
        nonce
    };
    let now = kiosk::accounts::token::now_secs();
    let id_token = p.keys.sign(
        &json!({"iss": iss, "sub": sub, "aud": CLIENT_ID, "exp": now + 3600,
        "iat": now, "nonce": nonce, "email": "somchai@example.com", "email_verified": true}),
    );
    Json(
        json!({"access_token": access, "token_type": "Bearer", "expires_in": 3600,
        "scope": "openid email profile", "id_token": id_token}),
    )
    .into_response()
}

fn bearer_ok(p: &Provider, headers: &HeaderMap) -> bool {
    let presented = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or("");
    p.tokens.lock().unwrap().iter().any(|t| t == presented)
}

async fn userinfo(State(p): State<Arc<Provider>>, headers: HeaderMap) -> Response {
    if !bearer_ok(&p, &headers) {
        return StatusCode::UNAUTHORIZED.into_response();
    }
    Json(json!({"sub": "google-sub-123", "name": "Somchai Test", "email": "somchai@example.com", "email_verified": true})).into_response()
}

async fn graph_me(State(p): State<Arc<Provider>>, headers: HeaderMap) -> Response {
    if !bearer_ok(&p, &headers) {
        return StatusCode::UNAUTHORIZED.into_response();
    }
    Json(json!({"id": "10220000123", "name": "Ploy FB"})).into_response()
}

async fn jwks(State(p): State<Arc<Provider>>) -> Json<serde_json::Value> {
    Json(p.keys.jwks())
}

async fn start_provider() -> (String, Arc<Provider>) {
    let provider = Arc::new(Provider::default());
    let router = Router::new()
        .route("/authorize", get(authorize))
        .route("/token", post(token))
        .route("/userinfo", get(userinfo))
        .route("/me", get(graph_me))
        .route("/jwks", get(jwks))
        .with_state(provider.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    (base, provider)
}

fn configured(base: &str, userinfo: &str, issuer: &str) -> OAuthProvider {
    OAuthProvider {
        client_id: CLIENT_ID.into(),
        client_secret: CLIENT_SECRET.into(),
        auth_url: format!("{base}/authorize"),
        token_url: format!("{base}/token"),
        userinfo_url: format!("{base}{userinfo}"),
        jwks_url: format!("{base}/jwks"),
        issuer: issuer.into(),
        friendship_url: String::new(),
    }
}

async fn shop_with_providers() -> (TestApp, String, Arc<Provider>) {
    let (base, provider) = start_provider().await;
    let (google, facebook) = (
        configured(&base, "/userinfo", "https://accounts.google.com"),
        configured(&base, "/me", "https://www.facebook.com"),
    );
    let app = spawn_app_with(move |c| {
        c.auth.google = google;
        c.auth.facebook = facebook;
    })
    .await;
    (app, base, provider)
}

/// Follows start → provider → callback like a browser; returns the final Location.
pub(crate) async fn sign_in(
    app: &TestApp,
    provider: &str,
    next: &str,
    tamper_cookie: bool,
) -> String {
    let start = app
        .get(&format!("/api/auth/oauth/{provider}/start?next={next}"))
        .await;
    assert_eq!(start.status(), 302);
    let authorize_url = start.headers()["location"].to_str().unwrap().to_string();
    let cookie = start.headers()["set-cookie"]
        .to_str()
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_string();
    assert!(
        start.headers()["set-cookie"]
            .to_str()
            .unwrap()
            .contains("HttpOnly")
    );
    let back = app.client.get(&authorize_url).send().await.unwrap();
    assert_eq!(
        back.status(),
        302,
        "the provider refused: {}",
        back.text().await.unwrap()
    );
    let callback = back.headers()["location"].to_str().unwrap().to_string();
    // The callback URL names the public address; send it to this test server.
    let path = callback
        .strip_prefix(crate::helpers::PUBLIC_URL)
        .expect("callback on the public URL");
    let cookie = if tamper_cookie {
        "kiosk_oauth_state=forged".to_string()
    } else {
        cookie
    };
    let done = app
        .client
        .get(app.url(path))
        .header("cookie", cookie)
        .send()
        .await
        .unwrap();
    assert_eq!(done.status(), 302);
    done.headers()["location"].to_str().unwrap().to_string()
}

pub(crate) fn fragment_value(location: &str, key: &str) -> Option<String> {
    let fragment = location.split_once('#')?.1;
    url::form_urlencoded::parse(fragment.as_bytes())
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.into_owned())
}

#[tokio::test]
async fn google_sign_in_runs_the_code_flow_with_pkce_and_returns_to_the_page() {
    let (app, _base, provider) = shop_with_providers().await;
    let location = sign_in(&app, "google", "/th/about", false).await;
    assert!(location.starts_with("/#kiosk_token="), "{location}");
    assert_eq!(
        fragment_value(&location, "next").as_deref(),
        Some("/th/about")
    );
    let token = fragment_value(&location, "kiosk_token").unwrap();
    let (status, me) = app.get_authed("/api/auth/user", &token).await;
    assert_eq!(status, 200);
    assert_eq!(
        (
            me["data"]["provider"].as_str(),
            me["data"]["name"].as_str(),
            me["data"]["role"].as_str()
        ),
        (Some("google"), Some("Somchai Test"), Some("user"))
    );
    assert_eq!(me["data"]["email"], "somchai@example.com");

    let sent = provider.last_authorize.lock().unwrap().clone();
    assert_eq!(sent["scope"], "openid email profile");
    assert!(
        !sent["nonce"].is_empty()
            && !sent["state"].is_empty()
            && sent["code_challenge"].len() == 43
    );

    // The same Google account signs in to the same shop account.
    let again = fragment_value(&sign_in(&app, "google", "/", false).await, "kiosk_token").unwrap();
    let (_, me_again) = app.get_authed("/api/auth/user", &again).await;
    assert_eq!(me_again["data"]["id"], me["data"]["id"]);
    // A local password change is impossible for a social account.
    let (status, body) = app
        .post_json(
            "/api/auth/password",
            &json!({"oldPassword": "x", "newPassword": "a new long password"}),
            Some(&token),
        )
        .await;
    assert_eq!((status, error_code(&body)), (400, "no_password"));
}

#[tokio::test]
async fn facebook_sign_in_reads_the_graph_profile() {
    let (app, _base, _provider) = shop_with_providers().await;
    let location = sign_in(&app, "facebook", "/", false).await;
    let token = fragment_value(&location, "kiosk_token").expect(&location);
    let (_, me) = app.get_authed("/api/auth/user", &token).await;
    assert_eq!(
        (me["data"]["provider"].as_str(), me["data"]["name"].as_str()),
        (Some("facebook"), Some("Ploy FB"))
    );
}

#[tokio::test]
async fn forged_replayed_or_cancelled_callbacks_sign_nobody_in() {
    let (app, _base, _provider) = shop_with_providers().await;
    let forged = sign_in(&app, "google", "/", true).await;
    assert_eq!(
        fragment_value(&forged, "kiosk_login_error").as_deref(),
        Some("state_mismatch")
    );

    let unknown_state = app
        .get("/api/auth/oauth/google/callback?code=x&state=never-issued")
        .await;
    assert_eq!(
        unknown_state.headers()["location"],
        "/#kiosk_login_error=state_mismatch"
    );
    let cancelled = app
        .get("/api/auth/oauth/google/callback?error=access_denied&state=x")
        .await;
    assert_eq!(
        cancelled.headers()["location"],
        "/#kiosk_login_error=cancelled"
    );

    // An unsafe `next` is replaced by home.
    let location = sign_in(&app, "google", "//evil.example", false).await;
    assert_eq!(fragment_value(&location, "next").as_deref(), Some("/"));
}

#[tokio::test]
async fn providers_without_configuration_are_hidden() {
    let app = crate::helpers::spawn_app().await;
    let (_, body) = app.get_json("/api/auth/providers").await;
    assert_eq!(body["providers"], json!([]));
    let (status, body) = app.get_json("/api/auth/oauth/google/start").await;
    assert_eq!((status, error_code(&body)), (404, "not_found"));
    let (app, _, _) = shop_with_providers().await;
    let (_, body) = app.get_json("/api/auth/providers").await;
    assert_eq!(body["providers"], json!(["google", "facebook"]));
}

#[tokio::test]
async fn an_id_token_with_another_sign_ins_nonce_signs_nobody_in() {
    let (app, _base, provider) = shop_with_providers().await;
    *provider.wrong_nonce.lock().unwrap() = true;
    let location = sign_in(&app, "google", "/", false).await;
    assert_eq!(
        location, "/#kiosk_login_error=nonce_mismatch",
        "a Google ID token minted for another sign-in is refused"
    );
    *provider.wrong_nonce.lock().unwrap() = true;
    let location = sign_in(&app, "facebook", "/", false).await;
    assert_eq!(location, "/#kiosk_login_error=nonce_mismatch");
    // The next, honest sign-in works.
    let location = sign_in(&app, "google", "/", false).await;
    assert!(location.starts_with("/#kiosk_token="), "{location}");
}

#[tokio::test]
async fn register_social_checks_the_token_with_the_provider() {
    let (app, base, provider) = shop_with_providers().await;
    // A real provider access token, as a browser-side SDK would have obtained it.
    let access = format!("access-{}", uuid::Uuid::new_v4());
    provider.tokens.lock().unwrap().push(access.clone());
    let _ = base;
    let claim = |username: &str, token: &str| json!({"username": username, "mid": "visitor-1", "type": "google", "info": {"name": "Forged Name", "accessToken": token}});
    let (status, body) = app
        .post_json(
            "/api/auth/registerSocial",
            &claim("google-sub-123", &access),
            None,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["status"], "success");
    assert_eq!(
        body["user"]["name"], "Somchai Test",
        "the profile comes from the provider, not the browser"
    );
    assert_eq!(body["user"]["userInfo"]["coin"], 0);
    assert!(body["token"].is_string());

    let (status, body) = app
        .post_json(
            "/api/auth/registerSocial",
            &claim("someone-else", &access),
            None,
        )
        .await;
    assert_eq!((status, error_code(&body)), (401, "invalid_credentials"));
    let (status, body) = app
        .post_json(
            "/api/auth/registerSocial",
            &claim("google-sub-123", "made-up-token"),
            None,
        )
        .await;
    assert_eq!((status, error_code(&body)), (401, "invalid_credentials"));
    let (status, body) = app
        .post_json(
            "/api/auth/registerSocial",
            &json!({"username": "google-sub-123", "type": "google", "info": {}}),
            None,
        )
        .await;
    assert_eq!((status, error_code(&body)), (400, "invalid_input"));
}
