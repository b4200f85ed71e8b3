//! Google and Facebook sign-in, the part that knows no HTTP: the sign-ins started and not yet
//! finished (state → PKCE verifier, provider, where to return), which providers this shop has
//! configured, the OAuth client for one, reading the provider's user-info into a [`Profile`],
//! and the user a provider identity signs in as ([`find_or_create_social`]). The server exchanges the code and reads the profile itself; nothing the
//! browser says about the profile is trusted. The answers to the browser (start, callback,
//! `registerSocial`) are in `handlers/social.rs`.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use oauth2::basic::BasicClient;
use oauth2::{AuthType, AuthUrl, ClientId, ClientSecret, RedirectUrl, TokenUrl};
use serde_json::Value;

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
        _ => None,
    }
}

/// The provider's settings when this shop has it configured.
pub fn provider_config(config: &Config, provider: Provider) -> Option<&OAuthProvider> {
    let config = match provider {
        Provider::Google => &config.auth.google,
        Provider::Facebook => &config.auth.facebook,
        Provider::Local => return None,
    };
    config.enabled().then_some(config)
}

/// The providers a shopper can use here.
pub fn enabled_providers(config: &Config) -> Vec<Provider> {
    [Provider::Google, Provider::Facebook]
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
}

/// Reads the provider's user-info with the access token. Google answers `sub`; Facebook's
/// Graph `/me` answers `id`.
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
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string(),
        email,
    })
}

/// The OAuth client of provider `name`, sending the browser back to this shop's callback.
pub fn oauth_client(
    public_url: &str,
    name: &str,
    config: &OAuthProvider,
) -> Result<
    BasicClient<
        oauth2::EndpointSet,
        oauth2::EndpointNotSet,
        oauth2::EndpointNotSet,
        oauth2::EndpointNotSet,
        oauth2::EndpointSet,
    >,
    String,
> {
    let redirect = format!("{public_url}/api/auth/oauth/{name}/callback");
    Ok(BasicClient::new(ClientId::new(config.client_id.clone()))
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
    }
}
