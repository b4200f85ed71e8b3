//! `kiosk setup`: first-time setup of a shop.
//!
//! Interactive on a terminal; fully scriptable with `--non-interactive`. Everything is checked
//! before anything is written, existing files are never overwritten without `--force`, and
//! `--force` never deletes data: it rewrites the config and adds the admin to the existing
//! database.

use std::io::{BufRead, IsTerminal, Write};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use clap::Args;

use super::{Cli, absolute, read_password};
use crate::accounts::model::Username;
use crate::accounts::password;
use crate::accounts::store::{self as accounts, NewLocalUser};
use crate::config::{Config, DEFAULT_CONFIG_FILE, Overrides};
use crate::store::Store;

/// The environment variable that may carry the first admin's password.
pub const ADMIN_PASSWORD_ENV: &str = "KIOSK_ADMIN_PASSWORD";

#[derive(Debug, Args)]
pub struct SetupArgs {
    /// Never ask: every value comes from flags (or defaults); fail if one is missing.
    #[arg(long)]
    pub non_interactive: bool,
    /// Address to listen on (default 127.0.0.1:8080).
    #[arg(long, value_name = "ADDR")]
    pub listen: Option<SocketAddr>,
    /// The address shoppers use, e.g. https://shop.example.com.
    #[arg(long, value_name = "URL")]
    pub public_url: Option<String>,
    /// The shop's name.
    #[arg(long, value_name = "NAME")]
    pub shop_name: Option<String>,
    /// Username of the first admin.
    #[arg(long, value_name = "USER")]
    pub admin_user: Option<String>,
    /// Read the first admin's password from this file's first line (else KIOSK_ADMIN_PASSWORD,
    /// else a prompt). There is deliberately no flag taking the password itself: it would show
    /// in `ps` and in shell history.
    #[arg(long, value_name = "FILE")]
    pub admin_password_file: Option<PathBuf>,
    /// Start with an empty catalogue instead of the demo furniture.
    #[arg(long)]
    pub no_demo: bool,
    /// Rewrite an existing config file and add the admin to an existing database (never
    /// deletes data).
    #[arg(long)]
    pub force: bool,
}

pub fn run(cli: &Cli, args: &SetupArgs) -> Result<(), String> {
    let interactive = !args.non_interactive && std::io::stdin().is_terminal();
    let defaults = Config::default();
    let ask = |question: &str, given: Option<String>, default: &str| -> Result<String, String> {
        match given {
            Some(value) => Ok(value),
            None if interactive => prompt(question, default),
            None => Ok(default.to_string()),
        }
    };

    let config_path = absolute(
        cli.config
            .as_deref()
            .unwrap_or(Path::new(DEFAULT_CONFIG_FILE)),
    )?;
    let data_dir = absolute(&match &cli.data_dir {
        Some(dir) => dir.clone(),
        None => PathBuf::from(ask(
            "Data directory",
            None,
            &defaults.data_dir.display().to_string(),
        )?),
    })?;
    let listen: SocketAddr = ask(
        "Listen address",
        args.listen.map(|a| a.to_string()),
        &defaults.listen.to_string(),
    )?
    .parse()
    .map_err(|_| "the listen address must look like 127.0.0.1:8080".to_string())?;
    let public_url = ask(
        "Public URL (e.g. https://shop.example.com)",
        args.public_url.clone(),
        &format!("http://{listen}"),
    )?;
    let shop_name = ask("Shop name", args.shop_name.clone(), &defaults.shop_name)?;
    let admin_user = match &args.admin_user {
        Some(user) => user.clone(),
        None if interactive => prompt("First admin's username", "admin")?,
        None => {
            return Err(
                "--admin-user is required with --non-interactive (or when not on a terminal)"
                    .into(),
            );
        }
    };

    // Check everything before writing anything.
    let username = Username::parse(&admin_user)?;
    let candidate = render_config(listen, &data_dir, &public_url, &shop_name, !args.no_demo);
    validate_config_text(&candidate)?;
    if config_path.exists() && !args.force {
        return Err(format!(
            "{} already exists; pass --force to rewrite it",
            config_path.display()
        ));
    }
    let database = data_dir.join("kiosk.redb");
    if database.exists() && !args.force {
        return Err(format!(
            "a shop database already exists at {}; pass --force to add the admin to it",
            database.display()
        ));
    }
    let admin_password = read_password(
        args.admin_password_file.as_deref(),
        ADMIN_PASSWORD_ENV,
        "Admin password",
    )?;
    password::check_strength(&admin_password)?;

    // Database (with its token secret) and the first admin.
    create_private_dir(&data_dir)?;
    let store = Store::open(&data_dir).map_err(|e| e.to_string())?;
    accounts::jwt_secret(&store).map_err(|e| e.to_string())?;
    crate::application::seed_store(&store, !args.no_demo).map_err(|e| e.to_string())?;
    let admin = accounts::create_local_user(
        &store,
        &NewLocalUser {
            username: username.as_str(),
            name: "",
            password: &admin_password,
            role: "admin",
        },
    )
    .map_err(|e| e.to_string())?;
    drop(store);

    // The config file, written whole or not at all.
    if let Some(parent) = config_path.parent() {
        std::fs::create_dir_all(parent)
            .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
    }
    let temporary = config_path.with_extension("toml.tmp");
    std::fs::write(&temporary, &candidate)
        .map_err(|e| format!("cannot write {}: {e}", temporary.display()))?;
    std::fs::rename(&temporary, &config_path)
        .map_err(|e| format!("cannot write {}: {e}", config_path.display()))?;

    println!("Kiosk is set up.");
    println!("  config:   {}", config_path.display());
    println!("  database: {}", database.display());
    println!("  admin:    {} (role admin)", admin.username);
    println!();
    println!(
        "Start the shop:    kiosk serve --config {}",
        config_path.display()
    );
    println!("As a service:      see packaging/INSTALL.md (systemd unit packaging/kiosk.service)");
    println!(
        "Nightly backups:   kiosk backup --config {} --keep 14 /var/backups/kiosk",
        config_path.display()
    );
    Ok(())
}

/// config.example.toml with the chosen values: every other setting stays documented.
fn render_config(
    listen: SocketAddr,
    data_dir: &Path,
    public_url: &str,
    shop_name: &str,
    demo: bool,
) -> String {
    let quoted = |s: &str| serde_json::to_string(s).unwrap_or_default();
    let stamp = time::OffsetDateTime::now_utc()
        .format(&time::format_description::well_known::Rfc3339)
        .unwrap_or_default();
    let mut out =
        format!("# Written by `kiosk setup` on {stamp}. Edit freely; restart kiosk to apply.\n");
    for line in include_str!("../../config.example.toml").lines() {
        let replaced = match line.split_once(" = ") {
            Some(("listen", _)) => format!("listen = {}", quoted(&listen.to_string())),
            Some(("data_dir", _)) => {
                format!("data_dir = {}", quoted(&data_dir.display().to_string()))
            }
            Some(("public_url", _)) => format!("public_url = {}", quoted(public_url.trim())),
            Some(("shop_name", _)) => format!("shop_name = {}", quoted(shop_name.trim())),
            Some(("demo", _)) => format!("demo = {demo}"),
            _ => line.to_string(),
        };
        out.push_str(&replaced);
        out.push('\n');
    }
    out
}

/// Loads the text exactly as `serve` will, so setup never writes a config that fails later.
fn validate_config_text(text: &str) -> Result<(), String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let path = dir.path().join("config.toml");
    std::fs::write(&path, text).map_err(|e| e.to_string())?;
    Config::load(Some(&path), &Overrides::default())
        .map(|_| ())
        .map_err(|e| e.to_string())
}

fn create_private_dir(dir: &Path) -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt;
    let existed = dir.exists();
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    if !existed {
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))
            .map_err(|e| format!("cannot protect {}: {e}", dir.display()))?;
    }
    Ok(())
}

fn prompt(question: &str, default: &str) -> Result<String, String> {
    print!("{question} [{default}]: ");
    std::io::stdout().flush().map_err(|e| e.to_string())?;
    let mut line = String::new();
    std::io::stdin()
        .lock()
        .read_line(&mut line)
        .map_err(|e| e.to_string())?;
    let answer = line.trim();
    Ok(if answer.is_empty() {
        default.to_string()
    } else {
        answer.to_string()
    })
}
