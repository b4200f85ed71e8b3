//! `kiosk doctor`: looks over an installation the way an operator would, one line per check,
//! and says under each problem what to do about it. Exits non-zero when anything is a
//! problem; a warning alone does not fail. Works on a running shop (through its control
//! socket) and on a stopped one (the database is opened without migrating it, so pending
//! migrations show). docs/OPERATING.md, "Operator tools", lists the checks.

use std::path::Path;

use serde_json::Value;

use super::{Cli, VERSION, human_bytes, load_config};
use crate::config::Config;
use crate::ops::{self, Operation};
use crate::store::backup::{BackupRecord, BackupWarning, backup_warning};

/// Less free space than this on the data folder's disk is a problem: a backup and the
/// database's own growth need room, and at zero the shop refuses orders (507).
const DISK_PROBLEM_BYTES: u64 = 1024 * 1024 * 1024;
/// Less than this share of the disk free is a warning.
const DISK_WARNING_PERCENT: u64 = 10;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Level {
    Ok,
    Warning,
    Problem,
}

/// The findings, printed as they come.
#[derive(Default)]
struct Report {
    problems: usize,
    warnings: usize,
}

impl Report {
    fn line(&mut self, level: Level, what: &str, text: &str, todo: &str) {
        let tag = match level {
            Level::Ok => "ok     ",
            Level::Warning => {
                self.warnings += 1;
                "warning"
            }
            Level::Problem => {
                self.problems += 1;
                "PROBLEM"
            }
        };
        println!("{tag}  {what}: {text}");
        if level != Level::Ok && !todo.is_empty() {
            println!("         → {todo}");
        }
    }
}

pub fn run(cli: &Cli) -> Result<(), String> {
    println!("kiosk {VERSION}");
    let mut report = Report::default();
    let config = match load_config(cli) {
        Ok(config) => config,
        Err(err) => {
            report.line(
                Level::Problem,
                "config",
                &err,
                "fix the key named above in the config file (config.example.toml documents each one)",
            );
            return finish(&report);
        }
    };
    report.line(
        Level::Ok,
        "config",
        &format!(
            "valid (listen {}, data dir {})",
            config.listen,
            config.data_dir.display()
        ),
        "",
    );
    if data_folder(&config, &mut report) {
        free_disk(&config.data_dir, &mut report);
        database(&config, &mut report);
    }
    finish(&report)
}

fn finish(report: &Report) -> Result<(), String> {
    println!(
        "doctor: {} problem(s), {} warning(s)",
        report.problems, report.warnings
    );
    if report.problems > 0 {
        Err(format!(
            "{} problem(s) found; see the lines marked PROBLEM",
            report.problems
        ))
    } else {
        Ok(())
    }
}

/// The data folder exists, is the shop's alone, and this user may write to it. Answers
/// whether there is a database to look into.
fn data_folder(config: &Config, report: &mut Report) -> bool {
    let dir = &config.data_dir;
    if !dir.is_dir() {
        report.line(
            Level::Problem,
            "data folder",
            &format!("{} does not exist", dir.display()),
            "run `kiosk setup` (or start the shop once), or pass --data-dir / set data_dir to the shop's folder",
        );
        return false;
    }
    let loose = crate::store::private::loose_modes(dir);
    if loose.is_empty() {
        report.line(
            Level::Ok,
            "permissions",
            &format!("{} is readable by its owner only", dir.display()),
            "",
        );
    }
    for path in loose {
        report.line(
            Level::Problem,
            "permissions",
            &format!("{path} can be read by other users of this machine (it holds customers' data and the signing secret)"),
            &format!("chmod go-rwx {path}"),
        );
    }
    let probe = dir.join(".kiosk-doctor-probe");
    match std::fs::write(&probe, b"") {
        Ok(()) => {
            let _ = std::fs::remove_file(&probe);
        }
        Err(err) => report.line(
            Level::Problem,
            "permissions",
            &format!("cannot write in {} as this user: {err}", dir.display()),
            "run the doctor as the shop's user (sudo -u kiosk kiosk doctor), or give the folder back to it (chown -R kiosk: FOLDER)",
        ),
    }
    if !config.database_path().exists() {
        report.line(
            Level::Problem,
            "database",
            &format!("there is no {}", config.database_path().display()),
            "run `kiosk setup` or start the shop once; if the shop had data, restore the last backup (kiosk restore FILE)",
        );
        return false;
    }
    true
}

#[cfg(target_os = "linux")]
fn free_disk(dir: &Path, report: &mut Report) {
    let stats = match rustix::fs::statvfs(dir) {
        Ok(stats) => stats,
        Err(err) => {
            report.line(
                Level::Warning,
                "disk",
                &format!("cannot read the free space of {}: {err}", dir.display()),
                "check the disk with df -h",
            );
            return;
        }
    };
    let free = stats.f_bavail.saturating_mul(stats.f_frsize);
    let total = stats.f_blocks.saturating_mul(stats.f_frsize).max(1);
    let percent = free.saturating_mul(100) / total;
    let text = format!(
        "{} free of {} ({percent} %) on the disk holding {}",
        human_bytes(free),
        human_bytes(total),
        dir.display()
    );
    let todo = "make room: delete old backups and logs (journalctl --vacuum-size=200M), or grow the disk; at zero the shop refuses orders";
    if free < DISK_PROBLEM_BYTES {
        report.line(Level::Problem, "disk", &text, todo);
    } else if percent < DISK_WARNING_PERCENT {
        report.line(Level::Warning, "disk", &text, todo);
    } else {
        report.line(Level::Ok, "disk", &text, "");
    }
}

#[cfg(not(target_os = "linux"))]
fn free_disk(_dir: &Path, report: &mut Report) {
    report.line(
        Level::Warning,
        "disk",
        "free space is not checked on this system",
        "check it with df -h",
    );
}

/// Schema, backups and notifications, from the running shop or the file.
fn database(config: &Config, report: &mut Report) {
    let facts = match ops::run(config, Operation::Doctor) {
        Ok(facts) => facts,
        Err(err) => {
            report.line(
                Level::Problem,
                "database",
                &err,
                "see docs/OPERATING.md (\"Troubleshooting\"); `kiosk check` says more",
            );
            return;
        }
    };
    schema(&facts, report);
    backups(&facts, report);
    notifications(&facts, report);
}

fn schema(facts: &Value, report: &mut Report) {
    let found = facts["schemaVersion"].as_u64().unwrap_or_default();
    let known = facts["knownSchemaVersion"].as_u64().unwrap_or_default();
    if found < known {
        report.line(
            Level::Problem,
            "migrations",
            &format!(
                "{} pending: the database is at schema {found}, this kiosk writes {known}",
                known - found
            ),
            "take a backup (kiosk backup FILE), then start the shop: it migrates the database at start",
        );
    } else if found > known {
        report.line(
            Level::Problem,
            "migrations",
            &format!("the database is at schema {found}, newer than this kiosk knows ({known})"),
            "a newer kiosk wrote it: install that release again (an older binary must not open it)",
        );
    } else {
        report.line(
            Level::Ok,
            "migrations",
            &format!("none pending (schema {found})"),
            "",
        );
    }
}

fn backups(facts: &Value, report: &mut Report) {
    let record: Option<BackupRecord> = serde_json::from_value(facts["lastBackup"].clone()).ok();
    let now = facts["now"].as_u64().unwrap_or_default();
    let age = |at: u64| hours(now.saturating_sub(at));
    let timer = "enable the nightly backup (systemctl enable --now kiosk-backup.timer), or run `kiosk backup --keep 7 /var/backups/kiosk` from cron; keep a copy on another machine";
    match (backup_warning(record.as_ref(), now), &record) {
        (None, Some(record)) => report.line(
            Level::Ok,
            "backup",
            &format!(
                "last written {} ago ({})",
                age(record.last_written_at.unwrap_or(record.at)),
                record.file.as_deref().unwrap_or("?")
            ),
            "",
        ),
        (Some(BackupWarning::Failed), Some(record)) => report.line(
            Level::Problem,
            "backup",
            &format!(
                "the last one, {} ago, failed: {}",
                age(record.at),
                record.error.as_deref().unwrap_or("no reason recorded")
            ),
            "fix the reason above, then run `kiosk backup --keep 7 /var/backups/kiosk` and check `systemctl status kiosk-backup.service`",
        ),
        (Some(BackupWarning::Overdue), Some(record)) => report.line(
            Level::Problem,
            "backup",
            &match record.last_written_at {
                Some(at) => format!("the last one written is {} old", age(at)),
                None => "none was ever written".into(),
            },
            timer,
        ),
        _ => report.line(Level::Problem, "backup", "none was ever written", timer),
    }
}

fn notifications(facts: &Value, report: &mut Report) {
    let outbox = &facts["outbox"];
    if outbox.is_null() {
        return;
    }
    let pending = outbox["pending"].as_u64().unwrap_or_default();
    let failed = outbox["failed"].as_u64().unwrap_or_default();
    let text = format!("{pending} waiting to be sent, {failed} failed for good");
    if failed > 0 {
        report.line(
            Level::Warning,
            "notifications",
            &text,
            "read why in the order desk's messages (a wrong address, or SMTP/LINE settings: kiosk check), fix it, then send them again there",
        );
    } else {
        report.line(Level::Ok, "notifications", &text, "");
    }
}

/// "5 h" or "3 days" for a duration in seconds.
fn hours(seconds: u64) -> String {
    let hours = seconds / 3600;
    if hours < 48 {
        format!("{hours} h")
    } else {
        format!("{} days", hours / 24)
    }
}
