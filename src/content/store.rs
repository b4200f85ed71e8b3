//! The content domain's tables and its seed documents.

use std::collections::BTreeMap;

use serde_json::Value;

use super::model::{Page, is_valid_page_name};
use crate::embedded::{Assets, Locales, embedded_json};
use crate::i18n::Locale;
use crate::store::seed::SeedDocument;
use crate::store::{JsonTable, Store, StoreError};

/// Locale code → its message set as this release shipped it (free-form JSON, kept in step
/// with the binary by seeding). The same table holds the shop's own texts under two more kinds
/// of key, so that they are in every backup without a schema change:
/// - [`edits_key`] (`edits/th`): the owner's translation edits of that locale, dotted message
///   path → text, laid over the shipped set when the snapshot is built. Kept apart from the
///   shipped document so that a new release still brings new and corrected keys (the seed
///   document stays untouched) and never overwrites an owner's edit.
/// - [`SETTINGS_KEY`]: the site settings (`content::settings::SiteSettings`).
pub const LOCALE_CODE_TO_MESSAGES: JsonTable<&str, Value> =
    JsonTable::new("locale_code_to_messages");

/// Where the owner's edits of a locale's messages are kept.
pub fn edits_key(code: &str) -> String {
    format!("edits/{code}")
}

/// Where the site settings are kept.
pub const SETTINGS_KEY: &str = "settings/site";
/// Label set name (`system`) → groups of labels.
pub const LABEL_SET_TO_LABELS: JsonTable<&str, Value> = JsonTable::new("label_set_to_labels");
/// Page name → [`Page`].
pub const PAGE_NAME_TO_PAGE: JsonTable<&str, Page> = JsonTable::new("page_name_to_page");

/// The documents this binary ships: one per locale, label set and page.
pub fn seed_documents() -> Result<Vec<SeedDocument>, String> {
    let mut docs = Vec::new();
    for locale in Locale::ALL {
        let messages = embedded_json::<Locales>(&format!("{}.json", locale.code()))?;
        docs.push(SeedDocument::new(
            LOCALE_CODE_TO_MESSAGES.definition(),
            locale.code(),
            &messages,
        )?);
    }
    let labels = embedded_json::<Assets>("seed/labels.json")?;
    for (set, groups) in labels
        .as_object()
        .ok_or("seed/labels.json must be an object of label sets")?
    {
        docs.push(SeedDocument::new(
            LABEL_SET_TO_LABELS.definition(),
            set.as_str(),
            groups,
        )?);
    }
    let pages = embedded_json::<Assets>("seed/pages.json")?;
    let pages = pages
        .get("pages")
        .and_then(Value::as_array)
        .ok_or("seed/pages.json must hold a \"pages\" array")?;
    for page in pages {
        let parsed: Page = serde_json::from_value(page.clone())
            .map_err(|err| format!("seed/pages.json: {err}"))?;
        if !is_valid_page_name(&parsed.name) {
            return Err(format!(
                "seed/pages.json: {:?} is not a valid page name",
                parsed.name
            ));
        }
        docs.push(SeedDocument::new(
            PAGE_NAME_TO_PAGE.definition(),
            parsed.name.as_str(),
            page,
        )?);
    }
    Ok(docs)
}

/// Everything the content snapshot is built from, read in one transaction.
pub struct StoredContent {
    /// Locale code → shipped messages; also the `edits/{code}` and settings rows.
    pub messages: BTreeMap<String, Value>,
    pub labels: BTreeMap<String, Value>,
    pub pages: BTreeMap<String, Page>,
}

pub fn load(store: &Store) -> Result<StoredContent, StoreError> {
    store.read(|txn| {
        let mut content = StoredContent {
            messages: BTreeMap::new(),
            labels: BTreeMap::new(),
            pages: BTreeMap::new(),
        };
        LOCALE_CODE_TO_MESSAGES
            .read(txn)?
            .try_for_each(|key, value| {
                content.messages.insert(key.to_string(), value);
                Ok::<(), StoreError>(())
            })?;
        LABEL_SET_TO_LABELS.read(txn)?.try_for_each(|key, value| {
            content.labels.insert(key.to_string(), value);
            Ok::<(), StoreError>(())
        })?;
        PAGE_NAME_TO_PAGE.read(txn)?.try_for_each(|key, page| {
            content.pages.insert(key.to_string(), page);
            Ok::<(), StoreError>(())
        })?;
        Ok(content)
    })
}
