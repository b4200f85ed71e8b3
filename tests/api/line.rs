//! LINE Login and order updates on LINE, against a local stand-in on loopback that speaks
//! LINE's documented endpoints: LINE Login v2.1 (`/oauth2/v2.1/authorize`, `/token` answering an
//! ID token signed HS256 with the channel secret as for a web login — or ES256 with the keys at
//! `/oauth2/v2.1/certs` —, `/verify`), the profile (`/v2/profile`), the friendship status
//! (`/friendship/v1/status`) and the Messaging API push (`/v2/bot/message/push`).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Form, Json, Router};
use hmac::{Hmac, Mac};
use ring::rand::SystemRandom;
use ring::signature::{ECDSA_P256_SHA256_FIXED_SIGNING, EcdsaKeyPair, KeyPair};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::helpers::{TestApp, base64url, spawn_app_with};
use crate::notifications::{set_status, with_channels};
use crate::orders::{Shopper, add, place, plain, product};
use crate::social::{fragment_value, sign_in};
use crate::standins::SmtpStandIn;
use kiosk::config::OAuthProvider;

const CHANNEL_ID: &str = "1655000000";
const CHANNEL_SECRET: &str = "line-channel-secret-0123456789ab";
const LINE_USER: &str = "U4af4980629abcdef0123456789abcdef";

/// An ES256 signing key and its JWKS, as a provider publishes it.
pub(crate) struct EsKey {
    pair: EcdsaKeyPair,
    rng: SystemRandom,
}

impl Default for EsKey {
    fn default() -> Self {
        let rng = SystemRandom::new();
        let pkcs8 = EcdsaKeyPair::generate_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, &rng).unwrap();
        let pair = EcdsaKeyPair::from_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, pkcs8.as_ref(), &rng)
            .unwrap();
        EsKey { pair, rng }
    }
}

impl EsKey {
    pub(crate) fn jwks(&self) -> Value {
        let public = self.pair.public_key().as_ref();
        json!({"keys": [{"kty": "EC", "crv": "P-256", "alg": "ES256", "use": "sig", "kid": "test-key-1",
                         "x": base64url(&public[1..33]), "y": base64url(&public[33..65])}]})
    }

    pub(crate) fn sign(&self, claims: &Value) -> String {
        let head = base64url(br#"{"alg":"ES256","typ":"JWT","kid":"test-key-1"}"#);
        let body = base64url(claims.to_string().as_bytes());
        let signed = format!("{head}.{body}");
        let signature = self.pair.sign(&self.rng, signed.as_bytes()).unwrap();
        format!("{signed}.{}", base64url(signature.as_ref()))
    }
}

/// An HS256 JWT, as LINE signs a web login's ID token with the channel secret.
fn hs256(claims: &Value, secret: &str) -> String {
    let head = base64url(br#"{"alg":"HS256","typ":"JWT"}"#);
    let body = base64url(claims.to_string().as_bytes());
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(format!("{head}.{body}").as_bytes());
    format!("{head}.{body}.{}", base64url(&mac.finalize().into_bytes()))
}

/// How the stand-in makes the next ID token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Mode {
    #[default]
    Hs256,
    Es256,
    BadSignature,
    WrongAudience,
    Expired,
    WrongNonce,
}

#[derive(Debug, Clone)]
struct Push {
    authorization: String,
    retry_key: String,
    to: String,
    text: String,
}

#[derive(Default)]
struct Line {
    /// code → (challenge, redirect_uri, nonce)
    codes: Mutex<HashMap<String, (String, String, String)>>,
    access_tokens: Mutex<Vec<String>>,
    mode: Mutex<Mode>,
    friend: Mutex<bool>,
    last_authorize: Mutex<HashMap<String, String>>,
    pushes: Mutex<Vec<Push>>,
    /// The next pushes answered 500, as LINE does when it is in trouble.
    fail_next: Mutex<usize>,
    keys: EsKey,
}

fn bad(error: &str) -> Response {
    (StatusCode::BAD_REQUEST, Json(json!({"error": error}))).into_response()
}

async fn authorize(
    State(line): State<Arc<Line>>,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    *line.last_authorize.lock().unwrap() = q.clone();
    let field = |k: &str| q.get(k).map(String::as_str).unwrap_or_default();
    let ok = field("response_type") == "code"
        && field("client_id") == CHANNEL_ID
        && field("scope").split(' ').any(|s| s == "openid")
        && !field("state").is_empty()
        && !field("nonce").is_empty()
        && field("code_challenge_method") == "S256"
        && field("redirect_uri").ends_with("/api/auth/oauth/line/callback");
    if !ok {
        return (StatusCode::BAD_REQUEST, "bad authorize request").into_response();
    }
    let code = format!("line-code-{}", uuid::Uuid::new_v4());
    line.codes.lock().unwrap().insert(
        code.clone(),
        (
            field("code_challenge").into(),
            field("redirect_uri").into(),
            field("nonce").into(),
        ),
    );
    let target = format!(
        "{}?code={code}&state={}",
        field("redirect_uri"),
        field("state")
    );
    (StatusCode::FOUND, [(header::LOCATION, target)]).into_response()
}

fn id_token_claims(nonce: &str, aud: &str, exp: u64) -> Value {
    let now = kiosk::accounts::token::now_secs();
    json!({"iss": "https://access.line.me", "sub": LINE_USER, "aud": aud, "exp": exp, "iat": now,
           "nonce": nonce, "amr": ["linesso"], "name": "นก ทดสอบ",
           "picture": "https://profile.line-scdn.net/x", "email": "nok@example.com"})
}

async fn token(State(line): State<Arc<Line>>, Form(f): Form<HashMap<String, String>>) -> Response {
    let Some((challenge, redirect_uri, nonce)) = f
        .get("code")
        .and_then(|c| line.codes.lock().unwrap().remove(c))
    else {
        return bad("invalid_grant");
    };
    let verifier_ok = f
        .get("code_verifier")
        .is_some_and(|v| base64url(&Sha256::digest(v.as_bytes())) == challenge);
    let client_ok = f.get("client_id").map(String::as_str) == Some(CHANNEL_ID)
        && f.get("client_secret").map(String::as_str) == Some(CHANNEL_SECRET);
    let request_ok = f.get("grant_type").map(String::as_str) == Some("authorization_code")
        && f.get("redirect_uri") == Some(&redirect_uri);
    if !(verifier_ok && client_ok && request_ok) {
        return bad("invalid_grant");
    }
    let access = format!("line-access-{}", uuid::Uuid::new_v4());
    line.access_tokens.lock().unwrap().push(access.clone());
    let exp = kiosk::accounts::token::now_secs() + 3600;
    let mode = *line.mode.lock().unwrap();
    let id_token = match mode {
        Mode::Hs256 => hs256(&id_token_claims(&nonce, CHANNEL_ID, exp), CHANNEL_SECRET),
        Mode::Es256 => line.keys.sign(&id_token_claims(&nonce, CHANNEL_ID, exp)),
        Mode::BadSignature => hs256(
            &id_token_claims(&nonce, CHANNEL_ID, exp),
            "not-the-channel-secret",
        ),
        Mode::WrongAudience => hs256(&id_token_claims(&nonce, "1655999999", exp), CHANNEL_SECRET),
        Mode::Expired => hs256(
            &id_token_claims(&nonce, CHANNEL_ID, exp - 7200),
            CHANNEL_SECRET,
        ),
        Mode::WrongNonce => hs256(
            &id_token_claims("a-nonce-of-another-sign-in", CHANNEL_ID, exp),
            CHANNEL_SECRET,
        ),
    };
    Json(json!({"access_token": access, "expires_in": 2592000, "id_token": id_token,
                "refresh_token": "line-refresh", "scope": "email openid profile", "token_type": "Bearer"}))
    .into_response()
}

/// `POST /oauth2/v2.1/verify`: LINE's own check of an ID token (the shop checks locally).
async fn verify(Form(f): Form<HashMap<String, String>>) -> Response {
    let token = f.get("id_token").cloned().unwrap_or_default();
    let mut parts = token.split('.');
    let (Some(head), Some(body), Some(_)) = (parts.next(), parts.next(), parts.next()) else {
        return bad("invalid_request");
    };
    let expected = {
        let mut mac = Hmac::<Sha256>::new_from_slice(CHANNEL_SECRET.as_bytes()).unwrap();
        mac.update(format!("{head}.{body}").as_bytes());
        base64url(&mac.finalize().into_bytes())
    };
    if !token.ends_with(&expected) || f.get("client_id").map(String::as_str) != Some(CHANNEL_ID) {
        return bad("invalid_request");
    }
    let claims: Value = serde_json::from_slice(
        &base64::Engine::decode(&base64::engine::general_purpose::URL_SAFE_NO_PAD, body)
            .unwrap_or_default(),
    )
    .unwrap_or_default();
    if f.get("nonce")
        .is_some_and(|n| claims["nonce"] != n.as_str())
    {
        return bad("invalid_request");
    }
    Json(claims).into_response()
}

fn bearer(headers: &HeaderMap) -> String {
    headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or_default()
        .to_string()
}

async fn profile(State(line): State<Arc<Line>>, headers: HeaderMap) -> Response {
    if !line
        .access_tokens
        .lock()
        .unwrap()
        .contains(&bearer(&headers))
    {
        return StatusCode::UNAUTHORIZED.into_response();
    }
    Json(json!({"userId": LINE_USER, "displayName": "นก ทดสอบ", "pictureUrl": "https://profile.line-scdn.net/x"}))
        .into_response()
}

async fn friendship(State(line): State<Arc<Line>>, headers: HeaderMap) -> Response {
    if !line
        .access_tokens
        .lock()
        .unwrap()
        .contains(&bearer(&headers))
    {
        return StatusCode::UNAUTHORIZED.into_response();
    }
    Json(json!({"friendFlag": *line.friend.lock().unwrap()})).into_response()
}

async fn certs(State(line): State<Arc<Line>>) -> Json<Value> {
    Json(line.keys.jwks())
}

async fn push(
    State(line): State<Arc<Line>>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Response {
    {
        let mut fail = line.fail_next.lock().unwrap();
        if *fail > 0 {
            *fail -= 1;
            return (
                StatusCode::INTERNAL_SERVER_ERROR,
                "{\"message\":\"try later\"}",
            )
                .into_response();
        }
    }
    let retry_key = headers
        .get("x-line-retry-key")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    let mut pushes = line.pushes.lock().unwrap();
    if !retry_key.is_empty() && pushes.iter().any(|p| p.retry_key == retry_key) {
        // What LINE answers for a retry key it has already accepted.
        return (
            StatusCode::CONFLICT,
            "{\"message\":\"The retry key is already accepted\"}",
        )
            .into_response();
    }
    pushes.push(Push {
        authorization: bearer(&headers),
        retry_key,
        to: body["to"].as_str().unwrap_or_default().into(),
        text: body["messages"][0]["text"]
            .as_str()
            .unwrap_or_default()
            .into(),
    });
    (StatusCode::OK, "{}").into_response()
}

async fn start_line() -> (String, Arc<Line>) {
    let line = Arc::new(Line::default());
    *line.friend.lock().unwrap() = true;
    let router = Router::new()
        .route("/oauth2/v2.1/authorize", get(authorize))
        .route("/oauth2/v2.1/token", post(token))
        .route("/oauth2/v2.1/verify", post(verify))
        .route("/oauth2/v2.1/certs", get(certs))
        .route("/v2/profile", get(profile))
        .route("/friendship/v1/status", get(friendship))
        .route("/v2/bot/message/push", post(push))
        .with_state(line.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    (base, line)
}

fn line_login(base: &str) -> OAuthProvider {
    OAuthProvider {
        client_id: CHANNEL_ID.into(),
        client_secret: CHANNEL_SECRET.into(),
        auth_url: format!("{base}/oauth2/v2.1/authorize"),
        token_url: format!("{base}/oauth2/v2.1/token"),
        userinfo_url: format!("{base}/v2/profile"),
        jwks_url: format!("{base}/oauth2/v2.1/certs"),
        issuer: "https://access.line.me".into(),
        friendship_url: format!("{base}/friendship/v1/status"),
    }
}

/// A shop with LINE Login, LINE pushes and mail all pointed at stand-ins.
async fn shop() -> (TestApp, Arc<Line>, SmtpStandIn) {
    let (base, line) = start_line().await;
    let smtp = SmtpStandIn::start().await;
    let port = smtp.port;
    let app = spawn_app_with(move |c| {
        with_channels(c, port, &base);
        c.auth.line = line_login(&base);
    })
    .await;
    (app, line, smtp)
}

async fn line_shopper(app: &TestApp) -> Shopper {
    let location = sign_in(app, "line", "/th/user", false).await;
    let token = fragment_value(&location, "kiosk_token").unwrap_or_else(|| panic!("{location}"));
    let (status, me) = app.get_authed("/api/auth/user", &token).await;
    assert_eq!(status, 200, "{me}");
    Shopper {
        id: me["data"]["id"].as_u64().unwrap(),
        token,
    }
}

fn pushes_to(line: &Line, to: &str) -> Vec<Push> {
    line.pushes
        .lock()
        .unwrap()
        .iter()
        .filter(|p| p.to == to)
        .cloned()
        .collect()
}

async fn wait_pushes(line: &Line, to: &str, count: usize) -> Vec<Push> {
    for _ in 0..200 {
        let found = pushes_to(line, to);
        if found.len() >= count {
            return found;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    pushes_to(line, to)
}

async fn place_order(app: &TestApp, who: &Shopper, lang: &str) -> (u64, String) {
    let item = product(app, plain);
    add(app, who, &item.code, 1).await;
    let (status, body) = place(app, who, json!({"lang": lang, "email": "nok@example.com"})).await;
    assert_eq!(status, 201, "{body}");
    (
        body["order"]["id"].as_u64().unwrap(),
        body["order"]["number"].as_str().unwrap().to_string(),
    )
}

#[tokio::test]
async fn line_sign_in_checks_the_id_token_and_links_one_account() {
    let (app, line, _smtp) = shop().await;
    let (_, providers) = app.get_json("/api/auth/providers").await;
    assert_eq!(providers["providers"], json!(["line"]));

    let who = line_shopper(&app).await;
    let sent = line.last_authorize.lock().unwrap().clone();
    assert_eq!(sent["scope"], "openid email profile");
    assert_eq!(sent["bot_prompt"], "normal");
    assert!(!sent["nonce"].is_empty() && sent["code_challenge"].len() == 43);
    let (_, me) = app.get_authed("/api/auth/user", &who.token).await;
    assert_eq!(
        (
            me["data"]["provider"].as_str(),
            me["data"]["name"].as_str(),
            me["data"]["email"].as_str()
        ),
        (Some("line"), Some("นก ทดสอบ"), Some("nok@example.com"))
    );
    assert_eq!(me["data"]["userInfo"]["lineUpdates"], true);
    assert_eq!(me["data"]["userInfo"]["lineFriend"], true);

    // ES256 tokens are checked with LINE's published keys; the same LINE account signs in to
    // the same shop account.
    *line.mode.lock().unwrap() = Mode::Es256;
    let again = line_shopper(&app).await;
    assert_eq!(again.id, who.id);

    for (mode, code) in [
        (Mode::BadSignature, "id_token_invalid"),
        (Mode::WrongAudience, "id_token_invalid"),
        (Mode::Expired, "id_token_invalid"),
        (Mode::WrongNonce, "nonce_mismatch"),
    ] {
        *line.mode.lock().unwrap() = mode;
        let location = sign_in(&app, "line", "/", false).await;
        assert_eq!(
            location,
            format!("/#kiosk_login_error={code}"),
            "{mode:?} must be refused"
        );
    }
}

#[tokio::test]
async fn line_shoppers_get_each_order_update_on_line_in_their_language() {
    let (app, line, smtp) = shop().await;
    let who = line_shopper(&app).await;
    let staff = app.token("clerk", "admin").await;
    // LINE is in trouble for the first two tries: the outbox tries again.
    *line.fail_next.lock().unwrap() = 2;
    let (id, number) = place_order(&app, &who, "th").await;

    let pushes = wait_pushes(&line, LINE_USER, 1).await;
    assert_eq!(pushes.len(), 1, "{pushes:?}");
    assert_eq!(pushes[0].authorization, "line-test-token");
    assert!(uuid::Uuid::parse_str(&pushes[0].retry_key).is_ok());
    assert!(
        pushes[0].text.starts_with("ขอบคุณที่สั่งซื้อ")
            && pushes[0].text.contains(&number)
            && pushes[0].text.contains(&format!("/th/user/order?id={id}")),
        "{}",
        pushes[0].text
    );

    set_status(&app, &staff, id, "paid").await;
    set_status(&app, &staff, id, "preparing").await;
    set_status(&app, &staff, id, "shipped").await;
    set_status(&app, &staff, id, "delivered").await;
    let pushes = wait_pushes(&line, LINE_USER, 4).await;
    let texts: Vec<&str> = pushes.iter().map(|p| p.text.as_str()).collect();
    assert_eq!(texts.len(), 4, "{texts:#?}");
    assert!(texts[1].starts_with("ได้รับชำระเงิน"), "{}", texts[1]);
    assert!(
        texts[2].contains("จัดส่งแล้ว")
            && texts[2].contains("https://th.kerryexpress.com/en/track/?track=TH0123456789"),
        "{}",
        texts[2]
    );
    assert!(texts[3].contains("ส่งถึงแล้ว"), "{}", texts[3]);

    // A cancelled order, in English this time.
    let (other, other_number) = place_order(&app, &who, "en").await;
    set_status(&app, &staff, other, "cancelled").await;
    let pushes = wait_pushes(&line, LINE_USER, 6).await;
    assert!(
        pushes[5].text.contains(&other_number) && pushes[5].text.contains("has been cancelled"),
        "{:?}",
        pushes[5]
    );

    // Exactly once each, and no mail to the shopper: the updates went to LINE; staff see them
    // on the order as sent LINE messages to the shopper.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(pushes_to(&line, LINE_USER).len(), 6);
    let on_order = crate::notifications::messages(&app, &staff, id).await;
    let to_shopper: Vec<&Value> = on_order
        .iter()
        .filter(|m| m["channel"] == "line" && m["audience"] == "shopper")
        .collect();
    assert_eq!(to_shopper.len(), 4, "{on_order:#?}");
    assert!(
        to_shopper.iter().all(|m| m["status"] == "sent"),
        "{on_order:#?}"
    );
    assert!(
        smtp.messages()
            .iter()
            .all(|m| m.rcpt_to != ["nok@example.com"]),
        "the LINE shopper got mail too"
    );
}

/// The account page's toggle: `PUT /api/auth/userInfo {"lineUpdates": on}`.
async fn line_updates(app: &TestApp, who: &Shopper, on: bool) -> (u16, Value) {
    app.json(
        app.client
            .put(app.url("/api/auth/userInfo"))
            .bearer_auth(&who.token)
            .json(&json!({ "lineUpdates": on })),
    )
    .await
}

#[tokio::test]
async fn turning_line_updates_off_brings_mail_back() {
    let (app, line, smtp) = shop().await;
    let who = line_shopper(&app).await;
    let (status, body) = line_updates(&app, &who, false).await;
    assert_eq!(status, 200, "{body}");
    let (_, me) = app.get_authed("/api/auth/user", &who.token).await;
    assert_eq!(me["data"]["userInfo"]["lineUpdates"], false);

    let (_, number) = place_order(&app, &who, "th").await;
    let mails = smtp.wait_for(2, 10).await;
    assert!(
        mails
            .iter()
            .any(|m| m.rcpt_to == ["nok@example.com"] && m.subject.contains(&number)),
        "{mails:#?}"
    );
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert!(pushes_to(&line, LINE_USER).is_empty());

    // A LINE shopper who is not the shop's friend gets mail as well.
    let (status, _) = line_updates(&app, &who, true).await;
    assert_eq!(status, 200);
    *line.friend.lock().unwrap() = false;
    let who = line_shopper(&app).await;
    let (_, me) = app.get_authed("/api/auth/user", &who.token).await;
    assert_eq!(me["data"]["userInfo"]["lineFriend"], false);
    let (_, number) = place_order(&app, &who, "th").await;
    let mails = smtp.wait_for(4, 10).await;
    assert!(
        mails
            .iter()
            .any(|m| m.rcpt_to == ["nok@example.com"] && m.subject.contains(&number)),
        "{mails:#?}"
    );
    assert!(pushes_to(&line, LINE_USER).is_empty());
}
