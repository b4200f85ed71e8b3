//! `[insights]`: visit counting (docs/INSIGHTS.md).

use serde::{Deserialize, Serialize};

/// How visits are told from crawlers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct InsightsSettings {
    /// A visitor asking for more pages than this in one minute counts as a crawler for the
    /// rest of the shop day.
    pub crawler_pages_per_minute: u32,
}

impl Default for InsightsSettings {
    fn default() -> Self {
        InsightsSettings {
            crawler_pages_per_minute: 60,
        }
    }
}
