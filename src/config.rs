//! Shop settings, layered: defaults < config file < `KIOSK_*` environment < command-line flags.
//!
//! Every setting is documented in `config.example.toml`. Loading either yields a fully
//! validated [`Config`] or one line naming the offending key, so a typo never starts a shop
//! with a silently ignored setting.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use figment::Figment;
use figment::providers::{Env, Format, Serialized, Toml};
use serde::{Deserialize, Serialize};

use crate::domain::Satang;

/// The validated settings the server runs with.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// Address and port to listen on; loopback by default so a fresh install is not exposed.
    pub listen: SocketAddr,
    /// Folder holding `kiosk.redb`, uploaded files and the control socket.
    pub data_dir: PathBuf,
    /// The address shoppers use (`https://shop.example.com`), for canonical links, sitemaps
    /// and JSON-LD. Empty means `http://<listen>`.
    pub public_url: String,
    /// The shop's name as staff and the CLI see it.
    pub shop_name: String,
    /// Seed the demo catalogue on first start.
    pub demo: bool,
    /// Anonymous carts untouched this many days are deleted (signed-in carts are kept).
    pub cart_expiry_days: u32,
    /// An unpaid order older than this many hours is flagged on the staff dashboard.
    pub payment_wait_hours: u32,
    /// An order still unpaid after this many hours is cancelled automatically (stock, coins and
    /// coupon use return); 0 keeps unpaid orders until staff cancel them.
    #[serde(default = "default_unpaid_order_expiry_hours")]
    pub unpaid_order_expiry_hours: u32,
    /// Accounts one client address may register per hour (a refilling allowance).
    pub registrations_per_hour: u32,
    /// Shipping for an order, in satang (฿500 = 50000), and the order value (after discounts)
    /// from which shipping is free.
    pub shipping_flat_rate: Satang,
    pub free_shipping_over: Satang,
    pub features: Features,
    pub contact: Contact,
    pub payments: Payments,
    pub coins: Coins,
    pub auth: Auth,
    /// Behind a reverse proxy every connection comes from the proxy: when true, the client
    /// address for sign-in throttling is the last one the proxy appended to X-Forwarded-For.
    /// Only turn this on when the proxy sets that header (see README).
    pub trust_proxy_headers: bool,
    pub log: Log,
    pub uploads: Uploads,
    pub limits: Limits,
    /// Who sells: printed on receipts, tax invoices and credit notes.
    #[serde(default)]
    pub seller: Seller,
    /// E-mail and LINE messages to shoppers and the shop.
    #[serde(default)]
    pub notifications: Notifications,
    /// Whether `public_url` was derived from `listen` rather than configured: then the server
    /// re-derives it from the address it actually bound (port 0 picks a free port).
    #[serde(skip)]
    pub public_url_derived: bool,
}

/// Which optional menus the storefront shows.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Features {
    pub room_menu: bool,
    pub category_menu: bool,
}

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

/// One 2C2P merchant account (SPEC §9: e.g. full payment and instalments).
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
}

/// One OAuth 2 / OpenID provider: credentials from its developer console, and its endpoints
/// (configurable so tests and staging can point them at a local provider).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OAuthProvider {
    pub client_id: String,
    pub client_secret: String,
    pub auth_url: String,
    pub token_url: String,
    pub userinfo_url: String,
}

impl OAuthProvider {
    pub fn enabled(&self) -> bool {
        !self.client_id.is_empty()
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

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Log {
    /// `error`, `warn`, `info`, `debug` or `trace` (or a tracing filter such as `kiosk=debug`).
    pub level: String,
    /// `text` for people, `json` for log collectors.
    pub format: LogFormat,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    Text,
    Json,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            listen: SocketAddr::from(([127, 0, 0, 1], 8080)),
            data_dir: PathBuf::from("./data"),
            public_url: String::new(),
            shop_name: "Kiosk".into(),
            demo: true,
            cart_expiry_days: 30,
            payment_wait_hours: 24,
            unpaid_order_expiry_hours: default_unpaid_order_expiry_hours(),
            registrations_per_hour: 30,
            shipping_flat_rate: Satang(50_000),
            free_shipping_over: Satang(500_000),
            features: Features {
                room_menu: true,
                category_menu: true,
            },
            contact: Contact {
                tel: "+6621234567".into(),
                facebook: "https://www.facebook.com/kioskfurniture".into(),
                line: "https://line.me/R/ti/p/@kioskfurniture".into(),
                ..Contact::default()
            },
            payments: Payments {
                promptpay_id: "0812345678".into(),
                bank_name: "Kasikornbank".into(),
                bank_account_name: "Kiosk Furniture Co., Ltd.".into(),
                bank_account_number: "123-4-56789-0".into(),
                card_2c2p: Card2c2p::default(),
            },
            coins: Coins {
                earn_percent: 1,
                review_reward: 20,
            },
            auth: Auth {
                google: OAuthProvider {
                    auth_url: "https://accounts.google.com/o/oauth2/v2/auth".into(),
                    token_url: "https://oauth2.googleapis.com/token".into(),
                    userinfo_url: "https://openidconnect.googleapis.com/v1/userinfo".into(),
                    ..OAuthProvider::default()
                },
                facebook: OAuthProvider {
                    auth_url: "https://www.facebook.com/v26.0/dialog/oauth".into(),
                    token_url: "https://graph.facebook.com/v26.0/oauth/access_token".into(),
                    userinfo_url: "https://graph.facebook.com/v26.0/me?fields=id,name,email".into(),
                    ..OAuthProvider::default()
                },
            },
            trust_proxy_headers: false,
            log: Log {
                level: "info".into(),
                format: LogFormat::Text,
            },
            uploads: Uploads {
                image_max_bytes: 10 * 1024 * 1024,
                image_max_pixels: 50_000_000,
                pdf_max_bytes: 20 * 1024 * 1024,
            },
            limits: Limits {
                max_connections: 4096,
                header_timeout_secs: 10,
                body_timeout_secs: 15,
            },
            seller: Seller::default(),
            notifications: Notifications::default(),
            public_url_derived: false,
        }
    }
}

/// Values given on the command line; `None` leaves the lower layers in charge.
#[derive(Debug, Default, Clone, Serialize)]
pub struct Overrides {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub listen: Option<SocketAddr>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub data_dir: Option<PathBuf>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub public_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub demo: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub log: Option<LogOverride>,
}

#[derive(Debug, Clone, Serialize)]
pub struct LogOverride {
    pub format: LogFormat,
}

/// Environment variables read as settings. Other `KIOSK_*` variables (build switches, the
/// setup password) are not settings and must not trip the unknown-key check.
const ENV_KEYS: &[&str] = &[
    "listen",
    "data_dir",
    "public_url",
    "shop_name",
    "demo",
    "cart_expiry_days",
    "payment_wait_hours",
    "unpaid_order_expiry_hours",
    "registrations_per_hour",
    "shipping_flat_rate",
    "free_shipping_over",
    "features.room_menu",
    "features.category_menu",
    "contact.tel",
    "contact.facebook",
    "contact.line",
    "contact.viber",
    "contact.instagram",
    "contact.twitter",
    "contact.youtube",
    "payments.promptpay_id",
    "payments.bank_name",
    "payments.bank_account_name",
    "payments.bank_account_number",
    "payments.card_2c2p.payment_url",
    "payments.card_2c2p.merchants",
    "coins.earn_percent",
    "coins.review_reward",
    "auth.google.client_id",
    "auth.google.client_secret",
    "auth.google.auth_url",
    "auth.google.token_url",
    "auth.google.userinfo_url",
    "auth.facebook.client_id",
    "auth.facebook.client_secret",
    "auth.facebook.auth_url",
    "auth.facebook.token_url",
    "auth.facebook.userinfo_url",
    "trust_proxy_headers",
    "log.level",
    "log.format",
    "uploads.image_max_bytes",
    "uploads.image_max_pixels",
    "uploads.pdf_max_bytes",
    "limits.max_connections",
    "limits.header_timeout_secs",
    "limits.body_timeout_secs",
    "seller.name",
    "seller.address",
    "seller.tax_id",
    "seller.branch",
    "seller.phone",
    "notifications.retry_secs",
    "notifications.shop_lang",
    "notifications.email.smtp_host",
    "notifications.email.smtp_port",
    "notifications.email.tls",
    "notifications.email.username",
    "notifications.email.password",
    "notifications.email.from",
    "notifications.email.shop_to",
    "notifications.line.channel_access_token",
    "notifications.line.to",
    "notifications.line.api_base",
];

fn default_unpaid_order_expiry_hours() -> u32 {
    48
}

/// The file read when `--config` is not given, if it exists.
pub const DEFAULT_CONFIG_FILE: &str = "config.toml";

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("config file {0} does not exist")]
    MissingFile(PathBuf),
    #[error("invalid configuration: {0}")]
    Invalid(String),
}

impl Config {
    /// Builds the configuration from every layer. `file` is the `--config` flag: when given it
    /// must exist; when absent `./config.toml` is read if present.
    pub fn load(file: Option<&Path>, overrides: &Overrides) -> Result<Config, ConfigError> {
        let mut figment = Figment::from(Serialized::defaults(Config::default()));
        match file {
            Some(path) if !path.exists() => return Err(ConfigError::MissingFile(path.into())),
            Some(path) => figment = figment.merge(Toml::file_exact(path)),
            None if Path::new(DEFAULT_CONFIG_FILE).exists() => {
                figment = figment.merge(Toml::file_exact(DEFAULT_CONFIG_FILE));
            }
            None => {}
        }
        let env = Env::prefixed("KIOSK_").split("__").only(ENV_KEYS);
        let figment = figment.merge(env).merge(Serialized::defaults(overrides));
        let config: Config = figment.extract().map_err(|err| {
            // figment chains every problem; the first names its key and source, which is the
            // one line an operator needs.
            let first = err
                .to_string()
                .lines()
                .next()
                .unwrap_or_default()
                .to_string();
            ConfigError::Invalid(first)
        })?;
        config.validated()
    }

    fn validate_documents_and_notifications(&self) -> Result<(), ConfigError> {
        let invalid =
            |key: &str, problem: String| ConfigError::Invalid(format!("{key}: {problem}"));
        let seller = &self.seller;
        if seller.issues_tax_invoices() {
            if !valid_thai_tax_id(&seller.tax_id) {
                return Err(invalid(
                    "seller.tax_id",
                    format!(
                        "{:?} must be 13 digits with a valid check digit",
                        seller.tax_id
                    ),
                ));
            }
            if seller.branch.len() != 5 || !seller.branch.bytes().all(|b| b.is_ascii_digit()) {
                return Err(invalid(
                    "seller.branch",
                    format!(
                        "{:?} must be five digits (00000 = head office)",
                        seller.branch
                    ),
                ));
            }
            for (key, value) in [
                ("seller.name", &seller.name),
                ("seller.address", &seller.address),
            ] {
                if value.trim().is_empty() {
                    return Err(invalid(
                        key,
                        "must not be empty when seller.tax_id is set".into(),
                    ));
                }
            }
        }
        let n = &self.notifications;
        if !(1..=3600).contains(&n.retry_secs) {
            return Err(invalid(
                "notifications.retry_secs",
                format!("{} must be 1 to 3600", n.retry_secs),
            ));
        }
        if crate::i18n::Locale::parse(&n.shop_lang).is_none() {
            return Err(invalid(
                "notifications.shop_lang",
                format!("{:?} must be one of en, th, my, km, id", n.shop_lang),
            ));
        }
        let email = &n.email;
        if email.enabled() {
            if email.smtp_port == 0 {
                return Err(invalid(
                    "notifications.email.smtp_port",
                    "must not be 0".into(),
                ));
            }
            if !plausible_mailbox(&email.from) {
                return Err(invalid(
                    "notifications.email.from",
                    format!(
                        "{:?} must be an address such as \"Shop <shop@example.com>\"",
                        email.from
                    ),
                ));
            }
            if !email.shop_to.is_empty() && !plausible_mailbox(&email.shop_to) {
                return Err(invalid(
                    "notifications.email.shop_to",
                    format!("{:?} must be an e-mail address or empty", email.shop_to),
                ));
            }
            if email.username.is_empty() != email.password.expose().is_empty() {
                return Err(invalid(
                    "notifications.email.username",
                    "give both username and password, or neither".into(),
                ));
            }
        }
        let line = &n.line;
        if line.enabled() {
            if line.to.trim().is_empty() {
                return Err(invalid(
                    "notifications.line.to",
                    "must name the group or user id to push to".into(),
                ));
            }
            if !is_http_url(line.api_base.trim_end_matches('/')) {
                return Err(invalid(
                    "notifications.line.api_base",
                    format!("{:?} must be an http(s) URL", line.api_base),
                ));
            }
        }
        Ok(())
    }

    /// Checks what serde's types cannot, and normalises `public_url`.
    fn validated(mut self) -> Result<Config, ConfigError> {
        let invalid =
            |key: &str, problem: String| ConfigError::Invalid(format!("{key}: {problem}"));
        let url = self.public_url.trim().trim_end_matches('/').to_string();
        if url.is_empty() {
            self.public_url = format!("http://{}", self.listen);
            self.public_url_derived = true;
        } else if !is_http_url(&url) {
            return Err(invalid(
                "public_url",
                format!("{url:?} must start with http:// or https:// and name a host"),
            ));
        } else {
            self.public_url = url;
        }
        if self.shop_name.trim().is_empty() {
            return Err(invalid("shop_name", "must not be empty".into()));
        }
        if !(16..=1_000_000).contains(&self.limits.max_connections) {
            return Err(invalid(
                "limits.max_connections",
                format!("{} must be 16 to 1000000", self.limits.max_connections),
            ));
        }
        for (key, value) in [
            (
                "limits.header_timeout_secs",
                self.limits.header_timeout_secs,
            ),
            ("limits.body_timeout_secs", self.limits.body_timeout_secs),
        ] {
            if !(1..=600).contains(&value) {
                return Err(invalid(key, format!("{value} must be 1 to 600 seconds")));
            }
        }
        self.validate_documents_and_notifications()?;
        if !(1..=100_000).contains(&self.registrations_per_hour) {
            return Err(invalid(
                "registrations_per_hour",
                format!("{} must be 1 to 100000", self.registrations_per_hour),
            ));
        }
        if !(1..=720).contains(&self.payment_wait_hours) {
            return Err(invalid(
                "payment_wait_hours",
                format!("{} must be 1 to 720", self.payment_wait_hours),
            ));
        }
        if self.unpaid_order_expiry_hours > 8760 {
            return Err(invalid(
                "unpaid_order_expiry_hours",
                format!(
                    "{} must be 0 (never) to 8760",
                    self.unpaid_order_expiry_hours
                ),
            ));
        }
        if !(1..=365).contains(&self.cart_expiry_days) {
            return Err(invalid(
                "cart_expiry_days",
                format!("{} must be 1 to 365", self.cart_expiry_days),
            ));
        }
        if !(0..=10_000_000).contains(&self.shipping_flat_rate.get()) {
            return Err(invalid(
                "shipping_flat_rate",
                format!(
                    "{} must be 0 to 10000000 satang",
                    self.shipping_flat_rate.get()
                ),
            ));
        }
        if self.free_shipping_over < Satang::ZERO {
            return Err(invalid("free_shipping_over", "must not be negative".into()));
        }
        let p = &self.payments;
        if !p.promptpay_id.trim().is_empty() {
            crate::payments::promptpay::payload(&p.promptpay_id, None)
                .map_err(|e| invalid("payments.promptpay_id", e.to_string()))?;
        }
        if !p.bank_account_number.trim().is_empty()
            && (p.bank_name.trim().is_empty() || p.bank_account_name.trim().is_empty())
        {
            return Err(invalid(
                "payments.bank_name",
                "bank transfer needs the bank name and the account name as well as the number"
                    .into(),
            ));
        }
        if p.promptpay_id.trim().is_empty() && p.bank_account_number.trim().is_empty() {
            return Err(invalid(
                "payments.promptpay_id",
                "set a PromptPay id or a bank account: shoppers need a way to pay".into(),
            ));
        }
        let card = &p.card_2c2p;
        if card.enabled() && !is_provider_url(&card.payment_url) {
            return Err(invalid(
                "payments.card_2c2p.payment_url",
                format!(
                    "{:?} must be an https:// URL (http:// only for 127.0.0.1 or localhost)",
                    card.payment_url
                ),
            ));
        }
        for (i, m) in card.merchants.iter().enumerate() {
            let key = format!("payments.card_2c2p.merchants[{i}]");
            if m.name.trim().is_empty() || m.merchant_id.trim().is_empty() {
                return Err(invalid(&key, "needs a name and a merchant_id".into()));
            }
            if m.secret_key.expose().trim().is_empty() {
                return Err(invalid(&key, "secret_key must be set".into()));
            }
            if m.min_total < 0 || m.max_total < 0 || (m.max_total > 0 && m.max_total < m.min_total)
            {
                return Err(invalid(
                    &key,
                    "min_total and max_total are satang, not negative, min ≤ max".into(),
                ));
            }
        }
        if self.coins.earn_percent > 100 {
            return Err(invalid(
                "coins.earn_percent",
                format!("{} must be 0 to 100", self.coins.earn_percent),
            ));
        }
        if self.coins.review_reward > 10_000 {
            return Err(invalid(
                "coins.review_reward",
                format!("{} must be 0 to 10000", self.coins.review_reward),
            ));
        }
        if self.data_dir.as_os_str().is_empty() {
            return Err(invalid("data_dir", "must not be empty".into()));
        }
        if !(1024..=1024 * 1024 * 1024).contains(&self.uploads.image_max_bytes) {
            return Err(invalid(
                "uploads.image_max_bytes",
                format!(
                    "{} must be 1024 to 1073741824",
                    self.uploads.image_max_bytes
                ),
            ));
        }
        if !(1..=400_000_000).contains(&self.uploads.image_max_pixels) {
            return Err(invalid(
                "uploads.image_max_pixels",
                format!("{} must be 1 to 400000000", self.uploads.image_max_pixels),
            ));
        }
        if !(1024..=1024 * 1024 * 1024).contains(&self.uploads.pdf_max_bytes) {
            return Err(invalid(
                "uploads.pdf_max_bytes",
                format!("{} must be 1024 to 1073741824", self.uploads.pdf_max_bytes),
            ));
        }
        if tracing_subscriber::EnvFilter::try_new(&self.log.level).is_err() {
            return Err(invalid(
                "log.level",
                format!(
                    "{:?} is not a log level (error, warn, info, debug, trace)",
                    self.log.level
                ),
            ));
        }
        let c = &self.contact;
        for (key, value) in [
            ("contact.facebook", &c.facebook),
            ("contact.line", &c.line),
            ("contact.instagram", &c.instagram),
            ("contact.twitter", &c.twitter),
            ("contact.youtube", &c.youtube),
        ] {
            if !value.is_empty() && !value.starts_with("https://") {
                return Err(invalid(
                    key,
                    format!("{value:?} must be an https:// link or empty"),
                ));
            }
        }
        let viber_ok = c.viber.is_empty()
            || c.viber.starts_with("viber://")
            || c.viber.starts_with("https://");
        if !viber_ok {
            return Err(invalid(
                "contact.viber",
                format!("{:?} must be a viber:// or https:// link or empty", c.viber),
            ));
        }
        if !c.tel.is_empty()
            && !c
                .tel
                .chars()
                .all(|ch| ch.is_ascii_digit() || "+-() ".contains(ch))
        {
            return Err(invalid(
                "contact.tel",
                format!("{:?} may hold only digits, spaces and + - ( )", c.tel),
            ));
        }
        for (name, provider) in [
            ("google", &self.auth.google),
            ("facebook", &self.auth.facebook),
        ] {
            if !provider.enabled() {
                continue;
            }
            if provider.client_secret.is_empty() {
                return Err(invalid(
                    &format!("auth.{name}.client_secret"),
                    "must be set when client_id is".into(),
                ));
            }
            for (field, url) in [
                ("auth_url", &provider.auth_url),
                ("token_url", &provider.token_url),
                ("userinfo_url", &provider.userinfo_url),
            ] {
                if !is_provider_url(url) {
                    return Err(invalid(
                        &format!("auth.{name}.{field}"),
                        format!(
                            "{url:?} must be an https:// URL (http:// only for 127.0.0.1 or localhost)"
                        ),
                    ));
                }
            }
        }
        Ok(self)
    }

    pub fn database_path(&self) -> PathBuf {
        self.data_dir.join("kiosk.redb")
    }

    pub fn files_dir(&self) -> PathBuf {
        self.data_dir.join("files")
    }
}

/// Provider endpoints are https, except loopback ones (a local provider in tests).
fn is_provider_url(url: &str) -> bool {
    match url.strip_prefix("https://") {
        Some(rest) => !rest.is_empty() && !rest.starts_with('/'),
        None => [
            "http://127.0.0.1:",
            "http://127.0.0.1/",
            "http://localhost:",
            "http://localhost/",
        ]
        .iter()
        .any(|p| url.starts_with(p)),
    }
}

fn is_http_url(url: &str) -> bool {
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"));
    rest.is_some_and(|r| !r.is_empty() && !r.starts_with('/') && !r.contains(char::is_whitespace))
}

/// `name@host` or `Name <name@host>`: enough to catch a misplaced value at start; the mail
/// library checks the full syntax when it builds a message.
fn plausible_mailbox(value: &str) -> bool {
    let address = match (value.find('<'), value.rfind('>')) {
        (Some(open), Some(close)) if open < close => &value[open + 1..close],
        _ => value,
    };
    crate::domain::email::is_email(address.trim())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &tempfile::TempDir, text: &str) -> PathBuf {
        let path = dir.path().join("config.toml");
        std::fs::write(&path, text).unwrap();
        path
    }

    #[test]
    fn defaults_listen_on_loopback_and_derive_the_public_url() {
        let config = Config::default().validated().unwrap();
        assert_eq!(config.listen.to_string(), "127.0.0.1:8080");
        assert_eq!(config.public_url, "http://127.0.0.1:8080");
    }

    #[test]
    fn file_values_are_read_and_flags_win_over_them() {
        let dir = tempfile::tempdir().unwrap();
        let path = write(
            &dir,
            "listen = \"127.0.0.1:9000\"\nshop_name = \"Baan Sofa\"\npublic_url = \"https://shop.example.com/\"\n",
        );
        let config = Config::load(Some(&path), &Overrides::default()).unwrap();
        assert_eq!(config.listen.port(), 9000);
        assert_eq!(config.shop_name, "Baan Sofa");
        assert_eq!(config.public_url, "https://shop.example.com");

        let flags = Overrides {
            listen: Some("127.0.0.1:9100".parse().unwrap()),
            ..Overrides::default()
        };
        let config = Config::load(Some(&path), &flags).unwrap();
        assert_eq!(config.listen.port(), 9100);
    }

    #[test]
    fn an_unknown_key_is_named_in_one_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = write(&dir, "lisen = \"127.0.0.1:9000\"\n");
        let err = Config::load(Some(&path), &Overrides::default())
            .unwrap_err()
            .to_string();
        assert!(err.contains("lisen"), "{err}");
        assert!(!err.contains('\n'), "{err}");
    }

    #[test]
    fn a_bad_value_names_its_key() {
        let dir = tempfile::tempdir().unwrap();
        let path = write(&dir, "listen = \"not an address\"\n");
        let err = Config::load(Some(&path), &Overrides::default())
            .unwrap_err()
            .to_string();
        assert!(err.contains("listen"), "{err}");

        let path = write(&dir, "public_url = \"ftp://shop\"\n");
        let err = Config::load(Some(&path), &Overrides::default())
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("invalid configuration: public_url:"),
            "{err}"
        );

        let path = write(&dir, "[contact]\nfacebook = \"javascript:alert(1)\"\n");
        let err = Config::load(Some(&path), &Overrides::default())
            .unwrap_err()
            .to_string();
        assert!(err.contains("contact.facebook"), "{err}");
    }

    #[test]
    fn payment_and_coin_settings_are_checked() {
        let dir = tempfile::tempdir().unwrap();
        for (text, key) in [
            (
                "[payments]\npromptpay_id = \"12345\"\n",
                "payments.promptpay_id",
            ),
            (
                "[payments]\npromptpay_id = \"\"\nbank_account_number = \"\"\n",
                "payments.promptpay_id",
            ),
            ("[payments]\nbank_name = \"\"\n", "payments.bank_name"),
            ("[coins]\nearn_percent = 101\n", "coins.earn_percent"),
            ("[coins]\nreview_reward = -1\n", "coins.review_reward"),
        ] {
            let path = write(&dir, text);
            let err = Config::load(Some(&path), &Overrides::default())
                .unwrap_err()
                .to_string();
            assert!(err.contains(key), "{text}: {err}");
            assert!(!err.contains('\n'), "{err}");
        }
    }

    #[test]
    fn seller_and_notification_settings_are_checked() {
        let dir = tempfile::tempdir().unwrap();
        for (text, key) in [
            ("[seller]\ntax_id = \"0105551234568\"\n", "seller.tax_id"),
            ("[seller]\nbranch = \"1\"\n", "seller.branch"),
            ("[seller]\nname = \" \"\n", "seller.name"),
            (
                "[notifications]\nretry_secs = 0\n",
                "notifications.retry_secs",
            ),
            (
                "[notifications]\nshop_lang = \"fr\"\n",
                "notifications.shop_lang",
            ),
            (
                "[notifications.email]\nsmtp_host = \"mail.example.com\"\n",
                "notifications.email.from",
            ),
            (
                "[notifications.email]\nsmtp_host = \"m.example.com\"\nfrom = \"Shop <s@example.com>\"\nusername = \"u\"\n",
                "notifications.email.username",
            ),
            (
                "[notifications.email]\nsmtp_host = \"m.example.com\"\nfrom = \"s@example.com\"\ntls = \"ssl\"\n",
                "tls",
            ),
            (
                "[notifications.line]\nchannel_access_token = \"t\"\n",
                "notifications.line.to",
            ),
        ] {
            let path = write(&dir, text);
            let err = Config::load(Some(&path), &Overrides::default())
                .unwrap_err()
                .to_string();
            assert!(err.contains(key), "{text}: {err}");
            assert!(!err.contains('\n'), "{err}");
        }
        // A shop that is not VAT-registered leaves the tax id empty.
        let path = write(&dir, "[seller]\ntax_id = \"\"\n");
        let config = Config::load(Some(&path), &Overrides::default()).unwrap();
        assert!(!config.seller.issues_tax_invoices());
        assert!(valid_thai_tax_id("0105551234567"));
        assert!(!valid_thai_tax_id("010555123456"));
        // The password is never shown.
        let path = write(
            &dir,
            "[notifications.email]\nsmtp_host = \"m.example.com\"\nfrom = \"s@example.com\"\nusername = \"u\"\npassword = \"hunter22\"\n[notifications.line]\nchannel_access_token = \"line-secret\"\nto = \"C1\"\n",
        );
        let config = Config::load(Some(&path), &Overrides::default()).unwrap();
        let shown = format!("{config:?} {}", serde_json::to_string(&config).unwrap());
        assert!(
            !shown.contains("hunter22") && !shown.contains("line-secret"),
            "{shown}"
        );
    }

    /// The example documents every setting with its default: loading it must give exactly the
    /// built-in defaults (so a new setting cannot be added without documenting it there).
    #[test]
    fn the_example_config_is_valid_and_equals_the_defaults() {
        let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/config.example.toml"));
        let loaded = Config::load(Some(path), &Overrides::default()).unwrap();
        let defaults = Config::default().validated().unwrap();
        assert_eq!(
            serde_json::to_value(&loaded).unwrap(),
            serde_json::to_value(&defaults).unwrap()
        );
    }

    #[test]
    fn provider_endpoints_must_be_https_except_on_loopback() {
        let dir = tempfile::tempdir().unwrap();
        let path = write(
            &dir,
            "[auth.google]\nclient_id = \"x\"\nclient_secret = \"y\"\ntoken_url = \"http://evil.example/token\"\n",
        );
        let err = Config::load(Some(&path), &Overrides::default())
            .unwrap_err()
            .to_string();
        assert!(err.contains("auth.google.token_url"), "{err}");
        let path = write(
            &dir,
            "[auth.google]\nclient_id = \"x\"\nclient_secret = \"y\"\ntoken_url = \"http://127.0.0.1:9/token\"\nauth_url = \"http://127.0.0.1:9/a\"\nuserinfo_url = \"http://localhost:9/u\"\n",
        );
        assert!(
            Config::load(Some(&path), &Overrides::default())
                .unwrap()
                .auth
                .google
                .enabled()
        );
        let path = write(&dir, "[auth.facebook]\nclient_id = \"x\"\n");
        let err = Config::load(Some(&path), &Overrides::default())
            .unwrap_err()
            .to_string();
        assert!(err.contains("auth.facebook.client_secret"), "{err}");
    }

    #[test]
    fn a_missing_config_file_given_by_flag_is_an_error() {
        let err = Config::load(
            Some(Path::new("/nonexistent/kiosk.toml")),
            &Overrides::default(),
        )
        .unwrap_err();
        assert!(err.to_string().contains("does not exist"));
    }
}
