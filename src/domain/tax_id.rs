//! The Thai 13-digit tax identification number (เลขประจำตัวผู้เสียภาษีอากร), as the Revenue
//! Department issues it: the seller's in the settings and the buyer's on a full tax invoice
//! are checked by the same rule, so neither can carry a mistyped number onto a document the
//! law requires to be right.

/// Whether `id` is 13 ASCII digits whose last is the check digit of the first twelve:
/// `(11 - Σ dᵢ·(13-i) mod 11) mod 10` for i = 0…11.
pub fn valid_thai_tax_id(id: &str) -> bool {
    if id.len() != 13 || !id.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    let digits: Vec<u32> = id.bytes().map(|b| u32::from(b - b'0')).collect();
    let sum: u32 = digits[..12]
        .iter()
        .zip((2..=13).rev())
        .map(|(d, weight)| d * weight)
        .sum();
    (11 - sum % 11) % 10 == digits[12]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_check_digit_decides() {
        assert!(valid_thai_tax_id("0105551234567"));
        assert!(valid_thai_tax_id("0105556000009"));
        // Issue 29: one digit off was accepted onto a full tax invoice.
        assert!(!valid_thai_tax_id("0105556000008"));
        assert!(!valid_thai_tax_id("010555123456"));
        assert!(!valid_thai_tax_id("01055512345670"));
        assert!(!valid_thai_tax_id("010555123456７"));
        assert!(!valid_thai_tax_id("+105551234567"));
    }
}
