//! `kiosk restore FILE`.

use std::path::PathBuf;

use clap::Args;

use super::{Cli, load_config};
use crate::ops::{Operation, socket};
use crate::store::backup;

#[derive(Debug, Args)]
pub struct RestoreArgs {
    /// The backup file written by `kiosk backup`.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
}

pub fn run(cli: &Cli, args: &RestoreArgs) -> Result<(), String> {
    let config = load_config(cli)?;
    if socket::request(&socket::socket_path(&config.data_dir), &Operation::Check).is_ok() {
        return Err(format!(
            "a kiosk server is running on {}; stop it first (systemctl stop kiosk)",
            config.data_dir.display()
        ));
    }
    let report = backup::restore(&args.file, &config.data_dir).map_err(|e| e.to_string())?;
    println!(
        "restored {} ({} rows, {} files, schema {}, taken {}) into {}",
        args.file.display(),
        report.rows,
        report.files,
        report.schema_version,
        report.created_at,
        config.data_dir.display()
    );
    if let Some(previous) = report.previous {
        println!("the replaced database is kept as {}", previous.display());
    }
    Ok(())
}
