//! `kiosk backup FILE` and `kiosk backup --keep N DIR`.

use std::path::PathBuf;

use clap::Args;

use super::{Cli, absolute, human_bytes, load_config};
use crate::ops::{self, Operation};
use crate::store::backup::BackupReport;

#[derive(Debug, Args)]
pub struct BackupArgs {
    /// The backup file to write (one archive: database snapshot + uploaded files), or with
    /// --keep the folder to write timestamped backups into.
    #[arg(value_name = "FILE|DIR")]
    pub target: PathBuf,

    /// Treat the target as a folder: write kiosk-YYYYMMDD-HHMMSS.tar there and keep only the
    /// newest N backups.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub keep: Option<u16>,
}

pub fn run(cli: &Cli, args: &BackupArgs) -> Result<(), String> {
    let config = load_config(cli)?;
    let target = absolute(&args.target)?;
    let operation = match args.keep {
        Some(keep) => Operation::BackupRotate {
            dir: target,
            keep: keep.into(),
        },
        None => Operation::Backup { path: target },
    };
    let result = ops::run(&config, operation)?;
    let (report, removed) = match args.keep {
        Some(_) => (
            result["report"].clone(),
            result["removed"].as_array().cloned().unwrap_or_default(),
        ),
        None => (result, Vec::new()),
    };
    let report: BackupReport =
        serde_json::from_value(report).map_err(|e| format!("unexpected answer: {e}"))?;
    println!(
        "backup written: {} ({}, {} rows, {} files) in {} ms",
        report.path.display(),
        human_bytes(report.bytes),
        report.rows,
        report.files,
        report.millis
    );
    for old in removed {
        println!("removed old backup: {}", old.as_str().unwrap_or_default());
    }
    Ok(())
}
