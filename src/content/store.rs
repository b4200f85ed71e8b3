//! The content domain's tables and its seed documents.

use std::collections::BTreeMap;

use redb::{ReadableDatabase, ReadableTable, TableDefinition};
use serde_json::Value;

use super::model::{Page, is_valid_page_name};
use crate::http::assets::{Assets, Locales, embedded_json};
use crate::i18n::Locale;
use crate::store::seed::SeedDocument;
use crate::store::{Store, StoreError};

/// Locale code → its message set (JSON).
pub const LOCALE_CODE_TO_MESSAGES: TableDefinition<&str, &[u8]> =
    TableDefinition::new("locale_code_to_messages");
/// Label set name (`system`) → groups of labels (JSON).
pub const LABEL_SET_TO_LABELS: TableDefinition<&str, &[u8]> =
    TableDefinition::new("label_set_to_labels");
/// Page name → [`Page`] (JSON).
pub const PAGE_NAME_TO_PAGE: TableDefinition<&str, &[u8]> =
    TableDefinition::new("page_name_to_page");

/// The documents this binary ships: one per locale, label set and page.
pub fn seed_documents() -> Result<Vec<SeedDocument>, String> {
    let mut docs = Vec::new();
    for locale in Locale::ALL {
        let messages = embedded_json::<Locales>(&format!("{}.json", locale.code()))?;
        docs.push(SeedDocument::new(
            LOCALE_CODE_TO_MESSAGES,
            locale.code(),
            &messages,
        ));
    }
    let labels = embedded_json::<Assets>("seed/labels.json")?;
    for (set, groups) in labels
        .as_object()
        .ok_or("seed/labels.json must be an object of label sets")?
    {
        docs.push(SeedDocument::new(LABEL_SET_TO_LABELS, set.as_str(), groups));
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
            PAGE_NAME_TO_PAGE,
            parsed.name.as_str(),
            page,
        ));
    }
    Ok(docs)
}

/// Everything the content snapshot is built from, read in one transaction.
pub struct StoredContent {
    pub messages: BTreeMap<String, Value>,
    pub labels: BTreeMap<String, Value>,
    pub pages: BTreeMap<String, Page>,
}

pub fn load(store: &Store) -> Result<StoredContent, StoreError> {
    let read = store.db().begin_read()?;
    let json_rows =
        |definition: TableDefinition<&str, &[u8]>| -> Result<BTreeMap<String, Value>, StoreError> {
            let table = read.open_table(definition)?;
            let mut rows = BTreeMap::new();
            for entry in table.iter()? {
                let (key, value) = entry?;
                let key = key.value().to_string();
                let parsed = serde_json::from_slice(value.value()).map_err(|source| {
                    StoreError::BadDocument {
                        key: key.clone(),
                        source,
                    }
                })?;
                rows.insert(key, parsed);
            }
            Ok(rows)
        };
    let messages = json_rows(LOCALE_CODE_TO_MESSAGES)?;
    let labels = json_rows(LABEL_SET_TO_LABELS)?;
    let mut pages = BTreeMap::new();
    for (name, value) in json_rows(PAGE_NAME_TO_PAGE)? {
        let page: Page =
            serde_json::from_value(value).map_err(|source| StoreError::BadDocument {
                key: name.clone(),
                source,
            })?;
        pages.insert(name, page);
    }
    Ok(StoredContent {
        messages,
        labels,
        pages,
    })
}
