//! Row ids handed out by the store's sequences. Distinct types, so a user id can never be
//! passed where an order id is meant.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident, $what:literal) => {
        $(#[$doc])*
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
        )]
        #[derive(ToSchema, TS)]
        #[serde(transparent)]
        #[schema(value_type = u64, example = 1)]
        pub struct $name(#[ts(type = "number")] pub u64);

        impl $name {
            pub const fn get(self) -> u64 {
                self.0
            }

            /// Parses an id from a path segment: digits, 1 or more.
            pub fn parse(text: &str) -> Result<$name, String> {
                match text.trim().parse::<u64>() {
                    Ok(id) if id > 0 => Ok($name(id)),
                    _ => Err(format!(concat!("{:?} is not a valid ", $what), text)),
                }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                std::fmt::Display::fmt(&self.0, f)
            }
        }
    };
}

id_type!(
    /// A user (shopper or staff), from the `user` sequence.
    UserId,
    "user id"
);
id_type!(
    /// An order, from the `order` sequence; also the order number shown to people.
    OrderId,
    "order id"
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_parse_positive_integers_only() {
        assert_eq!(UserId::parse("42"), Ok(UserId(42)));
        assert!(UserId::parse("0").is_err());
        assert!(OrderId::parse("-1").is_err());
        assert!(OrderId::parse("abc").is_err());
        assert_eq!(serde_json::to_string(&OrderId(7)).unwrap(), "7");
    }
}
