//! The `[etax]` section: e-Tax Invoice by Email (docs/DOCUMENTS.md, "e-Tax Invoice by Email").
//! When on, full tax invoices and credit notes are drawn as PDF/A-3 and each one is mailed on
//! its own to the buyer with the time-stamp mailbox in copy. Off by default: the owner must be
//! approved by the Revenue Department first, and the shop's sending address registered.

use serde::{Deserialize, Serialize};

use super::ConfigError;

/// The time-stamp mailbox ETDA publishes for e-Tax Invoice by Email (etax.teda.th): a copy of
/// each document sent there is stamped and forwarded to the Revenue Department.
pub const ETDA_TIMESTAMP_MAILBOX: &str = "csemail@etax.teda.th";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Etax {
    /// Send tax invoices and credit notes by e-Tax Invoice by Email.
    pub enabled: bool,
    /// The time-stamp mailbox every e-Tax mail is copied to (Cc).
    pub timestamp_cc: String,
}

impl Default for Etax {
    fn default() -> Self {
        Etax {
            enabled: false,
            timestamp_cc: ETDA_TIMESTAMP_MAILBOX.into(),
        }
    }
}

impl Etax {
    /// The copy address, when e-Tax Invoice by Email is on.
    pub fn cc(&self) -> Option<&str> {
        self.enabled.then(|| self.timestamp_cc.trim())
    }

    pub(super) fn validate(&self, email_on: bool, tax_invoices: bool) -> Result<(), ConfigError> {
        if !self.enabled {
            return Ok(());
        }
        let invalid =
            |key: &str, problem: &str| Err(ConfigError::Invalid(format!("etax.{key}: {problem}")));
        if !crate::domain::email_address::is_email(self.timestamp_cc.trim()) {
            return invalid(
                "timestamp_cc",
                &format!("{:?} must be an e-mail address", self.timestamp_cc),
            );
        }
        if !email_on {
            return invalid(
                "enabled",
                "needs e-mail: set notifications.email.smtp_host and from",
            );
        }
        if !tax_invoices {
            return invalid(
                "enabled",
                "needs seller.tax_id: only a VAT-registered seller issues tax invoices",
            );
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn off_by_default_with_etdas_mailbox_and_checked_when_on() {
        let etax = Etax::default();
        assert!(!etax.enabled);
        assert_eq!(etax.timestamp_cc, "csemail@etax.teda.th");
        assert_eq!(etax.cc(), None);
        assert!(etax.validate(false, false).is_ok(), "off: nothing to check");

        let on = Etax {
            enabled: true,
            ..Etax::default()
        };
        assert_eq!(on.cc(), Some("csemail@etax.teda.th"));
        assert!(on.validate(true, true).is_ok());
        for (etax, email, tax_id, key) in [
            (on.clone(), false, true, "etax.enabled: needs e-mail"),
            (on.clone(), true, false, "etax.enabled: needs seller.tax_id"),
            (
                Etax {
                    timestamp_cc: "not an address".into(),
                    ..on.clone()
                },
                true,
                true,
                "etax.timestamp_cc",
            ),
        ] {
            let err = etax.validate(email, tax_id).unwrap_err().to_string();
            assert!(err.contains(key), "{err}");
        }
    }
}
