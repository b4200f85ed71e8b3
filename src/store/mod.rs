//! The one redb file, `<data_dir>/kiosk.redb`: opening it, its schema version and migrations,
//! and seeding documents that ship inside the binary.
//!
//! Domains own their tables (see each `store.rs`); this module owns only what is shared. The
//! store is ground and imports no domain: it knows the shop's tables from its own migrations
//! (`tables.rs`), and seed documents are handed to it from above (`seed::sync`).

pub mod backup;
mod group;
pub mod migrate;
mod migrations;
pub mod offsite;
pub mod private;
pub mod retention;
pub mod seed;
pub mod table;
pub mod tables;

pub use table::{JsonTable, Txn, ValueTable};

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};

use redb::{Database, DatabaseError, ReadTransaction, ReadableDatabase, WriteTransaction};

/// Shop-wide facts about the database itself: `schema_version`, when the demo was seeded.
pub const META: ValueTable<&str, &str> = ValueTable::new("meta");

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error(
        "the data directory {0} is already in use by another kiosk process (its kiosk.redb is locked); stop that process or choose another --data-dir"
    )]
    InUse(PathBuf),
    #[error("cannot create the data directory {path}: {source}")]
    DataDir {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "the database was written by a newer kiosk (schema {found}; this binary knows up to {known}); upgrade kiosk or restore a backup"
    )]
    NewerSchema { found: u64, known: u64 },
    #[error("the database meta entry {key} holds {value:?}, which is not valid")]
    BadMeta { key: &'static str, value: String },
    #[error("stored document {key} is not valid JSON: {source}")]
    BadDocument {
        key: String,
        source: serde_json::Error,
    },
    #[error("row {key} of table {table} could not be read: {source}")]
    Decode {
        table: &'static str,
        key: String,
        source: serde_json::Error,
    },
    #[error("row {key} of table {table} could not be written: {source}")]
    Encode {
        table: &'static str,
        key: String,
        source: serde_json::Error,
    },
    #[error("database: {0}")]
    Database(#[from] redb::Error),
    /// A failure shared by everyone waiting on one transaction (redb's errors cannot be cloned).
    #[error("database: {0}")]
    Failed(String),
    #[error("the shop is shutting down")]
    Closed,
    /// The disk (or the data folder's quota) is full: nothing was written. Health, the
    /// dashboard and every refused write say so until a write succeeds again.
    #[error("the disk holding the database is full: {0}")]
    StorageFull(String),
}

impl StoreError {
    /// Whether this failure means the disk is full.
    pub fn is_storage_full(&self) -> bool {
        match self {
            StoreError::StorageFull(_) => true,
            StoreError::Database(redb::Error::Io(err)) => is_full_disk(err),
            // A file stored beside the database (a payment slip) on the same full disk.
            StoreError::DataDir { source, .. } => is_full_disk(source),
            _ => false,
        }
    }

    /// A copy for everyone who shared the failed transaction (redb's errors cannot be cloned):
    /// it keeps a full disk a full disk, the rest becomes [`StoreError::Failed`].
    pub fn shared_copy(&self) -> StoreError {
        if self.is_storage_full() {
            StoreError::StorageFull(self.to_string())
        } else {
            StoreError::Failed(self.to_string())
        }
    }
}

/// Whether an I/O error means "no space": ENOSPC (28) or EDQUOT (122) on Linux, whose kinds
/// Rust names `StorageFull` and `QuotaExceeded`.
pub fn is_full_disk(err: &std::io::Error) -> bool {
    matches!(
        err.kind(),
        std::io::ErrorKind::StorageFull | std::io::ErrorKind::QuotaExceeded
    ) || matches!(err.raw_os_error(), Some(28 | 122))
}

// redb has one error type per operation; all of them are "the database failed" to us.
macro_rules! from_redb {
    ($($t:ty),*) => {$(
        impl From<$t> for StoreError {
            fn from(err: $t) -> Self { StoreError::Database(err.into()) }
        }
    )*};
}
from_redb!(
    redb::TransactionError,
    redb::TableError,
    redb::StorageError,
    redb::CommitError
);

/// A handle on the open database; cheap to clone.
///
/// After a write fails with an I/O error (a full disk), redb refuses every later transaction
/// ("Previous I/O error occurred"). The store then closes the file and opens it again (redb
/// repairs it on open) before the next transaction, so the shop recovers as soon as space is
/// free, without a restart. Until a reopen succeeds, [`Store::failure`] names the reason and
/// `/api/health` answers 503 with it (systemd's watchdog or an operator restarts us if it
/// lasts).
///
/// A full disk is tracked apart from that, because reopening usually succeeds while the disk
/// is still full (redb reuses free pages in the file, so small writes may pass while larger
/// ones fail). From the first write refused for lack of space until the next write that commits,
/// [`Store::storage_full_since`] says so: health answers 503 `storage_full`, refused writes
/// answer 507 `storage_full` with `Retry-After`, and the staff dashboard shows it.
#[derive(Clone)]
pub struct Store {
    shared: Arc<Shared>,
}

struct Shared {
    /// `None` only between closing the failed database and a successful reopen.
    db: RwLock<Option<Arc<Database>>>,
    path: PathBuf,
    /// Why the database is unusable, from the first I/O error until a reopen succeeds.
    failure: Mutex<Option<String>>,
    /// Tests only: the next writes to the file fail as if the disk were full.
    disk_full: Arc<AtomicBool>,
    /// Unix seconds of the first write refused for lack of space; 0 while writes succeed.
    full_since: AtomicU64,
    /// The queue of the group-commit writer, started by the first grouped write.
    grouped: std::sync::OnceLock<std::sync::mpsc::SyncSender<group::Job>>,
}

/// The file backend with a switch that makes writes fail like a full disk (tests only; in
/// production the switch stays off and every call goes straight to the file).
#[derive(Debug)]
struct FileWithSwitch {
    file: redb::backends::FileBackend,
    disk_full: Arc<AtomicBool>,
}

impl FileWithSwitch {
    fn full(&self) -> Result<(), std::io::Error> {
        if self.disk_full.load(Ordering::Relaxed) {
            Err(std::io::Error::from_raw_os_error(28)) // ENOSPC
        } else {
            Ok(())
        }
    }
}

type Lock = Result<(), redb::BackendError>;
type Bound = std::ops::Bound<u64>;

impl redb::StorageBackend for FileWithSwitch {
    fn len(&self) -> Result<u64, std::io::Error> {
        self.file.len()
    }
    fn read(&self, offset: u64, out: &mut [u8]) -> Result<(), std::io::Error> {
        self.file.read(offset, out)
    }
    fn set_len(&self, len: u64) -> Result<(), std::io::Error> {
        self.full()?;
        self.file.set_len(len)
    }
    fn sync_data(&self) -> Result<(), std::io::Error> {
        self.full()?;
        self.file.sync_data()
    }
    fn write(&self, offset: u64, data: &[u8]) -> Result<(), std::io::Error> {
        self.full()?;
        self.file.write(offset, data)
    }
    fn close(&self) -> Result<(), std::io::Error> {
        self.file.close()
    }
    fn try_lock_range(&self, start: Bound, end: Bound) -> Result<bool, redb::BackendError> {
        self.file.try_lock_range(start, end)
    }
    fn try_lock_shared_range(&self, start: Bound, end: Bound) -> Result<bool, redb::BackendError> {
        self.file.try_lock_shared_range(start, end)
    }
    fn lock_range(&self, start: Bound, end: Bound) -> Lock {
        self.file.lock_range(start, end)
    }
    fn lock_shared_range(&self, start: Bound, end: Bound) -> Lock {
        self.file.lock_shared_range(start, end)
    }
    fn unlock_range(&self, start: Bound, end: Bound) -> Lock {
        self.file.unlock_range(start, end)
    }
    fn query_lock_range(&self, start: Bound, end: Bound) -> Result<bool, redb::BackendError> {
        self.file.query_lock_range(start, end)
    }
}

/// Drops the database in `slot` if no transaction holds it (dropping closes the file).
fn close_slot(slot: &mut Option<Arc<Database>>) -> bool {
    let Some(current) = slot.take() else {
        return false;
    };
    match Arc::try_unwrap(current) {
        Ok(db) => {
            drop(db);
            true
        }
        Err(shared) => {
            *slot = Some(shared);
            false
        }
    }
}

fn open_file(path: &Path, disk_full: &Arc<AtomicBool>) -> Result<Database, DatabaseError> {
    let file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)?;
    let backend = FileWithSwitch {
        file: redb::backends::FileBackend::new(file)?,
        disk_full: disk_full.clone(),
    };
    redb::Builder::new()
        .set_cache_size(CACHE_BYTES)
        .create_with_backend(backend)
}

/// redb's page cache. Its default (1 GiB) let the cache keep every page a busy hour wrote, so
/// resident memory climbed with each write and never came down (issue 15: 267 MB idle after an
/// attack run). The hot reads come from in-memory snapshots (catalogue, content), so the cache
/// only needs the pages of orders, carts and accounts in use.
const CACHE_BYTES: usize = 32 * 1024 * 1024;

/// Whether an error means the file could not be written (redb is poisoned until reopened).
fn is_io(err: &StoreError) -> bool {
    matches!(
        err,
        StoreError::Database(redb::Error::Io(_) | redb::Error::PreviousIo)
    )
}

impl Store {
    /// Opens (creating if needed) `<data_dir>/kiosk.redb` and brings its schema up to date.
    /// redb locks the file, so a second server on the same folder gets [`StoreError::InUse`].
    pub fn open(data_dir: &Path) -> Result<Store, StoreError> {
        let store = Store::open_unmigrated(data_dir)?;
        migrate::migrate(&store)?;
        Ok(store)
    }

    /// Opens the file without touching its schema: for tools that inspect or verify a file, and
    /// for tests that write a database the way an older release did.
    pub fn open_unmigrated(data_dir: &Path) -> Result<Store, StoreError> {
        let dir_error = |source| StoreError::DataDir {
            path: data_dir.into(),
            source,
        };
        std::fs::create_dir_all(data_dir).map_err(dir_error)?;
        private::restrict_dir(data_dir).map_err(dir_error)?;
        let path = data_dir.join("kiosk.redb");
        let disk_full = Arc::new(AtomicBool::new(false));
        let db = match open_file(&path, &disk_full) {
            Ok(db) => db,
            Err(DatabaseError::DatabaseAlreadyOpen) => {
                return Err(StoreError::InUse(data_dir.into()));
            }
            Err(err) => return Err(StoreError::Database(err.into())),
        };
        // The database holds the token signing secret: owner only, whatever the umask.
        private::restrict_file(&path).map_err(dir_error)?;
        Ok(Store {
            shared: Arc::new(Shared {
                db: RwLock::new(Some(Arc::new(db))),
                path,
                failure: Mutex::new(None),
                disk_full,
                full_since: AtomicU64::new(0),
                grouped: std::sync::OnceLock::new(),
            }),
        })
    }

    /// The open database, reopened first if an I/O error poisoned it.
    pub fn db(&self) -> Result<Arc<Database>, StoreError> {
        if self.failure().is_some() {
            self.reopen();
        }
        let slot = self.shared.db.read().unwrap_or_else(|p| p.into_inner());
        match &*slot {
            Some(db) => Ok(db.clone()),
            None => {
                let reason = self
                    .failure()
                    .unwrap_or_else(|| "the database is closed or being reopened".into());
                Err(if self.storage_full_since().is_some() {
                    StoreError::StorageFull(reason)
                } else {
                    StoreError::Failed(reason)
                })
            }
        }
    }

    /// Closes and reopens the database to let go of its page cache (up to `CACHE_BYTES`, filled
    /// by every page written), when no transaction holds it. redb has no call to empty the
    /// cache; reopening a cleanly closed file is quick. Returns whether it was done.
    pub fn release_cache(&self) -> bool {
        let mut slot = self.shared.db.write().unwrap_or_else(|p| p.into_inner());
        if self.failure().is_some() {
            return false;
        }
        // A transaction is running: the shop is not quiet after all.
        if !close_slot(&mut slot) {
            return false;
        }
        match open_file(&self.shared.path, &self.shared.disk_full) {
            Ok(db) => {
                *slot = Some(Arc::new(db));
                true
            }
            Err(err) => {
                tracing::error!(error = %err, "reopening the database to free its cache failed");
                *self
                    .shared
                    .failure
                    .lock()
                    .unwrap_or_else(|p| p.into_inner()) =
                    Some(format!("the database could not be reopened: {err}"));
                false
            }
        }
    }

    /// Closes the database file when no transaction holds it, so that redb marks it closed
    /// cleanly: a file left open at exit is checked page by page at the next start (redb's
    /// repair, ~0.4 s per 300 MB, most of a large shop's start-up). Later transactions fail.
    /// Returns whether it was closed.
    pub fn close(&self) -> bool {
        close_slot(&mut self.shared.db.write().unwrap_or_else(|p| p.into_inner()))
    }

    /// Why the database cannot be used right now (after an I/O error, until it is reopened).
    pub fn failure(&self) -> Option<String> {
        self.shared
            .failure
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Records an I/O failure so the next transaction reopens the file, and a full disk so
    /// that health and the dashboard report it; other errors pass. While the disk is full,
    /// redb's "a previous I/O error occurred" is that same full disk.
    pub fn noted(&self, err: StoreError) -> StoreError {
        if is_io(&err) {
            tracing::error!(error = %err, "database write failed; it will be reopened");
            let mut failure = self
                .shared
                .failure
                .lock()
                .unwrap_or_else(|p| p.into_inner());
            failure.get_or_insert_with(|| format!("the database could not be written: {err}"));
        }
        if err.is_storage_full() {
            self.mark_full();
            return StoreError::StorageFull(err.to_string());
        }
        if matches!(err, StoreError::Database(redb::Error::PreviousIo))
            && self.storage_full_since().is_some()
        {
            return StoreError::StorageFull(err.to_string());
        }
        err
    }

    /// Since when (Unix seconds) writes have been refused for lack of space; `None` while the
    /// store writes normally.
    pub fn storage_full_since(&self) -> Option<u64> {
        match self.shared.full_since.load(Ordering::Relaxed) {
            0 => None,
            since => Some(since),
        }
    }

    fn mark_full(&self) {
        let now = time::OffsetDateTime::now_utc().unix_timestamp().max(1) as u64;
        if self
            .shared
            .full_since
            .compare_exchange(0, now, Ordering::Relaxed, Ordering::Relaxed)
            .is_ok()
        {
            tracing::error!("the disk is full: writes are refused until space is freed");
        }
    }

    /// A write committed: the disk has room again. (Read first: every commit passes here, and
    /// a load leaves the shared cache line alone.)
    fn mark_written(&self) {
        if self.shared.full_since.load(Ordering::Relaxed) != 0
            && self.shared.full_since.swap(0, Ordering::Relaxed) != 0
        {
            tracing::warn!("the disk has room again: writes succeed");
        }
    }

    /// Commits a write as large as a busy order transaction (then removes it) to learn whether
    /// the store can write: health calls it while a failure or a full disk is on record, so the
    /// state clears as soon as space is back even when no shopper writes. A tiny probe is not
    /// enough: on a full disk redb still fits a few pages into space the file already holds,
    /// while an order, which touches a dozen tables, is refused (measured on a full tmpfs).
    pub fn probe_write(&self) -> Result<(), StoreError> {
        let ballast = "0".repeat(PROBE_BYTES);
        self.write(|txn| META.write(txn)?.put(PROBE_KEY, ballast.as_str()))?;
        self.write(|txn| META.write(txn)?.remove(PROBE_KEY).map(drop))
    }

    /// Closes the poisoned database and opens the file again (redb repairs it). Waits a
    /// moment for transactions still holding the old one; gives up quietly if it cannot.
    fn reopen(&self) {
        let mut slot = self.shared.db.write().unwrap_or_else(|p| p.into_inner());
        if self.failure().is_none() {
            return; // another thread reopened it meanwhile
        }
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(2);
        loop {
            if let Some(old) = slot.take() {
                match Arc::try_unwrap(old) {
                    Ok(old) => drop(old),
                    Err(shared) => {
                        // Someone still uses it; try again shortly.
                        *slot = Some(shared);
                        if std::time::Instant::now() > deadline {
                            return;
                        }
                        std::thread::sleep(std::time::Duration::from_millis(10));
                        continue;
                    }
                }
            }
            match open_file(&self.shared.path, &self.shared.disk_full) {
                Ok(db) => {
                    *slot = Some(Arc::new(db));
                    *self
                        .shared
                        .failure
                        .lock()
                        .unwrap_or_else(|p| p.into_inner()) = None;
                    tracing::warn!("database reopened after an I/O error");
                    return;
                }
                Err(DatabaseError::DatabaseAlreadyOpen) if std::time::Instant::now() < deadline => {
                    // A transaction of the old handle is still finishing.
                    std::thread::sleep(std::time::Duration::from_millis(10));
                }
                Err(err) => {
                    tracing::error!(error = %err, "reopening the database failed");
                    if matches!(&err, DatabaseError::Storage(redb::StorageError::Io(io)) if is_full_disk(io))
                    {
                        self.mark_full();
                    }
                    *self
                        .shared
                        .failure
                        .lock()
                        .unwrap_or_else(|p| p.into_inner()) =
                        Some(format!("the database cannot be reopened: {err}"));
                    return;
                }
            }
        }
    }

    /// Tests only: makes every write to the file fail with "No space left on device" while
    /// `full` is true, as a full disk would.
    #[doc(hidden)]
    pub fn simulate_full_disk(&self, full: bool) {
        self.shared.disk_full.store(full, Ordering::Relaxed);
    }

    /// Begins a write transaction, noting an I/O failure.
    pub fn begin_write(&self) -> Result<WriteTransaction, StoreError> {
        let db = self.db()?;
        db.begin_write()
            .map_err(|e| self.noted(StoreError::from(e)))
    }

    /// Commits a transaction begun with [`Store::begin_write`], noting an I/O failure.
    pub fn commit(&self, txn: WriteTransaction) -> Result<(), StoreError> {
        let _timer = crate::metrics::Timer::start(crate::metrics::DATABASE_COMMIT);
        txn.commit().map_err(|e| self.noted(StoreError::from(e)))?;
        self.mark_written();
        Ok(())
    }

    /// Runs `work` in a read transaction (a consistent snapshot).
    pub fn read<T, E: From<StoreError>>(
        &self,
        work: impl FnOnce(&ReadTransaction) -> Result<T, E>,
    ) -> Result<T, E> {
        let db = self.db()?;
        let txn = db
            .begin_read()
            .map_err(|e| self.noted(StoreError::from(e)))?;
        work(&txn)
    }

    /// Runs `work` in one write transaction and commits it when `work` succeeds; an error
    /// abandons every write `work` made. Commits are durable (redb's default): when this
    /// returns, the change survives `kill -9` and power loss.
    pub fn write<T, E: From<StoreError>>(
        &self,
        work: impl FnOnce(&WriteTransaction) -> Result<T, E>,
    ) -> Result<T, E> {
        let txn = self.begin_write()?;
        let value = work(&txn)?;
        self.commit(txn)?;
        Ok(value)
    }

    pub fn path(&self) -> &Path {
        &self.shared.path
    }
}

/// The `meta` row health's probe writes and removes again.
const PROBE_KEY: &str = "write_probe";
/// How much the probe writes: more than an order transaction dirties (a few hundred KB).
const PROBE_BYTES: usize = 1024 * 1024;

/// Per-table id sequences: sequence name → the next id to hand out.
pub const SEQUENCE_NAME_TO_NEXT: ValueTable<&str, u64> = ValueTable::new("sequence_name_to_next");

/// Takes the next id of a sequence inside the caller's write transaction, so the id and the
/// row it names commit (or vanish) together.
pub fn next_id(txn: &WriteTransaction, sequence: &str) -> Result<u64, StoreError> {
    let mut table = SEQUENCE_NAME_TO_NEXT.write(txn)?;
    let next = table.get(sequence)?.unwrap_or(1);
    table.put(sequence, next + 1)?;
    Ok(next)
}
