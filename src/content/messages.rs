//! Message sets: English is the complete reference; other languages are merged over it so a
//! key missing in a translation shows English rather than nothing.

use serde_json::Value;

/// `translation` with every key it lacks taken from `english`, recursively.
pub fn merge_over_english(english: &Value, translation: &Value) -> Value {
    match (english, translation) {
        (Value::Object(en), Value::Object(tr)) => {
            let mut merged = serde_json::Map::new();
            for (key, en_value) in en {
                let value = match tr.get(key) {
                    Some(tr_value) => merge_over_english(en_value, tr_value),
                    None => en_value.clone(),
                };
                merged.insert(key.clone(), value);
            }
            Value::Object(merged)
        }
        // Strings, numbers and arrays (menus) are taken whole when the kinds agree.
        (en, tr) if std::mem::discriminant(en) == std::mem::discriminant(tr) => tr.clone(),
        (en, _) => en.clone(),
    }
}

/// Every leaf path of a message set, as `a.b.c` (array items as `a.0.b`).
pub fn leaf_paths(value: &Value) -> Vec<String> {
    fn walk(value: &Value, prefix: &str, out: &mut Vec<String>) {
        let join = |key: &str| {
            if prefix.is_empty() {
                key.to_string()
            } else {
                format!("{prefix}.{key}")
            }
        };
        match value {
            Value::Object(map) => map.iter().for_each(|(k, v)| walk(v, &join(k), out)),
            Value::Array(items) => items
                .iter()
                .enumerate()
                .for_each(|(i, v)| walk(v, &join(&i.to_string()), out)),
            _ => out.push(prefix.to_string()),
        }
    }
    let mut out = Vec::new();
    walk(value, "", &mut out);
    out
}

/// The string at a dotted path, if there is one.
pub fn lookup<'a>(messages: &'a Value, path: &str) -> Option<&'a str> {
    path.split('.')
        .try_fold(messages, |value, key| value.get(key))?
        .as_str()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::embedded::{Locales, embedded_json};
    use crate::i18n::Locale;
    use serde_json::json;

    #[test]
    fn missing_keys_come_from_english_and_present_ones_stay() {
        let en = json!({"a": {"b": "B", "c": "C"}, "menu": [{"name": "Home"}]});
        let th = json!({"a": {"b": "บี"}, "menu": [{"name": "หน้าแรก"}]});
        let merged = merge_over_english(&en, &th);
        assert_eq!(
            merged,
            json!({"a": {"b": "บี", "c": "C"}, "menu": [{"name": "หน้าแรก"}]})
        );
    }

    /// The shipped translations must be complete: a key in en.json missing from another
    /// locale fails here rather than showing English to a Thai shopper.
    #[test]
    fn every_locale_has_every_english_key() {
        let english = embedded_json::<Locales>("en.json").unwrap();
        let expected = leaf_paths(&english);
        for locale in Locale::ALL.into_iter().filter(|l| *l != Locale::En) {
            let file = format!("{}.json", locale.code());
            let translation = embedded_json::<Locales>(&file).unwrap();
            let present = leaf_paths(&translation);
            let missing: Vec<_> = expected.iter().filter(|p| !present.contains(p)).collect();
            assert!(missing.is_empty(), "{file} lacks {missing:?}");
            for path in &expected {
                let text = lookup(&translation, path).unwrap_or_default();
                assert!(
                    !text.trim().is_empty()
                        || lookup(&english, path).unwrap_or_default().is_empty(),
                    "{file}: {path} is empty"
                );
            }
        }
    }

    /// Translations must translate: long English sentences copied into another locale are a
    /// sign of an unfinished file. Brand names, URLs and codes may stay identical.
    #[test]
    fn no_english_sentences_are_left_in_other_locales() {
        let english = embedded_json::<Locales>("en.json").unwrap();
        for locale in Locale::ALL.into_iter().filter(|l| *l != Locale::En) {
            let file = format!("{}.json", locale.code());
            let translation = embedded_json::<Locales>(&file).unwrap();
            for path in leaf_paths(&english) {
                let en_text = lookup(&english, &path).unwrap_or_default();
                // Words, not placeholders or arrows: "{code}: {from} → {to}" is no sentence.
                let words = en_text
                    .split_whitespace()
                    .filter(|w| !w.starts_with('{') && w.chars().any(char::is_alphabetic))
                    .count();
                let is_sentence =
                    words >= 3 && !en_text.contains("://") && !path.starts_with("organization.");
                if is_sentence {
                    assert_ne!(
                        lookup(&translation, &path),
                        Some(en_text),
                        "{file}: {path} is still English"
                    );
                }
            }
        }
    }
}
