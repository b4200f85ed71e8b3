//! `[insights]`: visit counting and cart reminders (docs/INSIGHTS.md).

use serde::{Deserialize, Serialize};

/// How visits are told from crawlers, and the reminders for carts left full.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct InsightsSettings {
    /// A visitor asking for more pages than this in one minute counts as a crawler for the
    /// rest of the shop day.
    pub crawler_pages_per_minute: u32,
    /// Send one reminder for a cart untouched for `cart_reminder_hours` (off by default).
    pub cart_reminders: bool,
    pub cart_reminder_hours: u32,
}

impl Default for InsightsSettings {
    fn default() -> Self {
        InsightsSettings {
            crawler_pages_per_minute: 60,
            cart_reminders: false,
            cart_reminder_hours: 24,
        }
    }
}
