//! Operator operations (backup, staff menus, staff accounts, checks) and where they run.
//!
//! redb lets one process hold the database. When a server runs, the CLI therefore sends the
//! operation over the control socket and the server performs it, while shoppers keep being
//! served; when none runs, the CLI opens the database and performs it itself. Both paths call
//! the same [`execute`], so they cannot drift apart.

pub mod offsite;
pub mod socket;
pub mod tls;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::accounts::menu_store as admin;
use crate::accounts::menus::validate_menus;
use crate::accounts::store::{self as accounts, NewLocalUser};
use crate::catalog::cache::CatalogCache;
use crate::catalog::import;
use crate::catalog::store as catalog;
use crate::catalog::writer::CatalogWriter;
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
    /// Writes a backup and copies it, encrypted, to the off-site destination `name` of the
    /// configuration of the process that runs it (`offsite`).
    OffsiteCopy {
        name: String,
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
    /// What `kiosk doctor` reads from the database: schema, last backup, notifications. On a
    /// stopped shop the file is opened without migrating it, so pending migrations show.
    Doctor,
    /// A catalogue file (JSON, or CSV when `csv`), read and validated where the operation
    /// runs. Over the control socket the file's bytes follow the request (any size), so the
    /// server needs no access to the operator's folders (the packaged service sees neither
    /// /home nor the operator's /tmp); `file` then only names it in messages.
    CatalogImport {
        file: PathBuf,
        #[serde(default)]
        csv: bool,
        /// Only check the file and say what it would change (a Shopify or WooCommerce file
        /// without `--apply`); nothing is written.
        #[serde(default)]
        preview: bool,
        /// Create the categories a Shopify or WooCommerce file names that the shop lacks.
        #[serde(default)]
        create_categories: bool,
    },
    CatalogExport,
    /// Moves the activity lines before the shop day `before` (`YYYY-MM-DD`) into a compressed
    /// file under `files/activity/` that the viewer reads back (`activity::archive`).
    ActivityArchive {
        before: String,
    },
}

/// What an operation works on.
pub struct Context<'a> {
    pub store: &'a Store,
    /// The settings of the process that runs the operation (the server's, over the socket).
    pub config: &'a Config,
    pub data_dir: &'a Path,
    /// The running server's catalogue snapshot, which catalogue changes refresh themselves
    /// (`catalog::writer`); `None` for the CLI on a stopped shop.
    pub catalog: Option<&'a Arc<CatalogCache>>,
    /// The server's copy of the file the operation names, when it came over the control
    /// socket; `None`: read the named file itself.
    pub attachment: Option<&'a Path>,
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
        // Every backup's outcome is recorded, so the dashboard can warn when one fails.
        Operation::Backup { path } => {
            let written = backup::write_backup(ctx.store, &ctx.files_dir(), &path);
            backup::record_backup(ctx.store, written.as_ref());
            Ok(json!(written.map_err(|e| text(&e))?))
        }
        Operation::BackupRotate { dir, keep } => {
            let written = backup::write_rotating(ctx.store, &ctx.files_dir(), &dir, keep);
            backup::record_backup(ctx.store, written.as_ref().map(|(report, _)| report));
            let (report, removed) = written.map_err(|e| text(&e))?;
            Ok(json!({"report": report, "removed": removed}))
        }
        Operation::OffsiteCopy { name } => Ok(json!(offsite::copy_to(
            ctx.store,
            ctx.data_dir,
            ctx.config,
            &name
        )?)),
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
        Operation::ActivityArchive { before } => {
            let day = crate::domain::shop_day::parse_day(before.trim())
                .ok_or_else(|| format!("--before {before:?} must be a date YYYY-MM-DD"))?;
            let dir = crate::activity::archive::dir(&ctx.files_dir());
            let report = crate::activity::archive::archive_before(ctx.store, &dir, day)
                .map_err(|e| text(&e))?;
            Ok(json!(report))
        }
        Operation::Doctor => doctor(ctx).map_err(|e| text(&e)),
        Operation::CatalogImport {
            file,
            csv,
            preview,
            create_categories,
        } => {
            let actor = crate::activity::Actor {
                name: "cli",
                kcard: "",
            };
            let reader = std::fs::File::open(ctx.attachment.unwrap_or(&file))
                .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            let writer = match ctx.catalog {
                Some(snapshot) => CatalogWriter::new(ctx.store, snapshot),
                None => CatalogWriter::store_only(ctx.store),
            };
            let options = import::ImportOptions { create_categories };
            if preview {
                let seen =
                    import::preview_file(ctx.store, reader, csv, options).map_err(|e| text(&e))?;
                return Ok(json!({"preview": seen}));
            }
            // The import rebuilds the snapshot when it changed products.
            let done = import::apply_file(&writer, actor, reader, csv, false, options)
                .map_err(|e| text(&e))?;
            Ok(json!({
                "imported": done.new + done.updated,
                "new": done.new,
                "updated": done.updated,
                "unchanged": done.unchanged,
                "format": done.format,
                "createdCategories": done.created_categories,
                "notes": done.notes,
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
    for table in ALL_TABLES.iter() {
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

fn doctor(ctx: &Context) -> Result<Value, StoreError> {
    use crate::outbox::{MessageStatus, OUTBOX_DUE_TO_ID, OUTBOX_ID_TO_MESSAGE};
    let schema = migrate::schema_version(ctx.store)?;
    // A database older than the outbox (before its migration) has no messages to count.
    let outbox = ctx.store.read(|txn| {
        let pending = OUTBOX_DUE_TO_ID.read(txn)?.len()?;
        let mut failed = 0u64;
        OUTBOX_ID_TO_MESSAGE.read(txn)?.try_for_each(|_, message| {
            failed += u64::from(message.status == MessageStatus::Failed);
            Ok::<_, StoreError>(())
        })?;
        Ok::<_, StoreError>(json!({"pending": pending, "failed": failed}))
    });
    Ok(json!({
        "schemaVersion": schema,
        "knownSchemaVersion": migrate::SCHEMA_VERSION,
        "lastBackup": backup::last_backup(ctx.store).ok().flatten(),
        "outbox": outbox.ok(),
        "now": time::OffsetDateTime::now_utc().unix_timestamp().max(0),
    }))
}

/// Runs `operation` in the running server if there is one, otherwise on the database directly.
pub fn run(config: &Config, operation: Operation) -> Result<Value, String> {
    run_with(config, operation, None)
}

/// As [`run`], for an operation on the file `attachment` (a catalogue to import): a running
/// server is sent the file's bytes along with the operation.
pub fn run_with_file(
    config: &Config,
    operation: Operation,
    attachment: &Path,
) -> Result<Value, String> {
    run_with(config, operation, Some(attachment))
}

fn run_with(
    config: &Config,
    operation: Operation,
    attachment: Option<&Path>,
) -> Result<Value, String> {
    let socket_path = socket::socket_path(&config.data_dir);
    let sent = match attachment {
        Some(path) => {
            let mut file = std::fs::File::open(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            socket::request_with_file(&socket_path, &operation, &mut file)
        }
        None => socket::request(&socket_path, &operation),
    };
    let unreachable = match sent {
        Ok(answer) => return answer,
        Err(socket::RequestError::Failed(reason)) => {
            return Err(format!(
                "the running kiosk server (control socket {}) {reason}",
                socket_path.display()
            ));
        }
        Err(socket::RequestError::Unreachable(err)) => err,
    };
    let database = config.database_path();
    if !database.exists() {
        return Err(format!(
            "there is no shop database at {}; run `kiosk setup` or `kiosk serve` first, or pass --data-dir",
            database.display()
        ));
    }
    // The doctor looks without changing anything: migrating would hide pending migrations.
    let opened = if matches!(operation, Operation::Doctor) {
        Store::open_unmigrated(&config.data_dir)
    } else {
        Store::open(&config.data_dir)
    };
    let store = match opened {
        Ok(store) => store,
        Err(StoreError::InUse(dir)) => {
            return Err(format!(
                "a kiosk server holds {} but its control socket {} cannot be reached ({unreachable}); {}",
                dir.display(),
                socket_path.display(),
                unreachable_hint(&unreachable)
            ));
        }
        Err(err) => return Err(err.to_string()),
    };
    execute(
        &Context {
            store: &store,
            config,
            data_dir: &config.data_dir,
            catalog: None,
            attachment: None,
        },
        operation,
    )
}

/// What the operator can do when the server holding the database cannot be reached.
fn unreachable_hint(err: &std::io::Error) -> &'static str {
    match err.kind() {
        std::io::ErrorKind::PermissionDenied => {
            "the server runs as another user: run this command as that user (e.g. sudo -u kiosk)"
        }
        std::io::ErrorKind::NotFound => {
            "the socket file is missing (deleted, or the server was started with another data folder); restart the server to create it"
        }
        std::io::ErrorKind::ConnectionRefused => {
            "the server is starting or stopping; try again in a moment"
        }
        _ => "check that the server is running and healthy",
    }
}
