//! The one list of every error `code` the API answers (`{"status":"error","error":{"code",…}}`,
//! docs/API.md). The UI translates by the code, so each code has a message in the five languages
//! in `locales/*.json`: under `errors.code` when a shopper can meet it (those travel with every
//! page), under `admin.errorCodes` when only the staff area can (loaded when it opens).
//!
//! The tests below keep the list honest both ways: every code the server source gives an error
//! (`bad_request("…")`, `code: "…"`, a domain error's `invalid`/`conflict`, the `code()` of an
//! error type, the edge's and the layers' refusals) is listed, and every listed code has its
//! message in each locale file. A new code fails them until it is listed and translated.

/// Every error code the API answers, sorted.
pub const ERROR_CODES: &[&str] = &[
    "account_disabled",
    "already_claimed",
    "already_exists",
    "already_reviewed",
    "busy",
    "cart_empty",
    "coins_need_sign_in",
    "coupon_inactive",
    "coupon_min_spend",
    "coupon_not_valid",
    "coupon_used_by_you",
    "coupon_used_up",
    "forbidden",
    "headers_too_large",
    "image_too_large",
    "in_use",
    "internal_error",
    "invalid_address",
    "invalid_body",
    "invalid_cart_id",
    "invalid_comment",
    "invalid_contact",
    "invalid_content",
    "invalid_credentials",
    "invalid_idempotency_key",
    "invalid_image",
    "invalid_input",
    "invalid_json",
    "invalid_parameter",
    "invalid_path",
    "invalid_payment",
    "invalid_pdf",
    "invalid_quantity",
    "invalid_query",
    "invalid_rating",
    "invalid_request",
    "invalid_reset_link",
    "invalid_roles",
    "invalid_settings",
    "invalid_shipment",
    "invalid_signature",
    "invalid_status",
    "invalid_transition",
    "invalid_upload",
    "invalid_vat_info",
    "length_required",
    "method_not_allowed",
    "no_password",
    "no_pending_proof",
    "not_delivered",
    "not_enough_coins",
    "not_found",
    "not_payable",
    "not_refund_due",
    "out_of_stock",
    "page_exists",
    "payload_too_large",
    "product_exists",
    "product_unavailable",
    "quantity_limit",
    "reason_required",
    "request_timeout",
    "reset_needs_email",
    "stock_below_zero",
    "storage_full",
    "too_many_attempts",
    "too_many_proofs",
    "unauthorized",
    "unavailable",
    "unknown_attempt",
    "unknown_coupon",
    "unknown_product",
    "unsupported_media_type",
    "uri_too_long",
    "username_reserved",
    "username_taken",
    "variant_required",
    "version_conflict",
    "weak_password",
    "wrong_method",
];

#[cfg(test)]
mod tests {
    use super::ERROR_CODES;
    use std::collections::BTreeSet;
    use std::path::{Path, PathBuf};

    /// Calls and fields whose first string literal is an error code.
    const CODE_TAKERS: &[&str] = &[
        "bad_request",
        "invalid",
        "conflict",
        "Invalid",
        "Conflict",
        "BadRequest",
        "Refused",
    ];

    /// Blocks whose `=> "…"` arms (or `=> ("…", …)` tuples) are error codes.
    const CODE_BLOCKS: &[&str] = &[
        "fn code(&self)",
        "fn words(status: StatusCode)",
        "let code = match status",
    ];

    fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("read src") {
            let path = entry.expect("dir entry").path();
            if path.is_dir() {
                rust_files(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs")
                && !path.to_string_lossy().ends_with("_tests.rs")
            {
                out.push(path);
            }
        }
    }

    fn is_code(text: &str) -> bool {
        !text.is_empty()
            && text.starts_with(|c: char| c.is_ascii_lowercase())
            && text
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
    }

    /// The string literal at the start of `rest` (after blanks), if it is one.
    fn literal_at(rest: &str) -> Option<&str> {
        let rest = rest.trim_start().strip_prefix('"')?;
        let end = rest.find('"')?;
        Some(&rest[..end])
    }

    /// The codes one source file gives its errors.
    fn codes_in(source: &str) -> BTreeSet<String> {
        // Test modules name codes in assertions, not errors.
        let source = source.split("#[cfg(test)]").next().unwrap_or_default();
        let mut found = BTreeSet::new();
        for taker in CODE_TAKERS {
            for (at, _) in source.match_indices(taker) {
                let before = source[..at].chars().next_back();
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                    continue;
                }
                let rest = source[at + taker.len()..].trim_start();
                let Some(rest) = rest.strip_prefix('(').or_else(|| rest.strip_prefix('{')) else {
                    continue;
                };
                let rest = rest.trim_start();
                let rest = rest.strip_prefix("code:").unwrap_or(rest);
                if let Some(code) = literal_at(rest).filter(|c| is_code(c)) {
                    found.insert(code.to_string());
                }
            }
        }
        for (at, _) in source.match_indices("code: \"") {
            if let Some(code) = literal_at(&source[at + 5..]).filter(|c| is_code(c)) {
                found.insert(code.to_string());
            }
        }
        for block in CODE_BLOCKS {
            for (at, _) in source.match_indices(block) {
                let body = &source[at..];
                let Some(open) = body.find('{') else { continue };
                let mut depth = 0usize;
                let mut end = body.len();
                for (i, c) in body[open..].char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' => {
                            depth -= 1;
                            if depth == 0 {
                                end = open + i;
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                let body = &body[open..end];
                for (arm, _) in body.match_indices("=>") {
                    let rest = body[arm + 2..].trim_start();
                    let rest = rest.strip_prefix('(').unwrap_or(rest);
                    if let Some(code) = literal_at(rest).filter(|c| is_code(c)) {
                        found.insert(code.to_string());
                    }
                }
            }
        }
        found
    }

    fn source_codes() -> BTreeSet<String> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = Vec::new();
        rust_files(&root, &mut files);
        let mut codes = BTreeSet::new();
        for file in files {
            // Settings name their fields the same way; they are not answers of the API.
            if file.starts_with(root.join("config")) {
                continue;
            }
            let source = std::fs::read_to_string(&file).expect("read source");
            codes.extend(codes_in(&source));
        }
        codes.insert(crate::http::error::STORAGE_FULL.to_string());
        codes
    }

    #[test]
    fn the_list_is_sorted_and_holds_codes_only() {
        let mut sorted = ERROR_CODES.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(
            sorted, ERROR_CODES,
            "ERROR_CODES is sorted, without repeats"
        );
        assert!(ERROR_CODES.iter().all(|c| is_code(c)));
    }

    #[test]
    fn every_code_the_server_answers_is_listed() {
        let found = source_codes();
        assert!(found.len() > 40, "the scan found too little: {found:?}");
        let missing: Vec<_> = found
            .iter()
            .filter(|c| !ERROR_CODES.contains(&c.as_str()))
            .collect();
        assert!(
            missing.is_empty(),
            "codes answered by the server but not in ERROR_CODES (list them and give each a message in locales/*.json): {missing:?}"
        );
    }

    #[test]
    fn the_scan_reads_every_way_a_code_is_written() {
        let source = r#"
            AppError::bad_request("a_one", "x");
            OrderError::invalid(
                "b_two",
                format!("y"),
            );
            AppError::Conflict { code: "c_three", message };
            AppError::Refused {
                code: "d_four",
                message: "m".into(),
            };
            pub fn code(&self) -> &'static str {
                match self { E::A => "e_five", E::B(_) => "f_six" }
            }
            #[cfg(test)]
            AppError::bad_request("not_this", "x");
        "#;
        let found: Vec<String> = codes_in(source).into_iter().collect();
        assert_eq!(
            found,
            ["a_one", "b_two", "c_three", "d_four", "e_five", "f_six"]
        );
    }

    /// A message by dotted path in one locale file.
    fn message<'a>(messages: &'a serde_json::Value, path: &str) -> Option<&'a str> {
        path.split('.')
            .try_fold(messages, |node, part| node.get(part))?
            .as_str()
            .filter(|text| !text.trim().is_empty())
    }

    #[test]
    fn every_code_has_a_message_in_the_five_languages() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("locales");
        let mut missing = Vec::new();
        for locale in crate::i18n::Locale::ALL {
            let file = dir.join(format!("{}.json", locale.code()));
            let text = std::fs::read_to_string(&file).expect("read locale");
            let messages: serde_json::Value = serde_json::from_str(&text).expect("locale JSON");
            for code in ERROR_CODES {
                let shopper = message(&messages, &format!("errors.code.{code}"));
                let staff = message(&messages, &format!("admin.errorCodes.{code}"));
                if shopper.is_none() && staff.is_none() {
                    missing.push(format!("{}: {code}", locale.code()));
                }
            }
        }
        assert!(
            missing.is_empty(),
            "error codes without a message (errors.code.<code> or admin.errorCodes.<code>): {missing:?}"
        );
    }
}
