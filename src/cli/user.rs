//! `kiosk user add|set-role|reset-password|list`: staff accounts.

use std::path::PathBuf;

use clap::Subcommand;

use super::{Cli, load_config, read_password};
use crate::ops::{self, Operation};

/// The environment variable that may carry the password for `add` and `reset-password`.
pub const PASSWORD_ENV: &str = "KIOSK_USER_PASSWORD";

#[derive(Debug, Subcommand)]
pub enum UserCommand {
    /// Create a local account (a staff account unless --role user).
    Add {
        username: String,
        /// Display name (default: the username).
        #[arg(long, default_value = "")]
        name: String,
        /// "admin", another role beginning with "admin", or "user".
        #[arg(long, default_value = "admin")]
        role: String,
        /// Read the password from this file's first line (else KIOSK_USER_PASSWORD, else a prompt).
        #[arg(long, value_name = "FILE")]
        password_file: Option<PathBuf>,
    },
    /// Change an account's role; its existing sign-ins end.
    SetRole { username: String, role: String },
    /// Set a new password; every existing sign-in of the account ends.
    ResetPassword {
        username: String,
        /// Read the password from this file's first line (else KIOSK_USER_PASSWORD, else a prompt).
        #[arg(long, value_name = "FILE")]
        password_file: Option<PathBuf>,
    },
    /// List accounts: id, username, role, sign-in provider, name.
    List,
}

pub fn run(cli: &Cli, command: &UserCommand) -> Result<(), String> {
    let config = load_config(cli)?;
    match command {
        UserCommand::Add {
            username,
            name,
            role,
            password_file,
        } => {
            let password = read_password(password_file.as_deref(), PASSWORD_ENV, "Password")?;
            let user = ops::run(
                &config,
                Operation::UserAdd {
                    username: username.clone(),
                    name: name.clone(),
                    role: role.clone(),
                    password,
                },
            )?;
            println!(
                "created {} (id {}, role {})",
                user["username"].as_str().unwrap_or_default(),
                user["id"],
                user["role"].as_str().unwrap_or_default()
            );
        }
        UserCommand::SetRole { username, role } => {
            let user = ops::run(
                &config,
                Operation::UserSetRole {
                    username: username.clone(),
                    role: role.clone(),
                },
            )?;
            println!(
                "{} now has role {}",
                user["username"].as_str().unwrap_or_default(),
                user["role"].as_str().unwrap_or_default()
            );
        }
        UserCommand::ResetPassword {
            username,
            password_file,
        } => {
            let password = read_password(password_file.as_deref(), PASSWORD_ENV, "New password")?;
            let user = ops::run(
                &config,
                Operation::UserResetPassword {
                    username: username.clone(),
                    password,
                },
            )?;
            println!(
                "new password set for {}; its other sign-ins have ended",
                user["username"].as_str().unwrap_or_default()
            );
        }
        UserCommand::List => {
            let users = ops::run(&config, Operation::UserList)?;
            println!(
                "{:>6}  {:<24}  {:<14}  {:<9}  name",
                "id", "username", "role", "provider"
            );
            for user in users.as_array().into_iter().flatten() {
                println!(
                    "{:>6}  {:<24}  {:<14}  {:<9}  {}",
                    user["id"].as_u64().unwrap_or_default(),
                    user["username"].as_str().unwrap_or_default(),
                    user["role"].as_str().unwrap_or_default(),
                    user["provider"].as_str().unwrap_or_default(),
                    user["name"].as_str().unwrap_or_default()
                );
            }
        }
    }
    Ok(())
}
