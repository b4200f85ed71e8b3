//! Site settings the owner edits in the staff area: the info-bar text, contact and social
//! links (the footer), which optional menus the storefront shows, and the shipping terms.
//!
//! They are the one source for the storefront: the boot data (`shop.social`, `features`,
//! `shipping`), the messages `infoBar.message` and `footer.tel`, and the cart quote read them
//! from the content snapshot. Until the owner first saves, they are derived from the
//! configuration file and the shipped messages, so a new shop looks as configured.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::model::Localized;
use super::store::{LOCALE_CODE_TO_MESSAGES, SETTINGS_KEY};
use crate::config::Config;
use crate::domain::Satang;
use crate::i18n::Locale;
use crate::store::{Store, StoreError};

/// Everything the settings page edits.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SiteSettings {
    /// The message in the bar above the menu (delivery offers…), per language.
    pub info_bar: Localized,
    pub contact: ContactLinks,
    pub features: FeatureFlags,
    pub shipping: ShippingTerms,
}

/// Contact and social links; an empty value hides that link.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct ContactLinks {
    /// A phone number (`02-123-4567`, `+66 2 123 4567`) or a `tel:` link.
    pub tel: String,
    /// An e-mail address or a `mailto:` link.
    pub email: String,
    /// A LINE official account id (`@kioskfurniture`) or an `https://line.me/…` link.
    pub line: String,
    pub facebook: String,
    pub viber: String,
    pub instagram: String,
    pub twitter: String,
    pub youtube: String,
}

/// Which optional menus the storefront shows (docs/STOREFRONT.md §2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FeatureFlags {
    pub room_menu: bool,
    pub category_menu: bool,
}

/// Flat-rate shipping and the order value from which it is free (satang).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ShippingTerms {
    pub flat_rate: Satang,
    pub free_over: Satang,
}

/// The longest text a setting may hold.
const MAX_TEXT: usize = 300;
/// Shipping amounts above this (฿1,000,000) are surely a typo.
const MAX_SATANG: i64 = 100_000_000;

impl SiteSettings {
    /// What a shop that never saved its settings shows: the configuration file's contact
    /// links, menus and shipping, and the shipped info-bar message of each language.
    pub fn from_config(config: &Config, info_bar: Localized) -> SiteSettings {
        let c = &config.contact;
        SiteSettings {
            info_bar,
            contact: ContactLinks {
                tel: c.tel.clone(),
                email: String::new(),
                line: c.line.clone(),
                facebook: c.facebook.clone(),
                viber: c.viber.clone(),
                instagram: c.instagram.clone(),
                twitter: c.twitter.clone(),
                youtube: c.youtube.clone(),
            },
            features: FeatureFlags {
                room_menu: config.features.room_menu,
                category_menu: config.features.category_menu,
            },
            shipping: ShippingTerms {
                flat_rate: config.shipping_flat_rate,
                free_over: config.free_shipping_over,
            },
        }
    }

    /// Every problem, as `field: message`; empty when the settings may be saved.
    pub fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        for locale in Locale::ALL {
            let text = self.info_bar.get_exact(locale);
            if text.chars().count() > MAX_TEXT {
                problems.push(format!(
                    "infoBar.{}: at most {MAX_TEXT} characters",
                    locale.code()
                ));
            }
            if text.contains('<') || text.contains('>') {
                problems.push(format!(
                    "infoBar.{}: plain text only, no < or >",
                    locale.code()
                ));
            }
        }
        if self.info_bar.en.trim().is_empty() {
            problems.push(
                "infoBar.en: the English text is needed (other languages fall back to it)".into(),
            );
        }
        for (field, value) in self.contact.entries() {
            if let Err(problem) = check_contact(field, value) {
                problems.push(format!("contact.{field}: {problem}"));
            }
        }
        for (field, amount) in [
            ("flatRate", self.shipping.flat_rate),
            ("freeOver", self.shipping.free_over),
        ] {
            if amount.0 < 0 || amount.0 > MAX_SATANG {
                problems.push(format!(
                    "shipping.{field}: must be 0 to {MAX_SATANG} satang"
                ));
            }
        }
        problems
    }

    /// The links the storefront shows (`shop.social` in the boot data), as safe hrefs:
    /// a phone number becomes `tel:…`, a LINE id its `https://line.me/…` page.
    pub fn social_links(&self) -> BTreeMap<&'static str, String> {
        self.contact
            .entries()
            .into_iter()
            .filter(|(_, value)| !value.trim().is_empty())
            .filter_map(|(kind, value)| Some((kind, contact_href(kind, value.trim())?)))
            .collect()
    }

    /// Trims every text (what is stored).
    pub fn trimmed(mut self) -> SiteSettings {
        // Stored free text: no control or direction characters (`crate::domain::text`), then
        // trimmed.
        for locale in Locale::ALL {
            let text = self.info_bar.get_exact_mut(locale);
            *text = crate::domain::text::single_line(text).trim().to_string();
        }
        let c = &mut self.contact;
        for value in [
            &mut c.tel,
            &mut c.email,
            &mut c.line,
            &mut c.facebook,
            &mut c.viber,
            &mut c.instagram,
            &mut c.twitter,
            &mut c.youtube,
        ] {
            *value = crate::domain::text::single_line(value).trim().to_string();
        }
        self
    }

    /// A short before → after summary for the activity log.
    pub fn changes_from(&self, before: &SiteSettings) -> String {
        let mut changes = Vec::new();
        for ((field, old), (_, new)) in before
            .contact
            .entries()
            .into_iter()
            .zip(self.contact.entries())
        {
            if old != new {
                changes.push(format!("contact.{field} {} → {}", quoted(old), quoted(new)));
            }
        }
        if before.features != self.features {
            changes.push(format!(
                "menus room {} → {}, category {} → {}",
                before.features.room_menu,
                self.features.room_menu,
                before.features.category_menu,
                self.features.category_menu
            ));
        }
        if before.shipping != self.shipping {
            changes.push(format!(
                "shipping {} / free over {} → {} / free over {}",
                before.shipping.flat_rate.0,
                before.shipping.free_over.0,
                self.shipping.flat_rate.0,
                self.shipping.free_over.0
            ));
        }
        for locale in Locale::ALL {
            let (old, new) = (
                before.info_bar.get_exact(locale),
                self.info_bar.get_exact(locale),
            );
            if old != new {
                changes.push(format!(
                    "infoBar.{} {} → {}",
                    locale.code(),
                    quoted(old),
                    quoted(new)
                ));
            }
        }
        if changes.is_empty() {
            "no change".into()
        } else {
            changes.join("; ")
        }
    }
}

/// A text for a log summary: quoted, at most 40 characters (Thai marks are kept as written).
pub fn quoted(text: &str) -> String {
    let mut short: String = text.chars().take(40).collect();
    if text.chars().count() > 40 {
        short.push('…');
    }
    format!("\"{short}\"")
}

impl ContactLinks {
    fn entries(&self) -> [(&'static str, &str); 8] {
        [
            ("tel", &self.tel),
            ("email", &self.email),
            ("line", &self.line),
            ("facebook", &self.facebook),
            ("viber", &self.viber),
            ("instagram", &self.instagram),
            ("twitter", &self.twitter),
            ("youtube", &self.youtube),
        ]
    }
}

impl Localized {
    /// The text of exactly this language (no English fallback).
    pub fn get_exact(&self, locale: Locale) -> &str {
        match locale {
            Locale::En => &self.en,
            Locale::Th => &self.th,
            Locale::My => &self.my,
            Locale::Km => &self.km,
            Locale::Id => &self.id,
        }
    }

    pub fn get_exact_mut(&mut self, locale: Locale) -> &mut String {
        match locale {
            Locale::En => &mut self.en,
            Locale::Th => &mut self.th,
            Locale::My => &mut self.my,
            Locale::Km => &mut self.km,
            Locale::Id => &mut self.id,
        }
    }
}

/// Whether a contact value may be saved: only `https:` links, phone numbers (`tel:`), e-mail
/// addresses (`mailto:`) and LINE ids; never `javascript:`, `data:` or plain `http:`.
pub fn check_contact(kind: &str, value: &str) -> Result<(), String> {
    let value = value.trim();
    if value.is_empty() {
        return Ok(());
    }
    if value.len() > MAX_TEXT {
        return Err(format!("at most {MAX_TEXT} characters"));
    }
    if contact_href(kind, value).is_some() {
        return Ok(());
    }
    Err(match kind {
        "tel" => "must be a phone number (digits, spaces, +, -) or a tel: link".into(),
        "email" => "must be an e-mail address".into(),
        "line" => "must be a LINE id such as @kioskfurniture or an https:// link".into(),
        _ => "must be an https:// link".into(),
    })
}

/// The safe href of a contact value, or `None` when it is not acceptable.
fn contact_href(kind: &str, value: &str) -> Option<String> {
    let lower = value.to_ascii_lowercase();
    match kind {
        "tel" => {
            let number = lower.strip_prefix("tel:").unwrap_or(&lower);
            let allowed = number
                .chars()
                .all(|c| c.is_ascii_digit() || matches!(c, '+' | '-' | ' ' | '(' | ')' | '.'));
            let digits = number.chars().filter(char::is_ascii_digit).count();
            (allowed && (3..=20).contains(&digits) && !number.trim_start().starts_with('-')).then(
                || {
                    let compact: String = number
                        .chars()
                        .filter(|c| c.is_ascii_digit() || *c == '+')
                        .collect();
                    format!("tel:{compact}")
                },
            )
        }
        "email" => {
            let address = value
                .strip_prefix("mailto:")
                .or_else(|| value.strip_prefix("MAILTO:"))
                .unwrap_or(value);
            is_email(address).then(|| format!("mailto:{address}"))
        }
        "line" if is_line_id(value) => {
            let id = value.trim_start_matches('@');
            Some(format!("https://line.me/R/ti/p/@{id}"))
        }
        _ => is_https_url(value).then(|| value.to_string()),
    }
}

fn is_email(address: &str) -> bool {
    let Some((local, domain)) = address.split_once('@') else {
        return false;
    };
    let ok = |part: &str, extra: &[char]| {
        !part.is_empty()
            && part
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || extra.contains(&c))
    };
    ok(local, &['.', '_', '-', '+'])
        && ok(domain, &['.', '-'])
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
}

/// A LINE id: `@` and 1–40 letters, digits, `.`, `_` or `-` (an official account).
fn is_line_id(value: &str) -> bool {
    value.strip_prefix('@').is_some_and(|id| {
        (1..=40).contains(&id.len())
            && id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
    })
}

/// `https://host/…` with a plausible host and no spaces, quotes or angle brackets.
pub fn is_https_url(value: &str) -> bool {
    let Some(rest) = value
        .get(..8)
        .filter(|scheme| scheme.eq_ignore_ascii_case("https://"))
        .map(|_| &value[8..])
    else {
        return false;
    };
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    !host.is_empty()
        && host.contains('.')
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':'))
        && !value.chars().any(|c| {
            c.is_whitespace() || c.is_control() || matches!(c, '"' | '\'' | '<' | '>' | '`')
        })
}

/// The stored settings, if the owner ever saved them.
pub fn load(store: &Store) -> Result<Option<SiteSettings>, StoreError> {
    store.read(|txn| {
        let value = LOCALE_CODE_TO_MESSAGES.read(txn)?.get(SETTINGS_KEY)?;
        Ok(value.and_then(|value| serde_json::from_value(value).ok()))
    })
}

/// Why settings could not be saved.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    #[error("{}", .0.join("; "))]
    Invalid(Vec<String>),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Saves the settings and logs who changed what, in one transaction. `before` is what the
/// storefront showed (stored or derived), for the log's summary.
pub fn save(
    store: &Store,
    actor: &str,
    kcard: &str,
    before: &SiteSettings,
    settings: SiteSettings,
) -> Result<SiteSettings, SaveError> {
    let settings = settings.trimmed();
    let problems = settings.problems();
    if !problems.is_empty() {
        return Err(SaveError::Invalid(problems));
    }
    let value = serde_json::to_value(&settings).map_err(|source| StoreError::Encode {
        table: "locale_code_to_messages",
        key: SETTINGS_KEY.into(),
        source,
    })?;
    store.write(|txn| {
        LOCALE_CODE_TO_MESSAGES
            .write(txn)?
            .put(SETTINGS_KEY, &value)?;
        crate::activity::log(
            txn,
            &crate::activity::Event {
                actor,
                kcard,
                action: "settings changed",
                target: "settings site",
                details: &settings.changes_from(before),
            },
        )?;
        Ok::<_, StoreError>(())
    })?;
    Ok(settings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contact_links_are_https_phone_mail_or_line_ids_only() {
        assert!(check_contact("facebook", "https://www.facebook.com/kiosk").is_ok());
        assert!(check_contact("facebook", "javascript:alert(1)").is_err());
        assert!(check_contact("facebook", "http://www.facebook.com/kiosk").is_err());
        assert!(check_contact("youtube", "https://x.com/\"onmouseover=").is_err());
        assert!(check_contact("youtube", "data:text/html,<script>").is_err());
        assert!(check_contact("tel", "02-123-4567").is_ok());
        assert!(check_contact("tel", "tel:+6621234567").is_ok());
        assert!(check_contact("tel", "javascript:1").is_err());
        assert!(check_contact("email", "shop@example.com").is_ok());
        assert!(check_contact("email", "mailto:shop@example.com").is_ok());
        assert!(check_contact("email", "javascript:x@y.z").is_err());
        assert!(check_contact("line", "@kioskfurniture").is_ok());
        assert!(check_contact("line", "https://line.me/R/ti/p/@kiosk").is_ok());
        assert!(check_contact("line", "line://evil").is_err());
        assert!(check_contact("instagram", "").is_ok());
    }

    #[test]
    fn links_become_safe_hrefs() {
        let settings = SiteSettings {
            info_bar: Localized {
                en: "Hello".into(),
                ..Localized::default()
            },
            contact: ContactLinks {
                tel: "02-123 4567".into(),
                line: "@kiosk".into(),
                email: "a@b.co".into(),
                ..ContactLinks::default()
            },
            features: FeatureFlags {
                room_menu: true,
                category_menu: false,
            },
            shipping: ShippingTerms {
                flat_rate: Satang(50_000),
                free_over: Satang(0),
            },
        };
        let links = settings.social_links();
        assert_eq!(links["tel"], "tel:021234567");
        assert_eq!(links["line"], "https://line.me/R/ti/p/@kiosk");
        assert_eq!(links["email"], "mailto:a@b.co");
        assert!(!links.contains_key("facebook"));
        assert!(settings.problems().is_empty());
    }
}
