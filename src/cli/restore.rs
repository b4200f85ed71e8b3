//! `kiosk restore FILE` and `kiosk restore --from NAME [ARCHIVE]`.

use std::path::PathBuf;

use clap::Args;

use super::{Cli, load_config};
use crate::ops::{Operation, offsite, socket};
use crate::store::backup;

#[derive(Debug, Args)]
pub struct RestoreArgs {
    /// The backup file written by `kiosk backup`; with --from, the archive's name at the
    /// destination (default: the newest complete one).
    #[arg(value_name = "FILE|ARCHIVE", required_unless_present = "from")]
    pub file: Option<PathBuf>,

    /// Download from the off-site destination NAME, check every part, decrypt, then restore.
    #[arg(long, value_name = "NAME")]
    pub from: Option<String>,
}

pub fn run(cli: &Cli, args: &RestoreArgs) -> Result<(), String> {
    let config = load_config(cli)?;
    if socket::request(&socket::socket_path(&config.data_dir), &Operation::Check).is_ok() {
        return Err(format!(
            "a kiosk server is running on {}; stop it first (systemctl stop kiosk)",
            config.data_dir.display()
        ));
    }
    // Off-site: the archive comes down into the data folder (same disk as the restore), is
    // decrypted there, then restored like a local file.
    let mut staging = None;
    let (file, label) = match &args.from {
        Some(name) => {
            let dest = offsite::destination(&config, name)?;
            std::fs::create_dir_all(&config.data_dir)
                .map_err(|e| format!("cannot create {}: {e}", config.data_dir.display()))?;
            let dir = tempfile::Builder::new()
                .prefix(".kiosk-offsite-")
                .tempdir_in(&config.data_dir)
                .map_err(|e| format!("cannot write in {}: {e}", config.data_dir.display()))?;
            let file = dir.path().join("archive.tar");
            let wanted = args.file.as_ref().map(|p| p.to_string_lossy().to_string());
            let archive = offsite::fetch(dest, wanted.as_deref(), &file)?;
            println!("downloaded, verified and decrypted {archive} from {name}");
            staging = Some(dir);
            (file, format!("{archive} from {name}"))
        }
        None => {
            let Some(file) = args.file.clone() else {
                return Err("give the backup FILE, or --from NAME".into());
            };
            let label = file.display().to_string();
            (file, label)
        }
    };
    let report = backup::restore(&file, &config.data_dir).map_err(|e| e.to_string())?;
    drop(staging);
    println!(
        "restored {label} ({} rows, {} files, schema {}, taken {}) into {}",
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
