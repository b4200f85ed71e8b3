//! Account types and the rules their fields follow.

use serde::{Deserialize, Serialize};

/// How a user signs in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Provider {
    Local,
    Google,
    Facebook,
}

/// A stored user. `password_hash` is an Argon2id PHC string for local accounts only.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct User {
    pub id: u64,
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
    #[serde(default)]
    pub coin: i64,
    pub created_at: i64,
    #[serde(default)]
    pub last_login_at: Option<i64>,
}

/// A role: `user`, or a staff role beginning with `admin` (`admin`, `admin-sales`…).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
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

impl Username {
    pub fn parse(text: &str) -> Result<Username, String> {
        let text = text.trim();
        let ok_len = (3..=64).contains(&text.chars().count());
        let ok_chars = text
            .chars()
            .all(|c| c.is_alphanumeric() || "._-@".contains(c));
        if ok_len && ok_chars {
            Ok(Username(text.to_string()))
        } else {
            Err(format!(
                "username {text:?} must be 3 to 64 letters, digits or . _ - @"
            ))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The key that makes usernames unique regardless of case.
    pub fn key(&self) -> String {
        self.0.to_lowercase()
    }
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
    fn usernames_are_unique_regardless_of_case() {
        assert_eq!(Username::parse("Somchai.K").unwrap().key(), "somchai.k");
        assert!(Username::parse("ab").is_err());
        assert!(Username::parse("has space").is_err());
        assert!(Username::parse("สมชาย").is_ok());
    }
}
