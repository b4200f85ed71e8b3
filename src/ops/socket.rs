//! The control socket `<data_dir>/kiosk.sock`: a Unix socket, readable and writable by the
//! server's own user only, carrying one JSON request line and one JSON answer line per
//! connection.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{Changed, Context, Operation, execute};
use crate::app::AppState;

pub fn socket_path(data_dir: &Path) -> PathBuf {
    data_dir.join("kiosk.sock")
}

#[derive(Debug, Serialize, Deserialize)]
struct Answer {
    ok: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    result: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// The largest request accepted: an admin-menu document is a few kilobytes.
const MAX_REQUEST: u64 = 4 * 1024 * 1024;

/// Sends one operation to a running server. `Err` means no server answered (so the caller may
/// open the database itself); `Ok(Err(_))` is the server's refusal.
pub fn request(path: &Path, operation: &Operation) -> std::io::Result<Result<Value, String>> {
    let mut stream = std::os::unix::net::UnixStream::connect(path)?;
    let mut line = serde_json::to_vec(operation).map_err(std::io::Error::other)?;
    line.push(b'\n');
    stream.write_all(&line)?;
    let mut answer = String::new();
    BufReader::new(stream).read_line(&mut answer)?;
    let answer: Answer = serde_json::from_str(&answer).map_err(std::io::Error::other)?;
    Ok(if answer.ok {
        Ok(answer.result.unwrap_or(Value::Null))
    } else {
        Err(answer.error.unwrap_or_default())
    })
}

/// Binds the socket, replacing a stale one (the caller holds the database lock, so no other
/// server can be using it), with owner-only permissions.
pub fn bind(data_dir: &Path) -> std::io::Result<tokio::net::UnixListener> {
    use std::os::unix::fs::PermissionsExt;
    let path = socket_path(data_dir);
    match std::fs::remove_file(&path) {
        Ok(()) => {}
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {}
        Err(err) => return Err(err),
    }
    let listener = tokio::net::UnixListener::bind(&path)?;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600))?;
    Ok(listener)
}

/// Answers operations until `shutdown` resolves, then removes the socket file.
pub async fn serve(
    listener: tokio::net::UnixListener,
    state: AppState,
    shutdown: impl std::future::Future<Output = ()>,
) {
    tokio::pin!(shutdown);
    loop {
        tokio::select! {
            _ = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => {
                    tokio::spawn(handle(stream, state.clone()));
                }
                Err(err) => tracing::warn!(%err, "control socket accept failed"),
            }
        }
    }
    let _ = std::fs::remove_file(socket_path(&state.config.data_dir));
}

async fn handle(stream: tokio::net::UnixStream, state: AppState) {
    use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt};
    let (read, mut write) = stream.into_split();
    let mut line = String::new();
    let answer = match tokio::io::BufReader::new(read.take(MAX_REQUEST))
        .read_line(&mut line)
        .await
    {
        Err(err) => Answer {
            ok: false,
            result: None,
            error: Some(format!("cannot read the request: {err}")),
        },
        Ok(_) => match serde_json::from_str::<Operation>(&line) {
            Err(err) => Answer {
                ok: false,
                result: None,
                error: Some(format!("not a kiosk operation: {err}")),
            },
            Ok(operation) => {
                let name = operation_name(&operation);
                tracing::info!(operation = name, "control socket operation");
                let result = tokio::task::spawn_blocking(move || {
                    let reload = |changed: Changed| match changed {
                        Changed::Catalog => state
                            .catalog
                            .reload(&state.store)
                            .map_err(|e| e.to_string()),
                    };
                    execute(
                        &Context {
                            store: &state.store,
                            data_dir: &state.config.data_dir,
                            after_change: &reload,
                        },
                        operation,
                    )
                })
                .await
                .unwrap_or_else(|err| Err(format!("the operation failed: {err}")));
                match result {
                    Ok(result) => Answer {
                        ok: true,
                        result: Some(result),
                        error: None,
                    },
                    Err(error) => Answer {
                        ok: false,
                        result: None,
                        error: Some(error),
                    },
                }
            }
        },
    };
    // An answer that cannot be encoded still answers: the CLI gets a reason, not silence.
    let mut bytes = serde_json::to_vec(&answer).unwrap_or_else(|err| {
        format!(r#"{{"ok":false,"error":"the answer could not be encoded: {err}"}}"#).into_bytes()
    });
    bytes.push(b'\n');
    let _ = write.write_all(&bytes).await;
}

/// For the log: the operation without its arguments (which may hold a password).
fn operation_name(operation: &Operation) -> &'static str {
    match operation {
        Operation::Backup { .. } => "backup",
        Operation::BackupRotate { .. } => "backup_rotate",
        Operation::AdminMenuImport { .. } => "admin_menu_import",
        Operation::AdminMenuExport => "admin_menu_export",
        Operation::UserAdd { .. } => "user_add",
        Operation::UserSetRole { .. } => "user_set_role",
        Operation::UserResetPassword { .. } => "user_reset_password",
        Operation::UserList => "user_list",
        Operation::Check => "check",
        Operation::CatalogImport { .. } => "catalog_import",
        Operation::CatalogExport => "catalog_export",
    }
}
