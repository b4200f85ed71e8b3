//! The five shop languages and how each is named in URLs, HTML and the language chooser.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// The cookie the language chooser sets; the storefront honours it on `/` only, the content
/// API when a request names no language.
pub const LANGUAGE_COOKIE: &str = "i18n_redirected";

/// A language the shop is offered in. The URL prefix is the code (`my` for Malay, as in
/// docs/STOREFRONT.md §1), while HTML and hreflang use the BCP 47 tag (`ms`): in BCP 47 `my` is
/// Burmese.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "lowercase")]
pub enum Locale {
    En,
    Th,
    My,
    Km,
    Id,
}

/// One entry of the language chooser, as the UI receives it.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Language {
    pub code: Locale,
    pub name: &'static str,
    pub iso: &'static str,
    pub html_lang: &'static str,
    pub flag: &'static str,
}

impl Locale {
    /// Every locale; English first because it is the fallback for missing messages.
    pub const ALL: [Locale; 5] = [Locale::En, Locale::Th, Locale::My, Locale::Km, Locale::Id];
    /// The chooser order of docs/STOREFRONT.md §2: th, my, km, en, id.
    pub const CHOOSER_ORDER: [Locale; 5] =
        [Locale::Th, Locale::My, Locale::Km, Locale::En, Locale::Id];
    pub const DEFAULT: Locale = Locale::En;

    pub fn code(self) -> &'static str {
        match self {
            Locale::En => "en",
            Locale::Th => "th",
            Locale::My => "my",
            Locale::Km => "km",
            Locale::Id => "id",
        }
    }

    pub fn parse(code: &str) -> Option<Locale> {
        Locale::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The BCP 47 tag for `<html lang>` and hreflang.
    pub fn html_lang(self) -> &'static str {
        match self {
            Locale::My => "ms",
            other => other.code(),
        }
    }

    /// The URL prefix: empty for the default language, `/th` etc. otherwise.
    pub fn prefix(self) -> &'static str {
        match self {
            Locale::En => "",
            Locale::Th => "/th",
            Locale::My => "/my",
            Locale::Km => "/km",
            Locale::Id => "/id",
        }
    }

    pub fn language(self) -> Language {
        let (name, iso, flag) = match self {
            Locale::En => ("English", "en-th", "gb"),
            Locale::Th => ("ไทย", "th-th", "th"),
            Locale::My => ("Bahasa Melayu", "my-th", "my"),
            Locale::Km => ("ខ្មែរ", "km-th", "kh"),
            Locale::Id => ("Bahasa Indonesia", "id-th", "id"),
        };
        Language {
            code: self,
            name,
            iso,
            html_lang: self.html_lang(),
            flag,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn malay_keeps_its_url_code_but_declares_ms_to_browsers() {
        assert_eq!(Locale::parse("my"), Some(Locale::My));
        assert_eq!(Locale::My.html_lang(), "ms");
        assert_eq!(Locale::My.prefix(), "/my");
    }

    #[test]
    fn unknown_and_english_prefix_codes() {
        assert_eq!(Locale::parse("xx"), None);
        assert_eq!(Locale::parse("EN"), None);
        assert_eq!(Locale::En.prefix(), "");
    }
}
