//! `[retention]`: what housekeeping forgets and when the file is compacted (docs/OPERATING.md
//! "Retention"). Anonymous carts keep their top-level `cart_expiry_days`.

use serde::{Deserialize, Serialize};

use super::{Config, ConfigError};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Retention {
    /// Sent notifications older than this many days are forgotten (their order shows them no
    /// more; a repeated event still never sends twice). 0 keeps them.
    pub sent_message_days: u32,
    /// Days of search-miss counts kept (the staff report reads up to 400). 0 keeps them.
    pub search_miss_days: u32,
    /// When the running shop may compact its file, `HH:MM` shop time (UTC+7), or `off`:
    /// requests wait while it runs, so pick the quietest hour.
    pub compact_at: String,
    /// Compaction runs then only when at least this share (percent) of the file is free.
    pub compact_free_percent: u32,
}

impl Default for Retention {
    fn default() -> Self {
        Retention {
            sent_message_days: 90,
            search_miss_days: 400,
            compact_at: "04:30".into(),
            compact_free_percent: 30,
        }
    }
}

impl Retention {
    /// Minutes after shop midnight of the compaction window; `None` when `off`.
    pub fn compact_minutes(&self) -> Option<u32> {
        super::backup::parse_schedule(&self.compact_at)
            .ok()
            .flatten()
    }
}

impl Config {
    pub(super) fn validate_retention(&self) -> Result<(), ConfigError> {
        let invalid = |key: &str, problem: String| {
            ConfigError::Invalid(format!("retention.{key}: {problem}"))
        };
        let r = &self.retention;
        super::backup::parse_schedule(&r.compact_at).map_err(|e| invalid("compact_at", e))?;
        if !(1..=100).contains(&r.compact_free_percent) {
            return Err(invalid(
                "compact_free_percent",
                format!("{} must be 1 to 100", r.compact_free_percent),
            ));
        }
        for (key, days) in [
            ("sent_message_days", r.sent_message_days),
            ("search_miss_days", r.search_miss_days),
        ] {
            if days > 36_500 {
                return Err(invalid(key, format!("{days} must be 0 to 36500")));
            }
        }
        Ok(())
    }
}
