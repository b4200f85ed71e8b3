//! `kiosk backup FILE`, `kiosk backup --keep N DIR`, and off-site copies: `kiosk backup --to
//! NAME`, `kiosk backup list NAME`.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::{Cli, absolute, human_bytes, load_config};
use crate::ops::{self, Operation, offsite};
use crate::store::backup::BackupReport;

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct BackupArgs {
    #[command(subcommand)]
    pub command: Option<BackupCommand>,

    /// The backup file to write (one archive: database snapshot + uploaded files), or with
    /// --keep the folder to write timestamped backups into.
    #[arg(
        value_name = "FILE|DIR",
        required_unless_present = "to",
        conflicts_with = "to"
    )]
    pub target: Option<PathBuf>,

    /// Treat the target as a folder: write kiosk-YYYYMMDD-HHMMSS.tar there and keep only the
    /// newest N backups.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub keep: Option<u16>,

    /// Copy a backup, encrypted, to the off-site destination NAME ([[backup.destinations]]),
    /// read it back, then apply the retention rules there.
    #[arg(long, value_name = "NAME")]
    pub to: Option<String>,
}

#[derive(Debug, Subcommand)]
pub enum BackupCommand {
    /// List the complete archives at the off-site destination NAME, newest first.
    List {
        #[arg(value_name = "NAME")]
        name: String,
    },
}

pub fn run(cli: &Cli, args: &BackupArgs) -> Result<(), String> {
    let config = load_config(cli)?;
    if let Some(BackupCommand::List { name }) = &args.command {
        return list(&config, name);
    }
    if let Some(name) = &args.to {
        offsite::destination(&config, name)?;
        let answer = ops::run(&config, Operation::OffsiteCopy { name: name.clone() })?;
        let report: offsite::CopyReport =
            serde_json::from_value(answer).map_err(|e| format!("unexpected answer: {e}"))?;
        println!(
            "copied {} to {} ({}, {} part(s), encrypted, read back and verified) in {} ms",
            report.archive,
            report.destination,
            human_bytes(report.bytes),
            report.parts,
            report.millis
        );
        for old in report.removed {
            println!("removed at {}: {old}", report.destination);
        }
        return Ok(());
    }
    let Some(target) = &args.target else {
        return Err("give a FILE or DIR, or --to NAME".into());
    };
    let target = absolute(target)?;
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

/// `kiosk backup list NAME`: read from the destination by this process (no database needed).
fn list(config: &crate::config::Config, name: &str) -> Result<(), String> {
    let dest = offsite::destination(config, name)?;
    let runner = offsite::Runner::new()?;
    let op = offsite::operator(dest)?;
    let listing = offsite::list(&runner, &op).map_err(|e| format!("{name}: {e}"))?;
    println!(
        "{name} ({}): {} complete archive(s)",
        dest.url,
        listing.archives.len()
    );
    if !listing.archives.is_empty() {
        println!(
            "{:<26} {:<22} {:>10} {:>6}",
            "ARCHIVE", "CREATED", "SIZE", "PARTS"
        );
    }
    for a in &listing.archives {
        println!(
            "{:<26} {:<22} {:>10} {:>6}",
            a.name,
            a.created_at,
            human_bytes(a.bytes),
            a.parts
        );
    }
    for (folder, reason) in &listing.incomplete {
        println!("not counted: {folder} ({reason})");
    }
    Ok(())
}
