//! What the configuration's types cannot say, checked once at load: URLs, mailboxes, payment
//! and coin settings, the seller and notification settings. Each failure names its key in one
//! line.

use super::{Config, ConfigError};
use crate::domain::Satang;
use crate::domain::tax_id::valid_thai_tax_id;

impl Config {
    pub(super) fn validate_documents_and_notifications(&self) -> Result<(), ConfigError> {
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
    pub(super) fn validated(mut self) -> Result<Config, ConfigError> {
        let invalid =
            |key: &str, problem: String| ConfigError::Invalid(format!("{key}: {problem}"));
        let url = self.public_url.trim().trim_end_matches('/').to_string();
        self.tls.validate()?;
        if self.tls.enabled() && !url.is_empty() && !url.starts_with("https://") {
            return Err(invalid(
                "public_url",
                format!("{url:?} must start with https:// when [tls] is on"),
            ));
        }
        if url.is_empty() && self.tls.enabled() {
            // HTTPS served here: the public URL is the first domain (the owner's certificate
            // names none we can trust, so that one follows the address bound).
            match self.tls.public_url(self.tls.https_listen.port()) {
                Some(derived) => self.public_url = derived,
                None => {
                    self.public_url = format!("https://{}", self.tls.https_listen);
                    self.public_url_derived = true;
                }
            }
        } else if url.is_empty() {
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
        if let Some(metrics) = self.metrics.listen
            && metrics.port() != 0
            && metrics.port() == self.listen.port()
        {
            return Err(invalid(
                "metrics.listen",
                format!(
                    "{metrics} must not be the shop's own port: metrics are for the operator's eyes only"
                ),
            ));
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
        self.etax.validate(
            self.notifications.email.enabled(),
            self.seller.issues_tax_invoices(),
        )?;
        self.validate_backup()?;
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
            crate::domain::promptpay::payload(&p.promptpay_id, None)
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
    crate::domain::email_address::is_email(address.trim())
}
