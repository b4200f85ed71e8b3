//! What the shop remembers of its off-site copies: per destination, the last try and the last
//! success, kept in `meta` under `offsite:<name>` so the staff dashboard can show them and warn
//! when copies stop (the copying is `ops::offsite`; it stands above the handlers that read this).

use serde::{Deserialize, Serialize};

use super::{META, Store, StoreError};

/// The outcome of the copies to one destination.
#[derive(
    Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema, ts_rs::TS,
)]
#[serde(rename_all = "camelCase")]
pub struct OffsiteRecord {
    /// When the last copy was tried (Unix seconds).
    pub at: u64,
    /// Whether that copy was written and verified.
    pub ok: bool,
    /// Why it failed, when it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub error: Option<String>,
    /// The last archive copied and verified, and when (Unix seconds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub last_archive: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub last_success_at: Option<u64>,
}

fn key(name: &str) -> String {
    format!("offsite:{name}")
}

/// The record of destination `name`; `None` before its first copy.
pub fn record(store: &Store, name: &str) -> Result<Option<OffsiteRecord>, StoreError> {
    let key = key(name);
    let text = store.read(|txn| META.read(txn)?.get(key.as_str()))?;
    let Some(text) = text else {
        return Ok(None);
    };
    serde_json::from_str(&text)
        .map(Some)
        .map_err(|source| StoreError::BadDocument {
            key: format!("meta/{key}"),
            source,
        })
}

/// Records a try: `Ok(archive)` or `Err(reason)`, at `at` (Unix seconds).
pub fn put_record(
    store: &Store,
    name: &str,
    outcome: Result<&str, &str>,
    at: u64,
) -> Result<OffsiteRecord, StoreError> {
    let previous = record(store, name).ok().flatten().unwrap_or_default();
    let record = match outcome {
        Ok(archive) => OffsiteRecord {
            at,
            ok: true,
            error: None,
            last_archive: Some(archive.to_string()),
            last_success_at: Some(at),
        },
        Err(reason) => OffsiteRecord {
            at,
            ok: false,
            error: Some(reason.to_string()),
            ..previous
        },
    };
    let text = serde_json::to_string(&record).map_err(|e| StoreError::Failed(e.to_string()))?;
    let key = key(name);
    store.write(|txn| META.write(txn)?.put(key.as_str(), text.as_str()))?;
    Ok(record)
}

/// How long a destination may go without a successful copy before staff are warned.
pub const OFFSITE_OVERDUE_SECONDS: u64 = 48 * 3600;

/// Whether staff should be warned about this destination at `now`.
pub fn overdue(record: Option<&OffsiteRecord>, now: u64) -> bool {
    match record.and_then(|r| r.last_success_at) {
        Some(at) => now.saturating_sub(at) > OFFSITE_OVERDUE_SECONDS,
        None => true,
    }
}
