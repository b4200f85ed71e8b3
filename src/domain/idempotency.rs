//! Idempotency keys: what a browser makes with `crypto.randomUUID()` and similar, sent with a
//! request that must not happen twice (placing an order).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// 8–100 ASCII letters, digits, `-` or `_`. Deserialising checks the same rules, so a request
/// body with a bad key is refused at the edge with a message naming the field.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema, TS)]
#[serde(try_from = "String", into = "String")]
#[schema(value_type = String, example = "7f9c2ba4-e88f-4b2c-9d1a-2a64c6f8d1e0")]
#[ts(type = "string")]
pub struct IdempotencyKey(String);

impl IdempotencyKey {
    pub fn parse(key: &str) -> Result<IdempotencyKey, String> {
        let valid = (8..=100).contains(&key.len())
            && key
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if valid {
            Ok(IdempotencyKey(key.to_string()))
        } else {
            Err("idempotencyKey: must be 8 to 100 letters, digits, - or _".into())
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for IdempotencyKey {
    type Error = String;
    fn try_from(key: String) -> Result<Self, String> {
        IdempotencyKey::parse(&key)
    }
}

impl From<IdempotencyKey> for String {
    fn from(key: IdempotencyKey) -> String {
        key.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_short_and_plain() {
        assert!(IdempotencyKey::parse("7f9c2ba4-e88f-4b2c-9d1a-2a64c6f8d1e0").is_ok());
        assert!(IdempotencyKey::parse("abc_DEF-123").is_ok());
        for bad in [
            "",
            "short",
            "has space in it",
            "ünïcode-key",
            &"x".repeat(101),
        ] {
            assert!(IdempotencyKey::parse(bad).is_err(), "{bad}");
        }
        assert!(serde_json::from_str::<IdempotencyKey>("\"bad key!\"").is_err());
        assert_eq!(
            serde_json::to_string(&IdempotencyKey::parse("abcdefgh").unwrap()).unwrap(),
            "\"abcdefgh\""
        );
    }
}
