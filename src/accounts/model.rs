//! Account types and the rules their fields follow.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use crate::domain::{Coins, UserId};

/// How a user signs in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "lowercase")]
pub enum Provider {
    Local,
    Google,
    Facebook,
    Line,
}

/// A stored user. `password_hash` is an Argon2id PHC string for local accounts only.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct User {
    pub id: UserId,
    pub username: String,
    pub name: String,
    #[serde(default)]
    pub email: String,
    #[serde(default)]
    pub phone: String,
    pub role: Role,
    pub provider: Provider,
    #[serde(default)]
    pub provider_subject: Option<String>,
    #[serde(default)]
    pub password_hash: Option<String>,
    /// Bumped on password change, role change and "log out everywhere": tokens carrying an
    /// older version are refused.
    #[serde(default)]
    pub token_version: u64,
    /// Coin balance; always equal to the sum of the user's coin ledger entries.
    #[serde(default)]
    pub coin: Coins,
    /// Delivery addresses (`addInfo`, docs/STOREFRONT.md §3).
    #[serde(default)]
    pub add_info: Vec<Address>,
    /// Details for a full tax invoice (`vatInfo`, docs/STOREFRONT.md §3).
    #[serde(default)]
    pub vat_info: Option<VatInfo>,
    pub created_at: i64,
    #[serde(default)]
    pub last_login_at: Option<i64>,
    /// A disabled account cannot sign in, and its tokens stop working at once.
    #[serde(default)]
    pub disabled: bool,
    /// The shopper turned order mail off with the link in one (`notify::unsubscribe`): no
    /// mail about their orders is sent; a password reset they ask for still is.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub order_mail_off: bool,
    /// A LINE shopper had added the shop's LINE Official Account as a friend when they last
    /// signed in with LINE: order updates can reach them in LINE chat.
    #[serde(default)]
    pub line_friend: bool,
    /// The shopper turned order updates on LINE off (their account page); they get e-mail.
    #[serde(default)]
    pub line_updates_off: bool,
}

impl User {
    /// The LINE user id order updates are pushed to: a LINE account whose owner added the
    /// shop as a friend and has not turned the updates off.
    pub fn line_updates_to(&self) -> Option<&str> {
        (self.provider == Provider::Line && self.line_friend && !self.line_updates_off)
            .then_some(self.provider_subject.as_deref())
            .flatten()
            .filter(|subject| !subject.is_empty())
    }
}

/// A delivery address in Thailand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Address {
    #[serde(deserialize_with = "crate::domain::text::de::single_line")]
    pub name: String,
    #[serde(deserialize_with = "crate::domain::text::de::single_line")]
    pub phone: String,
    #[serde(deserialize_with = "crate::domain::text::de::single_line")]
    pub line1: String,
    #[serde(deserialize_with = "crate::domain::text::de::single_line")]
    pub district: String,
    /// A province key from the `province` labels (e.g. `bangkok`).
    #[serde(deserialize_with = "crate::domain::text::de::single_line")]
    pub province: String,
    #[serde(deserialize_with = "crate::domain::text::de::single_line")]
    pub postcode: String,
}

/// What a full tax invoice needs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct VatInfo {
    #[serde(deserialize_with = "crate::domain::text::de::single_line")]
    pub name: String,
    /// The 13-digit Thai tax identification number.
    #[serde(deserialize_with = "crate::domain::text::de::single_line")]
    pub tax_id: String,
    /// "00000" for a head office, else the branch number.
    #[serde(deserialize_with = "crate::domain::text::de::single_line")]
    pub branch: String,
    #[serde(deserialize_with = "crate::domain::text::de::multi_line")]
    pub address: String,
}

impl Address {
    /// Every problem, each naming its field.
    pub fn problems(&self, at: &str) -> Vec<String> {
        let mut out = Vec::new();
        let text = |v: &str, field: &str, max: usize, out: &mut Vec<String>| {
            if v.trim().is_empty() || v.chars().count() > max {
                out.push(format!("{at}.{field}: must be 1 to {max} characters"));
            }
        };
        text(&self.name, "name", 100, &mut out);
        text(&self.line1, "line1", 200, &mut out);
        text(&self.district, "district", 100, &mut out);
        if !is_thai_phone(&self.phone) {
            out.push(format!(
                "{at}.phone: must be a Thai phone number of 9 or 10 digits"
            ));
        }
        let province_ok = !self.province.is_empty()
            && self.province.len() <= 40
            && self
                .province
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b == b'-');
        if !province_ok {
            out.push(format!(
                "{at}.province: must be a province key such as bangkok"
            ));
        }
        if !(self.postcode.len() == 5 && self.postcode.bytes().all(|b| b.is_ascii_digit())) {
            out.push(format!("{at}.postcode: must be 5 digits"));
        }
        out
    }
}

impl VatInfo {
    pub fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.name.trim().is_empty() || self.name.chars().count() > 200 {
            out.push("vatInfo.name: must be 1 to 200 characters".into());
        }
        if !(self.tax_id.len() == 13 && self.tax_id.bytes().all(|b| b.is_ascii_digit())) {
            out.push("vatInfo.taxId: must be 13 digits".into());
        } else if !crate::domain::tax_id::valid_thai_tax_id(&self.tax_id) {
            // The Revenue Department's check digit: a mistyped number must not reach a full
            // tax invoice, which cannot be changed once issued.
            out.push(format!(
                "vatInfo.taxId: {} is not a valid Thai tax ID (its check digit does not match)",
                self.tax_id
            ));
        }
        if !(self.branch.len() == 5 && self.branch.bytes().all(|b| b.is_ascii_digit())) {
            out.push("vatInfo.branch: must be 5 digits (00000 for a head office)".into());
        }
        if self.address.trim().is_empty() || self.address.chars().count() > 300 {
            out.push("vatInfo.address: must be 1 to 300 characters".into());
        }
        out
    }
}

/// A phone number as dialled in Thailand: spaces and dashes dropped, `+66` written `0`.
pub fn national_phone(phone: &str) -> String {
    let digits: String = phone.chars().filter(|c| !matches!(c, ' ' | '-')).collect();
    match digits.strip_prefix("+66") {
        Some(rest) => format!("0{rest}"),
        None => digits,
    }
}

/// 0XXXXXXXX(X) or +66XXXXXXXX(X), spaces and dashes allowed.
pub fn is_thai_phone(phone: &str) -> bool {
    let national = national_phone(phone);
    national.starts_with('0')
        && (9..=10).contains(&national.len())
        && national.bytes().all(|b| b.is_ascii_digit())
}

/// A role: `user`, or a staff role beginning with `admin` (`admin`, `admin-sales`…).
/// On the wire a plain string (`"user"`, `"admin-sales"`…).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema, TS)]
#[serde(try_from = "String", into = "String")]
#[schema(value_type = String, example = "user")]
#[ts(type = "string")]
pub struct Role(String);

impl Role {
    pub const USER: &'static str = "user";

    pub fn user() -> Role {
        Role(Role::USER.into())
    }

    pub fn parse(text: &str) -> Result<Role, String> {
        let text = text.trim();
        let well_formed = !text.is_empty()
            && text.len() <= 32
            && text
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if well_formed && (text == Role::USER || text.starts_with("admin")) {
            Ok(Role(text.into()))
        } else {
            Err(format!(
                "role {text:?} must be \"user\" or begin with \"admin\" (lowercase letters, digits and -)"
            ))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn is_admin(&self) -> bool {
        self.0.starts_with("admin")
    }
}

impl TryFrom<String> for Role {
    type Error = String;
    fn try_from(value: String) -> Result<Self, Self::Error> {
        Role::parse(&value)
    }
}

impl From<Role> for String {
    fn from(role: Role) -> String {
        role.0
    }
}

/// A username: 3–64 characters of letters, digits and `. _ - @`; unique regardless of case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Username(String);

/// Names only the shop may use: nobody registers as one of them (or a look-alike of one) to
/// pass for staff. Staff and the CLI may still create such accounts.
const RESERVED_USERNAMES: &[&str] = &[
    "admin",
    "administrator",
    "root",
    "support",
    "kiosk",
    "system",
    "staff",
    "owner",
    "shop",
    "help",
    "helpdesk",
    "security",
    "moderator",
    "webmaster",
    "postmaster",
    "hostmaster",
    "info",
    "service",
    "official",
    "superuser",
    "sysadmin",
    "null",
    "anonymous",
    "แอดมิน",
    "ผู้ดูแลระบบ",
    "เจ้าของร้าน",
];

/// Separators a username may contain besides letters, marks and digits.
const SEPARATORS: &str = "._-@";

impl Username {
    /// A username as people type it: trimmed and NFKC-normalised (full-width letters,
    /// mathematical bold and ligatures become plain letters), 3 to 64 characters of letters of
    /// any script with their combining marks (Thai tone marks, Devanagari vowel signs, …),
    /// digits and `. _ - @`, its letters from one script or from Latin with one other script
    /// that does not look like Latin (UTS #39 "moderately restrictive"): `bоss` with a
    /// Cyrillic о is refused.
    pub fn parse(text: &str) -> Result<Username, String> {
        use unicode_normalization::UnicodeNormalization;
        use unicode_security::{RestrictionLevel, RestrictionLevelDetection};
        let normalised: String = text.trim().nfkc().collect();
        let text = normalised.trim();
        let shape_error =
            || format!("username {text:?} must be 3 to 64 letters, digits or . _ - @");
        if !(3..=64).contains(&text.chars().count()) {
            return Err(shape_error());
        }
        let mut after_letter = false;
        for c in text.chars() {
            if unicode_normalization::char::is_combining_mark(c) {
                if !after_letter {
                    return Err(format!(
                        "username {text:?}: a combining mark must follow a letter"
                    ));
                }
            } else if c.is_alphanumeric() {
                after_letter = true;
            } else if SEPARATORS.contains(c) {
                after_letter = false;
            } else {
                return Err(shape_error());
            }
        }
        let letters: String = text.chars().filter(|c| !SEPARATORS.contains(*c)).collect();
        if !letters
            .as_str()
            .check_restriction_level(RestrictionLevel::ModeratelyRestrictive)
        {
            return Err(format!(
                "username {text:?} mixes letters of scripts that look alike (such as Latin \
                 with Cyrillic or Greek) or uses letters not meant for names; write it in one \
                 script"
            ));
        }
        Ok(Username(text.to_string()))
    }

    /// Refuses the shop's reserved names and their look-alikes (`Admin`, `ad.min`, `r00t`).
    pub fn check_not_reserved(&self) -> Result<(), String> {
        let bare = |s: &str| {
            skeleton(
                &s.chars()
                    .filter(|c| !SEPARATORS.contains(*c))
                    .collect::<String>(),
            )
        };
        let own = bare(&self.key());
        if RESERVED_USERNAMES.iter().any(|r| bare(r) == own) {
            return Err(format!(
                "the username {:?} is reserved for the shop; please choose another",
                self.0
            ));
        }
        Ok(())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The key that makes usernames unique regardless of case.
    pub fn key(&self) -> String {
        self.0.to_lowercase()
    }
}

/// The UTS #39 confusable skeleton of a username key, lowercased: two names with the same
/// skeleton look alike (`boss`, `b0ss`, `bοss` with a Greek ο).
pub fn skeleton(key: &str) -> String {
    unicode_security::skeleton(key)
        .collect::<String>()
        .to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_are_user_or_begin_with_admin() {
        assert!(Role::parse("user").is_ok());
        assert!(Role::parse("admin-sales").unwrap().is_admin());
        assert!(Role::parse("superuser").is_err());
        assert!(Role::parse("Admin").is_err());
        assert!(!Role::user().is_admin());
    }

    #[test]
    fn addresses_and_tax_details_are_checked_field_by_field() {
        let good = Address {
            name: "Somchai".into(),
            phone: "081-234-5678".into(),
            line1: "99/9 Sukhumvit".into(),
            district: "Khlong Toei".into(),
            province: "bangkok".into(),
            postcode: "10110".into(),
        };
        assert!(good.problems("addInfo[0]").is_empty());
        let bad = Address {
            phone: "12".into(),
            postcode: "1011".into(),
            province: "Bangkok!".into(),
            ..good
        };
        let problems = bad.problems("addInfo[0]");
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert!(problems[0].starts_with("addInfo[0].phone"));
        assert!(is_thai_phone("+66812345678"));
        let vat = VatInfo {
            name: "Kiosk Co.".into(),
            tax_id: "0105551234567".into(),
            branch: "00000".into(),
            address: "Bangkok".into(),
        };
        assert!(vat.problems().is_empty());
        assert_eq!(
            VatInfo {
                tax_id: "123".into(),
                ..vat.clone()
            }
            .problems()
            .len(),
            1
        );
        let wrong_check_digit = VatInfo {
            tax_id: "0105556000008".into(),
            ..vat
        }
        .problems();
        assert_eq!(wrong_check_digit.len(), 1);
        assert!(wrong_check_digit[0].contains("check digit"));
    }

    #[test]
    fn usernames_are_unique_regardless_of_case() {
        assert_eq!(Username::parse("Somchai.K").unwrap().key(), "somchai.k");
        assert!(Username::parse("ab").is_err());
        assert!(Username::parse("has space").is_err());
        assert!(Username::parse("สมชาย").is_ok());
    }

    #[test]
    fn usernames_are_normalised_and_look_alikes_refused() {
        // Thai with tone marks, Devanagari with vowel signs, Khmer with its signs.
        for name in ["ผู้ใช้ทดสอบ", "นิ่ม_1", "नमस्ते", "សួស្តី", "somchai.สมชาย"]
        {
            assert!(Username::parse(name).is_ok(), "{name}");
        }
        // Full width and mathematical bold fold to plain letters.
        assert_eq!(Username::parse("ｂｏｓｓ").unwrap().as_str(), "boss");
        assert_eq!(Username::parse("𝐛𝐨𝐬𝐬").unwrap().as_str(), "boss");
        // Latin mixed with Cyrillic or Greek look-alikes.
        assert!(Username::parse("b\u{43e}ss").is_err());
        assert!(Username::parse("b\u{3bf}ss").is_err());
        // A combining mark needs a letter; symbols stay out.
        assert!(Username::parse("\u{e49}abc").is_err());
        assert!(Username::parse("a☺bc").is_err());
        for reserved in [
            "admin",
            "Administrator",
            "ad.min",
            "r00t",
            "ｓｕｐｐｏｒｔ",
            "แอดมิน",
        ] {
            let name = Username::parse(reserved).unwrap();
            assert!(name.check_not_reserved().is_err(), "{reserved}");
        }
        assert!(
            Username::parse("somchai")
                .unwrap()
                .check_not_reserved()
                .is_ok()
        );
        assert_eq!(skeleton("b0ss"), skeleton("boss"));
        assert_eq!(
            skeleton("\u{441}\u{43e}\u{440}"),
            skeleton("cop"),
            "all-Cyrillic сор"
        );
    }
}
