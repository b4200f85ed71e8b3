//! The activity log: one line per change that matters (sign-ins, failures, password and role
//! changes, orders…), with when, who, what and through which `kcard` channel. Lines are
//! written inside the transaction of the change they describe, so a change never exists
//! without its line.
//!
//! It is the lowest domain (docs/ARCHITECTURE.md), so who makes a staff change ([`Actor`],
//! with its one [`Actor::log`]) and the before → after summary of a change ([`changes`]) live
//! here, used alike by the catalogue, content, pricing and search.

pub mod archive;

use redb::WriteTransaction;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;
use utoipa::ToSchema;

use crate::store::{JsonTable, Store, StoreError, next_id};

/// (unix milliseconds, sequence) → [`LogLine`]: time-ordered.
pub const LOG_TIME_TO_LINE: JsonTable<(u64, u64), LogLine> = JsonTable::new("log_time_to_line");

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
    /// What the change was made to, as `kind key` (`order K000123`, `product SF-1001`,
    /// `user alice`); empty on lines older than structured events.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    #[ts(as = "Option<String>", optional)]
    pub target: String,
    /// A short before → after summary (`price 12900 → 13545`, `Kerry TH123…`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    #[ts(as = "Option<String>", optional)]
    pub details: String,
    /// The change as data, for the viewer to word in their own language (`action` is the
    /// message key, these its parameters): `items`, `totalSatang`, `before`, `after`, `delta`,
    /// `code`, `reason`, `coins`, `amountSatang`, `reference`… A name ending in `Satang` is an
    /// amount of money in satang. Absent on lines written before it existed: those show
    /// `details` as stored (docs/STAFF.md, "The staff desk in the staff's own language").
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    #[ts(as = "Option<BTreeMap<String, String>>", optional)]
    pub params: BTreeMap<String, String>,
}

/// One parameter of a log line: its name and its value as text (see [`LogLine::params`]).
pub type Param<'a> = (&'a str, String);

/// A structured event: who did what to which thing, and how it changed.
#[derive(Debug, Clone, Copy)]
pub struct Event<'a> {
    /// The user name acting.
    pub actor: &'a str,
    /// The request's `kcard` channel.
    pub kcard: &'a str,
    /// A short verb phrase: `product created`, `order shipped`, `coupon changed`.
    pub action: &'a str,
    /// `kind key`: `product SF-1001`, `coupon SONGKRAN25`, `page about`.
    pub target: &'a str,
    /// A short before → after summary; may be empty.
    pub details: &'a str,
}

/// Who makes a staff change: their user name and the request's `kcard` channel. One type for
/// every domain (catalogue, taxonomy, labels, pricing, synonyms…), since "who did it" is what
/// an activity line records; the stock ledger names the same actor.
#[derive(Debug, Clone, Copy)]
pub struct Actor<'a> {
    pub name: &'a str,
    pub kcard: &'a str,
}

impl Actor<'_> {
    /// Logs that this actor did `action` to `target` (`kind key`), within the change's own
    /// transaction: the one wrapper over [`log`] for staff changes.
    pub fn log(
        &self,
        txn: &WriteTransaction,
        action: &str,
        target: &str,
        details: &str,
    ) -> Result<(), StoreError> {
        self.log_with(txn, action, target, details, &[])
    }

    /// [`Actor::log`] with the change as data ([`LogLine::params`]).
    pub fn log_with(
        &self,
        txn: &WriteTransaction,
        action: &str,
        target: &str,
        details: &str,
        params: &[Param],
    ) -> Result<(), StoreError> {
        log_with(
            txn,
            &Event {
                actor: self.name,
                kcard: self.kcard,
                action,
                target,
                details,
            },
            params,
        )
    }
}

/// `field before → after` for each top-level field that changed (or every field of a new
/// thing), for the activity log.
pub fn changes(before: Option<&impl Serialize>, after: &impl Serialize) -> String {
    let as_map = |v: Value| match v {
        Value::Object(map) => map.into_iter().collect::<BTreeMap<_, _>>(),
        _ => BTreeMap::new(),
    };
    let after = as_map(serde_json::to_value(after).unwrap_or(Value::Null));
    let before = before.map(|b| as_map(serde_json::to_value(b).unwrap_or(Value::Null)));
    let short = |v: &Value| {
        let text = v.to_string();
        if text.chars().count() > 60 {
            format!("{}…", text.chars().take(60).collect::<String>())
        } else {
            text
        }
    };
    let mut parts = Vec::new();
    for (key, value) in &after {
        match &before {
            None => parts.push(format!("{key} {}", short(value))),
            Some(before) => match before.get(key) {
                Some(old) if old == value => {}
                Some(old) => parts.push(format!("{key} {} → {}", short(old), short(value))),
                None => parts.push(format!("{key} → {}", short(value))),
            },
        }
    }
    if let Some(before) = &before {
        for (key, old) in before.iter().filter(|(k, _)| !after.contains_key(*k)) {
            parts.push(format!("{key} {} → none", short(old)));
        }
    }
    parts.join("; ")
}

/// Longest `details` kept: a summary, not a copy of the document.
const DETAILS_CHARS: usize = 500;

/// Writes a structured event within the caller's transaction (the change and its line commit
/// together or not at all).
///
/// Every field is one line of stored free text: a failed sign-in logs whatever "username" a
/// stranger typed, a target or details may quote a clerk's or a shopper's words. So each goes
/// through [`crate::domain::text::single_line`] here, the one door into the log, whoever calls:
/// no ESC, CR/LF, NUL or bidi override reaches a staff screen or an exported log.
pub fn log(txn: &WriteTransaction, event: &Event) -> Result<(), StoreError> {
    log_with(txn, event, &[])
}

/// [`log`] with the change as data: each parameter is cleaned like the other fields (a reason
/// is a clerk's words).
pub fn log_with(txn: &WriteTransaction, event: &Event, params: &[Param]) -> Result<(), StoreError> {
    let at = now_millis();
    let seq = next_id(txn, "activity_log")?;
    let line = LogLine {
        at,
        // Bounded: a failed sign-in logs whatever "username" was tried, which may be huge.
        user: one_line(event.actor, 100, false),
        action: one_line(event.action, 200, false),
        kcard: one_line(event.kcard, 64, false),
        target: one_line(event.target, 200, false),
        details: one_line(event.details, DETAILS_CHARS, true),
        params: params
            .iter()
            .take(12)
            .map(|(name, value)| (one_line(name, 40, false), one_line(value, 200, true)))
            .collect(),
    };
    LOG_TIME_TO_LINE.write(txn)?.put((at, seq), &line)
}

/// `text` cleaned to one line and cut to `max` characters (with `…` when `ellipsis` and cut).
fn one_line(text: &str, max: usize, ellipsis: bool) -> String {
    let clean = crate::domain::text::single_line(text);
    let mut kept: String = clean.chars().take(max).collect();
    if ellipsis && kept.len() < clean.len() {
        kept.push('…');
    }
    kept
}

/// Appends a line within the caller's transaction.
pub fn append(
    txn: &WriteTransaction,
    user: &str,
    action: &str,
    kcard: &str,
) -> Result<(), StoreError> {
    log(
        txn,
        &Event {
            actor: user,
            kcard,
            action,
            target: "",
            details: "",
        },
    )
}

/// Appends a line in its own transaction (for events with no other write, like a failed sign-in).
pub fn record(store: &Store, user: &str, action: &str, kcard: &str) -> Result<(), StoreError> {
    store.write(|txn| append(txn, user, action, kcard))
}

/// The newest `limit` lines, newest first.
pub fn newest(store: &Store, limit: usize) -> Result<Vec<LogLine>, StoreError> {
    store.read(|txn| LOG_TIME_TO_LINE.read(txn)?.last(limit))
}

/// What the activity viewer asks for; every field narrows the list.
#[derive(Debug, Clone, Default)]
pub struct LogFilter {
    /// Exactly this user name.
    pub actor: Option<String>,
    /// Exactly this target (`order K000123`).
    pub target: Option<String>,
    /// Part of the action, target, details or user name (any case): an order number, a
    /// customer.
    pub text: Option<String>,
    /// Lines from `since` (unix ms, inclusive) to `until` (exclusive): a shop day.
    pub since: u64,
    pub until: u64,
}

/// The key of a log line, `(unix ms, sequence)`: also the cursor of a page.
pub type LineKey = (u64, u64);

/// A page of lines, newest first, older than `before` (the previous page's cursor), and the
/// cursor of the next page. Lines moved out by `kiosk activity archive` are read back from
/// the archive files in `archives` (`archive::dir`) once the database's lines run out.
pub fn search(
    store: &Store,
    archives: Option<&std::path::Path>,
    filter: &LogFilter,
    limit: usize,
    before: Option<LineKey>,
) -> Result<(Vec<LogLine>, Option<LineKey>), StoreError> {
    let text = filter.text.as_ref().map(|t| t.to_lowercase());
    let keeps = |line: &LogLine| {
        filter.actor.as_ref().is_none_or(|a| &line.user == a)
            && filter.target.as_ref().is_none_or(|t| &line.target == t)
            && text.as_ref().is_none_or(|t| {
                [&line.action, &line.target, &line.details, &line.user]
                    .iter()
                    .any(|field| field.to_lowercase().contains(t.as_str()))
            })
    };
    let upper = before.unwrap_or((filter.until, 0)).min((filter.until, 0));
    let mut page: Vec<(LineKey, LogLine)> = Vec::new();
    let mut more = false;
    let mut oldest_kept = upper;
    store.read(|txn| {
        LOG_TIME_TO_LINE
            .read(txn)?
            .scan_rev_in((filter.since, 0)..upper, |key, line| {
                oldest_kept = key;
                if keeps(&line) {
                    if page.len() == limit {
                        more = true;
                        return Ok(false);
                    }
                    page.push((key, line));
                }
                Ok::<bool, StoreError>(true)
            })
    })?;
    if !more && let Some(dir) = archives {
        more = archive::search(dir, filter, &keeps, limit, oldest_kept, &mut page)
            .map_err(|e| StoreError::Failed(format!("reading the activity archive: {e}")))?;
    }
    let next = if more {
        page.last().map(|(key, _)| *key)
    } else {
        None
    };
    Ok((page.into_iter().map(|(_, line)| line).collect(), next))
}

pub fn now_millis() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_log_line_keeps_no_control_or_bidi_character_whoever_writes_it() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        let typed = "ad\u{1b}[2Jmin\r\nroot\u{0}\u{7}\u{202E}nimda";
        store
            .write(|txn| {
                log(
                    txn,
                    &Event {
                        actor: typed,
                        kcard: "web\u{1b}",
                        action: "failed sign-in (local)",
                        target: typed,
                        details: typed,
                    },
                )
            })
            .unwrap();
        let line = &newest(&store, 1).unwrap()[0];
        for field in [&line.user, &line.kcard, &line.target, &line.details] {
            assert!(
                !field.chars().any(crate::domain::text::is_unsafe_char),
                "{field:?}"
            );
        }
        assert_eq!(line.user, "ad[2Jmin rootnimda");
    }
}
