//! The command line: one file per command. Without a command, `kiosk` runs the shop.

mod activity;
mod admin_menu;
mod backup;
mod catalog;
mod check;
mod compact;
mod completions;
mod doctor;
mod restore;
mod serve;
mod setup;
mod user;

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::config::{Config, Overrides};

/// `kiosk --version`: the release, the commit it was built from and the day (build.rs).
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("KIOSK_GIT_COMMIT"),
    ", built ",
    env!("KIOSK_BUILD_DATE"),
    ")"
);

/// Kiosk: a furniture shop in one binary.
///
/// Run without a command to serve the shop on http://127.0.0.1:8080 with its data in ./data.
/// Settings come from (lowest to highest) built-in defaults, the config file, KIOSK_*
/// environment variables and these flags; see config.example.toml for every setting.
/// Commands that change data work on a running shop through its control socket
/// (<data_dir>/kiosk.sock), or on the database directly when no server runs.
#[derive(Debug, Parser)]
#[command(name = "kiosk", version = VERSION)]
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
    /// First-time setup: write config.toml, create the database and the first admin.
    Setup(setup::SetupArgs),
    /// Write a consistent backup (database + uploaded files) to one file, while the shop runs.
    Backup(backup::BackupArgs),
    /// Replace the shop's data with a backup, after verifying it. The server must be stopped.
    Restore(restore::RestoreArgs),
    /// Import or export the staff menus of each admin role (a JSON file).
    #[command(subcommand)]
    AdminMenu(admin_menu::AdminMenuCommand),
    /// Import or export the product catalogue (JSON or CSV).
    #[command(subcommand)]
    Catalog(catalog::CatalogCommand),
    /// Manage staff accounts.
    #[command(subcommand)]
    User(user::UserCommand),
    /// Validate the configuration and the database; print versions and counts.
    Check,
    /// Archive old activity lines into a compressed file the viewer still reads.
    #[command(subcommand)]
    Activity(activity::ActivityCommand),
    /// Give the database file's free space back to the disk. The server must be stopped.
    Compact,
    /// Look over the installation (permissions, free disk, backups, migrations,
    /// notifications) and say what to do about each problem; exits non-zero on a problem.
    Doctor,
    /// Print a shell completion script, e.g. `kiosk completions bash > ~/.local/share/bash-completion/completions/kiosk`.
    Completions(completions::CompletionsArgs),
    /// Print the manual page (troff): `kiosk man | man -l -`.
    Man,
}

/// Parses the command line and runs the command; errors become a reason on stderr and a
/// non-zero exit.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        None => serve::run(&cli, &cli.serve),
        Some(Command::Serve(args)) => serve::run(&cli, args),
        Some(Command::Setup(args)) => setup::run(&cli, args),
        Some(Command::Backup(args)) => backup::run(&cli, args),
        Some(Command::Restore(args)) => restore::run(&cli, args),
        Some(Command::AdminMenu(command)) => admin_menu::run(&cli, command),
        Some(Command::User(command)) => user::run(&cli, command),
        Some(Command::Catalog(command)) => catalog::run(&cli, command),
        Some(Command::Check) => check::run(&cli),
        Some(Command::Activity(command)) => activity::run(&cli, command),
        Some(Command::Compact) => compact::run(&cli),
        Some(Command::Doctor) => doctor::run(&cli),
        Some(Command::Completions(args)) => completions::completions(args),
        Some(Command::Man) => completions::man(),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("kiosk: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The configuration for commands other than `serve` and `setup`.
fn load_config(cli: &Cli) -> Result<Config, String> {
    let overrides = Overrides {
        data_dir: cli.data_dir.clone(),
        ..Overrides::default()
    };
    Config::load(cli.config.as_deref(), &overrides).map_err(|e| e.to_string())
}

/// A password from a file (first line), else an environment variable, else a prompt on a
/// terminal. Never from a plain argument: it would show in `ps` and shell history.
fn read_password(file: Option<&Path>, env_var: &str, what: &str) -> Result<String, String> {
    if let Some(path) = file {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read the password file {}: {e}", path.display()))?;
        let password = text.lines().next().unwrap_or_default().to_string();
        if password.is_empty() {
            return Err(format!("the password file {} is empty", path.display()));
        }
        return Ok(password);
    }
    if let Ok(password) = std::env::var(env_var)
        && !password.is_empty()
    {
        return Ok(password);
    }
    if std::io::stdin().is_terminal() {
        let first = rpassword::prompt_password(format!("{what}: "))
            .map_err(|e| format!("cannot read the password: {e}"))?;
        let second = rpassword::prompt_password(format!("{what} (again): "))
            .map_err(|e| format!("cannot read the password: {e}"))?;
        if first != second {
            return Err("the two passwords differ".into());
        }
        return Ok(first);
    }
    Err(format!(
        "no password given: use a password file or set {env_var}"
    ))
}

/// Sizes as people read them.
fn human_bytes(bytes: u64) -> String {
    const UNITS: [&str; 4] = ["B", "KiB", "MiB", "GiB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit < UNITS.len() - 1 {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{bytes} B")
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

fn absolute(path: &Path) -> Result<PathBuf, String> {
    std::path::absolute(path).map_err(|e| format!("cannot resolve {}: {e}", path.display()))
}
