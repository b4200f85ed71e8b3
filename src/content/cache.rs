//! The in-memory snapshot of content that pages and the API answer from.
//!
//! Built once at start (and again after a change), so a page view never touches the database
//! and the per-locale JSON is serialised once rather than per request.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::{Arc, RwLock};

use serde_json::Value;
use serde_json::value::RawValue;

use super::edit::{apply_edits, edits_of};
use super::messages::{lookup, merge_over_english};
use super::model::{Localized, Page};
use super::settings::SiteSettings;
use super::store;
use crate::config::Config;
use crate::i18n::Locale;
use crate::store::{Store, StoreError};

/// One locale's messages, English merged in, as a value and as ready JSON.
pub struct LocaleMessages {
    pub value: Value,
    pub json: Box<RawValue>,
    /// The messages without the staff area's (`admin`, 60 % of the bytes), which every page
    /// carries in its boot data; the staff area loads the rest when it opens.
    pub storefront: Box<RawValue>,
}

/// The staff area's messages the storefront shows too (the account menu's link to it).
const STOREFRONT_ADMIN_KEYS: [&str; 1] = ["title"];

/// What the shop sends rather than shows (`content::words`): mails and LINE texts, the money
/// documents' words. The server reads them; no page needs them in its boot data.
const SENT_ONLY: [&str; 3] = ["mail", "paper", "line"];

/// `messages` without `admin`, except `STOREFRONT_ADMIN_KEYS`, and without [`SENT_ONLY`].
fn storefront_messages(messages: &Value) -> Value {
    let mut out = messages.clone();
    if let Some(object) = out.as_object_mut() {
        for key in SENT_ONLY {
            object.remove(key);
        }
    }
    if let Some(object) = out.as_object_mut()
        && let Some(Value::Object(admin)) = object.remove("admin")
    {
        let kept: serde_json::Map<String, Value> = admin
            .into_iter()
            .filter(|(key, _)| STOREFRONT_ADMIN_KEYS.contains(&key.as_str()))
            .collect();
        object.insert("admin".to_string(), Value::Object(kept));
    }
    out
}

impl LocaleMessages {
    /// A message by dotted path, or an empty string.
    pub fn text(&self, path: &str) -> &str {
        lookup(&self.value, path).unwrap_or_default()
    }
}

pub struct ContentSnapshot {
    locales: HashMap<Locale, LocaleMessages>,
    /// `{"en": {...}, "th": {...}, ...}` for `GET /api/file/locales`.
    pub all_locales_json: Box<RawValue>,
    pub labels: BTreeMap<String, Box<RawValue>>,
    pub pages: BTreeMap<String, Page>,
    /// Keys of the `province` labels: the provinces a delivery address may name.
    provinces: HashSet<String>,
    /// The site settings the owner saved; `None` until the first save (see [`Self::settings`]).
    stored_settings: Option<SiteSettings>,
    /// The shipped `infoBar.message` of each language, the default of the settings.
    shipped_info_bar: Localized,
}

impl ContentSnapshot {
    pub fn messages(&self, locale: Locale) -> &LocaleMessages {
        // Every locale is present: `build` inserts all five.
        &self.locales[&locale]
    }

    /// A published page.
    pub fn page(&self, name: &str) -> Option<&Page> {
        self.pages.get(name)
    }

    /// The site settings the owner saved, if ever.
    pub fn stored_settings(&self) -> Option<&SiteSettings> {
        self.stored_settings.as_ref()
    }

    /// The site settings in force: the saved ones, or those the configuration implies.
    pub fn settings(&self, config: &Config) -> SiteSettings {
        match &self.stored_settings {
            Some(settings) => settings.clone(),
            None => SiteSettings::from_config(config, self.shipped_info_bar.clone()),
        }
    }

    pub fn is_province(&self, key: &str) -> bool {
        self.provinces.contains(key)
    }

    fn build(stored: store::StoredContent) -> Result<ContentSnapshot, StoreError> {
        let edits = edits_of(&stored.messages);
        let stored_settings: Option<SiteSettings> = stored
            .messages
            .get(store::SETTINGS_KEY)
            .and_then(|value| serde_json::from_value(value.clone()).ok());
        let mut shipped_info_bar = Localized::default();
        let mut english = stored
            .messages
            .get("en")
            .cloned()
            .unwrap_or(Value::Object(Default::default()));
        apply_edits(&mut english, &edits[&Locale::En]);
        let mut locales = HashMap::new();
        let mut all = serde_json::Map::new();
        for locale in Locale::ALL {
            let mut value = match stored.messages.get(locale.code()) {
                Some(translation) => merge_over_english(&english, translation),
                None => english.clone(),
            };
            apply_edits(&mut value, &edits[&locale]);
            *shipped_info_bar.get_exact_mut(locale) = lookup(&value, "infoBar.message")
                .unwrap_or_default()
                .to_string();
            if let Some(settings) = &stored_settings {
                overlay_settings(&mut value, settings, locale);
            }
            all.insert(locale.code().to_string(), value.clone());
            let json = to_raw(&value)?;
            let storefront = to_raw(&storefront_messages(&value))?;
            locales.insert(
                locale,
                LocaleMessages {
                    value,
                    json,
                    storefront,
                },
            );
        }
        let labels = stored
            .labels
            .iter()
            .map(|(name, value)| Ok((name.clone(), to_raw(value)?)))
            .collect::<Result<_, StoreError>>()?;
        let provinces = stored
            .labels
            .values()
            .filter_map(|set| set.get("province").and_then(Value::as_object))
            .flat_map(|group| group.keys().cloned())
            .collect();
        let pages = stored
            .pages
            .into_iter()
            .filter(|(_, page)| page.published)
            .collect();
        Ok(ContentSnapshot {
            stored_settings,
            shipped_info_bar,
            provinces,
            locales,
            all_locales_json: to_raw(&Value::Object(all))?,
            labels,
            pages,
        })
    }
}

/// The messages the settings page owns: the info-bar text, and the footer's phone line
/// ("Call us: 02-123-4567", empty when there is no phone).
fn overlay_settings(messages: &mut Value, settings: &SiteSettings, locale: Locale) {
    let call_us = lookup(messages, "social.tel").unwrap_or("Tel.").to_string();
    let tel = settings.contact.tel.trim();
    let tel = tel.strip_prefix("tel:").unwrap_or(tel);
    let footer_tel = if tel.is_empty() {
        String::new()
    } else {
        format!("{call_us}: {tel}")
    };
    let info_bar = settings.info_bar.get(locale).to_string();
    if let Some(bar) = messages.get_mut("infoBar").and_then(Value::as_object_mut) {
        bar.insert("message".into(), Value::String(info_bar));
    }
    if let Some(footer) = messages.get_mut("footer").and_then(Value::as_object_mut) {
        footer.insert("tel".into(), Value::String(footer_tel));
    }
}

fn to_raw(value: &Value) -> Result<Box<RawValue>, StoreError> {
    serde_json::value::to_raw_value(value).map_err(|source| StoreError::BadDocument {
        key: "snapshot".into(),
        source,
    })
}

/// Holds the current snapshot; readers take an `Arc` and never wait on a rebuild.
pub struct ContentCache(RwLock<Arc<ContentSnapshot>>);

impl std::fmt::Debug for ContentCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ContentCache")
    }
}

impl ContentCache {
    pub fn load(store: &Store) -> Result<ContentCache, StoreError> {
        let snapshot = ContentSnapshot::build(store::load(store)?)?;
        Ok(ContentCache(RwLock::new(Arc::new(snapshot))))
    }

    pub fn current(&self) -> Arc<ContentSnapshot> {
        self.0
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone()
    }

    /// Rebuilds after a change to content in the database.
    pub fn reload(&self, store: &Store) -> Result<(), StoreError> {
        let snapshot = Arc::new(ContentSnapshot::build(store::load(store)?)?);
        *self
            .0
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner()) = snapshot;
        Ok(())
    }
}
