//! Google, Facebook and LINE sign-in, the part that knows no HTTP: the sign-ins started and not
//! yet finished (state → PKCE verifier, nonce, provider, where to return), which providers this
//! shop has configured, the OAuth client for one, checking the ID token the code exchange
//! answers (`id_token`: signature, issuer, audience, expiry, nonce) and reading the provider's
//! user-info into a [`Profile`], and the user a provider identity signs in as
//! ([`find_or_create_social`]). The server exchanges the code and reads the profile itself;
//! nothing the browser says about the profile is trusted. The answers to the browser (start,
//! callback, `registerSocial`) are in `handlers/social.rs`.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use oauth2::basic::{
    BasicErrorResponse, BasicRevocationErrorResponse, BasicTokenIntrospectionResponse,
    BasicTokenType,
};
use oauth2::{
    AuthType, AuthUrl, ClientId, ClientSecret, EndpointNotSet, EndpointSet, ExtraTokenFields,
    RedirectUrl, StandardRevocableToken, StandardTokenResponse, TokenUrl,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::id_token::{self, Expected, IdTokenError};

use super::model::{Provider, Role, User};
use super::store::{AccountError, USERNAME_TO_USER_ID, is_email, load, new_user, put_in};
use crate::activity;
use crate::config::{Config, OAuthProvider};
use crate::domain::UserId;
use crate::store::{Store, ValueTable};

/// `"<provider>:<subject>"` → user id, for social sign-in.
pub const PROVIDER_SUBJECT_TO_USER_ID: ValueTable<&str, u64> =
    ValueTable::new("provider_subject_to_user_id");

/// How long a started sign-in may take.
const PENDING_FOR: Duration = Duration::from_secs(10 * 60);

/// Sign-ins started and not yet finished.
#[derive(Default)]
pub struct PendingLogins(Mutex<HashMap<String, Pending>>);

/// One started sign-in, kept under its OAuth state.
pub struct Pending {
    pub provider: Provider,
    /// The PKCE verifier the code exchange must present.
    pub verifier: String,
    /// The nonce sent with the authorization request; the ID token must carry it.
    pub nonce: String,
    /// Where to return after signing in (a safe relative path).
    pub next: String,
    pub started: Instant,
}

impl PendingLogins {
    pub fn insert(&self, state: String, pending: Pending) {
        let mut map = self.0.lock().unwrap_or_else(|p| p.into_inner());
        map.retain(|_, p| p.started.elapsed() < PENDING_FOR);
        if map.len() < 10_000 {
            map.insert(state, pending);
        }
    }

    /// Takes (so it can be used once) a pending sign-in that has not expired.
    pub fn take(&self, state: &str) -> Option<Pending> {
        let pending = self
            .0
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .remove(state)?;
        (pending.started.elapsed() < PENDING_FOR).then_some(pending)
    }
}

pub fn parse_provider(name: &str) -> Option<Provider> {
    match name {
        "google" => Some(Provider::Google),
        "facebook" => Some(Provider::Facebook),
        "line" => Some(Provider::Line),
        _ => None,
    }
}

/// The provider's settings when this shop has it configured.
pub fn provider_config(config: &Config, provider: Provider) -> Option<&OAuthProvider> {
    let config = match provider {
        Provider::Google => &config.auth.google,
        Provider::Facebook => &config.auth.facebook,
        Provider::Line => &config.auth.line,
        Provider::Local => return None,
    };
    config.enabled().then_some(config)
}

/// The providers a shopper can use here.
pub fn enabled_providers(config: &Config) -> Vec<Provider> {
    [Provider::Google, Provider::Facebook, Provider::Line]
        .into_iter()
        .filter(|p| provider_config(config, *p).is_some())
        .collect()
}

/// What a provider's user-info says, normalised.
pub struct Profile {
    pub subject: String,
    pub name: String,
    /// Only a verified address is kept.
    pub email: String,
    /// LINE only: whether the shopper has added the shop's LINE Official Account as a friend
    /// (`None`: not asked, or LINE did not answer).
    pub line_friend: Option<bool>,
}

/// Reads the provider's user-info with the access token. Google answers `sub`; Facebook's
/// Graph `/me` answers `id`; LINE's `/v2/profile` answers `userId` and `displayName`.
pub async fn fetch_profile(
    http: &reqwest::Client,
    userinfo_url: &str,
    access_token: &str,
) -> Result<Profile, String> {
    let response = http
        .get(userinfo_url)
        .bearer_auth(access_token)
        .send()
        .await
        .map_err(|e| e.to_string())?;
    if !response.status().is_success() {
        return Err(format!("user-info answered {}", response.status()));
    }
    let info: Value = response.json().await.map_err(|e| e.to_string())?;
    let subject = info
        .get("sub")
        .or_else(|| info.get("id"))
        .or_else(|| info.get("userId"))
        .and_then(|v| {
            v.as_str()
                .map(str::to_string)
                .or_else(|| v.as_u64().map(|n| n.to_string()))
        })
        .unwrap_or_default();
    if subject.is_empty() {
        return Err("user-info has no subject".into());
    }
    let verified = info
        .get("email_verified")
        .and_then(Value::as_bool)
        .unwrap_or(info.get("sub").is_none());
    let email = if verified {
        info.get("email")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    } else {
        String::new()
    };
    Ok(Profile {
        subject,
        name: info
            .get("name")
            .or_else(|| info.get("displayName"))
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string(),
        email,
        line_friend: None,
    })
}

/// The ID token of an OpenID Connect code exchange (the basic token answer drops it).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct IdTokenField {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id_token: Option<String>,
}

impl ExtraTokenFields for IdTokenField {}

/// The token answer with its ID token.
pub type OidcTokenResponse = StandardTokenResponse<IdTokenField, BasicTokenType>;

/// An OAuth client whose token answer keeps the ID token, before its endpoints are set.
type OidcUnset = oauth2::Client<
    BasicErrorResponse,
    OidcTokenResponse,
    BasicTokenIntrospectionResponse,
    StandardRevocableToken,
    BasicRevocationErrorResponse,
>;

/// An OAuth client whose token answer keeps the ID token, with the authorize and token
/// endpoints set.
pub type OidcClient = oauth2::Client<
    BasicErrorResponse,
    OidcTokenResponse,
    BasicTokenIntrospectionResponse,
    StandardRevocableToken,
    BasicRevocationErrorResponse,
    EndpointSet,
    EndpointNotSet,
    EndpointNotSet,
    EndpointNotSet,
    EndpointSet,
>;

/// Why a finished code exchange signs nobody in: the ID token's nonce is not this sign-in's
/// (`nonce_mismatch`), the ID token is missing or does not check out (`id_token_invalid`), or
/// the provider could not be read (`provider_error`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SignInError {
    NonceMismatch,
    IdTokenInvalid(String),
    Provider(String),
}

impl SignInError {
    /// The `kiosk_login_error` the shop's page shows a message for (not an API error code).
    pub fn login_error(&self) -> &'static str {
        match self {
            SignInError::NonceMismatch => "nonce_mismatch",
            SignInError::IdTokenInvalid(_) => "id_token_invalid",
            SignInError::Provider(_) => "provider_error",
        }
    }
}

impl std::fmt::Display for SignInError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SignInError::NonceMismatch => f.write_str("the ID token's nonce is not this sign-in's"),
            SignInError::IdTokenInvalid(why) | SignInError::Provider(why) => f.write_str(why),
        }
    }
}

/// Checks the ID token of a finished code exchange and reads the profile: the token's
/// signature (the provider's JWKS; for LINE's web login HS256 with the channel secret),
/// issuer, audience (our client id), expiry and `nonce`; then the user-info, whose subject
/// must be the token's. LINE's address comes from the ID token (LINE gives only verified
/// ones), and LINE is asked whether the shopper is the shop's friend.
pub async fn profile_from_exchange(
    http: &reqwest::Client,
    provider: Provider,
    config: &OAuthProvider,
    id_token: Option<&str>,
    access_token: &str,
    nonce: &str,
) -> Result<Profile, SignInError> {
    let id_token = id_token
        .filter(|t| !t.is_empty())
        .ok_or_else(|| SignInError::IdTokenInvalid("the provider answered no ID token".into()))?;
    let line = provider == Provider::Line;
    let hs256 = line && id_token::header_alg(id_token).as_deref() == Some("HS256");
    let jwks = if hs256 {
        id_token::Jwks::default()
    } else {
        id_token::fetch_jwks(http, &config.jwks_url)
            .await
            .map_err(SignInError::Provider)?
    };
    let issuers: Vec<&str> = match provider {
        // Google's tokens carry either form (its OpenID documentation).
        Provider::Google => vec![config.issuer.as_str(), "accounts.google.com"],
        _ => vec![config.issuer.as_str()],
    };
    let expected = Expected {
        issuers: &issuers,
        audience: &config.client_id,
        nonce,
        hs256_secret: line.then_some(config.client_secret.as_bytes()),
        jwks: &jwks,
        now: time::OffsetDateTime::now_utc().unix_timestamp(),
    };
    let claims = id_token::verify(id_token, &expected).map_err(|err| match err {
        IdTokenError::Nonce => SignInError::NonceMismatch,
        other => SignInError::IdTokenInvalid(other.to_string()),
    })?;
    let mut profile = fetch_profile(http, &config.userinfo_url, access_token)
        .await
        .map_err(SignInError::Provider)?;
    if profile.subject != claims.sub {
        return Err(SignInError::IdTokenInvalid(
            "the ID token and the user-info name different accounts".into(),
        ));
    }
    if profile.name.is_empty() {
        profile.name = claims.name.clone().unwrap_or_default();
    }
    if line {
        if claims.email_is_verified(true) {
            profile.email = claims.email.clone().unwrap_or_default();
        }
        profile.line_friend = line_friendship(http, &config.friendship_url, access_token).await;
    }
    Ok(profile)
}

/// Whether the LINE shopper has added the shop's Official Account as a friend
/// (`{"friendFlag": true}`); `None` when not configured or LINE did not answer.
async fn line_friendship(http: &reqwest::Client, url: &str, access_token: &str) -> Option<bool> {
    if url.is_empty() {
        return None;
    }
    let response = http.get(url).bearer_auth(access_token).send().await.ok()?;
    if !response.status().is_success() {
        return None;
    }
    let body: Value = response.json().await.ok()?;
    body.get("friendFlag").and_then(Value::as_bool)
}

/// The OAuth client of provider `name`, sending the browser back to this shop's callback.
pub fn oauth_client(
    public_url: &str,
    name: &str,
    config: &OAuthProvider,
) -> Result<OidcClient, String> {
    let redirect = format!("{public_url}/api/auth/oauth/{name}/callback");
    Ok(OidcUnset::new(ClientId::new(config.client_id.clone()))
        .set_client_secret(ClientSecret::new(config.client_secret.clone()))
        .set_auth_type(AuthType::RequestBody)
        .set_auth_uri(AuthUrl::new(config.auth_url.clone()).map_err(|e| format!("auth url: {e}"))?)
        .set_token_uri(
            TokenUrl::new(config.token_url.clone()).map_err(|e| format!("token url: {e}"))?,
        )
        .set_redirect_uri(RedirectUrl::new(redirect).map_err(|e| format!("redirect url: {e}"))?))
}

/// Provider calls never follow redirects (that would open the server to SSRF) and give up
/// after 10 seconds.
pub fn http_client() -> reqwest::Result<reqwest::Client> {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(Duration::from_secs(10))
        .build()
}

/// Finds the user linked to a provider identity, or creates one. The username is derived from
/// the provider and subject so that it never collides with a local one.
pub fn find_or_create_social(
    store: &Store,
    provider: Provider,
    subject: &str,
    name: &str,
    email: &str,
    line_friend: Option<bool>,
    kcard: &str,
) -> Result<User, AccountError> {
    if subject.is_empty() || subject.len() > 255 {
        return Err(AccountError::Invalid(
            "the provider gave no usable account id".into(),
        ));
    }
    let key = format!("{}:{subject}", provider_name(provider));
    // What the provider says is typed by someone too: stored by the same rule.
    let (name, email) = (
        crate::domain::text::single_line(name),
        crate::domain::text::single_line(email),
    );
    let (name, email) = (name.as_str(), email.trim());
    store.write(|txn| {
        let existing = PROVIDER_SUBJECT_TO_USER_ID.read(txn)?.get(key.as_str())?;
        let user = match existing {
            Some(id) => {
                let mut user = load(txn, UserId(id))?;
                user.last_login_at = Some(time::OffsetDateTime::now_utc().unix_timestamp());
                if let Some(friend) = line_friend {
                    user.line_friend = friend;
                }
                put_in(txn, &user)?;
                user
            }
            None => {
                let display = if name.trim().is_empty() {
                    format!("{} user", provider_name(provider))
                } else {
                    name.trim().chars().take(100).collect()
                };
                let mut user = new_user(
                    txn,
                    "",
                    &display,
                    Role::user(),
                    provider,
                    Some(subject.into()),
                )?;
                user.username = format!("{}-{}", provider_name(provider), user.id);
                if is_email(email) {
                    user.email = email.into();
                }
                user.line_friend = line_friend.unwrap_or(false);
                user.last_login_at = Some(time::OffsetDateTime::now_utc().unix_timestamp());
                USERNAME_TO_USER_ID
                    .write(txn)?
                    .put(user.username.to_lowercase().as_str(), user.id.get())?;
                PROVIDER_SUBJECT_TO_USER_ID
                    .write(txn)?
                    .put(key.as_str(), user.id.get())?;
                put_in(txn, &user)?;
                user
            }
        };
        activity::append(
            txn,
            &user.username,
            &format!("signed in ({})", provider_name(provider)),
            kcard,
        )?;
        Ok(user)
    })
}

pub fn provider_name(provider: Provider) -> &'static str {
    match provider {
        Provider::Local => "local",
        Provider::Google => "google",
        Provider::Facebook => "facebook",
        Provider::Line => "line",
    }
}
