//! Operator operations (backup, staff menus, staff accounts, checks) and where they run.
//!
//! redb lets one process hold the database. When a server runs, the CLI therefore sends the
//! operation over the control socket and the server performs it, while shoppers keep being
//! served; when none runs, the CLI opens the database and performs it itself. Both paths call
//! the same [`execute`], so they cannot drift apart.

pub mod socket;

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::accounts::store::{self as accounts, NewLocalUser};
use crate::admin::model::validate_menus;
use crate::admin::store as admin;
use crate::catalog::import::{self, ImportRow};
use crate::catalog::store as catalog;
use crate::config::Config;
use crate::store::tables::ALL_TABLES;
use crate::store::{Store, StoreError, backup, migrate};

/// One request from the CLI. Paths are absolute: the server's working directory is not the
/// operator's.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum Operation {
    Backup {
        path: PathBuf,
    },
    BackupRotate {
        dir: PathBuf,
        keep: usize,
    },
    AdminMenuImport {
        document: Value,
    },
    AdminMenuExport,
    UserAdd {
        username: String,
        name: String,
        role: String,
        password: String,
    },
    UserSetRole {
        username: String,
        role: String,
    },
    UserResetPassword {
        username: String,
        password: String,
    },
    UserList,
    Check,
    /// Rows already parsed by the CLI; validated here against the shop's rooms and categories.
    CatalogImport {
        rows: Vec<ImportRow>,
    },
    CatalogExport,
}

/// What changed, so a running server can refresh its in-memory snapshots.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Changed {
    Catalog,
}

/// What an operation works on.
pub struct Context<'a> {
    pub store: &'a Store,
    pub data_dir: &'a Path,
    /// Called after a change succeeded (the server reloads snapshots; the CLI has none).
    pub after_change: &'a (dyn Fn(Changed) -> Result<(), String> + Sync),
}

/// For the CLI working on a stopped shop: nothing is cached.
pub fn no_snapshots(_: Changed) -> Result<(), String> {
    Ok(())
}

impl Context<'_> {
    fn files_dir(&self) -> PathBuf {
        self.data_dir.join("files")
    }
}

/// Performs `operation`; the error is one line for the operator.
pub fn execute(ctx: &Context, operation: Operation) -> Result<Value, String> {
    let text = |e: &dyn std::fmt::Display| e.to_string();
    match operation {
        Operation::Backup { path } => {
            let report =
                backup::write_backup(ctx.store, &ctx.files_dir(), &path).map_err(|e| text(&e))?;
            Ok(json!(report))
        }
        Operation::BackupRotate { dir, keep } => {
            let (report, removed) = backup::write_rotating(ctx.store, &ctx.files_dir(), &dir, keep)
                .map_err(|e| text(&e))?;
            Ok(json!({"report": report, "removed": removed}))
        }
        Operation::AdminMenuImport { document } => {
            let menus = validate_menus(&document).map_err(|problems| {
                format!(
                    "the admin menu file has {} problem(s), nothing was changed:\n  {}",
                    problems.len(),
                    problems.join("\n  ")
                )
            })?;
            admin::replace_menus(ctx.store, &menus).map_err(|e| text(&e))?;
            Ok(json!({"roles": menus.keys().collect::<Vec<_>>()}))
        }
        Operation::AdminMenuExport => {
            Ok(json!(admin::load_menus(ctx.store).map_err(|e| text(&e))?))
        }
        Operation::UserAdd {
            username,
            name,
            role,
            password,
        } => {
            let user = accounts::create_local_user(
                ctx.store,
                &NewLocalUser {
                    username: &username,
                    name: &name,
                    password: &password,
                    role: &role,
                },
            )
            .map_err(|e| text(&e))?;
            Ok(json!({"id": user.id, "username": user.username, "role": user.role}))
        }
        Operation::UserSetRole { username, role } => {
            let user = accounts::set_role(ctx.store, &username, &role).map_err(|e| text(&e))?;
            Ok(json!({"id": user.id, "username": user.username, "role": user.role}))
        }
        Operation::UserResetPassword { username, password } => {
            let user =
                accounts::reset_password(ctx.store, &username, &password).map_err(|e| text(&e))?;
            Ok(json!({"id": user.id, "username": user.username}))
        }
        Operation::UserList => {
            let users = accounts::list_users(ctx.store).map_err(|e| text(&e))?;
            let rows: Vec<Value> = users
                .iter()
                .map(|u| json!({"id": u.id, "username": u.username, "name": u.name, "role": u.role, "provider": u.provider}))
                .collect();
            Ok(Value::Array(rows))
        }
        Operation::Check => check(ctx).map_err(|e| text(&e)),
        Operation::CatalogImport { rows } => {
            let actor = crate::catalog::edit::Actor {
                name: "cli",
                kcard: "",
            };
            let done = import::apply(ctx.store, actor, &rows).map_err(|e| text(&e))?;
            (ctx.after_change)(Changed::Catalog)?;
            Ok(json!({
                "imported": done.new + done.updated,
                "new": done.new,
                "updated": done.updated,
                "unchanged": done.unchanged,
            }))
        }
        Operation::CatalogExport => {
            Ok(json!({"products": catalog::load_products(ctx.store).map_err(|e| text(&e))?}))
        }
    }
}

fn check(ctx: &Context) -> Result<Value, StoreError> {
    use redb::ReadableDatabase;
    let read = ctx.store.db()?.begin_read()?;
    let mut tables = serde_json::Map::new();
    for table in ALL_TABLES {
        tables.insert(table.name().to_string(), json!(table.len(&read)?));
    }
    drop(read);
    let users = accounts::list_users(ctx.store).map_err(|e| StoreError::BadMeta {
        key: "users",
        value: e.to_string(),
    })?;
    Ok(json!({
        "kioskVersion": env!("CARGO_PKG_VERSION"),
        "schemaVersion": migrate::schema_version(ctx.store)?,
        "knownSchemaVersion": migrate::SCHEMA_VERSION,
        "database": ctx.store.path(),
        "databaseBytes": std::fs::metadata(ctx.store.path()).map(|m| m.len()).unwrap_or_default(),
        "tables": tables,
        "users": users.len(),
        "staff": users.iter().filter(|u| u.role.is_admin()).count(),
    }))
}

/// Runs `operation` in the running server if there is one, otherwise on the database directly.
pub fn run(config: &Config, operation: Operation) -> Result<Value, String> {
    let socket_path = socket::socket_path(&config.data_dir);
    match socket::request(&socket_path, &operation) {
        Ok(answer) => answer,
        Err(_) => {
            let database = config.database_path();
            if !database.exists() {
                return Err(format!(
                    "there is no shop database at {}; run `kiosk setup` or `kiosk serve` first, or pass --data-dir",
                    database.display()
                ));
            }
            let store = match Store::open(&config.data_dir) {
                Ok(store) => store,
                Err(StoreError::InUse(dir)) => {
                    return Err(format!(
                        "a kiosk server holds {} but its control socket {} does not answer; is it running as another user?",
                        dir.display(),
                        socket_path.display()
                    ));
                }
                Err(err) => return Err(err.to_string()),
            };
            execute(
                &Context {
                    store: &store,
                    data_dir: &config.data_dir,
                    after_change: &no_snapshots,
                },
                operation,
            )
        }
    }
}
