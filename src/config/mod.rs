//! Shop settings, layered: defaults < config file < `KIOSK_*` environment < command-line flags.
//!
//! Every setting is documented in `config.example.toml`. Loading either yields a fully
//! validated [`Config`] or one line naming the offending key, so a typo never starts a shop
//! with a silently ignored setting.
//!
//! The configuration stands on the ground floor (docs/ARCHITECTURE.md): it imports only the
//! shared values of `domain`. This file holds the top-level settings and loading;
//! `sections.rs` the sections' types, `validate.rs` the rules serde's types cannot say.

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
    /// Only turn this on when the proxy sets that header (see docs/OPERATING.md, "Configuration").
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
    /// Prometheus metrics on their own address; off by default.
    #[serde(default)]
    pub metrics: MetricsSettings,
    /// Off-site copies of the backups (`config/backup.rs`).
    #[serde(default)]
    pub backup: Backup,
    /// HTTPS served by the shop itself (`config/tls.rs`); off unless domains or a certificate
    /// file are set.
    #[serde(default)]
    pub tls: Tls,
    /// e-Tax Invoice by Email (`config/etax.rs`); off by default.
    #[serde(default)]
    pub etax: Etax,
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

mod backup;
mod etax;
mod sections;
mod tls;
mod validate;

pub use backup::{Backup, Destination, Location};
pub use etax::{ETDA_TIMESTAMP_MAILBOX, Etax};

pub use sections::*;
pub use tls::{LETS_ENCRYPT, LETS_ENCRYPT_STAGING, Tls};

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
            metrics: MetricsSettings::default(),
            backup: Backup::default(),
            tls: Tls::default(),
            etax: Etax::default(),
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
    "metrics.listen",
    "tls.domains",
    "tls.email",
    "tls.acme_directory",
    "tls.acme_ca_file",
    "tls.https_listen",
    "tls.http_listen",
    "tls.cert_file",
    "tls.key_file",
    "etax.enabled",
    "etax.timestamp_cc",
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

    pub fn database_path(&self) -> PathBuf {
        self.data_dir.join("kiosk.redb")
    }

    pub fn files_dir(&self) -> PathBuf {
        self.data_dir.join("files")
    }
}

#[cfg(test)]
mod tests;
