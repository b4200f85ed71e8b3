//! Online backups and restores.
//!
//! A backup is ONE tar file: `manifest.json` (versions, row counts, SHA-256 of every member),
//! `kiosk.redb` (a consistent snapshot) and `files/…` (uploads). The snapshot is taken inside
//! the process holding the database, from one read transaction, by copying every table into a
//! fresh redb file: copying the live file while writes happen is unsafe (redb #634), and a
//! read transaction sees one committed state while writers carry on. The archive is written
//! under a temporary name beside the destination and renamed only when complete and synced.
//!
//! A restore verifies everything (archive structure, hashes, redb integrity, schema version)
//! in a staging folder before it touches the data directory, and keeps what it replaces as
//! `kiosk.redb.before-restore` and `files.before-restore`.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufReader, BufWriter, Read};
use std::path::{Component, Path, PathBuf};
use std::time::Instant;

use redb::{Database, DatabaseError, ReadableDatabase};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::migrate::{SCHEMA_VERSION, schema_version};
use super::tables::{ALL_TABLES, unlisted_tables};
use super::{Store, StoreError};

const FORMAT: &str = "kiosk-backup";
const FORMAT_VERSION: u32 = 1;
const DATABASE_MEMBER: &str = "kiosk.redb";
const MANIFEST_MEMBER: &str = "manifest.json";
const FILES_MEMBER: &str = "files";

#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error("{context}: {source}")]
    Io {
        context: String,
        source: std::io::Error,
    },
    #[error("{file} is damaged or is not a kiosk backup ({reason}); nothing was changed")]
    Damaged { file: PathBuf, reason: String },
    #[error(
        "the data directory {0} is in use by a running kiosk server; stop it first (systemctl stop kiosk)"
    )]
    InUse(PathBuf),
    #[error(
        "the backup was written by a newer kiosk (schema {found}; this binary knows up to {known}); restore it with that version or newer"
    )]
    NewerSchema { found: u64, known: u64 },
    #[error(
        "the database holds tables this binary cannot copy ({0}); upgrade kiosk before taking a backup"
    )]
    UnknownTables(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

fn io(context: impl Into<String>) -> impl FnOnce(std::io::Error) -> BackupError {
    let context = context.into();
    move |source| BackupError::Io { context, source }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Manifest {
    pub format: String,
    pub format_version: u32,
    pub kiosk_version: String,
    pub schema_version: u64,
    pub created_at: String,
    pub database: Member,
    pub tables: BTreeMap<String, u64>,
    pub files: Vec<Member>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Member {
    pub path: String,
    pub bytes: u64,
    pub sha256: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BackupReport {
    pub path: PathBuf,
    pub bytes: u64,
    pub millis: u64,
    pub rows: u64,
    pub files: usize,
}

/// Writes a backup of `store` and `files_dir` to exactly `dest`.
pub fn write_backup(
    store: &Store,
    files_dir: &Path,
    dest: &Path,
) -> Result<BackupReport, BackupError> {
    let started = Instant::now();
    let parent = match dest.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if !parent.is_dir() {
        return Err(BackupError::Io {
            context: format!("cannot write {}", dest.display()),
            source: std::io::Error::new(
                std::io::ErrorKind::NotFound,
                format!("the folder {} does not exist", parent.display()),
            ),
        });
    }
    let staging = tempfile::Builder::new()
        .prefix(".kiosk-backup-")
        .tempdir_in(&parent)
        .map_err(io(format!("cannot write in {}", parent.display())))?;

    // 1. A consistent snapshot of every table from one read transaction.
    let snapshot_path = staging.path().join(DATABASE_MEMBER);
    let mut tables = BTreeMap::new();
    {
        let read = store.db()?.begin_read().map_err(StoreError::from)?;
        let unlisted = unlisted_tables(&read)?;
        if !unlisted.is_empty() {
            return Err(BackupError::UnknownTables(unlisted.join(", ")));
        }
        let snapshot =
            Database::create(&snapshot_path).map_err(|e| StoreError::Database(e.into()))?;
        let write = snapshot.begin_write().map_err(StoreError::from)?;
        for table in ALL_TABLES.iter() {
            tables.insert(table.name().to_string(), table.copy(&read, &write)?);
        }
        write.commit().map_err(StoreError::from)?;
    }
    let database = member(&snapshot_path, DATABASE_MEMBER)?;

    // 2. Uploaded files.
    let mut files = Vec::new();
    if files_dir.is_dir() {
        collect_files(files_dir, files_dir, &mut files)?;
    }

    // 3. The archive, synced, then renamed into place.
    let manifest = Manifest {
        format: FORMAT.into(),
        format_version: FORMAT_VERSION,
        kiosk_version: env!("CARGO_PKG_VERSION").into(),
        schema_version: schema_version(store)?,
        created_at: now_rfc3339(),
        database,
        tables,
        files,
    };
    let archive_path = staging.path().join("archive.tar");
    {
        let file = File::create(&archive_path).map_err(io("cannot create the archive"))?;
        // A backup holds everything the database does, the signing secret included.
        super::private::restrict_file(&archive_path)
            .map_err(io("cannot make the archive private"))?;
        let mut tar = tar::Builder::new(BufWriter::new(file));
        let manifest_json = serde_json::to_vec_pretty(&manifest)
            .map_err(std::io::Error::other)
            .map_err(io("cannot write the manifest"))?;
        append_regular(
            &mut tar,
            MANIFEST_MEMBER,
            manifest_json.len() as u64,
            manifest_json.as_slice(),
        )
        .map_err(io("cannot write the archive"))?;
        let snapshot = File::open(&snapshot_path).map_err(io("cannot read the snapshot"))?;
        append_regular(&mut tar, DATABASE_MEMBER, manifest.database.bytes, snapshot)
            .map_err(io("cannot write the archive"))?;
        for file in &manifest.files {
            let source = files_dir.join(file.path.trim_start_matches("files/"));
            let reader =
                File::open(&source).map_err(io(format!("cannot read {}", source.display())))?;
            append_regular(&mut tar, &file.path, file.bytes, reader)
                .map_err(io(format!("cannot add {}", source.display())))?;
        }
        let writer = tar.into_inner().map_err(io("cannot finish the archive"))?;
        let file = writer.into_inner().map_err(|e| BackupError::Io {
            context: "cannot finish the archive".into(),
            source: e.into_error(),
        })?;
        file.sync_all().map_err(io("cannot sync the archive"))?;
    }
    std::fs::rename(&archive_path, dest)
        .map_err(io(format!("cannot move the archive to {}", dest.display())))?;
    sync_dir(&parent);
    let bytes = std::fs::metadata(dest).map(|m| m.len()).unwrap_or_default();
    Ok(BackupReport {
        path: dest.to_path_buf(),
        bytes,
        millis: started.elapsed().as_millis() as u64,
        rows: manifest.tables.values().sum(),
        files: manifest.files.len(),
    })
}

/// A backup unpacked and checked in a staging folder.
pub struct VerifiedBackup {
    pub manifest: Manifest,
    pub staging: tempfile::TempDir,
}

/// Unpacks `file` into a staging folder under `staging_parent` and checks it completely.
pub fn verify(file: &Path, staging_parent: &Path) -> Result<VerifiedBackup, BackupError> {
    let damaged = |reason: String| BackupError::Damaged {
        file: file.to_path_buf(),
        reason,
    };
    let archive = File::open(file).map_err(io(format!("cannot open {}", file.display())))?;
    std::fs::create_dir_all(staging_parent)
        .map_err(io(format!("cannot create {}", staging_parent.display())))?;
    let staging = tempfile::Builder::new()
        .prefix(".kiosk-restore-")
        .tempdir_in(staging_parent)
        .map_err(io(format!("cannot write in {}", staging_parent.display())))?;

    let mut tar = tar::Archive::new(BufReader::new(archive));
    let entries = tar.entries().map_err(|e| damaged(e.to_string()))?;
    let mut count = 0;
    for entry in entries {
        let mut entry = entry.map_err(|e| damaged(e.to_string()))?;
        let path = entry
            .path()
            .map_err(|e| damaged(e.to_string()))?
            .into_owned();
        let allowed = path.components().all(|c| matches!(c, Component::Normal(_)))
            && (path == Path::new(MANIFEST_MEMBER)
                || path == Path::new(DATABASE_MEMBER)
                || path.starts_with(FILES_MEMBER));
        if !allowed || !entry.header().entry_type().is_file() {
            return Err(damaged(format!("unexpected member {}", path.display())));
        }
        if !entry
            .unpack_in(staging.path())
            .map_err(|e| damaged(e.to_string()))?
        {
            return Err(damaged(format!("unsafe member {}", path.display())));
        }
        count += 1;
    }
    if count == 0 {
        return Err(damaged("the archive is empty".into()));
    }
    let manifest_text = std::fs::read(staging.path().join(MANIFEST_MEMBER))
        .map_err(|_| damaged("manifest.json is missing".into()))?;
    let manifest: Manifest = serde_json::from_slice(&manifest_text)
        .map_err(|e| damaged(format!("manifest.json: {e}")))?;
    if manifest.format != FORMAT || manifest.format_version > FORMAT_VERSION {
        return Err(damaged(format!(
            "format {} {}",
            manifest.format, manifest.format_version
        )));
    }
    if manifest.schema_version > SCHEMA_VERSION {
        return Err(BackupError::NewerSchema {
            found: manifest.schema_version,
            known: SCHEMA_VERSION,
        });
    }
    for expected in std::iter::once(&manifest.database).chain(&manifest.files) {
        let actual = member(&staging.path().join(&expected.path), &expected.path)
            .map_err(|_| damaged(format!("{} is missing", expected.path)))?;
        if actual.sha256 != expected.sha256 || actual.bytes != expected.bytes {
            return Err(damaged(format!(
                "{} does not match its checksum",
                expected.path
            )));
        }
    }

    // The database must open with a full integrity check and agree with the manifest.
    let db_path = staging.path().join(DATABASE_MEMBER);
    let mut builder = Database::builder();
    builder.set_check_integrity_on_open(true);
    let db = builder
        .open(&db_path)
        .map_err(|e| damaged(format!("kiosk.redb: {e}")))?;
    let read = db
        .begin_read()
        .map_err(|e| damaged(format!("kiosk.redb: {e}")))?;
    for table in ALL_TABLES.iter() {
        let rows = table.len(&read)?;
        let listed = manifest.tables.get(table.name()).copied().unwrap_or(0);
        if rows != listed {
            return Err(damaged(format!(
                "table {} holds {rows} rows, the manifest says {listed}",
                table.name()
            )));
        }
    }
    drop(read);
    drop(db);
    Ok(VerifiedBackup { manifest, staging })
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RestoreReport {
    pub schema_version: u64,
    pub created_at: String,
    pub rows: u64,
    pub files: usize,
    pub previous: Option<PathBuf>,
}

/// Replaces the data in `data_dir` with the backup in `file`, after verifying it. Refuses while
/// a server holds the database.
pub fn restore(file: &Path, data_dir: &Path) -> Result<RestoreReport, BackupError> {
    let db_path = data_dir.join(DATABASE_MEMBER);
    if db_path.exists() {
        // Read-only, so the probe itself never writes to the file it is about to keep.
        match Database::builder().open_read_only(&db_path) {
            Ok(db) => drop(db),
            Err(DatabaseError::DatabaseAlreadyOpen) => {
                return Err(BackupError::InUse(data_dir.into()));
            }
            // A damaged current database is exactly what a restore is for.
            Err(_) => {}
        }
    }
    let verified = verify(file, data_dir)?;

    let mut previous = None;
    if db_path.exists() {
        let keep = data_dir.join("kiosk.redb.before-restore");
        std::fs::rename(&db_path, &keep).map_err(io("cannot keep the current database"))?;
        previous = Some(keep);
    }
    std::fs::rename(verified.staging.path().join(DATABASE_MEMBER), &db_path)
        .map_err(io("cannot move the restored database into place"))?;
    super::private::restrict_file(&db_path).map_err(io("cannot make the database private"))?;
    let files_dir = data_dir.join(FILES_MEMBER);
    let restored_files = verified.staging.path().join(FILES_MEMBER);
    if files_dir.exists() {
        let keep = data_dir.join("files.before-restore");
        if keep.exists() {
            std::fs::remove_dir_all(&keep)
                .map_err(io("cannot remove the older files.before-restore"))?;
        }
        std::fs::rename(&files_dir, &keep).map_err(io("cannot keep the current files"))?;
    }
    if restored_files.exists() {
        std::fs::rename(&restored_files, &files_dir)
            .map_err(io("cannot move the restored files into place"))?;
    }
    sync_dir(data_dir);
    let manifest = &verified.manifest;
    Ok(RestoreReport {
        schema_version: manifest.schema_version,
        created_at: manifest.created_at.clone(),
        rows: manifest.tables.values().sum(),
        files: manifest.files.len(),
        previous,
    })
}

/// Adds a plain regular-file member. (`append_path` would store redb's pre-allocated file as
/// a GNU sparse entry, which is needlessly hard for other tools to read.)
fn append_regular<W: std::io::Write>(
    tar: &mut tar::Builder<W>,
    name: &str,
    size: u64,
    data: impl Read,
) -> std::io::Result<()> {
    let mut header = tar::Header::new_gnu();
    header.set_entry_type(tar::EntryType::Regular);
    header.set_size(size);
    header.set_mode(0o600);
    header.set_mtime(time::OffsetDateTime::now_utc().unix_timestamp().max(0) as u64);
    header.set_cksum();
    tar.append_data(&mut header, name, data.take(size))
}

fn member(path: &Path, name: &str) -> Result<Member, BackupError> {
    let mut file = File::open(path).map_err(io(format!("cannot read {}", path.display())))?;
    let mut hasher = Sha256::new();
    let mut buffer = vec![0u8; 1 << 16];
    let mut bytes = 0u64;
    loop {
        let n = file
            .read(&mut buffer)
            .map_err(io(format!("cannot read {}", path.display())))?;
        if n == 0 {
            break;
        }
        hasher.update(&buffer[..n]);
        bytes += n as u64;
    }
    Ok(Member {
        path: name.to_string(),
        bytes,
        sha256: hex::encode(hasher.finalize()),
    })
}

fn collect_files(root: &Path, dir: &Path, out: &mut Vec<Member>) -> Result<(), BackupError> {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .map_err(io(format!("cannot list {}", dir.display())))?
        .flatten()
        .collect();
    entries.sort_by_key(|e| e.path());
    for entry in entries {
        let path = entry.path();
        let kind = entry
            .file_type()
            .map_err(io(format!("cannot read {}", path.display())))?;
        if kind.is_dir() {
            collect_files(root, &path, out)?;
        } else if kind.is_file() {
            let relative = path
                .strip_prefix(root)
                .unwrap_or(&path)
                .to_string_lossy()
                .replace('\\', "/");
            out.push(member(&path, &format!("{FILES_MEMBER}/{relative}"))?);
        }
    }
    Ok(())
}

/// Makes a rename durable; failures only weaken durability, so they are ignored.
fn sync_dir(dir: &Path) {
    if let Ok(handle) = File::open(dir) {
        let _ = handle.sync_all();
    }
}

fn now_rfc3339() -> String {
    time::OffsetDateTime::now_utc()
        .format(&time::format_description::well_known::Rfc3339)
        .unwrap_or_default()
}

/// Writes a timestamped backup into `dir` and deletes the oldest beyond `keep`.
pub fn write_rotating(
    store: &Store,
    files_dir: &Path,
    dir: &Path,
    keep: usize,
) -> Result<(BackupReport, Vec<PathBuf>), BackupError> {
    std::fs::create_dir_all(dir).map_err(io(format!("cannot create {}", dir.display())))?;
    super::private::restrict_dir(dir)
        .map_err(io(format!("cannot make {} private", dir.display())))?;
    let stamp = time::OffsetDateTime::now_utc()
        .format(time::macros::format_description!(
            "[year][month][day]-[hour][minute][second]"
        ))
        .unwrap_or_default();
    let mut dest = dir.join(format!("kiosk-{stamp}.tar"));
    let mut n = 1;
    while dest.exists() {
        dest = dir.join(format!("kiosk-{stamp}-{n}.tar"));
        n += 1;
    }
    let report = write_backup(store, files_dir, &dest)?;
    let mut backups: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(io(format!("cannot list {}", dir.display())))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("kiosk-") && n.ends_with(".tar"))
        })
        .collect();
    // Names sort by time: the stamp is zero-padded, and same-second extras carry a suffix.
    backups.sort_by_key(|p| std::fs::metadata(p).and_then(|m| m.modified()).ok());
    let mut removed = Vec::new();
    while backups.len() > keep.max(1) {
        let oldest = backups.remove(0);
        std::fs::remove_file(&oldest).map_err(io(format!("cannot remove {}", oldest.display())))?;
        removed.push(oldest);
    }
    Ok((report, removed))
}

/// The outcome of the last backup the shop tried, kept in `meta` under `last_backup` so the
/// staff dashboard can warn when the nightly backup fails or stops running: a timer that fails
/// every night is silent otherwise (issue 29: backups stopped after the first guest order and
/// nobody was told).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct BackupRecord {
    /// When the last backup was tried (Unix seconds).
    pub at: u64,
    /// Whether that backup was written.
    pub ok: bool,
    /// The archive written, when it was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub file: Option<String>,
    /// Why it failed, when it did (the operator's command printed the same).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub error: Option<String>,
    /// When a backup was last written (Unix seconds), whichever try that was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub last_written_at: Option<u64>,
}

const LAST_BACKUP_KEY: &str = "last_backup";

/// The record of the last backup tried; `None` before the first.
pub fn last_backup(store: &Store) -> Result<Option<BackupRecord>, StoreError> {
    let text = store.read(|txn| super::META.read(txn)?.get(LAST_BACKUP_KEY))?;
    let Some(text) = text else {
        return Ok(None);
    };
    serde_json::from_str(&text)
        .map(Some)
        .map_err(|source| StoreError::BadDocument {
            key: format!("meta/{LAST_BACKUP_KEY}"),
            source,
        })
}

/// Records the outcome of a backup. A failure to record (the database's own disk full) is
/// logged and otherwise ignored: the backup's own answer is what the operator sees, and the
/// dashboard then finds the last written backup too old.
pub fn record_backup(store: &Store, outcome: Result<&BackupReport, &BackupError>) {
    let previous = last_backup(store).ok().flatten();
    let at = now_unix();
    let record = match outcome {
        Ok(report) => BackupRecord {
            at,
            ok: true,
            file: Some(report.path.display().to_string()),
            error: None,
            last_written_at: Some(at),
        },
        Err(err) => BackupRecord {
            at,
            ok: false,
            file: None,
            error: Some(err.to_string()),
            last_written_at: previous.and_then(|p| p.last_written_at),
        },
    };
    let written = serde_json::to_string(&record)
        .map_err(|e| StoreError::Failed(e.to_string()))
        .and_then(|text| {
            store.write(|txn| super::META.write(txn)?.put(LAST_BACKUP_KEY, text.as_str()))
        });
    if let Err(err) = written {
        tracing::error!(error = %err, "the outcome of the backup could not be recorded");
    }
}

/// How long the shop may go without a written backup before staff are warned: the nightly
/// timer runs every 24 hours, so 48 hours means at least one night was missed.
pub const BACKUP_OVERDUE_SECONDS: u64 = 48 * 3600;

/// What is wrong with the shop's backups, if anything.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub enum BackupWarning {
    /// No backup was ever taken.
    Never,
    /// The last backup tried failed.
    Failed,
    /// The last written backup is older than 48 hours (the timer stopped, or is not enabled).
    Overdue,
}

/// The warning staff should see for `record` at `now` (Unix seconds); `None` when backups
/// are fine.
pub fn backup_warning(record: Option<&BackupRecord>, now: u64) -> Option<BackupWarning> {
    let Some(record) = record else {
        return Some(BackupWarning::Never);
    };
    if !record.ok {
        return Some(BackupWarning::Failed);
    }
    match record.last_written_at {
        Some(at) if now.saturating_sub(at) <= BACKUP_OVERDUE_SECONDS => None,
        _ => Some(BackupWarning::Overdue),
    }
}

fn now_unix() -> u64 {
    time::OffsetDateTime::now_utc().unix_timestamp().max(0) as u64
}

#[cfg(test)]
#[path = "backup_tests.rs"]
mod tests;
