//! PromptPay QR payloads (EMVCo merchant-presented mode, as Thai banking apps read them):
//! `00` format, `01` static (11) or with amount (12), `29` PromptPay merchant account (AID plus a
//! phone number, national/tax id or e-wallet id), `58` country, `53` currency 764, `54` amount,
//! `63` CRC-16/CCITT-FALSE over everything before it including "6304".
//!
//! A shared value of the ground floor: the configuration checks the shop's PromptPay id with it
//! at start-up, and an order placed for PromptPay carries the payload it makes.

use super::Satang;

const AID: &str = "A000000677010111";

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PromptPayError {
    #[error(
        "a PromptPay id is a Thai mobile number (10 digits), a national or tax id (13 digits) or an e-wallet id (15 digits); {0:?} is none of these"
    )]
    BadId(String),
    #[error("the amount must be positive")]
    BadAmount,
}

/// The payload for `id`, with `amount` when the QR should carry the exact amount.
pub fn payload(id: &str, amount: Option<Satang>) -> Result<String, PromptPayError> {
    let digits: String = id.chars().filter(char::is_ascii_digit).collect();
    let only_digits_and_separators = id
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, '-' | ' ' | '+'));
    let account = match (only_digits_and_separators, digits.len()) {
        // Mobile: 0812345678 → 0066812345678 (country code, zero-padded to 13).
        (true, 10) if digits.starts_with('0') => {
            field("01", &format!("{:0>13}", format!("66{}", &digits[1..])))
        }
        (true, 11) if digits.starts_with("66") => field("01", &format!("{digits:0>13}")),
        (true, 13) => field("02", &digits),
        (true, 15) => field("03", &digits),
        _ => return Err(PromptPayError::BadId(id.into())),
    };
    let merchant = field("29", &(field("00", AID) + &account));
    let mut out = field("00", "01");
    out += &field("01", if amount.is_some() { "12" } else { "11" });
    out += &merchant;
    out += &field("58", "TH");
    out += &field("53", "764");
    if let Some(amount) = amount {
        if amount <= Satang::ZERO {
            return Err(PromptPayError::BadAmount);
        }
        out += &field("54", &amount.to_decimal_string());
    }
    out += "6304";
    let crc = crc16_ccitt_false(out.as_bytes());
    Ok(format!("{out}{crc:04X}"))
}

fn field(tag: &str, value: &str) -> String {
    format!("{tag}{:02}{value}", value.len())
}

/// CRC-16/CCITT-FALSE: polynomial 0x1021, initial value 0xFFFF, no reflection, no final xor.
pub fn crc16_ccitt_false(bytes: &[u8]) -> u16 {
    let mut crc: u16 = 0xFFFF;
    for &byte in bytes {
        crc ^= u16::from(byte) << 8;
        for _ in 0..8 {
            crc = if crc & 0x8000 != 0 {
                (crc << 1) ^ 0x1021
            } else {
                crc << 1
            };
        }
    }
    crc
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Vectors from the widely used promptpay-qr library's tests (docs/PAYMENTS.md, "PromptPay
    /// QR").
    #[test]
    fn known_payloads_match_byte_for_byte() {
        assert_eq!(
            payload("0801234567", None).unwrap(),
            "00020101021129370016A000000677010111011300668012345675802TH530376463046197"
        );
        assert_eq!(
            payload("1111111111111", None).unwrap(),
            "00020101021129370016A000000677010111021311111111111115802TH530376463047B5A"
        );
        assert_eq!(
            payload("012345678901234", None).unwrap(),
            "00020101021129390016A00000067701011103150123456789012345802TH530376463049781"
        );
        assert_eq!(
            payload("000-000-0000", Some(Satang(422))).unwrap(),
            "00020101021229370016A000000677010111011300660000000005802TH530376454044.226304E469"
        );
    }

    #[test]
    fn the_crc_is_ccitt_false() {
        assert_eq!(crc16_ccitt_false(b"123456789"), 0x29B1);
    }

    #[test]
    fn bad_ids_and_amounts_are_refused() {
        assert!(matches!(
            payload("12345", None),
            Err(PromptPayError::BadId(_))
        ));
        assert!(matches!(
            payload("08-abc-4567", None),
            Err(PromptPayError::BadId(_))
        ));
        assert_eq!(
            payload("0812345678", Some(Satang(0))),
            Err(PromptPayError::BadAmount)
        );
        assert!(
            payload("0812345678", Some(Satang(1_290_050)))
                .unwrap()
                .contains("540812900.50")
        );
    }
}
