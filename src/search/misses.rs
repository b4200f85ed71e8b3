//! What shoppers could not find: keywords whose search came back empty or nearly so, counted
//! per shop day (`crate::domain::shop_day`). Only the folded keyword and a count are kept — no person, address or time
//! of day. Counts gather in memory and reach the database in one transaction every few
//! seconds (and before staff read them), so a burst of searches never becomes a burst of
//! durable writes.

use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;

use time::Date;

use super::words::fold;
use crate::domain::shop_day::{day_key, day_of};
use crate::store::{Store, StoreError, ValueTable};

/// `YYYY-MM-DD` + U+001F + folded keyword → searches that day.
pub const SEARCH_MISS_TO_COUNT: ValueTable<&str, u64> = ValueTable::new("search_miss_to_count");

/// A search with this many results or fewer counts as a miss.
pub const FEW_RESULTS: usize = 2;
/// Distinct keywords kept per day (and waiting in memory): a flood of random queries cannot
/// grow the database without bound; known keywords still count.
const MAX_KEYWORDS_PER_DAY: usize = 5_000;
const SEPARATOR: char = '\u{1f}';

/// Misses waiting to be written.
#[derive(Default)]
pub struct MissLog {
    pending: Mutex<HashMap<(String, String), u64>>,
}

/// The key a keyword is counted under: folded, spaces collapsed, at most 100 characters.
pub fn miss_key(keyword: &str) -> String {
    let folded = fold(keyword);
    let words: Vec<&str> = folded.split_whitespace().collect();
    words.join(" ").chars().take(100).collect()
}

impl MissLog {
    /// Counts one search for `keyword` that found too little, at `now` (unix ms).
    pub fn record(&self, keyword: &str, now: u64) {
        let keyword = miss_key(keyword);
        if keyword.is_empty() {
            return;
        }
        let day = day_key(day_of(now));
        let mut pending = self.pending.lock().unwrap_or_else(|p| p.into_inner());
        let key = (day, keyword);
        if let Some(count) = pending.get_mut(&key) {
            *count += 1;
        } else if pending.len() < MAX_KEYWORDS_PER_DAY {
            pending.insert(key, 1);
        }
    }

    /// Writes what is waiting; on failure it is kept for the next try.
    pub fn flush(&self, store: &Store) -> Result<(), StoreError> {
        let batch: HashMap<(String, String), u64> =
            std::mem::take(&mut *self.pending.lock().unwrap_or_else(|p| p.into_inner()));
        if batch.is_empty() {
            return Ok(());
        }
        let written = store.write(|txn| {
            let mut table = SEARCH_MISS_TO_COUNT.write(txn)?;
            let mut per_day: HashMap<&str, usize> = HashMap::new();
            for ((day, keyword), count) in &batch {
                let key = format!("{day}{SEPARATOR}{keyword}");
                let before = table.get(key.as_str())?;
                if before.is_none() {
                    let known = match per_day.get(day.as_str()) {
                        Some(&n) => n,
                        None => {
                            let (from, to) = day_range(day, day);
                            table.keys_in(from.as_str()..to.as_str())?.len()
                        }
                    };
                    if known >= MAX_KEYWORDS_PER_DAY {
                        continue;
                    }
                    per_day.insert(day, known + 1);
                }
                table.put(key.as_str(), &(before.unwrap_or(0) + count))?;
            }
            Ok(())
        });
        if written.is_err() {
            let mut pending = self.pending.lock().unwrap_or_else(|p| p.into_inner());
            for (key, count) in batch {
                *pending.entry(key).or_insert(0) += count;
            }
        }
        written
    }
}

fn day_range(from: &str, to: &str) -> (String, String) {
    // U+0020 sorts right after the separator, so `to` + U+0020 ends the last day.
    (format!("{from}{SEPARATOR}"), format!("{to}\u{20}"))
}

/// The most-missed keywords from `from` to `to` (shop days, inclusive), most first, at most
/// `limit`.
pub fn top_misses(
    store: &Store,
    from: Date,
    to: Date,
    limit: usize,
) -> Result<Vec<(String, u64)>, StoreError> {
    let (start, end) = day_range(&day_key(from), &day_key(to));
    let mut totals: BTreeMap<String, u64> = BTreeMap::new();
    store.read(|txn| {
        SEARCH_MISS_TO_COUNT
            .read(txn)?
            .scan_from(start.as_str(), |key, count| {
                if key >= end.as_str() {
                    return Ok::<bool, StoreError>(false);
                }
                if let Some((_, keyword)) = key.split_once(SEPARATOR) {
                    *totals.entry(keyword.to_string()).or_insert(0) += count;
                }
                Ok(true)
            })
    })?;
    let mut top: Vec<(String, u64)> = totals.into_iter().collect();
    top.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    top.truncate(limit);
    Ok(top)
}

/// Retention: forgets the counts of shop days before `before` (`YYYY-MM-DD`), in bounded
/// batches (`store::retention`); keys start with their day, so the old ones come first.
pub fn prune_days(
    store: &Store,
    before: &str,
    batch: usize,
) -> Result<crate::store::retention::Pruned, StoreError> {
    use crate::store::retention::{self, Found};
    let end = format!("{before}{SEPARATOR}");
    retention::in_batches(
        store,
        batch,
        |txn, _after: Option<&String>, batch| {
            // Each batch removes what it found, so the next one starts from the top again.
            let table = SEARCH_MISS_TO_COUNT.read(txn)?;
            let keys: Vec<String> = table
                .keys_rev_in::<&str>(..end.as_str())?
                .take(batch)
                .collect::<Result<_, _>>()?;
            let next = (keys.len() == batch).then(String::new);
            Ok(Found { keys, next })
        },
        |txn, keys| {
            let mut table = SEARCH_MISS_TO_COUNT.write(txn)?;
            let mut removed = 0;
            for key in keys {
                removed += u64::from(table.remove(key.as_str())?);
            }
            Ok(removed)
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_are_counted_folded_and_bounded() {
        assert_eq!(miss_key("  Sofá   BED "), "sofa bed");
        assert_eq!(miss_key(&"x".repeat(500)).len(), 100);
        let log = MissLog::default();
        log.record("Sofe", 0);
        log.record("sofe", 0);
        log.record("   ", 0);
        let pending = log.pending.lock().unwrap();
        assert_eq!(pending.len(), 1);
        assert_eq!(pending.values().next(), Some(&2));
    }
}
