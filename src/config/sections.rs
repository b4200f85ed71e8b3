//! The sections of the configuration below the top level: payments and coins, contact,
//! sign-in providers, limits, uploads, the seller, notifications. Their rules beyond serde's
//! types are checked in `validate.rs`.

use serde::{Deserialize, Serialize};

use crate::domain::Satang;

/// How shoppers pay without a card: PromptPay QR and bank transfer. Both leave the order
/// waiting for payment until staff confirm it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Payments {
    /// The shop's PromptPay id: a mobile number, a tax id or an e-wallet id. Empty hides PromptPay.
    pub promptpay_id: String,
    /// Bank transfer details; an empty account number hides bank transfer.
    pub bank_name: String,
    pub bank_account_name: String,
    pub bank_account_number: String,
    /// Card payment through 2C2P; no merchant hides it.
    #[serde(default)]
    pub card_2c2p: Card2c2p,
}

/// 2C2P redirect payment (version 8.5, Thai baht): where the shopper's browser posts the signed
/// form, and the shop's merchant accounts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Card2c2p {
    pub payment_url: String,
    #[serde(default)]
    pub merchants: Vec<Merchant2c2p>,
}

impl Default for Card2c2p {
    fn default() -> Self {
        Card2c2p {
            payment_url: "https://demo2.2c2p.com/2C2PFrontEnd/RedirectV3/payment".into(),
            merchants: Vec::new(),
        }
    }
}

impl Card2c2p {
    pub fn enabled(&self) -> bool {
        !self.merchants.is_empty()
    }

    /// The rule choosing the merchant: the first one whose `min_total..=max_total` holds the
    /// order total (`max_total` 0 = no upper limit).
    pub fn merchant_for(&self, total: Satang) -> Option<&Merchant2c2p> {
        self.merchants.iter().find(|m| {
            total.get() >= m.min_total && (m.max_total == 0 || total.get() <= m.max_total)
        })
    }

    pub fn merchant_by_id(&self, merchant_id: &str) -> Option<&Merchant2c2p> {
        self.merchants.iter().find(|m| m.merchant_id == merchant_id)
    }
}

/// One 2C2P merchant account (e.g. full payment and instalments; docs/PAYMENTS.md).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Merchant2c2p {
    /// The shop's own name for it (`full`, `instalment`), shown to staff.
    pub name: String,
    pub merchant_id: String,
    /// The signing key from 2C2P's merchant portal.
    pub secret_key: SecretKey,
    /// Order totals this merchant takes, in satang; `max_total` 0 = no upper limit.
    #[serde(default)]
    pub min_total: i64,
    #[serde(default)]
    pub max_total: i64,
    /// Sent as 2C2P's `payment_option` (e.g. `I` for instalments); empty = all.
    #[serde(default)]
    pub payment_option: String,
}

/// A signing key: readable by the code that signs, but never printed. `Debug` and `Serialize`
/// show `[redacted]`, so neither a log line nor a dump of the settings can carry it.
#[derive(Clone, PartialEq, Eq, Deserialize)]
#[serde(transparent)]
pub struct SecretKey(String);

impl SecretKey {
    pub fn new(key: impl Into<String>) -> SecretKey {
        SecretKey(key.into())
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for SecretKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("[redacted]")
    }
}

impl Serialize for SecretKey {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // An unset key has nothing to hide, and must read back as unset when the defaults
        // are layered under the config file.
        serializer.serialize_str(if self.0.is_empty() { "" } else { "[redacted]" })
    }
}

/// Coins shoppers earn (1 coin = ฿1 off a later order).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Coins {
    /// Coins per ฿100 of an order's total, awarded when the order is delivered.
    pub earn_percent: u32,
    /// Coins for reviewing a delivered order.
    pub review_reward: u32,
}

/// Contact and social links; an empty value hides that link in the storefront.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Contact {
    pub tel: String,
    pub facebook: String,
    pub line: String,
    pub viber: String,
    pub instagram: String,
    pub twitter: String,
    pub youtube: String,
}

/// Social sign-in providers. A provider without a client id is hidden.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Auth {
    pub google: OAuthProvider,
    pub facebook: OAuthProvider,
    /// LINE Login (v2.1): `client_id` is the LINE Login channel's id, `client_secret` its
    /// channel secret (it also signs the ID tokens of a web login, HS256).
    #[serde(default = "OAuthProvider::line")]
    pub line: OAuthProvider,
}

/// One OAuth 2 / OpenID provider: credentials from its developer console, and its endpoints
/// (configurable so tests and staging can point them at a local provider).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OAuthProvider {
    /// LINE's channel ids are all digits: `KIOSK_AUTH__LINE__CLIENT_ID=1655000000` reads as a
    /// number, so a number is taken as its digits.
    #[serde(deserialize_with = "string_or_number")]
    pub client_id: String,
    pub client_secret: String,
    pub auth_url: String,
    pub token_url: String,
    pub userinfo_url: String,
    /// The provider's signing keys (JWKS) its ID tokens are checked with; HS256 tokens (LINE's
    /// web login) are checked with `client_secret` instead.
    #[serde(default)]
    pub jwks_url: String,
    /// The `iss` its ID tokens must carry.
    #[serde(default)]
    pub issuer: String,
    /// LINE only: whether the shopper has added the shop's LINE Official Account as a friend
    /// (`GET /friendship/v1/status` with the sign-in's access token); empty for the others.
    #[serde(default)]
    pub friendship_url: String,
}

impl OAuthProvider {
    pub fn enabled(&self) -> bool {
        !self.client_id.is_empty()
    }

    /// LINE Login v2.1's endpoints, without credentials.
    pub fn line() -> OAuthProvider {
        OAuthProvider {
            client_id: String::new(),
            client_secret: String::new(),
            auth_url: "https://access.line.me/oauth2/v2.1/authorize".into(),
            token_url: "https://api.line.me/oauth2/v2.1/token".into(),
            userinfo_url: "https://api.line.me/v2/profile".into(),
            jwks_url: "https://api.line.me/oauth2/v2.1/certs".into(),
            issuer: "https://access.line.me".into(),
            friendship_url: "https://api.line.me/friendship/v1/status".into(),
        }
    }
}

/// Connection limits and timeouts: what keeps idle, slow or flooding clients from using up
/// the server.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Limits {
    /// Connections served at once; more are closed at once. Kept below the open-files limit.
    pub max_connections: usize,
    /// Seconds a client has to send its request headers, and an idle keep-alive connection
    /// is kept.
    pub header_timeout_secs: u64,
    /// Seconds a request body may stall before the request is answered 408.
    pub body_timeout_secs: u64,
}

/// Limits on files staff upload (product images).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Uploads {
    /// Largest image file accepted, in bytes.
    pub image_max_bytes: u64,
    /// Largest image accepted, in pixels (width × height); checked from the header before
    /// anything is decoded, so a small file declaring a huge image is refused cheaply.
    pub image_max_pixels: u64,
    /// Largest e-catalogue PDF accepted, in bytes.
    pub pdf_max_bytes: u64,
}

/// The seller block of receipts and Thai full tax invoices (ใบกำกับภาษีเต็มรูป): the
/// Revenue Department requires the registered name, address, 13-digit tax id and branch.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Seller {
    /// The registered company name.
    pub name: String,
    pub address: String,
    /// The 13-digit tax identification number; empty means the shop issues no tax invoices.
    pub tax_id: String,
    /// `00000` for the head office, else the five-digit branch number.
    pub branch: String,
    pub phone: String,
}

impl Default for Seller {
    fn default() -> Self {
        Seller {
            name: "Kiosk Furniture Co., Ltd.".into(),
            address: "99 Sukhumvit Road, Khlong Toei, Bangkok 10110".into(),
            tax_id: "0105551234567".into(),
            branch: "00000".into(),
            phone: "02-123-4567".into(),
        }
    }
}

impl Seller {
    pub fn issues_tax_invoices(&self) -> bool {
        !self.tax_id.is_empty()
    }
}

/// The seller's tax id follows the same rule as a buyer's (kept in the domain, where both
/// checks find it).
pub use crate::domain::tax_id::valid_thai_tax_id;

/// E-mail over SMTP and pushes to LINE. A channel without a host (or token) is off; messages
/// for it are not written at all.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Notifications {
    pub email: EmailSettings,
    pub line: LineSettings,
    /// Seconds before the first retry of a failed send; each further retry waits twice as
    /// long, up to an hour.
    pub retry_secs: u64,
    /// The language of the shop's own alerts (`en`, `th`, `my`, `km`, `id`).
    pub shop_lang: String,
}

impl Default for Notifications {
    fn default() -> Self {
        Notifications {
            email: EmailSettings::default(),
            line: LineSettings::default(),
            retry_secs: 30,
            shop_lang: "th".into(),
        }
    }
}

/// How the SMTP connection is secured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SmtpTls {
    /// Plain text: only for a relay on the same machine.
    None,
    /// Plain connection upgraded with STARTTLS (port 587).
    Starttls,
    /// TLS from the first byte (port 465).
    Tls,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct EmailSettings {
    /// Empty turns e-mail off.
    pub smtp_host: String,
    pub smtp_port: u16,
    pub tls: SmtpTls,
    pub username: String,
    pub password: SecretKey,
    /// The sender, `Kiosk Furniture <shop@example.com>` or a bare address.
    pub from: String,
    /// Where the shop's own alerts (new order, payment) go; empty sends none.
    pub shop_to: String,
}

impl Default for EmailSettings {
    fn default() -> Self {
        EmailSettings {
            smtp_host: String::new(),
            smtp_port: 587,
            tls: SmtpTls::Starttls,
            username: String::new(),
            password: SecretKey::new(""),
            from: String::new(),
            shop_to: String::new(),
        }
    }
}

impl EmailSettings {
    pub fn enabled(&self) -> bool {
        !self.smtp_host.trim().is_empty()
    }
}

/// The LINE Messaging API push endpoint (LINE Notify closed in 2025).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct LineSettings {
    /// A long-lived channel access token of the shop's LINE Official Account; empty turns
    /// LINE off. Never logged.
    pub channel_access_token: SecretKey,
    /// The group, room or user id pushed to (`C…`, `R…` or `U…`).
    pub to: String,
    /// LINE's API, overridable so tests can point it at a local stand-in.
    pub api_base: String,
}

impl Default for LineSettings {
    fn default() -> Self {
        LineSettings {
            channel_access_token: SecretKey::new(""),
            to: String::new(),
            api_base: "https://api.line.me".into(),
        }
    }
}

impl LineSettings {
    pub fn enabled(&self) -> bool {
        !self.channel_access_token.expose().is_empty()
    }
}

/// Image files one upload request may carry.
pub const IMAGES_PER_REQUEST: u64 = 10;

impl Uploads {
    /// The body limit of the image upload route: the files plus room for the form's framing.
    pub fn image_request_limit(&self) -> usize {
        usize::try_from(
            self.image_max_bytes
                .saturating_mul(IMAGES_PER_REQUEST)
                .saturating_add(64 * 1024),
        )
        .unwrap_or(usize::MAX)
    }
}

/// Prometheus metrics (docs/OPERATING.md, "Metrics"): off unless `listen` is set, and then
/// served on that address alone, never on the shop's own port.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct MetricsSettings {
    /// Where `GET /metrics` answers, e.g. `127.0.0.1:9464` (loopback: the scraper runs on the
    /// same machine, or reaches it through a tunnel).
    pub listen: Option<std::net::SocketAddr>,
}

/// A string, or a number given where a string of digits is meant (an environment variable).
fn string_or_number<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Given {
        Text(String),
        Number(u64),
    }
    Ok(match Given::deserialize(deserializer)? {
        Given::Text(text) => text,
        Given::Number(number) => number.to_string(),
    })
}
