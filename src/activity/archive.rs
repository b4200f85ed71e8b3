//! Archived activity lines (docs/OPERATING.md "Archiving the activity log"): the owner's audit
//! trail is never deleted, but `kiosk activity archive --before DATE` moves the lines older
//! than a shop day out of the database into one gzip-compressed JSON-lines file under
//! `files/activity/` (so backups carry it), and the viewer reads them back from there.
//!
//! A file is named `<first day>_<last day>.jsonl.gz` (shop days of its first and last line);
//! each line is `{"key":[ms,seq],"line":{…}}`, oldest first. The file is written and synced
//! before any line leaves the database, and lines leave in bounded batches.

use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::{LOG_TIME_TO_LINE, LineKey, LogFilter, LogLine};
use crate::domain::shop_day::{day_key, day_of, day_start_millis};
use crate::store::retention::{self, BATCH, Found};
use crate::store::{Store, StoreError};

/// Where archives live inside the data folder's `files/`.
pub fn dir(files_dir: &Path) -> PathBuf {
    files_dir.join("activity")
}

#[derive(Serialize, Deserialize)]
struct Archived {
    key: LineKey,
    line: LogLine,
}

/// What one archiving did.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ArchiveReport {
    /// The file written (absent when no line was old enough).
    pub file: Option<PathBuf>,
    pub lines: u64,
    pub bytes: u64,
    /// Write transactions the lines left the database in.
    pub batches: u64,
}

#[derive(Debug, thiserror::Error)]
pub enum ArchiveError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("cannot write the archive {0}: {1}")]
    Io(PathBuf, std::io::Error),
    #[error("{0}")]
    Invalid(String),
}

/// Moves every line before the shop day `before` into a new archive file in `dir`.
pub fn archive_before(
    store: &Store,
    dir: &Path,
    before: time::Date,
) -> Result<ArchiveReport, ArchiveError> {
    let today = day_of(super::now_millis());
    if before > today {
        return Err(ArchiveError::Invalid(format!(
            "--before {} is after today ({}): only past days can be archived",
            day_key(before),
            day_key(today)
        )));
    }
    let end: LineKey = (day_start_millis(before), 0);
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |e| ArchiveError::Io(path, e)
    };
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    let partial = dir.join(".archiving.jsonl.gz");
    let file = std::fs::File::create(&partial).map_err(io(&partial))?;
    let mut gz = flate2::write::GzEncoder::new(BufWriter::new(file), flate2::Compression::new(6));
    let (mut first, mut last, mut lines) = (None::<LineKey>, None::<LineKey>, 0u64);
    // Read in chunks so no read transaction (nor memory) holds years of lines at once.
    let mut from: LineKey = (0, 0);
    loop {
        let mut chunk = Vec::new();
        store.read(|txn| {
            LOG_TIME_TO_LINE.read(txn)?.scan_in(from..end, |key, line| {
                chunk.push(Archived { key, line });
                Ok::<bool, StoreError>(chunk.len() < retention::SCAN)
            })
        })?;
        let Some(tail) = chunk.last().map(|a| a.key) else {
            break;
        };
        for archived in &chunk {
            serde_json::to_writer(&mut gz, archived)
                .map_err(|e| ArchiveError::Io(partial.clone(), e.into()))?;
            gz.write_all(b"\n").map_err(io(&partial))?;
        }
        first = first.or(chunk.first().map(|a| a.key));
        last = Some(tail);
        lines += chunk.len() as u64;
        from = (tail.0, tail.1 + 1);
    }
    let writer = gz.finish().map_err(io(&partial))?;
    let file = writer
        .into_inner()
        .map_err(|e| ArchiveError::Io(partial.clone(), e.into_error()))?;
    file.sync_all().map_err(io(&partial))?;
    let (Some(first), Some(last)) = (first, last) else {
        let _ = std::fs::remove_file(&partial);
        return Ok(ArchiveReport {
            file: None,
            lines: 0,
            bytes: 0,
            batches: 0,
        });
    };
    let mut name = format!("{}_{}", day_key(day_of(first.0)), day_key(day_of(last.0)));
    let mut n = 1;
    while dir.join(format!("{name}.jsonl.gz")).exists() {
        n += 1;
        name = format!(
            "{}_{}-{n}",
            day_key(day_of(first.0)),
            day_key(day_of(last.0))
        );
    }
    let path = dir.join(format!("{name}.jsonl.gz"));
    std::fs::rename(&partial, &path).map_err(io(&path))?;
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
    let bytes = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    // Only what the file holds leaves the database.
    let upto = (last.0, last.1 + 1);
    let pruned = retention::in_batches(
        store,
        BATCH,
        |txn, _after: Option<&LineKey>, batch| {
            let table = LOG_TIME_TO_LINE.read(txn)?;
            let mut keys = Vec::new();
            table.scan_in(first..upto, |key, _| {
                keys.push(key);
                Ok::<bool, StoreError>(keys.len() < batch)
            })?;
            let next = (keys.len() == batch).then_some(first);
            Ok(Found { keys, next })
        },
        |txn, keys| {
            let mut table = LOG_TIME_TO_LINE.write(txn)?;
            let mut removed = 0;
            for key in keys {
                removed += u64::from(table.remove(*key)?.is_some());
            }
            Ok(removed)
        },
    )?;
    Ok(ArchiveReport {
        file: Some(path),
        lines,
        bytes,
        batches: pruned.batches,
    })
}

/// The archive files in `dir` with the shop days they cover, newest first.
fn archives(dir: &Path) -> Vec<(u64, u64, PathBuf)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut found: Vec<(u64, u64, PathBuf)> = entries
        .flatten()
        .filter_map(|entry| {
            let name = entry.file_name().to_string_lossy().to_string();
            let stem = name.strip_suffix(".jsonl.gz")?;
            let (first, last) = stem.split_once('_')?;
            let first = crate::domain::shop_day::parse_day(first)?;
            let last = crate::domain::shop_day::parse_day(last.get(..10)?)?;
            let end = last.next_day().map_or(u64::MAX, day_start_millis);
            Some((day_start_millis(first), end, entry.path()))
        })
        .collect();
    found.sort_by(|a, b| b.1.cmp(&a.1).then(b.0.cmp(&a.0)));
    found
}

/// Adds to `page` (newest first) the archived lines `filter` keeps that are older than
/// `upper`, up to `limit` lines; answers whether more remain. Reads each overlapping file
/// once from its start, keeping only the newest matches (memory bounded by `limit`).
pub fn search(
    dir: &Path,
    filter: &LogFilter,
    keeps: &dyn Fn(&LogLine) -> bool,
    limit: usize,
    upper: LineKey,
    page: &mut Vec<(LineKey, LogLine)>,
) -> Result<bool, std::io::Error> {
    for (start, end, path) in archives(dir) {
        if end <= filter.since || start >= upper.0.saturating_add(1) {
            continue;
        }
        let wanted = limit + 1 - page.len().min(limit);
        let mut newest: std::collections::VecDeque<(LineKey, LogLine)> =
            std::collections::VecDeque::with_capacity(wanted + 1);
        let reader = BufReader::new(flate2::read::GzDecoder::new(std::fs::File::open(&path)?));
        for text in reader.lines() {
            let text = text?;
            // The key leads each line, oldest first: lines outside the range are skipped
            // without decoding, and the first at or past `upper` ends the file.
            if let Some(key) = leading_key(&text) {
                if key >= upper {
                    break;
                }
                if key.0 < filter.since {
                    continue;
                }
            }
            let Ok(Archived { key, line }) = serde_json::from_str::<Archived>(&text) else {
                continue;
            };
            if key >= upper || key.0 < filter.since || !keeps(&line) {
                continue;
            }
            newest.push_back((key, line));
            if newest.len() > wanted {
                newest.pop_front();
            }
        }
        while let Some(found) = newest.pop_back() {
            if page.len() == limit {
                return Ok(true);
            }
            page.push(found);
        }
    }
    Ok(false)
}

/// The `[ms,seq]` a stored line starts with (`{"key":[ms,seq],…`).
fn leading_key(text: &str) -> Option<LineKey> {
    let rest = text.strip_prefix("{\"key\":[")?;
    let (key, _) = rest.split_once(']')?;
    let (at, seq) = key.split_once(',')?;
    Some((at.parse().ok()?, seq.parse().ok()?))
}
