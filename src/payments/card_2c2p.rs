//! 2C2P redirect payment, version 8.5 (docs/PAYMENTS.md, "The signed form and the signed answer"):
//! the signed form the shopper's browser posts to 2C2P, and the check of the signed answer 2C2P
//! posts back to both result URLs.
//!
//! Both signatures are lowercase hex HMAC-SHA256 with the merchant's secret key over the field
//! values concatenated with no separator in a fixed order, absent fields as empty strings.
//! Answers are compared in constant time.

use std::collections::BTreeMap;

use hmac::{Hmac, Mac};
use sha2::Sha256;
use subtle::ConstantTimeEq;

use crate::domain::Satang;
use crate::i18n::Locale;

pub const VERSION: &str = "8.5";
/// ISO 4217 numeric code of the Thai baht.
pub const CURRENCY_THB: &str = "764";
/// 2C2P's limit on `order_id`.
pub const MAX_ORDER_ID: usize = 20;

/// The request fields in the order their values are signed.
pub const REQUEST_FIELDS: &[&str] = &[
    "version",
    "merchant_id",
    "payment_description",
    "order_id",
    "invoice_no",
    "currency",
    "amount",
    "customer_email",
    "pay_category_id",
    "promotion",
    "user_defined_1",
    "user_defined_2",
    "user_defined_3",
    "user_defined_4",
    "user_defined_5",
    "result_url_1",
    "result_url_2",
    "enable_store_card",
    "stored_card_unique_id",
    "request_3ds",
    "recurring",
    "order_prefix",
    "recurring_amount",
    "allow_accumulate",
    "max_accumulate_amount",
    "recurring_interval",
    "recurring_count",
    "charge_next_date",
    "charge_on_date",
    "payment_option",
    "ipp_interest_type",
    "payment_expiry",
    "default_lang",
    "statement_descriptor",
    "use_storedcard_only",
    "tokenize_without_authorization",
    "product",
    "ipp_period_filter",
    "sub_merchant_list",
    "qr_type",
    "custom_route_id",
    "airline_transaction",
    "airline_passenger_list",
    "address_list",
];

/// The response fields in the order their values are signed.
pub const RESPONSE_FIELDS: &[&str] = &[
    "version",
    "request_timestamp",
    "merchant_id",
    "order_id",
    "invoice_no",
    "currency",
    "amount",
    "transaction_ref",
    "approval_code",
    "eci",
    "transaction_datetime",
    "payment_channel",
    "payment_status",
    "channel_response_code",
    "channel_response_desc",
    "masked_pan",
    "stored_card_unique_id",
    "backend_invoice",
    "paid_channel",
    "paid_agent",
    "recurring_unique_id",
    "user_defined_1",
    "user_defined_2",
    "user_defined_3",
    "user_defined_4",
    "user_defined_5",
    "browser_info",
    "ippPeriod",
    "ippInterestType",
    "ippInterestRate",
    "ippMerchantAbsorbRate",
    "payment_scheme",
    "process_by",
    "sub_merchant_list",
];

/// `payment_status` values.
pub const STATUS_SUCCESS: &str = "000";
pub const STATUS_PENDING: &str = "001";
pub const STATUS_REJECTED: &str = "002";
pub const STATUS_CANCELLED: &str = "003";
pub const STATUS_ERROR: &str = "999";

/// Lowercase hex HMAC-SHA256 of the values of `order`, looked up in `fields`.
pub fn sign(secret_key: &str, order: &[&str], fields: &BTreeMap<String, String>) -> String {
    let mut mac =
        Hmac::<Sha256>::new_from_slice(secret_key.as_bytes()).expect("HMAC takes keys of any size");
    for name in order {
        if let Some(value) = fields.get(*name) {
            mac.update(value.as_bytes());
        }
    }
    hex::encode(mac.finalize().into_bytes())
}

/// The request's `hash_value`.
pub fn request_hash(secret_key: &str, fields: &BTreeMap<String, String>) -> String {
    sign(secret_key, REQUEST_FIELDS, fields)
}

/// The response's expected `hash_value`.
pub fn response_hash(secret_key: &str, fields: &BTreeMap<String, String>) -> String {
    sign(secret_key, RESPONSE_FIELDS, fields)
}

/// Whether `fields` carry a `hash_value` that the key made over the response fields, compared
/// case-insensitively in constant time.
pub fn response_is_signed(secret_key: &str, fields: &BTreeMap<String, String>) -> bool {
    let Some(given) = fields.get("hash_value") else {
        return false;
    };
    let expected = response_hash(secret_key, fields);
    let given = given.trim().to_ascii_lowercase();
    given.len() == expected.len() && bool::from(given.as_bytes().ct_eq(expected.as_bytes()))
}

/// Whether `fields` carry the request `hash_value` the key makes (the stand-in checks this as
/// 2C2P does).
pub fn request_is_signed(secret_key: &str, fields: &BTreeMap<String, String>) -> bool {
    let Some(given) = fields.get("hash_value") else {
        return false;
    };
    let expected = request_hash(secret_key, fields);
    let given = given.trim().to_ascii_lowercase();
    given.len() == expected.len() && bool::from(given.as_bytes().ct_eq(expected.as_bytes()))
}

/// 12 digits of satang, zero-padded: ฿100.00 → `000000010000`.
pub fn amount_field(amount: Satang) -> String {
    format!("{:012}", amount.get().max(0))
}

/// The language of 2C2P's payment page for the shopper's: Thai, English, Indonesian and Malay
/// (our `my`, ISO `ms`) exist there; Khmer does not, so those shoppers get English.
pub fn page_lang(lang: Locale) -> &'static str {
    match lang {
        Locale::Th => "th",
        Locale::Id => "id",
        Locale::My => "ms",
        Locale::En | Locale::Km => "en",
    }
}

/// What a payment request is made of; [`request_fields`] signs it.
pub struct Request<'a> {
    pub merchant_id: &'a str,
    pub secret_key: &'a str,
    pub description: &'a str,
    pub order_id: &'a str,
    pub invoice_no: &'a str,
    pub amount: Satang,
    pub result_url_1: &'a str,
    pub result_url_2: &'a str,
    pub payment_option: &'a str,
    pub lang: Locale,
}

/// Every form field of the request, `hash_value` included.
pub fn request_fields(request: &Request) -> BTreeMap<String, String> {
    let mut fields = BTreeMap::new();
    let mut put = |name: &str, value: &str| {
        if !value.is_empty() {
            fields.insert(name.to_string(), value.to_string());
        }
    };
    put("version", VERSION);
    put("merchant_id", request.merchant_id);
    put("payment_description", request.description);
    put("order_id", request.order_id);
    put("invoice_no", request.invoice_no);
    put("currency", CURRENCY_THB);
    put("amount", &amount_field(request.amount));
    put("result_url_1", request.result_url_1);
    put("result_url_2", request.result_url_2);
    put("payment_option", request.payment_option);
    put("default_lang", page_lang(request.lang));
    let hash = request_hash(request.secret_key, &fields);
    fields.insert("hash_value".into(), hash);
    fields
}

/// Form fields (`application/x-www-form-urlencoded`) as a map; a repeated name keeps its first
/// value.
pub fn parse_form(body: &[u8]) -> BTreeMap<String, String> {
    let mut fields = BTreeMap::new();
    for (name, value) in url::form_urlencoded::parse(body) {
        fields
            .entry(name.into_owned())
            .or_insert_with(|| value.into_owned());
    }
    fields
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn amounts_are_twelve_digits_of_satang() {
        assert_eq!(amount_field(Satang(10_000)), "000000010000");
        assert_eq!(amount_field(Satang(129_950)), "000000129950");
    }

    // Vector computed independently with Python:
    // hmac.new(b"QnmrnH6QE23N", b"8.5JT01Sofa K000001K000001P1ABCDK000001764000000129950"
    //   b"https://shop.example.com/api/app/payment/2c2p/return"
    //   b"https://shop.example.com/api/app/payment/2c2p/notifyth", hashlib.sha256).hexdigest()
    #[test]
    fn the_request_hash_matches_an_independent_vector() {
        let fields = request_fields(&Request {
            merchant_id: "JT01",
            secret_key: "QnmrnH6QE23N",
            description: "Sofa K000001",
            order_id: "K000001P1ABCD",
            invoice_no: "K000001",
            amount: Satang(129_950),
            result_url_1: "https://shop.example.com/api/app/payment/2c2p/return",
            result_url_2: "https://shop.example.com/api/app/payment/2c2p/notify",
            payment_option: "",
            lang: Locale::Th,
        });
        assert_eq!(fields["hash_value"], REQUEST_VECTOR);
        assert!(request_is_signed("QnmrnH6QE23N", &fields));
        assert!(!request_is_signed("another key", &fields));
    }

    const REQUEST_VECTOR: &str = "19dd588a6c13c7aa27c01c022d76dbedf5c736e6cd14f385472010e202d63ff0";

    // hmac.new(b"QnmrnH6QE23N", b"8.520261122101500JT01K000001P1ABCDK000001764000000129950"
    //   b"0123456789AB123456052026-11-22 10:15:00CC000Approved411111XXXXXX1111", sha256)
    #[test]
    fn a_response_is_verified_case_insensitively_and_tampering_fails() {
        let mut fields = map(&[
            ("version", "8.5"),
            ("request_timestamp", "20261122101500"),
            ("merchant_id", "JT01"),
            ("order_id", "K000001P1ABCD"),
            ("invoice_no", "K000001"),
            ("currency", "764"),
            ("amount", "000000129950"),
            ("transaction_ref", "0123456789AB"),
            ("approval_code", "123456"),
            ("eci", "05"),
            ("transaction_datetime", "2026-11-22 10:15:00"),
            ("payment_channel", "CC"),
            ("payment_status", "000"),
            ("channel_response_desc", "Approved"),
            ("masked_pan", "411111XXXXXX1111"),
        ]);
        assert_eq!(response_hash("QnmrnH6QE23N", &fields), RESPONSE_VECTOR);
        fields.insert("hash_value".into(), RESPONSE_VECTOR.to_uppercase());
        assert!(response_is_signed("QnmrnH6QE23N", &fields));
        fields.insert("amount".into(), "000000000100".into());
        assert!(!response_is_signed("QnmrnH6QE23N", &fields));
    }

    const RESPONSE_VECTOR: &str =
        "aa1c02e91fb82d28fad35090ba04f0eba9971d0842ecbbf6fb71f380d550d602";

    #[test]
    fn forms_parse_with_the_first_value_winning() {
        let fields = parse_form(b"a=1&b=x+y&a=2&c=%E0%B8%81");
        assert_eq!(fields["a"], "1");
        assert_eq!(fields["b"], "x y");
        assert_eq!(fields["c"], "ก");
    }
}
