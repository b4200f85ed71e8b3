//! Off-site copies of the backup archive (docs/OPERATING.md, "Off-site backups").
//!
//! A copy is the archive `kiosk backup` writes (`store::backup`), encrypted with age (a
//! passphrase through scrypt, or an age recipient) as it streams out, cut into parts of
//! `backup.part_mib` MiB, each written and then read back (size and SHA-256) before the next
//! archive's `manifest.json` is written — last. Only an archive with a manifest whose parts are
//! all present with their sizes counts: an upload cut in the middle (network, server, power)
//! leaves parts without a manifest, which listings ignore and the next copy deletes. Memory
//! holds one part at a time, whatever the archive's size.
//!
//! At a destination, under its root:
//! ```text
//! kiosk-20261127-203000/part-00000.age
//! kiosk-20261127-203000/part-00001.age
//! kiosk-20261127-203000/manifest.json   (sizes and checksums of the encrypted parts)
//! ```
//! The storage itself is spoken to through `opendal` (S3-compatible services, WebDAV, SFTP
//! through the system's `ssh`, local folders); opendal's retry layer retries a part that failed
//! in flight.

use std::collections::{BTreeMap, BTreeSet};
use std::fs::File;
use std::io::{BufReader, Read, Write};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use age::secrecy::SecretString;
use opendal::Operator;
use opendal::layers::{RetryLayer, TimeoutLayer};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use time::OffsetDateTime;

use crate::config::{Backup, Config, Destination, Location};
use crate::store::{Store, backup};

const MANIFEST: &str = "manifest.json";
const FORMAT: &str = "kiosk-offsite";

/// The manifest of one archive at a destination. It names no shop data: sizes, checksums and
/// versions only.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Manifest {
    pub format: String,
    pub format_version: u32,
    pub kiosk_version: String,
    pub created_at: String,
    /// `passphrase` or `recipient`.
    pub encryption: String,
    /// The encrypted size, all parts together.
    pub bytes: u64,
    pub parts: Vec<Part>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Part {
    pub name: String,
    pub bytes: u64,
    pub sha256: String,
}

/// One complete archive at a destination.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ArchiveInfo {
    pub name: String,
    pub created_at: String,
    pub bytes: u64,
    pub parts: usize,
}

/// What a destination holds: complete archives (newest first) and what is not one.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Listing {
    pub archives: Vec<ArchiveInfo>,
    /// Archive folders that do not count, with the reason (an upload that did not finish).
    pub incomplete: Vec<(String, String)>,
}

/// The answer of a copy.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CopyReport {
    pub destination: String,
    pub archive: String,
    /// The encrypted size.
    pub bytes: u64,
    pub parts: usize,
    pub millis: u64,
    /// Archives deleted by the retention rules, and unfinished uploads cleared.
    pub removed: Vec<String>,
}

/// Runs opendal's futures from blocking code: on the running shop's runtime (the caller is on
/// a blocking thread), or on a small runtime of its own in the CLI.
pub struct Runner {
    handle: tokio::runtime::Handle,
    _own: Option<tokio::runtime::Runtime>,
}

impl Runner {
    pub fn new() -> Result<Runner, String> {
        if let Ok(handle) = tokio::runtime::Handle::try_current() {
            return Ok(Runner { handle, _own: None });
        }
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .map_err(|e| format!("cannot start the I/O runtime: {e}"))?;
        Ok(Runner {
            handle: runtime.handle().clone(),
            _own: Some(runtime),
        })
    }

    fn on<F: std::future::IntoFuture>(&self, future: F) -> F::Output {
        self.handle.block_on(future.into_future())
    }
}

/// The destination named `name`, or a message listing the configured ones.
pub fn destination<'a>(config: &'a Config, name: &str) -> Result<&'a Destination, String> {
    config.backup.destination(name).ok_or_else(|| {
        let names: Vec<&str> = config
            .backup
            .destinations
            .iter()
            .map(|d| d.name.as_str())
            .collect();
        if names.is_empty() {
            format!(
                "there is no off-site destination {name:?}: none is configured ([[backup.destinations]] in the config file)"
            )
        } else {
            format!(
                "there is no off-site destination {name:?}; configured: {}",
                names.join(", ")
            )
        }
    })
}

/// The storage client for `dest`.
pub fn operator(dest: &Destination) -> Result<Operator, String> {
    use opendal::services;
    let fail = |e: opendal::Error| format!("destination {}: {e}", dest.name);
    let location = dest.location()?;
    let op = match &location {
        Location::S3 { bucket, prefix } => {
            let region = if dest.region.is_empty() {
                "us-east-1"
            } else {
                &dest.region
            };
            let mut b = services::S3::default()
                .bucket(bucket)
                .root(prefix)
                .region(region)
                .access_key_id(&dest.access_key_id)
                .secret_access_key(dest.secret_access_key.expose())
                .disable_config_load()
                .disable_ec2_metadata();
            if !dest.endpoint.is_empty() {
                b = b.endpoint(&dest.endpoint);
            }
            Operator::new(b).map_err(fail)?.finish()
        }
        Location::Webdav { endpoint, root } => {
            let mut b = services::Webdav::default().endpoint(endpoint).root(root);
            if !dest.username.is_empty() {
                b = b.username(&dest.username).password(dest.password.expose());
            }
            Operator::new(b).map_err(fail)?.finish()
        }
        Location::Sftp { endpoint, root } => {
            let key = dest
                .key_file
                .as_ref()
                .map(|p| p.display().to_string())
                .unwrap_or_default();
            let strategy = if dest.known_hosts.is_empty() {
                "strict"
            } else {
                &dest.known_hosts
            };
            let b = services::Sftp::default()
                .endpoint(endpoint)
                .root(root)
                .key(&key)
                .known_hosts_strategy(strategy);
            Operator::new(b).map_err(fail)?.finish()
        }
        Location::File { path } => {
            std::fs::create_dir_all(path).map_err(|e| {
                format!(
                    "destination {}: cannot create {}: {e}",
                    dest.name,
                    path.display()
                )
            })?;
            let b = services::Fs::default().root(&path.display().to_string());
            Operator::new(b).map_err(fail)?.finish()
        }
    };
    Ok(op
        .layer(
            TimeoutLayer::new()
                .with_timeout(Duration::from_secs(120))
                .with_io_timeout(Duration::from_secs(60)),
        )
        .layer(
            RetryLayer::new()
                .with_max_times(3)
                .with_min_delay(Duration::from_millis(200))
                .with_jitter(),
        ))
}

/// One copy at a time in this process: the scheduled job and `kiosk backup --to` may meet.
static COPYING: Mutex<()> = Mutex::new(());

/// Writes a backup and copies it to the destination `name`; records the outcome for the
/// dashboard and, on failure, alerts the shop. The local archive is staged in the data folder
/// and deleted afterwards.
pub fn copy_to(
    store: &Store,
    data_dir: &Path,
    config: &Config,
    name: &str,
) -> Result<CopyReport, String> {
    let dest = destination(config, name)?;
    let _one = COPYING.lock().unwrap_or_else(|p| p.into_inner());
    let started = std::time::Instant::now();
    let result = (|| {
        let staging = tempfile::Builder::new()
            .prefix(".kiosk-offsite-")
            .tempdir_in(data_dir)
            .map_err(|e| format!("cannot write in {}: {e}", data_dir.display()))?;
        let tar = staging.path().join("archive.tar");
        backup::write_backup(store, &data_dir.join("files"), &tar).map_err(|e| e.to_string())?;
        let runner = Runner::new()?;
        let op = operator(dest)?;
        let (archive, manifest) = upload(&runner, &op, dest, &config.backup, &tar)?;
        drop(staging);
        let removed = prune(&runner, &op, &config.backup, &archive)?;
        Ok(CopyReport {
            destination: dest.name.clone(),
            archive,
            bytes: manifest.bytes,
            parts: manifest.parts.len(),
            millis: started.elapsed().as_millis() as u64,
            removed,
        })
    })();
    let result = result.map_err(|e: String| format!("off-site copy to {name} failed: {e}"));
    let at = now_unix();
    let outcome = match &result {
        Ok(report) => Ok(report.archive.as_str()),
        Err(reason) => Err(reason.as_str()),
    };
    if let Err(err) = crate::store::offsite::put_record(store, name, outcome, at) {
        tracing::error!(error = %err, destination = name, "the off-site copy's outcome was not recorded");
    }
    match &result {
        Ok(report) => tracing::info!(
            destination = name,
            archive = report.archive,
            bytes = report.bytes,
            ms = report.millis,
            "off-site copy written and verified"
        ),
        Err(reason) => {
            tracing::warn!(destination = name, %reason, "off-site copy failed");
            // The shop's alerts (mail, LINE) go through the outbox like an order's: retried
            // until they leave, and listed with the other messages.
            let plan = crate::outbox::Plan::from_config(config);
            let subject = format!("{name}-{at}");
            let alerted = store.write(|txn| {
                crate::outbox::shop_alert(
                    txn,
                    &plan,
                    crate::outbox::Event::BackupFailed,
                    &subject,
                    reason,
                )
            });
            if let Err(err) = alerted {
                tracing::error!(error = %err, "the off-site copy's failure alert was not queued");
            }
        }
    }
    result
}

/// A shared buffer the encryptor writes into; parts are taken from its front.
#[derive(Clone, Default)]
struct Sink(Arc<Mutex<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .extend_from_slice(data);
        Ok(data.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn encryptor(dest: &Destination) -> Result<age::Encryptor, String> {
    if dest.uses_recipient() {
        let recipient: age::x25519::Recipient = dest
            .age_recipient
            .trim()
            .parse()
            .map_err(|e| format!("age_recipient: {e}"))?;
        age::Encryptor::with_recipients(std::iter::once(&recipient as &dyn age::Recipient))
            .map_err(|e| format!("cannot encrypt: {e}"))
    } else {
        Ok(age::Encryptor::with_user_passphrase(SecretString::from(
            dest.passphrase.expose().to_string(),
        )))
    }
}

/// Encrypts the archive at `tar` as it streams into parts at the destination, reads every part
/// back, then writes the manifest. Answers the archive's name and manifest.
fn upload(
    runner: &Runner,
    op: &Operator,
    dest: &Destination,
    settings: &Backup,
    tar: &Path,
) -> Result<(String, Manifest), String> {
    let now = OffsetDateTime::now_utc();
    let now = now.replace_nanosecond(0).unwrap_or(now);
    let existing = runner
        .on(op.list(""))
        .map_err(|e| format!("cannot list the destination: {e}"))?;
    let taken: BTreeSet<String> = existing
        .iter()
        .map(|e| e.path().trim_end_matches('/').to_string())
        .collect();
    let stamp = archive_stamp(now);
    let mut name = format!("kiosk-{stamp}");
    let mut n = 1;
    while taken.contains(&name) {
        name = format!("kiosk-{stamp}-{n}");
        n += 1;
    }
    let part_size = settings.part_mib as usize * 1024 * 1024;
    let sink = Sink::default();
    let mut writer = encryptor(dest)?
        .wrap_output(sink.clone())
        .map_err(|e| format!("cannot encrypt: {e}"))?;
    let mut parts: Vec<Part> = Vec::new();
    let mut send = |last: bool| -> Result<(), String> {
        loop {
            let chunk = {
                let mut buffer = sink.0.lock().unwrap_or_else(|p| p.into_inner());
                if buffer.len() >= part_size {
                    let rest = buffer.split_off(part_size);
                    std::mem::replace(&mut *buffer, rest)
                } else if last && !buffer.is_empty() {
                    std::mem::take(&mut *buffer)
                } else {
                    return Ok(());
                }
            };
            let part = Part {
                name: format!("part-{:05}.age", parts.len()),
                bytes: chunk.len() as u64,
                sha256: hex::encode(Sha256::digest(&chunk)),
            };
            let path = format!("{name}/{}", part.name);
            runner
                .on(op.write(&path, chunk))
                .map_err(|e| format!("cannot write {path}: {e}"))?;
            parts.push(part);
        }
    };
    let mut file = File::open(tar).map_err(|e| format!("cannot read the archive: {e}"))?;
    let mut buffer = vec![0u8; 1 << 16];
    loop {
        let n = file
            .read(&mut buffer)
            .map_err(|e| format!("cannot read the archive: {e}"))?;
        if n == 0 {
            break;
        }
        writer
            .write_all(&buffer[..n])
            .map_err(|e| format!("cannot encrypt: {e}"))?;
        send(false)?;
    }
    writer
        .finish()
        .map_err(|e| format!("cannot encrypt: {e}"))?;
    send(true)?;
    drop(send);

    // Every part read back before the manifest makes the archive count.
    for part in &parts {
        let path = format!("{name}/{}", part.name);
        verify_part(runner, op, &path, part)?;
    }
    let manifest = Manifest {
        format: FORMAT.into(),
        format_version: 1,
        kiosk_version: env!("CARGO_PKG_VERSION").into(),
        created_at: now
            .format(&time::format_description::well_known::Rfc3339)
            .unwrap_or_default(),
        encryption: if dest.uses_recipient() {
            "recipient".into()
        } else {
            "passphrase".into()
        },
        bytes: parts.iter().map(|p| p.bytes).sum(),
        parts,
    };
    let text = serde_json::to_vec_pretty(&manifest).map_err(|e| e.to_string())?;
    let path = format!("{name}/{MANIFEST}");
    runner
        .on(op.write(&path, text.clone()))
        .map_err(|e| format!("cannot write {path}: {e}"))?;
    let back = runner
        .on(op.read(&path))
        .map_err(|e| format!("cannot read back {path}: {e}"))?;
    if back.to_vec() != text {
        return Err(format!("{path} read back differs from what was written"));
    }
    Ok((name, manifest))
}

/// Reads a part back and checks its size and checksum.
fn verify_part(runner: &Runner, op: &Operator, path: &str, part: &Part) -> Result<Vec<u8>, String> {
    let data = runner
        .on(op.read(path))
        .map_err(|e| format!("cannot read back {path}: {e}"))?
        .to_vec();
    if data.len() as u64 != part.bytes {
        return Err(format!(
            "{path} holds {} bytes, {} were written",
            data.len(),
            part.bytes
        ));
    }
    if hex::encode(Sha256::digest(&data)) != part.sha256 {
        return Err(format!("{path} does not match its checksum"));
    }
    Ok(data)
}

fn archive_stamp(at: OffsetDateTime) -> String {
    at.format(time::macros::format_description!(
        "[year][month][day]-[hour][minute][second]"
    ))
    .unwrap_or_default()
}

/// The time in an archive's name (`kiosk-YYYYMMDD-HHMMSS[-N]`), UTC.
fn archive_time(name: &str) -> Option<OffsetDateTime> {
    let rest = name.strip_prefix("kiosk-")?;
    let stamp = rest.get(..15)?;
    let tail = &rest[15..];
    if !(tail.is_empty()
        || tail
            .strip_prefix('-')
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())))
    {
        return None;
    }
    let format = time::macros::format_description!("[year][month][day]-[hour][minute][second]");
    time::PrimitiveDateTime::parse(stamp, format)
        .ok()
        .map(|t| t.assume_utc())
}

/// What the destination holds.
pub fn list(runner: &Runner, op: &Operator) -> Result<Listing, String> {
    let entries = runner
        .on(op.list_with("").recursive(true))
        .map_err(|e| format!("cannot list the destination: {e}"))?;
    let mut folders: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for entry in &entries {
        let path = entry.path().trim_start_matches('/');
        let (folder, file) = path.split_once('/').unwrap_or((path, ""));
        if archive_time(folder).is_none() {
            continue;
        }
        let files = folders.entry(folder.to_string()).or_default();
        if !file.is_empty() && !file.ends_with('/') {
            files.insert(file.to_string());
        }
    }
    let mut listing = Listing::default();
    for (folder, files) in folders {
        match check_archive(runner, op, &folder, &files) {
            Ok(manifest) => listing.archives.push(ArchiveInfo {
                name: folder,
                created_at: manifest.created_at,
                bytes: manifest.bytes,
                parts: manifest.parts.len(),
            }),
            Err(reason) => listing.incomplete.push((folder, reason)),
        }
    }
    listing
        .archives
        .sort_by_key(|a| std::cmp::Reverse((archive_time(&a.name), a.name.clone())));
    Ok(listing)
}

/// The manifest of a complete archive; the error says why the folder is not one.
fn check_archive(
    runner: &Runner,
    op: &Operator,
    folder: &str,
    files: &BTreeSet<String>,
) -> Result<Manifest, String> {
    if !files.contains(MANIFEST) {
        return Err("no manifest: an upload that did not finish".into());
    }
    let manifest = read_manifest(runner, op, folder)?;
    for part in &manifest.parts {
        if !files.contains(&part.name) {
            return Err(format!("{} is missing", part.name));
        }
        let path = format!("{folder}/{}", part.name);
        let size = runner
            .on(op.stat(&path))
            .map_err(|e| format!("cannot read {path}: {e}"))?
            .content_length();
        if size != part.bytes {
            return Err(format!(
                "{} holds {size} bytes, the manifest says {}",
                part.name, part.bytes
            ));
        }
    }
    Ok(manifest)
}

fn read_manifest(runner: &Runner, op: &Operator, folder: &str) -> Result<Manifest, String> {
    let path = format!("{folder}/{MANIFEST}");
    let text = runner
        .on(op.read(&path))
        .map_err(|e| format!("cannot read {path}: {e}"))?;
    let manifest: Manifest =
        serde_json::from_slice(&text.to_vec()).map_err(|e| format!("{path} is damaged: {e}"))?;
    if manifest.format != FORMAT || manifest.format_version > 1 {
        return Err(format!("{path} is not a kiosk off-site manifest"));
    }
    Ok(manifest)
}

/// Which archives the retention rules keep, from their names: the newest always, and the
/// newest of each of the last `daily` days, `weekly` ISO weeks and `monthly` months (UTC) that
/// have one.
pub fn retained(names: &[String], daily: u32, weekly: u32, monthly: u32) -> BTreeSet<String> {
    let mut dated: Vec<(OffsetDateTime, &String)> = names
        .iter()
        .filter_map(|n| archive_time(n).map(|t| (t, n)))
        .collect();
    dated.sort_by(|a, b| b.cmp(a));
    let mut keep = BTreeSet::new();
    if let Some((_, newest)) = dated.first() {
        keep.insert((*newest).clone());
    }
    type Period = fn(OffsetDateTime) -> (i32, u32);
    let rules: [(u32, Period); 3] = [
        (daily, |t| (t.year(), u32::from(t.ordinal()))),
        (weekly, |t| {
            let (year, week, _) = t.to_iso_week_date();
            (year, u32::from(week))
        }),
        (monthly, |t| (t.year(), u32::from(u8::from(t.month())))),
    ];
    for (count, period) in rules {
        let mut last = None;
        let mut kept = 0;
        for (at, name) in &dated {
            if kept >= count {
                break;
            }
            let p = period(*at);
            if last != Some(p) {
                keep.insert((*name).clone());
                last = Some(p);
                kept += 1;
            }
        }
    }
    keep
}

/// Deletes what the retention rules do not keep, and unfinished uploads other than `current`.
fn prune(
    runner: &Runner,
    op: &Operator,
    settings: &Backup,
    current: &str,
) -> Result<Vec<String>, String> {
    let listing = list(runner, op)?;
    let names: Vec<String> = listing.archives.iter().map(|a| a.name.clone()).collect();
    let keep = retained(
        &names,
        settings.keep_daily,
        settings.keep_weekly,
        settings.keep_monthly,
    );
    let mut removed = Vec::new();
    let doomed = names
        .iter()
        .filter(|n| !keep.contains(*n) && n.as_str() != current)
        .chain(listing.incomplete.iter().map(|(n, _)| n))
        .filter(|n| n.as_str() != current);
    for name in doomed {
        remove_archive(runner, op, name).map_err(|e| format!("cannot delete {name}: {e}"))?;
        removed.push(name.clone());
    }
    Ok(removed)
}

/// Deletes an archive's folder: its files first, then the folder (object stores have none).
fn remove_archive(runner: &Runner, op: &Operator, name: &str) -> Result<(), opendal::Error> {
    let folder = format!("{name}/");
    let entries = runner.on(op.list_with(&folder).recursive(true))?;
    let mut folders = vec![folder.clone()];
    for entry in entries {
        if entry.metadata().mode().is_dir() {
            folders.push(entry.path().to_string());
        } else {
            runner.on(op.delete(entry.path()))?;
        }
    }
    folders.sort_by_key(|f| std::cmp::Reverse(f.len()));
    folders.dedup();
    for f in folders {
        runner.on(op.delete(&f))?;
    }
    Ok(())
}

/// Downloads `archive` (default: the newest complete one) from `dest`, checks every part,
/// decrypts it into `out`. Answers the archive's name.
pub fn fetch(dest: &Destination, archive: Option<&str>, out: &Path) -> Result<String, String> {
    let runner = Runner::new()?;
    let op = operator(dest)?;
    let listing = list(&runner, &op)?;
    let name = match archive {
        Some(wanted) => {
            if let Some((_, reason)) = listing.incomplete.iter().find(|(n, _)| n == wanted) {
                return Err(format!(
                    "{wanted} at {} is not a complete archive ({reason}); `kiosk backup list {}` shows the complete ones",
                    dest.name, dest.name
                ));
            }
            if !listing.archives.iter().any(|a| a.name == wanted) {
                return Err(format!(
                    "there is no archive {wanted} at {}; `kiosk backup list {}` shows them",
                    dest.name, dest.name
                ));
            }
            wanted.to_string()
        }
        None => match listing.archives.first() {
            Some(newest) => newest.name.clone(),
            None => return Err(format!("{} holds no complete archive", dest.name)),
        },
    };
    let manifest = read_manifest(&runner, &op, &name)?;
    let reader = Parts {
        runner: &runner,
        op: &op,
        folder: &name,
        parts: &manifest.parts,
        next: 0,
        current: Vec::new(),
        at: 0,
    };
    let decryptor = age::Decryptor::new(BufReader::with_capacity(1 << 16, reader))
        .map_err(|e| format!("{name} at {}: {}", dest.name, decrypt_problem(e)))?;
    let identities: Vec<Box<dyn age::Identity + Send + Sync>> = if dest.uses_recipient() {
        let Some(file) = &dest.age_identity else {
            return Err(format!(
                "{name} is encrypted to an age recipient: set age_identity (the AGE-SECRET-KEY file) for destination {}",
                dest.name
            ));
        };
        age::IdentityFile::from_file(file.display().to_string())
            .map_err(|e| format!("cannot read the age identity {}: {e}", file.display()))?
            .into_identities()
            .map_err(|e| format!("cannot use the age identity {}: {e}", file.display()))?
    } else {
        vec![Box::new(age::scrypt::Identity::new(SecretString::from(
            dest.passphrase.expose().to_string(),
        )))]
    };
    let mut plain = decryptor
        .decrypt(identities.iter().map(|i| i.as_ref() as &dyn age::Identity))
        .map_err(|e| match e {
            age::DecryptError::DecryptionFailed
            | age::DecryptError::NoMatchingKeys
            | age::DecryptError::KeyDecryptionFailed => {
                let what = if dest.uses_recipient() {
                    "age identity"
                } else {
                    "passphrase"
                };
                format!(
                    "the {what} of destination {} does not open {name}: it was encrypted with another one (the {what} changed since?); nothing was changed",
                    dest.name
                )
            }
            other => format!("{name} at {}: {}", dest.name, decrypt_problem(other)),
        })?;
    let mut file = File::create(out).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    crate::store::private::restrict_file(out)
        .map_err(|e| format!("cannot make {} private: {e}", out.display()))?;
    std::io::copy(&mut plain, &mut file).map_err(|e| {
        format!(
            "{name} at {} is damaged or incomplete: {e}; nothing was changed",
            dest.name
        )
    })?;
    file.sync_all()
        .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    Ok(name)
}

fn decrypt_problem(e: age::DecryptError) -> String {
    match e {
        age::DecryptError::Io(io) => format!("cannot be read: {io}"),
        other => format!("is not a readable age archive: {other}"),
    }
}

/// The parts of an archive read one after the other, each checked against the manifest before
/// its bytes are handed on.
struct Parts<'a> {
    runner: &'a Runner,
    op: &'a Operator,
    folder: &'a str,
    parts: &'a [Part],
    next: usize,
    current: Vec<u8>,
    at: usize,
}

impl Read for Parts<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        while self.at == self.current.len() {
            let Some(part) = self.parts.get(self.next) else {
                return Ok(0);
            };
            let path = format!("{}/{}", self.folder, part.name);
            self.current =
                verify_part(self.runner, self.op, &path, part).map_err(std::io::Error::other)?;
            self.at = 0;
            self.next += 1;
        }
        let n = buf.len().min(self.current.len() - self.at);
        buf[..n].copy_from_slice(&self.current[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// Copies to every destination whose daily time has come since its last try.
pub fn due_destinations(config: &Config, store: &Store, now: OffsetDateTime) -> Vec<String> {
    let Some(minutes) = config.backup.schedule_minutes() else {
        return Vec::new();
    };
    // The shop's clock is Thai time (UTC+7).
    let shop_now =
        now.to_offset(time::UtcOffset::from_hms(7, 0, 0).unwrap_or(time::UtcOffset::UTC));
    let today_slot = shop_now
        .replace_time(time::Time::MIDNIGHT)
        .saturating_add(time::Duration::minutes(i64::from(minutes)));
    let slot = if shop_now >= today_slot {
        today_slot
    } else {
        today_slot.saturating_sub(time::Duration::days(1))
    };
    let slot_unix = slot.unix_timestamp().max(0) as u64;
    config
        .backup
        .destinations
        .iter()
        .filter(|d| {
            let last = crate::store::offsite::record(store, &d.name)
                .ok()
                .flatten()
                .map(|r| r.at);
            last.is_none_or(|at| at < slot_unix)
        })
        .map(|d| d.name.clone())
        .collect()
}

fn now_unix() -> u64 {
    OffsetDateTime::now_utc().unix_timestamp().max(0) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn retention_keeps_the_newest_of_each_period() {
        let all = names(&[
            "kiosk-20250310-030000",
            "kiosk-20250331-030000",
            "kiosk-20250420-030000",
            "kiosk-20250428-030000",
            "kiosk-20250429-030000",
            "kiosk-20250429-230000",
            "kiosk-20261127-030000",
        ]);
        let keep = retained(&all, 3, 3, 3);
        assert_eq!(
            keep.into_iter().collect::<Vec<_>>(),
            names(&[
                "kiosk-20250331-030000",
                "kiosk-20250420-030000",
                "kiosk-20250428-030000",
                "kiosk-20250429-230000",
                "kiosk-20261127-030000",
            ])
        );
        // Nothing to keep by period still keeps the newest.
        assert_eq!(retained(&all, 0, 0, 0).len(), 1);
    }

    #[test]
    fn archive_names_parse() {
        assert!(archive_time("kiosk-20261127-203000").is_some());
        assert!(archive_time("kiosk-20261127-203000-2").is_some());
        assert!(archive_time("kiosk-20261127-2030").is_none());
        assert!(archive_time("kiosk-20261127-203000x").is_none());
        assert!(archive_time("other").is_none());
    }
}
