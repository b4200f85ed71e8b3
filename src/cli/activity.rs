//! `kiosk activity archive --before DATE`: moves old activity lines into a compressed file the
//! staff viewer still reads (docs/OPERATING.md "Archiving the activity log").

use clap::{Args, Subcommand};

use super::{Cli, human_bytes, load_config};
use crate::ops::{self, Operation};

#[derive(Debug, Subcommand)]
pub enum ActivityCommand {
    /// Move every activity line before the shop day DATE into files/activity/ (gzip), out of
    /// the database; the activity viewer reads archived lines back. Works while the shop runs.
    Archive(ArchiveArgs),
}

#[derive(Debug, Args)]
pub struct ArchiveArgs {
    /// The first shop day (UTC+7) to keep in the database, YYYY-MM-DD; not after today.
    #[arg(long, value_name = "DATE")]
    pub before: String,
}

pub fn run(cli: &Cli, command: &ActivityCommand) -> Result<(), String> {
    let config = load_config(cli)?;
    match command {
        ActivityCommand::Archive(args) => {
            let answer = ops::run(
                &config,
                Operation::ActivityArchive {
                    before: args.before.clone(),
                },
            )?;
            let lines = answer["lines"].as_u64().unwrap_or(0);
            match answer["file"].as_str() {
                Some(file) => println!(
                    "archived {lines} activity lines before {} into {file} ({})",
                    args.before,
                    human_bytes(answer["bytes"].as_u64().unwrap_or(0))
                ),
                None => println!("no activity line before {} to archive", args.before),
            }
            Ok(())
        }
    }
}
