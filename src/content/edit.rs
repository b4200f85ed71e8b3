//! Staff edits of content: information pages and translations. Each change is checked, written
//! with its activity line in one transaction, and then the content snapshot is rebuilt by the
//! caller so the storefront shows it at once.

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;
use utoipa::ToSchema;

use super::messages::{leaf_paths, lookup};
use super::model::{Localized, Page, is_valid_page_name};
use super::store::{LOCALE_CODE_TO_MESSAGES, PAGE_NAME_TO_PAGE, edits_key};
use crate::activity::Actor;
use crate::i18n::Locale;
use crate::store::{Store, StoreError};

/// Why an edit was refused.
#[derive(Debug, thiserror::Error)]
pub enum ContentEditError {
    /// Per-field problems, `field: message`.
    #[error("{}", .0.join("; "))]
    Invalid(Vec<String>),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Exists(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

// ---------------------------------------------------------------------------------------------
// Pages

/// What the page editor sends: the page minus its name.
#[derive(Debug, Clone, Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct PageInput {
    #[serde(deserialize_with = "crate::content::model::one_line_each")]
    pub title: Localized,
    #[serde(deserialize_with = "crate::content::model::lines_each")]
    pub body: Localized,
    #[serde(default = "yes")]
    #[ts(as = "Option<bool>", optional)]
    pub published: bool,
}

fn yes() -> bool {
    true
}

/// The longest page body per language (characters).
const MAX_BODY: usize = 50_000;
const MAX_TITLE: usize = 120;

/// First segments the storefront routes itself: a page of that name could never be shown.
const RESERVED_NAMES: &[&str] = &[
    "admin",
    "api",
    "cart",
    "cartres",
    "category",
    "content",
    "en",
    "file",
    "id",
    "info",
    "km",
    "location",
    "mobile",
    "my",
    "order",
    "products",
    "room",
    "search",
    "searchcode",
    "static",
    "th",
    "user",
    "view",
];

impl PageInput {
    /// Every problem, as `field: message`.
    pub fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        if self.title.en.trim().is_empty() {
            problems.push(
                "title.en: the English title is needed (other languages fall back to it)".into(),
            );
        }
        for locale in Locale::ALL {
            let code = locale.code();
            let title = self.title.get_exact(locale);
            if title.chars().count() > MAX_TITLE {
                problems.push(format!("title.{code}: at most {MAX_TITLE} characters"));
            }
            let body = self.body.get_exact(locale);
            if body.chars().count() > MAX_BODY {
                problems.push(format!("body.{code}: at most {MAX_BODY} characters"));
            }
            for target in super::markdown::unsafe_destinations(body) {
                problems.push(format!(
                    "body.{code}: the link {target:?} is not allowed; use https://, mailto:, tel: or a path on this site"
                ));
            }
        }
        problems
    }

    fn into_page(self, name: &str) -> Page {
        let trim = |mut text: Localized| {
            for locale in Locale::ALL {
                let value = text.get_exact_mut(locale);
                *value = value.trim().to_string();
            }
            text
        };
        Page {
            name: name.to_string(),
            title: trim(self.title),
            body: trim(self.body),
            published: self.published,
        }
    }
}

/// Every page, published or not, by name.
pub fn list_pages(store: &Store) -> Result<Vec<Page>, StoreError> {
    store.read(|txn| PAGE_NAME_TO_PAGE.read(txn)?.values())
}

/// Whether `name` may name a new page.
pub fn check_new_page_name(name: &str) -> Result<(), String> {
    if !is_valid_page_name(name) {
        return Err("name: lowercase letters, digits and -, e.g. returns or help/returns".into());
    }
    let first = name.split('/').next().unwrap_or_default();
    if RESERVED_NAMES.contains(&first) {
        return Err(format!("name: {first:?} is a storefront address already"));
    }
    Ok(())
}

/// Creates a page (`create`) or replaces an existing one; logs what changed.
pub fn save_page(
    store: &Store,
    editor: Actor,
    name: &str,
    input: PageInput,
    create: bool,
) -> Result<Page, ContentEditError> {
    let mut problems = input.problems();
    if create && let Err(problem) = check_new_page_name(name) {
        problems.insert(0, problem);
    }
    if !problems.is_empty() {
        return Err(ContentEditError::Invalid(problems));
    }
    let page = input.into_page(name);
    store.write(|txn| {
        let mut pages = PAGE_NAME_TO_PAGE.write(txn)?;
        let before = pages.get(name)?;
        let (action, details) = match (&before, create) {
            (Some(_), true) => {
                return Err(ContentEditError::Exists(format!(
                    "a page {name:?} exists already"
                )));
            }
            (None, false) => return Err(ContentEditError::NotFound(format!("no page {name:?}"))),
            (None, true) => ("page created", format!("title {:?}", page.title.en)),
            (Some(before), false) => ("page updated", page_changes(before, &page)),
        };
        pages.put(name, &page)?;
        drop(pages);
        editor.log(txn, action, &format!("page {name}"), &details)?;
        Ok(page)
    })
}

fn page_changes(before: &Page, after: &Page) -> String {
    let mut changes = Vec::new();
    if before.published != after.published {
        changes.push(
            if after.published {
                "published"
            } else {
                "unpublished"
            }
            .to_string(),
        );
    }
    for locale in Locale::ALL {
        let code = locale.code();
        let (old, new) = (
            before.title.get_exact(locale),
            after.title.get_exact(locale),
        );
        if old != new {
            changes.push(format!(
                "title.{code} {} → {}",
                super::settings::quoted(old),
                super::settings::quoted(new)
            ));
        }
        let (old, new) = (before.body.get_exact(locale), after.body.get_exact(locale));
        if old != new {
            changes.push(format!(
                "body.{code} {} → {} characters",
                old.chars().count(),
                new.chars().count()
            ));
        }
    }
    if changes.is_empty() {
        "no change".into()
    } else {
        changes.join("; ")
    }
}

// ---------------------------------------------------------------------------------------------
// Translations

/// Message keys the settings page owns: the translations editor shows them read-only.
pub const KEYS_FROM_SETTINGS: &[&str] = &["infoBar.message", "footer.tel"];

/// One message key with its text in each language, as the translations editor shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct TranslationRow {
    /// Dotted path, e.g. `cart.checkout` (array items as `footer.infoLinks.0.name`).
    pub key: String,
    /// The text in each language; empty where the language lacks it (English shows then).
    pub texts: Localized,
    /// Languages whose text is the owner's edit rather than the shipped one.
    pub edited: Vec<Locale>,
    /// Set on keys the site settings page edits instead (`infoBar.message`, `footer.tel`).
    pub from_settings: bool,
}

/// The owner's edits: locale → (path → text).
pub type Edits = HashMap<Locale, BTreeMap<String, String>>;

fn read_edits(messages: &BTreeMap<String, Value>) -> Edits {
    Locale::ALL
        .into_iter()
        .map(|locale| {
            let edits = messages
                .get(&edits_key(locale.code()))
                .and_then(|v| serde_json::from_value(v.clone()).ok())
                .unwrap_or_default();
            (locale, edits)
        })
        .collect()
}

/// The owner's edits as stored alongside the shipped messages.
pub fn edits_of(messages: &BTreeMap<String, Value>) -> Edits {
    read_edits(messages)
}

/// Lays the edits over a (merged) message set: each edited path that exists is replaced.
pub fn apply_edits(messages: &mut Value, edits: &BTreeMap<String, String>) {
    for (path, text) in edits {
        let pointer: String = path
            .split('.')
            .map(|part| format!("/{}", part.replace('~', "~0").replace('/', "~1")))
            .collect();
        if let Some(at) = messages.pointer_mut(&pointer).filter(|at| at.is_string()) {
            *at = Value::String(text.clone());
        }
    }
}

/// Every English message key with its five texts, sorted by key.
pub fn list_translations(store: &Store) -> Result<Vec<TranslationRow>, StoreError> {
    let stored = super::store::load(store)?;
    Ok(translation_rows(&stored.messages))
}

fn translation_rows(messages: &BTreeMap<String, Value>) -> Vec<TranslationRow> {
    let empty = Value::Object(Default::default());
    let edits = read_edits(messages);
    let english = messages.get("en").unwrap_or(&empty);
    let mut keys = leaf_paths(english);
    keys.retain(|key| lookup(english, key).is_some());
    keys.sort();
    keys.into_iter()
        .map(|key| {
            let mut texts = Localized::default();
            let mut edited = Vec::new();
            for locale in Locale::ALL {
                let text = match edits[&locale].get(&key) {
                    Some(text) => {
                        edited.push(locale);
                        text.clone()
                    }
                    None => messages
                        .get(locale.code())
                        .and_then(|m| lookup(m, &key))
                        .unwrap_or_default()
                        .to_string(),
                };
                *texts.get_exact_mut(locale) = text;
            }
            TranslationRow {
                from_settings: KEYS_FROM_SETTINGS.contains(&key.as_str()),
                key,
                texts,
                edited,
            }
        })
        .collect()
}

/// What the editor sends for one key: the new text of some languages.
#[derive(Debug, Clone, Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct TranslationInput {
    pub key: String,
    /// Language code → the new text. An empty text (not English) means "not translated":
    /// English shows in that language.
    #[schema(value_type = HashMap<String, String>)]
    #[ts(type = "Partial<Record<Locale, string>>")]
    pub texts: HashMap<Locale, String>,
}

const MAX_MESSAGE: usize = 5_000;

/// Saves the owner's texts of one key. A text equal to the shipped one removes the edit, so
/// later corrections in a new release reach that key again.
pub fn save_translation(
    store: &Store,
    editor: Actor,
    input: TranslationInput,
) -> Result<TranslationRow, ContentEditError> {
    let key = input.key.trim().to_string();
    let mut problems = Vec::new();
    if KEYS_FROM_SETTINGS.contains(&key.as_str()) {
        problems.push(format!("key: {key} is edited on the site settings page"));
    }
    // Stored free text: no control or direction characters (a message may keep its lines).
    let mut input = input;
    for text in input.texts.values_mut() {
        *text = crate::domain::text::multi_line(text);
    }
    for (locale, text) in &input.texts {
        if text.chars().count() > MAX_MESSAGE {
            problems.push(format!(
                "texts.{}: at most {MAX_MESSAGE} characters",
                locale.code()
            ));
        }
        if *locale == Locale::En && text.trim().is_empty() {
            problems
                .push("texts.en: English cannot be empty (other languages fall back to it)".into());
        }
    }
    if !problems.is_empty() {
        return Err(ContentEditError::Invalid(problems));
    }
    store.write(|txn| {
        let mut table = LOCALE_CODE_TO_MESSAGES.write(txn)?;
        let english = table.get("en")?.unwrap_or(Value::Null);
        if lookup(&english, &key).is_none() {
            return Err(ContentEditError::NotFound(format!(
                "no message key {key:?}"
            )));
        }
        let mut changes = Vec::new();
        for (locale, text) in Locale::ALL
            .iter()
            .filter_map(|l| input.texts.get(l).map(|t| (l, t)))
        {
            let edits_name = edits_key(locale.code());
            let mut edits: BTreeMap<String, String> = table
                .get(edits_name.as_str())?
                .and_then(|v| serde_json::from_value(v).ok())
                .unwrap_or_default();
            let shipped = table
                .get(locale.code())?
                .and_then(|m| lookup(&m, &key).map(str::to_string))
                .unwrap_or_default();
            let before = edits.get(&key).cloned().unwrap_or_else(|| shipped.clone());
            if before == *text {
                continue;
            }
            if *text == shipped {
                edits.remove(&key);
            } else {
                edits.insert(key.clone(), text.clone());
            }
            changes.push(format!(
                "{} {} → {}",
                locale.code(),
                super::settings::quoted(&before),
                super::settings::quoted(text)
            ));
            let value = serde_json::to_value(&edits).map_err(|source| StoreError::Encode {
                table: "locale_code_to_messages",
                key: edits_name.clone(),
                source,
            })?;
            table.put(edits_name.as_str(), &value)?;
        }
        drop(table);
        if !changes.is_empty() {
            editor.log(
                txn,
                "translation changed",
                &format!("message {key}"),
                &changes.join("; "),
            )?;
        }
        Ok(())
    })?;
    let stored = super::store::load(store)?;
    translation_rows(&stored.messages)
        .into_iter()
        .find(|row| row.key == key)
        .ok_or_else(|| ContentEditError::NotFound(format!("no message key {key:?}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::cache::ContentCache;
    use crate::store::seed::{SeedDocument, sync};
    use serde_json::json;

    fn seed(store: &Store, en: Value, th: Value) {
        let docs = [
            SeedDocument::new(LOCALE_CODE_TO_MESSAGES.definition(), "en", &en).unwrap(),
            SeedDocument::new(LOCALE_CODE_TO_MESSAGES.definition(), "th", &th).unwrap(),
        ];
        sync(store, &docs).unwrap();
    }

    const EDITOR: Actor = Actor {
        name: "owner",
        kcard: "",
    };

    /// The owner's edit of a shipped key survives a new release that changes the shipped
    /// document, and the keys that release adds still arrive.
    #[test]
    fn owner_edits_survive_an_upgrade_and_new_keys_still_arrive() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        seed(
            &store,
            json!({"cart": {"title": "Cart", "empty": "Empty"}}),
            json!({"cart": {"title": "ตะกร้า", "empty": "ว่าง"}}),
        );
        let mut texts = HashMap::new();
        texts.insert(Locale::Th, "ตะกร้าของฉัน".to_string());
        save_translation(
            &store,
            EDITOR,
            TranslationInput {
                key: "cart.title".into(),
                texts,
            },
        )
        .unwrap();

        // The next release fixes `cart.empty` and adds `cart.checkout`.
        seed(
            &store,
            json!({"cart": {"title": "Cart", "empty": "Your cart is empty", "checkout": "Checkout"}}),
            json!({"cart": {"title": "ตะกร้า", "empty": "ตะกร้าว่าง", "checkout": "ชำระเงิน"}}),
        );
        let cache = ContentCache::load(&store).unwrap();
        let snapshot = cache.current();
        let th = snapshot.messages(Locale::Th);
        assert_eq!(th.text("cart.title"), "ตะกร้าของฉัน");
        assert_eq!(th.text("cart.empty"), "ตะกร้าว่าง");
        assert_eq!(th.text("cart.checkout"), "ชำระเงิน");

        let rows = list_translations(&store).unwrap();
        let title = rows.iter().find(|r| r.key == "cart.title").unwrap();
        assert_eq!(title.edited, vec![Locale::Th]);
        assert_eq!(title.texts.th, "ตะกร้าของฉัน");
    }

    #[test]
    fn saving_the_shipped_text_removes_the_edit() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        seed(&store, json!({"a": "A"}), json!({"a": "เอ"}));
        let save = |text: &str| {
            let mut texts = HashMap::new();
            texts.insert(Locale::Th, text.to_string());
            save_translation(
                &store,
                EDITOR,
                TranslationInput {
                    key: "a".into(),
                    texts,
                },
            )
            .unwrap()
        };
        assert_eq!(save("เอ๋").edited, vec![Locale::Th]);
        assert!(save("เอ").edited.is_empty());
    }

    #[test]
    fn unknown_keys_and_empty_english_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        seed(&store, json!({"a": "A"}), json!({"a": "เอ"}));
        let mut texts = HashMap::new();
        texts.insert(Locale::En, " ".to_string());
        let result = save_translation(
            &store,
            EDITOR,
            TranslationInput {
                key: "a".into(),
                texts: texts.clone(),
            },
        );
        assert!(matches!(result, Err(ContentEditError::Invalid(_))));
        texts.insert(Locale::En, "B".to_string());
        let result = save_translation(
            &store,
            EDITOR,
            TranslationInput {
                key: "nope".into(),
                texts,
            },
        );
        assert!(matches!(result, Err(ContentEditError::NotFound(_))));
    }

    #[test]
    fn unsafe_links_in_pages_are_refused() {
        let page = |body: &str| PageInput {
            title: Localized {
                en: "T".into(),
                ..Localized::default()
            },
            body: Localized {
                th: body.into(),
                ..Localized::default()
            },
            published: true,
        };
        assert!(
            page("[ok](https://example.com) [x](/info/a) [m](mailto:a@b.c)")
                .problems()
                .is_empty()
        );
        assert!(!page("[x](javascript:alert(1))").problems().is_empty());
        assert!(!page("[x]( JavaScript:alert(1))").problems().is_empty());
        assert!(!page("[x](data:text/html;base64,AAA)").problems().is_empty());
        assert!(!page("[x]: javascript:alert(1)").problems().is_empty());
        assert!(!page("[x](//evil.example)").problems().is_empty());
        // Issue 29: what the hand-written scan missed.
        assert!(!page("> [x]: javascript:alert(1)").problems().is_empty());
        assert!(!page("- [x]: javascript:alert(1)").problems().is_empty());
        assert!(!page("<javascript:alert(1)>").problems().is_empty());
        assert!(!page("[x](java&#115;cript:alert(1))").problems().is_empty());
        // Raw HTML is kept as text: the storefront shows it as written, it never runs.
        assert!(page("<script>alert(1)</script>").problems().is_empty());
    }
}
