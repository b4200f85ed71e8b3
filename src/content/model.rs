//! Content types.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use crate::i18n::Locale;

/// A text in each shop language. A missing or empty translation falls back to English.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
pub struct Localized {
    #[serde(default)]
    pub en: String,
    #[serde(default)]
    pub th: String,
    #[serde(default)]
    pub my: String,
    #[serde(default)]
    pub km: String,
    #[serde(default)]
    pub id: String,
}

/// Reads titles as people type them (a room's, a category's, a code table entry's): each
/// language on one line by the rule for stored free text (`crate::domain::text`). For a field:
/// `#[serde(deserialize_with = "crate::content::model::one_line_each")]`.
pub fn one_line_each<'de, D: serde::Deserializer<'de>>(reader: D) -> Result<Localized, D::Error> {
    Ok(Localized::deserialize(reader)?.each(crate::domain::text::single_line))
}

/// Reads texts that may run over several lines (a page's Markdown body) by the rule for stored
/// free text, each language kept on its lines. For a field:
/// `#[serde(deserialize_with = "crate::content::model::lines_each")]`.
pub fn lines_each<'de, D: serde::Deserializer<'de>>(reader: D) -> Result<Localized, D::Error> {
    Ok(Localized::deserialize(reader)?.each(crate::domain::text::multi_line))
}

impl Localized {
    /// The same texts, each language passed through `clean`.
    fn each(mut self, clean: fn(&str) -> String) -> Localized {
        for text in [
            &mut self.en,
            &mut self.th,
            &mut self.my,
            &mut self.km,
            &mut self.id,
        ] {
            *text = clean(text);
        }
        self
    }

    /// What is wrong with this as a title (of a room, a category, a code-table entry): English
    /// is required, and no language may be longer than `most` characters. One rule, so every
    /// title the staff type is refused with the same words.
    pub fn title_problems(&self, most: usize) -> Vec<String> {
        let mut out = Vec::new();
        if self.en.trim().is_empty() {
            out.push("title.en: an English title is required".into());
        }
        for (lang, text) in [
            ("en", &self.en),
            ("th", &self.th),
            ("my", &self.my),
            ("km", &self.km),
            ("id", &self.id),
        ] {
            if text.chars().count() > most {
                out.push(format!("title.{lang}: at most {most} characters"));
            }
        }
        out
    }

    pub fn get(&self, locale: Locale) -> &str {
        let text = match locale {
            Locale::En => &self.en,
            Locale::Th => &self.th,
            Locale::My => &self.my,
            Locale::Km => &self.km,
            Locale::Id => &self.id,
        };
        // Blank, told from the first character (`trim` searches both ends: 4 % of a search
        // answer's CPU, once per card).
        if text.chars().all(char::is_whitespace) {
            &self.en
        } else {
            text
        }
    }
}

/// An information page (`/about`, `/info/how-to-order`…). The body is Markdown (paragraphs,
/// headings, lists, emphasis, links) that the storefront renders as text elements, never as
/// HTML: raw HTML shows as written and only `https:`, `mailto:`, `tel:` and site-relative links
/// become links, so a body cannot carry script.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
pub struct Page {
    pub name: String,
    pub title: Localized,
    pub body: Localized,
    /// Unpublished pages are kept for staff but answer 404 on the storefront.
    #[serde(default = "published_by_default")]
    pub published: bool,
}

fn published_by_default() -> bool {
    true
}

/// The entry `GET /api/file/pages/listdir` gives for a page.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct PageSummary<'a> {
    pub name: &'a str,
    pub title: &'a Localized,
}

/// Page names are URL segments: lowercase letters, digits and `-`, optionally one `/` for
/// pages under a section (`/{section}/{page}`).
pub fn is_valid_page_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 80
        && name.split('/').count() <= 2
        && name.split('/').all(|part| {
            !part.is_empty()
                && part
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_translations_fall_back_to_english() {
        let text = Localized {
            en: "About us".into(),
            th: "เกี่ยวกับเรา".into(),
            ..Localized::default()
        };
        assert_eq!(text.get(Locale::Th), "เกี่ยวกับเรา");
        assert_eq!(text.get(Locale::Km), "About us");
    }

    #[test]
    fn page_names_are_url_safe() {
        assert!(is_valid_page_name("how-to-order"));
        assert!(is_valid_page_name("help/returns"));
        assert!(!is_valid_page_name("../etc"));
        assert!(!is_valid_page_name("About"));
        assert!(!is_valid_page_name("a/b/c"));
        assert!(!is_valid_page_name(""));
    }
}
