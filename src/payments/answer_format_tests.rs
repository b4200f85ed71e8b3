//! The format checks against re-cut answers: the issue's exact attack, a table of malformed
//! fields, and an exhaustive search of every cut of signed answers (fixed ones and generated
//! ones) for one that reads with another status.

use std::collections::{BTreeMap, BTreeSet};

use proptest::prelude::*;

use super::*;
use crate::payments::card_2c2p::{response_hash, response_is_signed};

const KEY: &str = "QnmrnH6QE23N";
const SENT: Sent = Sent {
    merchant_id: "JT01",
    order_id: "K000001P1ABCD",
    invoice_no: "K000001",
    amount: "000000129950",
};

/// A decline as 2C2P signs it: the issue's example.
fn decline(status: &str) -> BTreeMap<String, String> {
    let mut fields: BTreeMap<String, String> = [
        ("version", "8.5"),
        ("request_timestamp", "2026-11-27 11:20:30"),
        ("merchant_id", "JT01"),
        ("order_id", "K000001P1ABCD"),
        ("invoice_no", "K000001"),
        ("currency", "764"),
        ("amount", "000000129950"),
        ("transaction_ref", "4561237"),
        ("eci", "05"),
        ("transaction_datetime", "2026-11-27 11:20:30"),
        ("payment_channel", "001"),
        ("payment_status", status),
        ("channel_response_code", "05"),
        ("channel_response_desc", "Do not honour"),
        ("masked_pan", "411111XXXXXX1111"),
        ("process_by", "VI"),
    ]
    .iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect();
    let hash = response_hash(KEY, &fields);
    fields.insert("hash_value".into(), hash);
    fields
}

/// The signed bytes: every response field's value in order.
fn concatenation(fields: &BTreeMap<String, String>) -> String {
    RESPONSE_FIELDS
        .iter()
        .map(|name| fields.get(*name).cloned().unwrap_or_default())
        .collect()
}

/// Every `payment_status` that some cut of `signed` into [`RESPONSE_FIELDS`] reads, over cuts
/// whose every field passes the shop's checks.
fn statuses_of_every_cut(signed: &str, sent: &Sent) -> BTreeSet<String> {
    statuses_of_cuts(signed, &|name, value| accepted(name, value, sent), &longest)
}

/// Every `payment_status` some cut of `signed` reads when `accept` decides which values a field
/// may hold. Dynamic programming over (field, offset): `ahead[i][p]` says fields `0..i` can
/// cover the first `p` bytes, `behind[i][p]` that fields `i..` can cover the rest from `p`.
fn statuses_of_cuts(
    signed: &str,
    accept: &dyn Fn(&'static str, &str) -> bool,
    longest: &dyn Fn(&str) -> usize,
) -> BTreeSet<String> {
    let n = RESPONSE_FIELDS.len();
    let len = signed.len();
    let piece = |i: usize, from: usize, to: usize| -> bool {
        signed.is_char_boundary(from)
            && signed.is_char_boundary(to)
            && accept(RESPONSE_FIELDS[i], &signed[from..to])
    };
    let ends = |i: usize, from: usize| from..=len.min(from + longest(RESPONSE_FIELDS[i]));
    let mut ahead = vec![vec![false; len + 1]; n + 1];
    ahead[0][0] = true;
    for i in 0..n {
        for from in 0..=len {
            if ahead[i][from] {
                for to in ends(i, from) {
                    if piece(i, from, to) {
                        ahead[i + 1][to] = true;
                    }
                }
            }
        }
    }
    let mut behind = vec![vec![false; len + 1]; n + 1];
    behind[n][len] = true;
    for i in (0..n).rev() {
        for from in 0..=len {
            behind[i][from] = ends(i, from).any(|to| behind[i + 1][to] && piece(i, from, to));
        }
    }
    let status = RESPONSE_FIELDS
        .iter()
        .position(|f| *f == "payment_status")
        .unwrap();
    let mut found = BTreeSet::new();
    for from in 0..=len {
        if !ahead[status][from] {
            continue;
        }
        for to in ends(status, from) {
            if behind[status + 1][to] && piece(status, from, to) {
                found.insert(signed[from..to].to_string());
            }
        }
    }
    found
}

/// The issue's re-cut: `…11:20:3`, ``, `000`, `100205` over a signed decline's bytes.
fn recut(genuine: &BTreeMap<String, String>) -> BTreeMap<String, String> {
    let mut forged = genuine.clone();
    let status = &genuine["payment_status"];
    forged.insert("transaction_datetime".into(), "2026-11-27 11:20:3".into());
    forged.insert("payment_channel".into(), String::new());
    forged.insert("payment_status".into(), "000".into());
    forged.insert("channel_response_code".into(), format!("1{status}05"));
    forged
}

#[test]
fn the_issues_recut_decline_verifies_but_is_refused_by_its_shape() {
    for status in [STATUS_REJECTED, STATUS_CANCELLED] {
        let genuine = decline(status);
        let forged = recut(&genuine);
        assert_eq!(concatenation(&genuine), concatenation(&forged));
        // The attack the issue found: the signature alone accepts the forgery.
        assert!(response_is_signed(KEY, &forged));
        assert!(check_shapes(&genuine).is_ok());
        assert!(check_echoes(&genuine, &SENT).is_ok());
        let refusal = check_shapes(&forged).unwrap_err();
        assert_eq!(refusal.code, MALFORMED);
        assert_eq!(refusal.field, "transaction_datetime");
    }
}

#[test]
fn malformed_fields_are_each_refused() {
    let table: &[(&str, &str)] = &[
        ("version", "8.4"),
        ("version", ""),
        ("request_timestamp", "2026-11-27 11:20"),
        ("request_timestamp", "2026112711203"),
        ("request_timestamp", "2026-13-27 11:20:30"),
        ("merchant_id", ""),
        ("merchant_id", "JT01 "),
        ("order_id", "K000001P1ABCD-"),
        ("invoice_no", "K0000 1"),
        ("currency", "76"),
        ("currency", "7640"),
        ("amount", "129950"),
        ("amount", "00000012995O"),
        ("amount", "0000000129950"),
        ("transaction_ref", "45612-37"),
        ("transaction_ref", "123456789012345678901"),
        ("approval_code", "12 456"),
        ("eci", "050"),
        ("eci", "5"),
        ("transaction_datetime", ""),
        ("transaction_datetime", "2026-11-27 11:20:3"),
        ("transaction_datetime", "20261127112030"),
        ("transaction_datetime", "2026-11-27T11:20:30"),
        ("transaction_datetime", "2026-11-27 25:20:30"),
        ("payment_channel", ""),
        ("payment_channel", "01"),
        ("payment_channel", "0010"),
        ("payment_status", ""),
        ("payment_status", "00"),
        ("payment_status", "0000"),
        ("payment_status", "004"),
        ("channel_response_code", "100205"),
        ("channel_response_code", "0-5"),
        ("channel_response_desc", "Declined\u{202e}"),
        ("channel_response_desc", "line\nbreak"),
        ("masked_pan", "4111-1111"),
        ("user_defined_1", "anything"),
        ("sub_merchant_list", "x"),
        ("ippPeriod", "100"),
        ("ippInterestRate", "1,5"),
        ("paid_agent", "<script>"),
        ("process_by", "VISA12"),
    ];
    for (name, bad) in table {
        let mut fields = decline(STATUS_REJECTED);
        fields.insert((*name).into(), (*bad).into());
        let refusal = check_shapes(&fields)
            .and_then(|()| check_echoes(&fields, &SENT))
            .expect_err(&format!("{name}={bad:?} must be refused"));
        assert_eq!(refusal.field, *name, "{name}={bad:?}: {refusal:?}");
    }
    let mut huge = decline(STATUS_REJECTED);
    huge.insert("channel_response_desc".into(), "x".repeat(45_000));
    assert_eq!(check_shapes(&huge).unwrap_err().code, MALFORMED);
    let mut short_hash = decline(STATUS_REJECTED);
    short_hash.insert("hash_value".into(), "abc".into());
    assert_eq!(check_shapes(&short_hash).unwrap_err().field, "hash_value");
}

#[test]
fn fields_the_shop_sent_must_come_back_unchanged() {
    for (name, other, code) in [
        ("merchant_id", "JT02", "invalid_signature"),
        ("order_id", "K000001P2WXYZ", "attempt_mismatch"),
        ("invoice_no", "K000002", "attempt_mismatch"),
        ("currency", "840", "amount_mismatch"),
        ("amount", "000000000100", "amount_mismatch"),
    ] {
        let mut fields = decline(STATUS_SUCCESS);
        fields.insert(name.into(), other.into());
        assert!(check_shapes(&fields).is_ok(), "{name}");
        let refusal = check_echoes(&fields, &SENT).unwrap_err();
        assert_eq!((refusal.field, refusal.code), (name, code));
    }
}

#[test]
fn every_cut_of_the_issues_declines_reads_only_their_own_status() {
    for status in [
        STATUS_PENDING,
        STATUS_REJECTED,
        STATUS_CANCELLED,
        STATUS_ERROR,
    ] {
        let signed = concatenation(&decline(status));
        assert_eq!(
            statuses_of_every_cut(&signed, &SENT),
            BTreeSet::from([status.to_string()]),
            "{signed}"
        );
    }
}

/// The search is not empty-handed by construction: with the checks the shop made before
/// (a known status and the echoed fields, no shapes), it finds the success hidden in a decline.
#[test]
fn without_the_shapes_the_search_finds_the_success_hidden_in_a_decline() {
    let signed = concatenation(&decline(STATUS_REJECTED));
    let old_checks = |name: &'static str, value: &str| {
        echoes(name, value, &SENT).is_ok()
            && (name != "payment_status" || well_formed(name, value).is_ok())
    };
    let found = statuses_of_cuts(&signed, &old_checks, &|_| 30);
    assert!(found.contains(STATUS_SUCCESS), "{found:?}");
    assert!(found.contains(STATUS_REJECTED), "{found:?}");
}

fn alnum(max: usize) -> impl Strategy<Value = String> {
    proptest::string::string_regex(&format!("[A-Za-z0-9]{{0,{max}}}")).unwrap()
}

fn digits_str(n: usize) -> impl Strategy<Value = String> {
    proptest::string::string_regex(&format!("[0-9]{{{n}}}")).unwrap()
}

prop_compose! {
    /// A well-formed non-success answer with generated values where 2C2P's vary.
    fn non_success()(
        status in prop::sample::select(vec![STATUS_PENDING, STATUS_REJECTED, STATUS_CANCELLED, STATUS_ERROR]),
        stamp_digits in prop::bool::ANY,
        reference in alnum(20),
        approval in alnum(10),
        eci in prop::sample::select(vec!["", "05", "07", "00"]),
        day in 1u32..=28, hour in 0u32..=23, minute in 0u32..=59, second in 0u32..=59,
        channel in digits_str(3),
        code in alnum(4),
        desc in "[A-Za-z0-9 .]{0,40}",
        pan in "[0-9X]{0,19}",
        scheme in alnum(5),
        amount in digits_str(12),
    ) -> (BTreeMap<String, String>, String) {
        let datetime = format!("2026-11-{day:02} {hour:02}:{minute:02}:{second:02}");
        let stamp = if stamp_digits { datetime.replace(['-', ' ', ':'], "") } else { datetime.clone() };
        let fields: BTreeMap<String, String> = [
            ("version", "8.5".to_string()),
            ("request_timestamp", stamp),
            ("merchant_id", "JT01".into()),
            ("order_id", "K000001P1ABCD".into()),
            ("invoice_no", "K000001".into()),
            ("currency", "764".into()),
            ("amount", amount.clone()),
            ("transaction_ref", reference),
            ("approval_code", approval),
            ("eci", eci.to_string()),
            ("transaction_datetime", datetime),
            ("payment_channel", channel),
            ("payment_status", status.to_string()),
            ("channel_response_code", code),
            ("channel_response_desc", desc),
            ("masked_pan", pan),
            ("payment_scheme", scheme),
        ]
        .into_iter()
        .filter(|(_, v)| !v.is_empty())
        .map(|(k, v)| (k.to_string(), v))
        .collect();
        (fields, amount)
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// However a signed non-success answer is cut into fields the shop accepts, its status is
    /// the one 2C2P signed.
    #[test]
    fn no_cut_of_a_signed_non_success_answer_reads_as_another_status((fields, amount) in non_success()) {
        let sent = Sent { amount: &amount, ..SENT };
        let mut with_hash = fields.clone();
        with_hash.insert("hash_value".into(), response_hash(KEY, &fields));
        let shapes = check_shapes(&with_hash);
        prop_assert!(shapes.is_ok(), "{:?}", shapes);
        let signed = concatenation(&fields);
        let found = statuses_of_every_cut(&signed, &sent);
        prop_assert_eq!(found, BTreeSet::from([fields["payment_status"].clone()]));
    }
}
