//! Code tables (the staff Code submenu, docs/STAFF.md): the groups of the `system` label set (`material`,
//! `colour`, `carrier`…), each key with a title in five languages.
//!
//! Keys are immutable (products and orders store them). Entries can be added, retitled and
//! deactivated (kept, so old products and orders still show their title, but no longer
//! offered in pickers); an entry is removed only while nothing uses it. The groups the
//! program itself defines (order states, payment methods, sign-in providers, roles) take no
//! new or removed keys: only their titles change. How many records use a key is counted by the
//! caller's [`KeyUsage`] (products and orders stand above content). The caller reloads the
//! content snapshot.

use std::collections::{BTreeMap, BTreeSet};

use redb::WriteTransaction;
use serde_json::{Map, Value};

use super::model::Localized;
use super::store::LABEL_SET_TO_LABELS;
use crate::activity::{Actor, changes};
use crate::store::{META, Store, StoreError};

/// The label set the code tables live in.
pub const LABEL_SET: &str = "system";

/// The `meta` entry holding the keys staff deactivated, as JSON `{group: [key…]}` (kept for
/// old records, not offered anew). In `meta` so that no new table (and migration) is needed.
const INACTIVE_META_KEY: &str = "code_table_inactive_keys";

type Inactive = BTreeMap<String, BTreeSet<String>>;

fn read_inactive(txn: &impl crate::store::Txn) -> Result<Inactive, StoreError> {
    Ok(META
        .read(txn)?
        .get(INACTIVE_META_KEY)?
        .and_then(|json| serde_json::from_str(&json).ok())
        .unwrap_or_default())
}

/// Groups whose keys the program defines: titles only.
pub const SYSTEM_GROUPS: [&str; 4] = ["orderStatus", "paymentMethod", "provider", "role"];

#[derive(Debug, thiserror::Error)]
pub enum CodeError {
    #[error("{}", .0.join("\n"))]
    Invalid(Vec<String>),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Exists(String),
    /// The key is used (or defined by the program); deactivate it instead.
    #[error("{0}")]
    InUse(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// One entry of a code table as staff see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub key: String,
    pub title: Localized,
    pub active: bool,
    /// Products, orders or accounts using the key (0 when not counted).
    pub used: u32,
}

/// One code table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    pub group: String,
    /// Defined by the program: no keys added or removed.
    pub system: bool,
    pub entries: Vec<Entry>,
}

/// Code table keys: 1 to 40 letters, digits, `-` or `_`.
pub fn is_code_key(key: &str) -> bool {
    (1..=40).contains(&key.len())
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Code-table titles: at most 120 characters in each language.
fn title_problems(title: &Localized) -> Vec<String> {
    title.title_problems(120)
}

/// How many stored records use each key of a code table (products for material and colour,
/// orders for carrier and province). Products and orders stand above content on the floors
/// (docs/ARCHITECTURE.md), so the counting is handed in by the caller
/// (`orders::code_usage::RecordsUsingCodes`) and labels never read their tables.
pub trait KeyUsage {
    fn usage(
        &self,
        txn: &impl crate::store::Txn,
        group: &str,
    ) -> Result<BTreeMap<String, u32>, StoreError>;
}

fn read_set(txn: &impl crate::store::Txn) -> Result<Map<String, Value>, StoreError> {
    Ok(LABEL_SET_TO_LABELS
        .read(txn)?
        .get(LABEL_SET)?
        .and_then(|v| v.as_object().cloned())
        .unwrap_or_default())
}

fn entries_of(
    set: &Map<String, Value>,
    group: &str,
    inactive: &BTreeSet<String>,
    used: &BTreeMap<String, u32>,
) -> Vec<Entry> {
    let mut entries: Vec<Entry> = set
        .get(group)
        .and_then(Value::as_object)
        .map(|entries| {
            entries
                .iter()
                .map(|(key, title)| Entry {
                    key: key.clone(),
                    title: serde_json::from_value(title.clone()).unwrap_or_default(),
                    active: !inactive.contains(key),
                    used: used.get(key).copied().unwrap_or(0),
                })
                .collect()
        })
        .unwrap_or_default();
    entries.sort_by(|a, b| a.key.cmp(&b.key));
    entries
}

/// Every code table with its entries (usage counted only for `with_usage` groups).
pub fn groups(
    store: &Store,
    with_usage: Option<&str>,
    usage: &impl KeyUsage,
) -> Result<Vec<Group>, StoreError> {
    store.read(|txn| {
        let set = read_set(txn)?;
        let inactive = read_inactive(txn)?;
        let mut out = Vec::new();
        for group in set.keys() {
            let used = match with_usage {
                Some(g) if g == group => usage.usage(txn, group)?,
                _ => BTreeMap::new(),
            };
            let off = inactive.get(group).cloned().unwrap_or_default();
            out.push(Group {
                group: group.clone(),
                system: SYSTEM_GROUPS.contains(&group.as_str()),
                entries: entries_of(&set, group, &off, &used),
            });
        }
        Ok(out)
    })
}

fn write_set(txn: &WriteTransaction, set: Map<String, Value>) -> Result<(), StoreError> {
    LABEL_SET_TO_LABELS
        .write(txn)?
        .put(LABEL_SET, &Value::Object(set))
}

fn set_active(
    txn: &WriteTransaction,
    group: &str,
    key: &str,
    active: bool,
) -> Result<bool, StoreError> {
    let mut inactive = read_inactive(txn)?;
    let off = inactive.entry(group.to_string()).or_default();
    let was = !off.contains(key);
    if active {
        off.remove(key);
    } else {
        off.insert(key.to_string());
    }
    inactive.retain(|_, keys| !keys.is_empty());
    let json = serde_json::to_string(&inactive).map_err(|source| StoreError::BadDocument {
        key: INACTIVE_META_KEY.into(),
        source,
    })?;
    META.write(txn)?.put(INACTIVE_META_KEY, json.as_str())?;
    Ok(was)
}

/// Adds a key to a group (not to the program's own groups).
pub fn add_entry(
    store: &Store,
    group: &str,
    key: &str,
    title: Localized,
    actor: Actor,
) -> Result<Entry, CodeError> {
    let key = key.trim();
    let mut problems = Vec::new();
    if !is_code_key(key) {
        problems.push(format!(
            "key: {key:?} must be 1 to 40 letters, digits, - or _"
        ));
    }
    problems.extend(title_problems(&title));
    if !problems.is_empty() {
        return Err(CodeError::Invalid(problems));
    }
    if SYSTEM_GROUPS.contains(&group) {
        return Err(CodeError::InUse(format!(
            "the keys of {group} are defined by the program; only their titles can change"
        )));
    }
    store.write(|txn| {
        let mut set = read_set(txn)?;
        let entries = set
            .get_mut(group)
            .and_then(Value::as_object_mut)
            .ok_or_else(|| CodeError::NotFound(format!("no code table {group}")))?;
        if entries.contains_key(key) {
            return Err(CodeError::Exists(format!(
                "key: {key} exists already in {group}"
            )));
        }
        let value = serde_json::to_value(&title).map_err(|source| StoreError::BadDocument {
            key: format!("labels {group}/{key}"),
            source,
        })?;
        entries.insert(key.to_string(), value);
        write_set(txn, set)?;
        set_active(txn, group, key, true)?;
        let target = format!("code {group}/{key}");
        actor.log(
            txn,
            "code added",
            &target,
            &changes(None::<&Localized>, &title),
        )?;
        Ok(Entry {
            key: key.to_string(),
            title,
            active: true,
            used: 0,
        })
    })
}

/// Retitles a key and/or turns it on or off. The key itself never changes.
pub fn update_entry(
    store: &Store,
    group: &str,
    key: &str,
    title: Localized,
    active: bool,
    actor: Actor,
    usage: &impl KeyUsage,
) -> Result<Entry, CodeError> {
    let problems = title_problems(&title);
    if !problems.is_empty() {
        return Err(CodeError::Invalid(problems));
    }
    if !active && SYSTEM_GROUPS.contains(&group) {
        return Err(CodeError::InUse(format!(
            "the keys of {group} are defined by the program and cannot be deactivated"
        )));
    }
    store.write(|txn| {
        let mut set = read_set(txn)?;
        let entries = set
            .get_mut(group)
            .and_then(Value::as_object_mut)
            .ok_or_else(|| CodeError::NotFound(format!("no code table {group}")))?;
        let before: Localized = entries
            .get(key)
            .ok_or_else(|| CodeError::NotFound(format!("no key {key} in {group}")))
            .map(|v| serde_json::from_value(v.clone()).unwrap_or_default())?;
        let value = serde_json::to_value(&title).map_err(|source| StoreError::BadDocument {
            key: format!("labels {group}/{key}"),
            source,
        })?;
        entries.insert(key.to_string(), value);
        write_set(txn, set)?;
        let was_active = set_active(txn, group, key, active)?;
        let target = format!("code {group}/{key}");
        let action = match (was_active, active) {
            (true, false) => "code deactivated",
            (false, true) => "code activated",
            _ => "code changed",
        };
        let mut details = changes(Some(&before), &title);
        if was_active != active {
            let flip = format!("active {was_active} → {active}");
            details = if details.is_empty() {
                flip
            } else {
                format!("{details}; {flip}")
            };
        }
        actor.log(txn, action, &target, &details)?;
        Ok(Entry {
            key: key.to_string(),
            title,
            active,
            used: usage.usage(txn, group)?.get(key).copied().unwrap_or(0),
        })
    })
}

/// Removes a key nothing uses; otherwise refused with how many records use it.
pub fn remove_entry(
    store: &Store,
    group: &str,
    key: &str,
    actor: Actor,
    usage: &impl KeyUsage,
) -> Result<(), CodeError> {
    if SYSTEM_GROUPS.contains(&group) {
        return Err(CodeError::InUse(format!(
            "the keys of {group} are defined by the program and cannot be removed"
        )));
    }
    store.write(|txn| {
        let used = usage.usage(txn, group)?.get(key).copied().unwrap_or(0);
        let mut set = read_set(txn)?;
        let entries = set
            .get_mut(group)
            .and_then(Value::as_object_mut)
            .ok_or_else(|| CodeError::NotFound(format!("no code table {group}")))?;
        let before = entries
            .get(key)
            .cloned()
            .ok_or_else(|| CodeError::NotFound(format!("no key {key} in {group}")))?;
        if used > 0 {
            let what = if matches!(group, "material" | "colour") {
                "products"
            } else {
                "orders"
            };
            return Err(CodeError::InUse(format!(
                "{used} {what} use {key}; deactivate it instead"
            )));
        }
        entries.remove(key);
        write_set(txn, set)?;
        set_active(txn, group, key, true)?;
        let target = format!("code {group}/{key}");
        actor.log(
            txn,
            "code removed",
            &target,
            &changes(Some(&before), &serde_json::json!({})),
        )?;
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_keys_are_plain() {
        assert!(is_code_key("teak"));
        assert!(is_code_key("pending_payment"));
        assert!(!is_code_key(""));
        assert!(!is_code_key("a b"));
        assert!(!is_code_key("ไม้สัก"));
    }

    #[test]
    fn titles_need_english() {
        assert!(!title_problems(&Localized::default()).is_empty());
        let ok = Localized {
            en: "Teak".into(),
            ..Localized::default()
        };
        assert!(title_problems(&ok).is_empty());
    }
}
