//! The command line: one file per command. Without a command, `kiosk` runs the shop.

mod serve;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Kiosk: a furniture shop in one binary.
///
/// Run without a command to serve the shop on http://127.0.0.1:8080 with its data in ./data.
/// Settings come from (lowest to highest) built-in defaults, the config file, KIOSK_*
/// environment variables and these flags; see config.example.toml for every setting.
#[derive(Debug, Parser)]
#[command(name = "kiosk", version, args_conflicts_with_subcommands = true)]
pub struct Cli {
    /// Config file to read (default: ./config.toml when it exists).
    #[arg(long, global = true, value_name = "FILE", env = "KIOSK_CONFIG")]
    pub config: Option<PathBuf>,

    /// Folder holding kiosk.redb and uploaded files (default: ./data).
    #[arg(long, global = true, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,

    #[command(subcommand)]
    pub command: Option<Command>,

    #[command(flatten)]
    pub serve: serve::ServeArgs,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the shop: the storefront, the API and the staff area (the default command).
    Serve(serve::ServeArgs),
}

/// Parses the command line and runs the command; errors become one line on stderr and a
/// non-zero exit.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Serve(ref args)) => serve::run(&cli, args),
        None => serve::run(&cli, &cli.serve),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("kiosk: {message}");
            ExitCode::FAILURE
        }
    }
}
