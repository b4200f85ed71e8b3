//! The in-memory snapshot of content that pages and the API answer from.
//!
//! Built once at start (and again after a change), so a page view never touches the database
//! and the per-locale JSON is serialised once rather than per request.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::{Arc, RwLock};

use serde_json::Value;
use serde_json::value::RawValue;

use super::messages::{lookup, merge_over_english};
use super::model::Page;
use super::store;
use crate::i18n::Locale;
use crate::store::{Store, StoreError};

/// One locale's messages, English merged in, as a value and as ready JSON.
pub struct LocaleMessages {
    pub value: Value,
    pub json: Box<RawValue>,
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
}

impl ContentSnapshot {
    pub fn messages(&self, locale: Locale) -> &LocaleMessages {
        // Every locale is present: `build` inserts all five.
        &self.locales[&locale]
    }

    pub fn page(&self, name: &str) -> Option<&Page> {
        self.pages.get(name)
    }

    pub fn is_province(&self, key: &str) -> bool {
        self.provinces.contains(key)
    }

    fn build(stored: store::StoredContent) -> Result<ContentSnapshot, StoreError> {
        let english = stored
            .messages
            .get("en")
            .cloned()
            .unwrap_or(Value::Object(Default::default()));
        let mut locales = HashMap::new();
        let mut all = serde_json::Map::new();
        for locale in Locale::ALL {
            let value = match stored.messages.get(locale.code()) {
                Some(translation) => merge_over_english(&english, translation),
                None => english.clone(),
            };
            all.insert(locale.code().to_string(), value.clone());
            let json = to_raw(&value)?;
            locales.insert(locale, LocaleMessages { value, json });
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
        Ok(ContentSnapshot {
            provinces,
            locales,
            all_locales_json: to_raw(&Value::Object(all))?,
            labels,
            pages: stored.pages,
        })
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
