//! The words of what the shop sends — mails, LINE messages and the money documents — from the
//! translation store, like the pages' words: the shipped set of `locales/*.json` (`mail.*`,
//! `paper.*`), English where a language lacks a key, and the owner's edits made on
//! `/admin/translations` laid over them. A new release still brings new and corrected keys; an
//! owner's edit wins over the shipped text. The code that puts a message together keeps the
//! placeholders (`{number}`, `{shop}`) and fills them with [`fill`].
//!
//! Two ways in:
//! - [`word`] / [`ContentSnapshot::words`]: from the content snapshot in force (the sender,
//!   handlers, other domains' background jobs);
//! - [`Texts::read`]: inside a write transaction, from the table itself (a document composed
//!   in the transaction that issues it sees the edits committed before it).

use std::collections::HashMap;

use serde_json::Value;

use super::cache::{ContentCache, ContentSnapshot};
use super::edit::{apply_edits, edits_of};
use super::messages::{lookup, merge_over_english};
use super::store::{LOCALE_CODE_TO_MESSAGES, edits_key};
use crate::embedded::{Locales, embedded_json};
use crate::i18n::Locale;
use crate::store::{StoreError, Txn};

/// One language's words, owner edits applied.
#[derive(Clone, Copy)]
pub struct Words<'a> {
    locale: Locale,
    messages: &'a Value,
}

impl<'a> Words<'a> {
    pub fn new(locale: Locale, messages: &'a Value) -> Words<'a> {
        Words { locale, messages }
    }

    pub fn locale(&self) -> Locale {
        self.locale
    }

    /// The text at a dotted key (`mail.placed.subject`). A key no language has answers the key
    /// itself, so a missing word shows where it belongs rather than vanishing.
    pub fn get<'k>(&self, key: &'k str) -> &'k str
    where
        'a: 'k,
    {
        lookup(self.messages, key).unwrap_or(key)
    }

    /// The text at `key` with its `{name}` placeholders filled.
    pub fn fill(&self, key: &str, values: &[(&str, &str)]) -> String {
        fill(self.get(key), values)
    }

    /// A date by the shop's one rule in this language (`Locale::date_time`).
    pub fn date_time(&self, millis: u64) -> String {
        self.locale.date_time(millis)
    }
}

/// `template` with each `{name}` of `values` replaced; unknown placeholders stay as written.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = template.to_string();
    for (name, value) in values {
        out = out.replace(&format!("{{{name}}}"), value);
    }
    out
}

/// One word in `locale` from the content in force, owner edits applied: what other parts of
/// the shop call for a single text (`word(&content, Locale::Th, "mail.viewOrder")`). For
/// several words, take `content.current()` once and use [`ContentSnapshot::words`].
pub fn word(content: &ContentCache, locale: Locale, key: &str) -> String {
    content.current().words(locale).get(key).to_string()
}

impl ContentSnapshot {
    /// The words of `locale` in this snapshot.
    pub fn words(&self, locale: Locale) -> Words<'_> {
        Words::new(locale, &self.messages(locale).value)
    }
}

/// Message sets of some languages, read in one transaction (or shipped, for tools and tests),
/// each with English under it and the owner's edits over it.
#[derive(Debug, Clone)]
pub struct Texts {
    by_locale: HashMap<Locale, Value>,
}

impl Texts {
    /// The messages of `locales` as stored, with the owner's edits. A store never seeded
    /// (tools, unit tests) answers the shipped texts.
    pub fn read(txn: &impl Txn, locales: &[Locale]) -> Result<Texts, StoreError> {
        let table = LOCALE_CODE_TO_MESSAGES.read(txn)?;
        let Some(mut english) = table.get("en")? else {
            return Ok(Texts::shipped());
        };
        let edits_of_locale = |locale: Locale| -> Result<_, StoreError> {
            let name = edits_key(locale.code());
            let mut rows = std::collections::BTreeMap::new();
            if let Some(value) = table.get(name.as_str())? {
                rows.insert(name, value);
            }
            Ok(edits_of(&rows).remove(&locale).unwrap_or_default())
        };
        apply_edits(&mut english, &edits_of_locale(Locale::En)?);
        let mut by_locale = HashMap::new();
        for &locale in locales {
            let value = if locale == Locale::En {
                english.clone()
            } else {
                let mut value = match table.get(locale.code())? {
                    Some(translation) => merge_over_english(&english, &translation),
                    None => english.clone(),
                };
                apply_edits(&mut value, &edits_of_locale(locale)?);
                value
            };
            by_locale.insert(locale, value);
        }
        Ok(Texts { by_locale })
    }

    /// The texts this release ships, without edits.
    pub fn shipped() -> Texts {
        let english = embedded_json::<Locales>("en.json").unwrap_or(Value::Null);
        let by_locale = Locale::ALL
            .into_iter()
            .map(|locale| {
                let value = match embedded_json::<Locales>(&format!("{}.json", locale.code())) {
                    Ok(translation) if locale != Locale::En => {
                        merge_over_english(&english, &translation)
                    }
                    _ => english.clone(),
                };
                (locale, value)
            })
            .collect();
        Texts { by_locale }
    }

    /// The words of `locale`; English when it was not read.
    pub fn words(&self, locale: Locale) -> Words<'_> {
        static EMPTY: Value = Value::Null;
        match self
            .by_locale
            .get(&locale)
            .or_else(|| self.by_locale.get(&Locale::En))
        {
            Some(messages) => Words::new(locale, messages),
            None => Words::new(locale, &EMPTY),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::activity::Actor;
    use crate::content::edit::{TranslationInput, save_translation};
    use crate::store::Store;
    use crate::store::seed::{SeedDocument, sync};
    use serde_json::json;

    #[test]
    fn an_owner_edit_wins_in_a_transaction_and_in_the_snapshot() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        let docs = [
            SeedDocument::new(
                LOCALE_CODE_TO_MESSAGES.definition(),
                "en",
                &json!({"mail": {"viewOrder": "View your order", "total": "Total"}}),
            )
            .unwrap(),
            SeedDocument::new(
                LOCALE_CODE_TO_MESSAGES.definition(),
                "th",
                &json!({"mail": {"viewOrder": "ดูคำสั่งซื้อของคุณ"}}),
            )
            .unwrap(),
        ];
        sync(&store, &docs).unwrap();
        let mut texts = HashMap::new();
        texts.insert(Locale::Th, "ดูคำสั่งซื้อ {number}".to_string());
        save_translation(
            &store,
            Actor {
                name: "owner",
                kcard: "",
            },
            TranslationInput {
                key: "mail.viewOrder".into(),
                texts,
            },
        )
        .unwrap();
        let read = store.read(|txn| Texts::read(txn, &[Locale::Th])).unwrap();
        let th = read.words(Locale::Th);
        assert_eq!(th.fill("mail.viewOrder", &[("number", "K1")]), "ดูคำสั่งซื้อ K1");
        assert_eq!(th.get("mail.total"), "Total", "English under a missing key");
        assert_eq!(th.get("mail.nothing"), "mail.nothing");
        let cache = ContentCache::load(&store).unwrap();
        assert_eq!(
            word(&cache, Locale::Th, "mail.viewOrder"),
            "ดูคำสั่งซื้อ {number}"
        );
    }

    #[test]
    fn the_shipped_words_are_there_in_every_language() {
        let texts = Texts::shipped();
        for locale in Locale::ALL {
            let words = texts.words(locale);
            for key in [
                "mail.placed.subject",
                "mail.unsubscribe.link",
                "paper.receipt",
            ] {
                assert_ne!(words.get(key), key, "{locale:?} {key}");
            }
        }
        assert_eq!(
            Texts::shipped().words(Locale::Th).get("paper.receipt"),
            "ใบเสร็จรับเงิน"
        );
    }
}
