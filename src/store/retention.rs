//! Retention (docs/OPERATING.md "Retention"): what a years-long shop drops or gives back, in
//! bounded steps so the shop keeps answering meanwhile.
//!
//! Deleting is done in batches of at most [`BATCH`] rows per write transaction: a batch finds
//! its rows in a read transaction (which never blocks anyone), then removes them in one short
//! write transaction that checks each row again. Five hundred removals and a commit take a few
//! milliseconds, far below the 50 ms a batch may hold the write lock, and other writers (orders,
//! carts) take their turn between batches. What was done is counted in [`Pruned`], so tests
//! check the bound by counting rather than by timing.

use redb::{ReadTransaction, WriteTransaction};

use super::{Store, StoreError};

/// The most rows one write transaction of housekeeping removes.
pub const BATCH: usize = 500;
/// The most rows one read transaction looks at while finding a batch.
pub const SCAN: usize = 20_000;

/// What one retention pass removed, and in how many write transactions.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pruned {
    pub removed: u64,
    /// Write transactions used (one per batch).
    pub batches: u64,
    /// The most rows any one of them removed (never above the batch size).
    pub largest_batch: u64,
}

impl Pruned {
    fn add(&mut self, removed: u64) {
        if removed > 0 {
            self.removed += removed;
            self.batches += 1;
            self.largest_batch = self.largest_batch.max(removed);
        }
    }
}

/// What a scan found: the keys to remove (at most the batch size) and where to go on from;
/// `None` when the table has nothing further to look at.
pub struct Found<K> {
    pub keys: Vec<K>,
    pub next: Option<K>,
}

/// Removes rows in bounded batches until `find` has looked at everything: `find` reads (from
/// the cursor, `None` at first) and answers at most `batch` keys and the next cursor;
/// `remove` deletes those keys in one write transaction (checking each again) and answers how
/// many it removed.
pub fn in_batches<K: Clone>(
    store: &Store,
    batch: usize,
    mut find: impl FnMut(&ReadTransaction, Option<&K>, usize) -> Result<Found<K>, StoreError>,
    mut remove: impl FnMut(&WriteTransaction, &[K]) -> Result<u64, StoreError>,
) -> Result<Pruned, StoreError> {
    let batch = batch.max(1);
    let mut pruned = Pruned::default();
    let mut cursor: Option<K> = None;
    loop {
        let found = store.read(|txn| find(txn, cursor.as_ref(), batch))?;
        if !found.keys.is_empty() {
            let keys = &found.keys[..found.keys.len().min(batch)];
            let removed = store.write(|txn| remove(txn, keys))?;
            pruned.add(removed);
        }
        match found.next {
            Some(next) => cursor = Some(next),
            None => return Ok(pruned),
        }
    }
}

/// How much of the file is free space that compaction would give back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Space {
    pub file_bytes: u64,
    /// Pages holding nothing (freed by deletes) and the unused parts of pages.
    pub free_bytes: u64,
}

impl Space {
    /// The free share in percent.
    pub fn free_percent(&self) -> u64 {
        (self.free_bytes * 100)
            .checked_div(self.file_bytes)
            .unwrap_or(0)
    }
}

impl Store {
    /// The file's size and how much of it is free (one write transaction, abandoned).
    pub fn space(&self) -> Result<Space, StoreError> {
        let file_bytes = std::fs::metadata(self.path()).map(|m| m.len()).unwrap_or(0);
        let db = self.db()?;
        let txn = db.begin_write().map_err(StoreError::from)?;
        let stats = txn.stats().map_err(StoreError::from)?;
        txn.abort().map_err(StoreError::from)?;
        let used = stats.stored_bytes() + stats.metadata_bytes();
        Ok(Space {
            file_bytes,
            free_bytes: file_bytes.saturating_sub(used),
        })
    }

    /// Compacts the file, giving its free pages back to the disk: with the server stopped
    /// (`kiosk compact`), or in the maintenance window when nothing holds the database. Answers
    /// the file's size before and after, or `None` when a transaction holds the database now
    /// (try again later). Requests wait while it runs.
    pub fn compact(&self) -> Result<Option<(u64, u64)>, StoreError> {
        let size = || std::fs::metadata(self.path()).map(|m| m.len()).unwrap_or(0);
        let before = size();
        let mut slot = self.shared.db.write().unwrap_or_else(|p| p.into_inner());
        let Some(current) = slot.take() else {
            return Err(StoreError::Failed("the database is closed".into()));
        };
        let mut db = match std::sync::Arc::try_unwrap(current) {
            Ok(db) => db,
            Err(shared) => {
                *slot = Some(shared);
                return Ok(None);
            }
        };
        let mut outcome = Ok(());
        loop {
            match db.compact() {
                Ok(true) => continue,
                Ok(false) => break,
                Err(err) => {
                    outcome = Err(StoreError::Failed(format!("compaction failed: {err}")));
                    break;
                }
            }
        }
        *slot = Some(std::sync::Arc::new(db));
        drop(slot);
        outcome?;
        Ok(Some((before, size())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::SEQUENCE_NAME_TO_NEXT as ROWS;

    const COUNT: u64 = 12_345;

    #[test]
    fn batches_never_exceed_their_bound_and_compaction_gives_space_back() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        store
            .write(|txn| {
                let mut rows = ROWS.write(txn)?;
                for n in 0..COUNT {
                    rows.put(format!("t{n:05}").as_str(), n % 3)?;
                }
                Ok::<(), StoreError>(())
            })
            .unwrap();
        // Remove the rows whose value is 0 (4 115 of them), 500 at most per transaction.
        let pruned = in_batches(
            &store,
            BATCH,
            |txn, after: Option<&String>, batch| {
                let rows = ROWS.read(txn)?;
                let (mut keys, mut next, mut looked) = (Vec::new(), None, 0);
                let start = after.map_or("t".to_string(), |a| format!("{a}\0"));
                rows.scan_from(start.as_str(), |key, value| {
                    if !key.starts_with('t') {
                        return Ok::<bool, StoreError>(false);
                    }
                    looked += 1;
                    next = Some(key.to_string());
                    if value == 0 {
                        keys.push(key.to_string());
                    }
                    Ok(keys.len() < batch && looked < SCAN)
                })?;
                if keys.len() < batch && looked < SCAN {
                    next = None;
                }
                Ok(Found { keys, next })
            },
            |txn, keys| {
                let mut rows = ROWS.write(txn)?;
                let mut removed = 0;
                for key in keys {
                    removed += u64::from(rows.remove(key.as_str())?);
                }
                Ok(removed)
            },
        )
        .unwrap();
        assert_eq!(pruned.removed, 4_115);
        assert_eq!(pruned.batches, 9, "{pruned:?}");
        assert_eq!(pruned.largest_batch, BATCH as u64);
        let left = store
            .read(|txn| Ok::<_, StoreError>(ROWS.read(txn)?.keys_in("t".."u")?.len()))
            .unwrap();
        assert_eq!(left as u64, COUNT - 4_115);

        store
            .write(|txn| {
                ROWS.write(txn)?.retain(|key, _| !key.starts_with('t'))?;
                Ok::<(), StoreError>(())
            })
            .unwrap();
        let space = store.space().unwrap();
        assert!(space.free_percent() > 0, "{space:?}");
        let (before, after) = store.compact().unwrap().expect("nothing holds the file");
        assert!(after < before, "{before} → {after}");
    }
}
