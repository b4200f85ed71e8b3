//! The one redb file, `<data_dir>/kiosk.redb`: opening it, its schema version and migrations,
//! and seeding documents that ship inside the binary.
//!
//! Domains own their tables (see each `store.rs`); this module owns only what is shared.

pub mod backup;
pub mod migrate;
pub mod private;
pub mod seed;
pub mod table;
pub mod tables;

pub use table::{JsonTable, Txn, ValueTable};

use std::path::{Path, PathBuf};
use std::sync::Arc;

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
#[derive(Clone)]
pub struct Store {
    db: Arc<Database>,
    path: PathBuf,
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
        let db = match Database::create(&path) {
            Ok(db) => db,
            Err(DatabaseError::DatabaseAlreadyOpen) => {
                return Err(StoreError::InUse(data_dir.into()));
            }
            Err(err) => return Err(StoreError::Database(err.into())),
        };
        // The database holds the token signing secret: owner only, whatever the umask.
        private::restrict_file(&path).map_err(dir_error)?;
        Ok(Store {
            db: Arc::new(db),
            path,
        })
    }

    pub fn db(&self) -> &Database {
        &self.db
    }

    /// Runs `work` in a read transaction (a consistent snapshot).
    pub fn read<T, E: From<StoreError>>(
        &self,
        work: impl FnOnce(&ReadTransaction) -> Result<T, E>,
    ) -> Result<T, E> {
        let txn = self.db.begin_read().map_err(StoreError::from)?;
        work(&txn)
    }

    /// Runs `work` in one write transaction and commits it when `work` succeeds; an error
    /// abandons every write `work` made. Commits are durable (redb's default): when this
    /// returns, the change survives `kill -9` and power loss.
    pub fn write<T, E: From<StoreError>>(
        &self,
        work: impl FnOnce(&WriteTransaction) -> Result<T, E>,
    ) -> Result<T, E> {
        let txn = self.db.begin_write().map_err(StoreError::from)?;
        let value = work(&txn)?;
        txn.commit().map_err(StoreError::from)?;
        Ok(value)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

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
