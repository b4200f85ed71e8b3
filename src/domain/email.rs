//! The one rule for an e-mail address the shop accepts: used by accounts (a user's address),
//! guest orders (where to send the order) and the configuration (the shop's own mailboxes),
//! which stand on different floors and so meet here, on the ground.

/// A plausible address: a local part, one `@`, a dotted domain, no spaces, no characters
/// stored text may not hold ([`super::text::is_unsafe_char`]), at most 254 bytes.
pub fn is_email(text: &str) -> bool {
    let Some((local, domain)) = text.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && text.len() <= 254
        && !text.contains(char::is_whitespace)
        && !text.chars().any(super::text::is_unsafe_char)
}

#[cfg(test)]
mod tests {
    use super::is_email;

    #[test]
    fn plausible_addresses_pass_and_others_do_not() {
        assert!(is_email("owner@shop.example"));
        for bad in [
            "",
            "owner",
            "@shop.example",
            "owner@shop",
            "owner@.shop",
            "owner@shop.",
            "o wner@shop.example",
            "owner@shop.example\u{202E}",
        ] {
            assert!(!is_email(bad), "{bad:?}");
        }
    }
}
