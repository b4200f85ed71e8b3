//! What every field of 2C2P's signed answer must look like, checked before the signature is
//! computed (docs/PAYMENTS.md, "Format checks").
//!
//! The answer's `hash_value` is an HMAC over the field values concatenated with no separator,
//! so a signature fixes the signed bytes but not where one field ends and the next begins: a
//! genuine decline carried back by the shopper's browser (`…11:20:30` `001` `002` `05`) can be
//! re-cut into a "success" over the same bytes (`…11:20:3` `` `000` `100205`). The cut is
//! pinned down by giving every field one shape, so that the fields the shop acts on can only
//! be read one way:
//!
//! - everything before `transaction_ref` is either fixed (`8.5`, `764`, 12 amount digits, a
//!   timestamp whose two layouts differ at their fifth character) or must equal what the shop
//!   sent for the attempt (merchant, attempt id, invoice number, amount);
//! - `transaction_ref`, `approval_code` and `eci` are letters and digits only, and the
//!   `transaction_datetime` after them is `YYYY-MM-DD HH:MM:SS`, whose `-`, ` ` and `:` cannot
//!   move into or out of them;
//! - `payment_channel` and `payment_status` are then exactly three digits each at a known place.
//!
//! The unit tests enumerate every cut of signed answers into fields that pass these checks and
//! find the status the signer wrote, and only that one.

use std::collections::BTreeMap;

use super::card_2c2p::{
    CURRENCY_THB, RESPONSE_FIELDS, STATUS_CANCELLED, STATUS_ERROR, STATUS_PENDING, STATUS_REJECTED,
    STATUS_SUCCESS, VERSION,
};

/// The refusal code of an answer with a field of the wrong shape.
pub const MALFORMED: &str = "malformed_field";

/// What the shop sent for the attempt; the answer must echo it.
#[derive(Debug, Clone, Copy)]
pub struct Sent<'a> {
    pub merchant_id: &'a str,
    /// The attempt id (2C2P's `order_id`).
    pub order_id: &'a str,
    pub invoice_no: &'a str,
    /// 12 digits of satang.
    pub amount: &'a str,
}

/// Why an answer is refused: a stable code, the field, and what was wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub code: &'static str,
    pub field: &'static str,
    pub message: String,
}

/// The one shape each field may have.
#[derive(Debug, Clone, Copy)]
enum Shape {
    /// Exactly this text.
    Exact(&'static str),
    /// Exactly `n` ASCII digits.
    Digits(usize),
    /// `min` to `max` ASCII letters and digits.
    Alnum(usize, usize),
    /// Nothing, or exactly `n` ASCII digits.
    OptionalDigits(usize),
    /// `YYYY-MM-DD HH:MM:SS`, a real date and time.
    DateTime,
    /// `YYYYMMDDHHMMSS` or `YYYY-MM-DD HH:MM:SS`.
    Stamp,
    /// One of 2C2P's five payment statuses.
    Status,
    /// At most `n` characters of readable text (no control or direction characters).
    Text(usize),
    /// At most 19 digits and `X` (a masked card number).
    MaskedPan,
    /// At most `n` digits and dots (a rate).
    Decimal(usize),
    /// At most `n` letters, digits, spaces, `-`, `_` and `.` (a channel or agent name).
    Name(usize),
    /// Nothing: the shop sends none of these, and 2C2P echoes what it was sent.
    Empty,
}

fn shape(name: &str) -> Option<Shape> {
    use Shape::*;
    Some(match name {
        "version" => Exact(VERSION),
        "request_timestamp" => Stamp,
        "merchant_id" => Alnum(1, 25),
        "order_id" => Alnum(1, 20),
        "invoice_no" => Alnum(0, 50),
        "currency" => Digits(3),
        "amount" => Digits(12),
        "transaction_ref" => Alnum(0, 20),
        "approval_code" => Alnum(0, 10),
        "eci" => OptionalDigits(2),
        "transaction_datetime" => DateTime,
        "payment_channel" => Digits(3),
        "payment_status" => Status,
        "channel_response_code" => Alnum(0, 4),
        "channel_response_desc" => Text(250),
        "masked_pan" => MaskedPan,
        "stored_card_unique_id" | "recurring_unique_id" | "backend_invoice" => Alnum(0, 20),
        "paid_channel" | "paid_agent" => Name(30),
        "user_defined_1" | "user_defined_2" | "user_defined_3" | "user_defined_4"
        | "user_defined_5" | "sub_merchant_list" => Empty,
        "browser_info" => Text(100),
        "ippPeriod" => Alnum(0, 2),
        "ippInterestType" => Alnum(0, 1),
        "ippInterestRate" | "ippMerchantAbsorbRate" => Decimal(8),
        "payment_scheme" | "process_by" => Alnum(0, 5),
        _ => return None,
    })
}

/// The longest value a field may have, in bytes (a bound for the tests' enumeration).
pub fn longest(name: &str) -> usize {
    match shape(name) {
        Some(Shape::Exact(text)) => text.len(),
        Some(Shape::Digits(n) | Shape::OptionalDigits(n)) => n,
        Some(Shape::Alnum(_, max) | Shape::Decimal(max) | Shape::Name(max)) => max,
        Some(Shape::DateTime | Shape::Stamp) => 19,
        Some(Shape::Status) => 3,
        // Characters of up to four bytes.
        Some(Shape::Text(max)) => max * 4,
        Some(Shape::MaskedPan) => 19,
        Some(Shape::Empty) | None => 0,
    }
}

fn digits(text: &str) -> bool {
    text.bytes().all(|b| b.is_ascii_digit())
}

fn number(text: &str, low: u32, high: u32) -> bool {
    digits(text) && text.parse::<u32>().is_ok_and(|n| (low..=high).contains(&n))
}

/// `YYYYMMDDHHMMSS` parts, from either layout's digits.
fn real_moment(date: &str, clock: &str) -> bool {
    let (year, month, day) = (&date[0..4], &date[4..6], &date[6..8]);
    let (hour, minute, second) = (&clock[0..2], &clock[2..4], &clock[4..6]);
    number(year, 2000, 2999)
        && number(month, 1, 12)
        && number(day, 1, 31)
        && number(hour, 0, 23)
        && number(minute, 0, 59)
        && number(second, 0, 59)
}

fn date_time(value: &str) -> bool {
    let b = value.as_bytes();
    b.len() == 19
        && value.is_ascii()
        && b[4] == b'-'
        && b[7] == b'-'
        && b[10] == b' '
        && b[13] == b':'
        && b[16] == b':'
        && real_moment(
            &format!("{}{}{}", &value[0..4], &value[5..7], &value[8..10]),
            &format!("{}{}{}", &value[11..13], &value[14..16], &value[17..19]),
        )
}

fn readable(ch: char) -> bool {
    !ch.is_control()
        && !matches!(ch, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// Whether `value` has the field's shape; what is wrong when it has not. An absent field is
/// `""`.
fn fits(shape: Shape, value: &str) -> Result<(), String> {
    let ok = match shape {
        Shape::Exact(text) => value == text,
        Shape::Digits(n) => value.len() == n && digits(value),
        Shape::OptionalDigits(n) => value.is_empty() || (value.len() == n && digits(value)),
        Shape::Alnum(min, max) => {
            (min..=max).contains(&value.len()) && value.bytes().all(|b| b.is_ascii_alphanumeric())
        }
        Shape::DateTime => date_time(value),
        Shape::Stamp => {
            date_time(value)
                || (value.len() == 14 && digits(value) && real_moment(&value[0..8], &value[8..14]))
        }
        Shape::Status => [
            STATUS_SUCCESS,
            STATUS_PENDING,
            STATUS_REJECTED,
            STATUS_CANCELLED,
            STATUS_ERROR,
        ]
        .contains(&value),
        Shape::Text(max) => value.chars().count() <= max && value.chars().all(readable),
        Shape::MaskedPan => {
            value.len() <= 19
                && value
                    .bytes()
                    .all(|b| b.is_ascii_digit() || b == b'X' || b == b'x')
        }
        Shape::Decimal(max) => {
            value.len() <= max && value.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        }
        Shape::Name(max) => {
            value.len() <= max
                && value
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b' ' | b'-' | b'_' | b'.'))
        }
        Shape::Empty => value.is_empty(),
    };
    if ok {
        return Ok(());
    }
    Err(match shape {
        Shape::Exact(text) => format!("must be {text}"),
        Shape::Digits(n) => format!("must be {n} digits"),
        Shape::OptionalDigits(n) => format!("must be empty or {n} digits"),
        Shape::Alnum(min, max) => format!("must be {min} to {max} letters or digits"),
        Shape::DateTime => "must be a date and time as YYYY-MM-DD HH:MM:SS".into(),
        Shape::Stamp => "must be a date and time as YYYYMMDDHHMMSS or YYYY-MM-DD HH:MM:SS".into(),
        Shape::Status => "must be 000, 001, 002, 003 or 999".into(),
        Shape::Text(max) => format!("must be at most {max} readable characters"),
        Shape::MaskedPan => "must be at most 19 digits or X".into(),
        Shape::Decimal(max) => format!("must be at most {max} digits or dots"),
        Shape::Name(max) => format!("must be at most {max} letters, digits, spaces, - _ or ."),
        Shape::Empty => "must be empty: the shop sends none".into(),
    })
}

/// Checks one signed field's shape (`""` when absent).
pub fn well_formed(name: &'static str, value: &str) -> Result<(), Refusal> {
    let Some(shape) = shape(name) else {
        return Ok(());
    };
    fits(shape, value).map_err(|problem| Refusal {
        code: MALFORMED,
        field: name,
        message: format!("{name}: {problem}"),
    })
}

/// Checks that a field echoes what the shop sent for the attempt.
pub fn echoes(name: &'static str, value: &str, sent: &Sent) -> Result<(), Refusal> {
    let (expected, code) = match name {
        "merchant_id" => (sent.merchant_id, "invalid_signature"),
        "order_id" | "invoice_no" => (
            if name == "order_id" {
                sent.order_id
            } else {
                sent.invoice_no
            },
            "attempt_mismatch",
        ),
        "currency" => (CURRENCY_THB, "amount_mismatch"),
        "amount" => (sent.amount, "amount_mismatch"),
        _ => return Ok(()),
    };
    if value == expected {
        return Ok(());
    }
    Err(Refusal {
        code,
        field: name,
        message: format!("{name} {value:?} is not the attempt's {expected:?}"),
    })
}

fn value<'m>(fields: &'m BTreeMap<String, String>, name: &str) -> &'m str {
    fields.get(name).map(String::as_str).unwrap_or_default()
}

/// Every signed field has its shape, and `hash_value` is 64 hex digits.
pub fn check_shapes(fields: &BTreeMap<String, String>) -> Result<(), Refusal> {
    for name in RESPONSE_FIELDS {
        well_formed(name, value(fields, name))?;
    }
    let hash = value(fields, "hash_value");
    if hash.len() != 64 || !hash.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(Refusal {
            code: "invalid_signature",
            field: "hash_value",
            message: "hash_value: must be 64 hex digits".into(),
        });
    }
    Ok(())
}

/// Every field the shop sent comes back unchanged.
pub fn check_echoes(fields: &BTreeMap<String, String>, sent: &Sent) -> Result<(), Refusal> {
    for name in RESPONSE_FIELDS {
        echoes(name, value(fields, name), sent)?;
    }
    Ok(())
}

/// Whether one field passes both checks (the tests cut answers with it).
pub fn accepted(name: &'static str, value: &str, sent: &Sent) -> bool {
    well_formed(name, value).is_ok() && echoes(name, value, sent).is_ok()
}

#[cfg(test)]
#[path = "answer_format_tests.rs"]
mod tests;
