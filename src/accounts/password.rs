//! Password rules and Argon2id hashing (OWASP parameters: m = 19456 KiB, t = 2, p = 1).
//!
//! Hashing takes tens of milliseconds on purpose: call these from blocking code, never on an
//! async worker.

use argon2::Argon2;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};

/// Passwords that appear at the top of every leaked-password list; refused outright.
const COMMON_PASSWORDS: &[&str] = &[
    "12345678",
    "123456789",
    "1234567890",
    "password",
    "password1",
    "password123",
    "qwertyui",
    "qwerty123",
    "11111111",
    "00000000",
    "abcd1234",
    "iloveyou",
    "sunshine",
    "princess",
    "football",
    "baseball",
    "welcome1",
    "admin123",
    "administrator",
    "letmein1",
    "passw0rd",
    "p@ssw0rd",
    "12341234",
    "87654321",
    "qwertyuiop",
    "1q2w3e4r",
    "1qaz2wsx",
    "zaq12wsx",
    "asdfghjk",
    "superman",
    "trustno1",
    "dragon12",
    "monkey12",
    "changeme",
    "kiosk123",
    "furniture",
    "bangkok1",
    "thailand",
];

pub const MIN_LENGTH: usize = 8;

/// Checks a new password against the shop's rule: at least 8 characters, at most 256, and
/// not a well-known password.
pub fn check_strength(password: &str) -> Result<(), String> {
    let length = password.chars().count();
    if length < MIN_LENGTH {
        return Err(format!(
            "the password must have at least {MIN_LENGTH} characters"
        ));
    }
    if length > 256 {
        return Err("the password must have at most 256 characters".into());
    }
    if COMMON_PASSWORDS.contains(&password.to_lowercase().as_str()) {
        return Err(
            "this password is on the list of commonly used passwords; choose another".into(),
        );
    }
    Ok(())
}

pub fn hash(password: &str) -> Result<String, String> {
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|hash| hash.to_string())
        .map_err(|err| format!("cannot hash the password: {err}"))
}

pub fn verify(password: &str, stored_hash: &str) -> bool {
    Argon2::default()
        .verify_password(password.as_bytes(), stored_hash)
        .is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_are_argon2id_and_verify() {
        let stored = hash("correct horse battery").unwrap();
        assert!(
            stored.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{stored}"
        );
        assert!(verify("correct horse battery", &stored));
        assert!(!verify("wrong horse battery", &stored));
        assert!(!verify("anything", "not a hash"));
    }

    #[test]
    fn short_and_common_passwords_are_refused() {
        assert!(check_strength("short").is_err());
        assert!(check_strength("Password123").is_err());
        assert!(check_strength("ห้องนั่งเล่นสีฟ้า").is_ok());
    }
}
