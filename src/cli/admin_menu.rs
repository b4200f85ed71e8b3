//! `kiosk admin-menu import FILE` and `kiosk admin-menu export FILE`.

use std::path::PathBuf;

use clap::Subcommand;

use super::{Cli, load_config};
use crate::ops::{self, Operation};

#[derive(Debug, Subcommand)]
pub enum AdminMenuCommand {
    /// Replace every role's staff menu with the file's, after checking the whole file.
    ///
    /// The file maps role names (beginning with "admin") to lists of
    /// {"name", "icon", "link", "subMenus"?}; links are internal paths, icons short names of
    /// lowercase letters, digits and "-". Every problem is listed with its JSON path and
    /// nothing changes unless the whole file is valid.
    Import {
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
    /// Write the current staff menus to FILE ("-" for standard output).
    Export {
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
}

pub fn run(cli: &Cli, command: &AdminMenuCommand) -> Result<(), String> {
    let config = load_config(cli)?;
    match command {
        AdminMenuCommand::Import { file } => {
            let text = std::fs::read_to_string(file)
                .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            let document = serde_json::from_str(&text)
                .map_err(|e| format!("{} is not valid JSON: {e}", file.display()))?;
            let result = ops::run(&config, Operation::AdminMenuImport { document })?;
            println!(
                "imported admin menus for roles: {}",
                result["roles"]
                    .as_array()
                    .map(|r| r
                        .iter()
                        .filter_map(|v| v.as_str())
                        .collect::<Vec<_>>()
                        .join(", "))
                    .unwrap_or_default()
            );
        }
        AdminMenuCommand::Export { file } => {
            let menus = ops::run(&config, Operation::AdminMenuExport)?;
            let text = serde_json::to_string_pretty(&menus).map_err(|e| e.to_string())? + "\n";
            if file.as_os_str() == "-" {
                print!("{text}");
            } else {
                std::fs::write(file, text)
                    .map_err(|e| format!("cannot write {}: {e}", file.display()))?;
                println!("exported admin menus to {}", file.display());
            }
        }
    }
    Ok(())
}
