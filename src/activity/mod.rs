//! The activity log: one line per change that matters (sign-ins, failures, password and role
//! changes, orders…), with when, who, what and through which `kcard` channel. Lines are
//! written inside the transaction of the change they describe, so a change never exists
//! without its line.

use redb::{ReadableDatabase, ReadableTable, TableDefinition, WriteTransaction};
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use crate::store::{Store, StoreError, next_id};

/// (unix milliseconds, sequence) → [`LogLine`] (JSON): time-ordered.
pub const LOG_TIME_TO_LINE: TableDefinition<(u64, u64), &[u8]> =
    TableDefinition::new("log_time_to_line");

/// One line of the activity log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
pub struct LogLine {
    /// Unix milliseconds.
    pub at: u64,
    /// The user name acting (or the username tried, for failed sign-ins).
    pub user: String,
    pub action: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub kcard: String,
}

/// Appends a line within the caller's transaction.
pub fn append(
    txn: &WriteTransaction,
    user: &str,
    action: &str,
    kcard: &str,
) -> Result<(), StoreError> {
    let at = now_millis();
    let seq = next_id(txn, "activity_log")?;
    let line = LogLine {
        at,
        user: user.into(),
        action: action.into(),
        kcard: kcard.chars().take(64).collect(),
    };
    txn.open_table(LOG_TIME_TO_LINE)?.insert(
        (at, seq),
        serde_json::to_vec(&line).unwrap_or_default().as_slice(),
    )?;
    Ok(())
}

/// Appends a line in its own transaction (for events with no other write, like a failed sign-in).
pub fn record(store: &Store, user: &str, action: &str, kcard: &str) -> Result<(), StoreError> {
    let txn = store.db().begin_write()?;
    append(&txn, user, action, kcard)?;
    txn.commit()?;
    Ok(())
}

/// The newest `limit` lines, newest first.
pub fn newest(store: &Store, limit: usize) -> Result<Vec<LogLine>, StoreError> {
    let read = store.db().begin_read()?;
    let table = read.open_table(LOG_TIME_TO_LINE)?;
    let mut lines = Vec::new();
    for entry in table.iter()?.rev().take(limit) {
        let (_, value) = entry?;
        if let Ok(line) = serde_json::from_slice(value.value()) {
            lines.push(line);
        }
    }
    Ok(lines)
}

pub fn now_millis() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or_default()
}
