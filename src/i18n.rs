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

/// The short month names of each language, January first: one table for pages, mails and
/// papers (`ui/src/lib/format.ts` holds the same). Khmer months have no short form.
const MONTHS: [[&str; 12]; 5] = [
    [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ],
    [
        "ม.ค.",
        "ก.พ.",
        "มี.ค.",
        "เม.ย.",
        "พ.ค.",
        "มิ.ย.",
        "ก.ค.",
        "ส.ค.",
        "ก.ย.",
        "ต.ค.",
        "พ.ย.",
        "ธ.ค.",
    ],
    [
        "Jan", "Feb", "Mac", "Apr", "Mei", "Jun", "Jul", "Ogo", "Sep", "Okt", "Nov", "Dis",
    ],
    [
        "មករា",
        "កុម្ភៈ",
        "មីនា",
        "មេសា",
        "ឧសភា",
        "មិថុនា",
        "កក្កដា",
        "សីហា",
        "កញ្ញា",
        "តុលា",
        "វិច្ឆិកា",
        "ធ្នូ",
    ],
    [
        "Jan", "Feb", "Mar", "Apr", "Mei", "Jun", "Jul", "Agu", "Sep", "Okt", "Nov", "Des",
    ],
];

impl Locale {
    /// The short name of a month (1–12) in this language.
    pub fn month(self, month: u8) -> &'static str {
        let row = match self {
            Locale::En => 0,
            Locale::Th => 1,
            Locale::My => 2,
            Locale::Km => 3,
            Locale::Id => 4,
        };
        MONTHS[row][usize::from(month.clamp(1, 12) - 1)]
    }

    /// The year as this language counts it: Thai in the Buddhist era (พ.ศ., year + 543).
    pub fn year(self, year: i32) -> i32 {
        match self {
            Locale::Th => year + 543,
            _ => year,
        }
    }

    /// The shop's one date rule for pages, mails and papers: `D MMM YYYY kk:mm` on the shop's
    /// clock (Thai time, UTC+7), the month's short name in this language, hours 01–24 (as
    /// moment's `kk`), Thai years in the Buddhist era: `24 Nov 2026 22:10`,
    /// `24 พ.ย. 2569 22:10`, `24 វិច្ឆិកា 2026 22:10`. `millis` is Unix milliseconds.
    pub fn date_time(self, millis: u64) -> String {
        let at = shop_clock(millis);
        let hour = if at.hour() == 0 { 24 } else { at.hour() };
        format!("{} {hour:02}:{:02}", self.date(millis), at.minute())
    }

    /// The day alone, `D MMM YYYY` by the same rule.
    pub fn date(self, millis: u64) -> String {
        let at = shop_clock(millis);
        format!(
            "{} {} {}",
            at.day(),
            self.month(u8::from(at.month())),
            self.year(at.year())
        )
    }
}

fn shop_clock(millis: u64) -> time::OffsetDateTime {
    i64::try_from(millis / 1000)
        .ok()
        .and_then(|secs| time::OffsetDateTime::from_unix_timestamp(secs).ok())
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH)
        .to_offset(time::macros::offset!(+7))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One rule for every language: the UI's `formatShopTime` answers the same strings
    /// (ui/src/lib/format.test.ts holds these moments).
    #[test]
    fn dates_follow_one_rule_with_buddhist_years_in_thai() {
        // 2026-11-24 15:10 UTC = 22:10 in Bangkok.
        let at = 1_795_533_000_000;
        assert_eq!(Locale::En.date_time(at), "24 Nov 2026 22:10");
        assert_eq!(Locale::Th.date_time(at), "24 พ.ย. 2569 22:10");
        assert_eq!(Locale::Km.date_time(at), "24 វិច្ឆិកា 2026 22:10");
        assert_eq!(Locale::My.date_time(at), "24 Nov 2026 22:10");
        assert_eq!(Locale::Id.date(at), "24 Nov 2026");
        // Midnight is 24:00 of the day that ends (kk), on the shop's clock.
        assert_eq!(Locale::En.date_time(1_795_539_600_000), "25 Nov 2026 24:00");
        assert_eq!(Locale::Th.month(8), "ส.ค.");
        assert_eq!(Locale::My.month(8), "Ogo");
    }

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
