//! Group commit for small independent writes (cart changes): writes waiting at the same moment
//! share one write transaction and one durable commit, so thirty shoppers adding to their carts
//! cost one fsync instead of thirty. Each caller still gets its answer only after the commit,
//! so a success survives `kill -9` as with [`Store::write`].
//!
//! The contract for the work given to [`Store::write_grouped`]: it refuses (returns `Err`)
//! before it writes anything, because its writes are committed with the others in its group.
//! A failure of the store itself fails the whole group.

use std::sync::mpsc::{self, Receiver, SyncSender};
use std::sync::{Arc, Weak};

use redb::WriteTransaction;

use super::{Shared, Store, StoreError};

/// What a queued write does in the shared transaction; answers how to tell its caller the
/// outcome of the commit.
pub(super) type Job = Box<dyn FnOnce(&WriteTransaction) -> Finish + Send>;
type Finish = Box<dyn FnOnce(Result<(), &StoreError>) + Send>;

/// The most writes one transaction takes; more wait for the next.
const MAX_GROUP: usize = 256;

/// Starts the writer thread of a store; it ends when the store's last handle is dropped
/// (the sender lives in the store, the thread holds only a weak reference).
pub(super) fn start(shared: Weak<Shared>) -> SyncSender<Job> {
    let (queue, incoming) = mpsc::sync_channel::<Job>(4096);
    std::thread::Builder::new()
        .name("grouped-writes".into())
        .spawn(move || run(&shared, &incoming))
        .expect("the grouped-writes thread starts");
    queue
}

fn run(shared: &Weak<Shared>, incoming: &Receiver<Job>) {
    while let Ok(first) = incoming.recv() {
        let mut group = vec![first];
        while group.len() < MAX_GROUP {
            match incoming.try_recv() {
                Ok(more) => group.push(more),
                Err(_) => break,
            }
        }
        let Some(shared) = shared.upgrade() else {
            return;
        };
        let (finishes, committed) = commit_group(&Store { shared }, group);
        // The store handle is gone before anyone hears back, so a caller that drops its last
        // handle after the answer really closes the database.
        for finish in finishes {
            finish(committed.as_ref().map(|_| ()));
        }
    }
}

/// Runs a group in one transaction and commits it; answers the callers' finishers and the
/// commit's outcome.
fn commit_group(store: &Store, group: Vec<Job>) -> (Vec<Finish>, Result<(), StoreError>) {
    let txn = match store.begin_write() {
        Ok(txn) => txn,
        Err(err) => {
            // Nothing ran: dropping the jobs closes their callers' channels.
            tracing::warn!(error = %err, "grouped writes not run");
            return (Vec::new(), Err(err));
        }
    };
    let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        group.into_iter().map(|job| job(&txn)).collect::<Vec<_>>()
    }));
    match ran {
        Ok(finishes) => {
            let committed = store.commit(txn);
            (finishes, committed)
        }
        Err(_) => {
            // The callers' channels closed with the panic; they answer with an error.
            tracing::error!("a grouped write panicked; its group was rolled back");
            (Vec::new(), Ok(()))
        }
    }
}

impl Store {
    /// Runs `work` in a write transaction shared with other grouped writes, and answers once
    /// that transaction is durably committed. `work` must refuse before it writes (see the
    /// module documentation).
    pub fn write_grouped<T, E>(
        &self,
        work: impl FnOnce(&WriteTransaction) -> Result<T, E> + Send + 'static,
    ) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<StoreError> + Send + 'static,
    {
        let (reply, answer) = mpsc::sync_channel::<Result<T, E>>(1);
        let job: Job = Box::new(move |txn| {
            let outcome = work(txn);
            Box::new(move |committed: Result<(), &StoreError>| {
                let answer = match committed {
                    Ok(()) => outcome,
                    Err(err) => Err(E::from(err.shared_copy())),
                };
                let _ = reply.send(answer);
            })
        });
        let queue = self
            .shared
            .grouped
            .get_or_init(|| start(Arc::downgrade(&self.shared)));
        queue.send(job).map_err(|_| E::from(StoreError::Closed))?;
        answer.recv().unwrap_or_else(|_| {
            let reason = self
                .failure()
                .unwrap_or_else(|| "the write was dropped unanswered".into());
            Err(E::from(if self.storage_full_since().is_some() {
                StoreError::StorageFull(reason)
            } else {
                StoreError::Failed(reason)
            }))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::ValueTable;

    const COUNTS: ValueTable<&str, u64> = ValueTable::new("group_test_counts");

    #[derive(Debug)]
    enum Refused {
        Store,
        No,
    }

    impl From<StoreError> for Refused {
        fn from(_: StoreError) -> Self {
            Refused::Store
        }
    }

    #[test]
    fn concurrent_writes_share_commits_and_each_answers_after_it() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        let threads: Vec<_> = (0..32)
            .map(|t| {
                let store = store.clone();
                std::thread::spawn(move || {
                    for n in 0..20u64 {
                        let key = format!("t{t}");
                        let written = store
                            .write_grouped(move |txn| {
                                let mut table = COUNTS.write(txn)?;
                                let now = table.get(key.as_str())?.unwrap_or(0);
                                table.put(key.as_str(), now + 1)?;
                                Ok::<u64, StoreError>(now + 1)
                            })
                            .unwrap();
                        assert_eq!(written, n + 1);
                        // Answered only after the commit: a new read transaction sees it.
                        let key = format!("t{t}");
                        let seen = store
                            .read(|txn| COUNTS.read(txn)?.get(key.as_str()))
                            .unwrap();
                        assert_eq!(seen, Some(n + 1));
                    }
                })
            })
            .collect();
        for thread in threads {
            thread.join().unwrap();
        }
        let total: u64 = store
            .read(|txn| {
                let table = COUNTS.read(txn)?;
                let mut sum = 0;
                for t in 0..32 {
                    sum += table.get(format!("t{t}").as_str())?.unwrap_or(0);
                }
                Ok::<_, StoreError>(sum)
            })
            .unwrap();
        assert_eq!(total, 32 * 20);
    }

    #[test]
    fn a_refusal_writes_nothing_and_leaves_the_others_in_its_group() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        let refused = store.write_grouped(|_txn| Err::<(), Refused>(Refused::No));
        assert!(matches!(refused, Err(Refused::No)));
        let kept = store.write_grouped(|txn| {
            COUNTS.write(txn)?.put("kept", 7)?;
            Ok::<(), Refused>(())
        });
        assert!(kept.is_ok());
        assert_eq!(
            store.read(|txn| COUNTS.read(txn)?.get("kept")).unwrap(),
            Some(7)
        );
    }

    #[test]
    fn a_panicking_write_fails_its_caller_and_the_writer_carries_on() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        let store2 = store.clone();
        let panicked = std::thread::spawn(move || {
            store2.write_grouped(|_txn| -> Result<(), StoreError> { panic!("a bug") })
        })
        .join()
        .unwrap();
        assert!(panicked.is_err());
        let after = store.write_grouped(|txn| {
            COUNTS.write(txn)?.put("after", 1)?;
            Ok::<(), StoreError>(())
        });
        assert!(after.is_ok());
    }

    #[test]
    fn the_writer_thread_ends_with_the_store() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        store
            .write_grouped(|txn| {
                COUNTS.write(txn)?.put("x", 1)?;
                Ok::<(), StoreError>(())
            })
            .unwrap();
        drop(store);
        // The file is released: it opens again at once.
        let again = Store::open(dir.path()).unwrap();
        assert_eq!(
            again.read(|txn| COUNTS.read(txn)?.get("x")).unwrap(),
            Some(1)
        );
    }
}
