//! The control socket `<data_dir>/kiosk.sock`: a Unix socket, readable and writable by the
//! server's own user only, carrying one JSON request line and one JSON answer line per
//! connection. A request may carry a file (a catalogue to import): its line says how many
//! bytes follow (`"attached": N`), and the server keeps them in a temporary file in the data
//! folder until the operation is done.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{Context, Operation, execute};
use crate::state::AppState;

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

impl Answer {
    fn refused(error: String) -> Answer {
        Answer {
            ok: false,
            result: None,
            error: Some(error),
        }
    }
}

/// The longest request line accepted: an admin-menu document is a few kilobytes. Files sent
/// with a request follow the line and are not bound by it.
const MAX_REQUEST: u64 = 4 * 1024 * 1024;

/// The field of a request line that announces an attached file's length in bytes.
const ATTACHED: &str = "attached";

/// Temporary files holding attachments start with this (stale ones are removed at start).
const UPLOAD_PREFIX: &str = ".upload-";

/// Why a request got no answer.
#[derive(Debug, thiserror::Error)]
pub enum RequestError {
    /// Nothing could be reached at the socket (no server runs, or it is not ours to reach): the
    /// caller may open the database itself.
    #[error("{0}")]
    Unreachable(std::io::Error),
    /// A server took the request and then did not answer it; says what went wrong.
    #[error("{0}")]
    Failed(String),
}

/// Sends one operation to a running server. `Err(Unreachable)` means no server answered (so
/// the caller may open the database itself); `Ok(Err(_))` is the server's refusal.
pub fn request(path: &Path, operation: &Operation) -> Result<Result<Value, String>, RequestError> {
    send(path, operation, None)
}

/// As [`request`], sending the content of `file` after the request line.
pub fn request_with_file(
    path: &Path,
    operation: &Operation,
    file: &mut std::fs::File,
) -> Result<Result<Value, String>, RequestError> {
    send(path, operation, Some(file))
}

fn send(
    path: &Path,
    operation: &Operation,
    file: Option<&mut std::fs::File>,
) -> Result<Result<Value, String>, RequestError> {
    let failed =
        |what: &str, err: &dyn std::fmt::Display| RequestError::Failed(format!("{what}: {err}"));
    let mut line =
        serde_json::to_value(operation).map_err(|e| failed("could not encode the request", &e))?;
    let length = match &file {
        Some(file) => {
            let length = file
                .metadata()
                .map_err(|e| failed("could not read the file's length", &e))?
                .len();
            if let Value::Object(fields) = &mut line {
                fields.insert(ATTACHED.into(), length.into());
            }
            Some(length)
        }
        None => None,
    };
    let mut line =
        serde_json::to_vec(&line).map_err(|e| failed("could not encode the request", &e))?;
    line.push(b'\n');
    let mut stream =
        std::os::unix::net::UnixStream::connect(path).map_err(RequestError::Unreachable)?;
    let sent = stream.write_all(&line).and_then(|()| match (file, length) {
        (Some(file), Some(length)) => {
            let copied = std::io::copy(&mut file.take(length), &mut stream)?;
            if copied == length {
                Ok(())
            } else {
                Err(std::io::Error::other(format!(
                    "the file shrank while it was sent ({copied} of {length} bytes)"
                )))
            }
        }
        _ => Ok(()),
    });
    // A server that refuses a request early answers at once and stops reading: its answer is
    // the reason, more useful than the broken pipe the rest of the upload met.
    let mut answer = String::new();
    let read = BufReader::new(&stream).read_line(&mut answer);
    match (sent, read) {
        (_, Ok(n)) if n > 0 => {
            let answer: Answer = serde_json::from_str(&answer)
                .map_err(|e| failed("answered something that is not an answer", &e))?;
            Ok(if answer.ok {
                Ok(answer.result.unwrap_or(Value::Null))
            } else {
                Err(answer.error.unwrap_or_default())
            })
        }
        (Err(err), _) => Err(failed("stopped taking the request", &err)),
        (Ok(()), Err(err)) => Err(failed("did not answer", &err)),
        (Ok(()), Ok(_)) => Err(RequestError::Failed(
            "closed the connection without answering (its log says why)".into(),
        )),
    }
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
    // Attachments of operations cut short by a crash.
    if let Ok(entries) = std::fs::read_dir(data_dir) {
        for entry in entries.flatten() {
            if entry
                .file_name()
                .to_string_lossy()
                .starts_with(UPLOAD_PREFIX)
            {
                let _ = std::fs::remove_file(entry.path());
            }
        }
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
    // Operations in progress are finished before this returns (the shop closes its database
    // afterwards; an accepted operation must not find it closed).
    let mut running = tokio::task::JoinSet::new();
    loop {
        tokio::select! {
            _ = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => {
                    while running.try_join_next().is_some() {}
                    running.spawn(handle(stream, state.clone()));
                }
                Err(err) => tracing::warn!(%err, "control socket accept failed"),
            }
        }
    }
    drop(listener);
    let _ = std::fs::remove_file(socket_path(&state.config.data_dir));
    while running.join_next().await.is_some() {}
}

async fn handle(stream: tokio::net::UnixStream, state: AppState) {
    use tokio::io::AsyncWriteExt;
    let (read, mut write) = stream.into_split();
    let mut reader = tokio::io::BufReader::new(read);
    let answer = match receive(&mut reader, &state.config.data_dir).await {
        Err(reason) => Answer::refused(reason),
        Ok((operation, attachment)) => {
            let name = operation_name(&operation);
            let started = std::time::Instant::now();
            tracing::info!(operation = name, "control socket operation");
            let result = tokio::task::spawn_blocking(move || {
                // The temporary file lives until the operation is done, then goes.
                execute(
                    &Context {
                        store: &state.store,
                        config: &state.config,
                        data_dir: &state.config.data_dir,
                        catalog: Some(&state.catalog),
                        attachment: attachment.as_ref().map(|file| file.path()),
                    },
                    operation,
                )
            })
            .await
            .unwrap_or_else(|err| Err(format!("the operation failed: {err}")));
            tracing::info!(
                operation = name,
                ok = result.is_ok(),
                ms = started.elapsed().as_millis() as u64,
                "control socket operation done"
            );
            match result {
                Ok(result) => Answer {
                    ok: true,
                    result: Some(result),
                    error: None,
                },
                Err(error) => Answer::refused(error),
            }
        }
    };
    // An answer that cannot be encoded still answers: the CLI gets a reason, not silence.
    let mut bytes = serde_json::to_vec(&answer).unwrap_or_else(|err| {
        format!(r#"{{"ok":false,"error":"the answer could not be encoded: {err}"}}"#).into_bytes()
    });
    bytes.push(b'\n');
    let _ = write.write_all(&bytes).await;
}

/// Reads a request line (at most [`MAX_REQUEST`] bytes) and the file it announces, if any.
async fn receive(
    reader: &mut tokio::io::BufReader<tokio::net::unix::OwnedReadHalf>,
    data_dir: &Path,
) -> Result<(Operation, Option<tempfile::NamedTempFile>), String> {
    use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt};
    let mut line = Vec::new();
    (&mut *reader)
        .take(MAX_REQUEST)
        .read_until(b'\n', &mut line)
        .await
        .map_err(|err| format!("cannot read the request: {err}"))?;
    if line.last() != Some(&b'\n') {
        return Err(if line.len() as u64 >= MAX_REQUEST {
            format!(
                "refused a request line over {} MiB (files are sent after the line: is the kiosk command older than the server?)",
                MAX_REQUEST / 1024 / 1024
            )
        } else {
            "the request ended before its end of line".into()
        });
    }
    let mut request: Value =
        serde_json::from_slice(&line).map_err(|err| format!("not a kiosk operation: {err}"))?;
    let attached = match request.as_object_mut().and_then(|o| o.remove(ATTACHED)) {
        None => None,
        Some(length) => Some(length.as_u64().ok_or_else(|| {
            format!("not a kiosk operation: \"{ATTACHED}\" is not a length in bytes")
        })?),
    };
    let operation: Operation =
        serde_json::from_value(request).map_err(|err| format!("not a kiosk operation: {err}"))?;
    let Some(length) = attached else {
        return Ok((operation, None));
    };
    let keep = |err: std::io::Error| {
        format!(
            "cannot keep the attached file in {}: {err}",
            data_dir.display()
        )
    };
    let file = tempfile::Builder::new()
        .prefix(UPLOAD_PREFIX)
        .tempfile_in(data_dir)
        .map_err(keep)?;
    let started = std::time::Instant::now();
    let mut copy = tokio::fs::File::from_std(file.reopen().map_err(keep)?);
    // Large blocks: each write to a tokio file is a trip to a blocking thread.
    let mut upload = tokio::io::BufReader::with_capacity(1024 * 1024, (&mut *reader).take(length));
    let copied = tokio::io::copy_buf(&mut upload, &mut copy)
        .await
        .map_err(|err| format!("cannot receive the attached file: {err}"))?;
    copy.flush().await.map_err(keep)?;
    if copied != length {
        return Err(format!(
            "the attached file ended after {copied} of {length} bytes (was the command stopped?)"
        ));
    }
    tracing::info!(
        bytes = length,
        ms = started.elapsed().as_millis() as u64,
        "control socket file received"
    );
    Ok((operation, Some(file)))
}

/// For the log: the operation without its arguments (which may hold a password).
fn operation_name(operation: &Operation) -> &'static str {
    match operation {
        Operation::Backup { .. } => "backup",
        Operation::BackupRotate { .. } => "backup_rotate",
        Operation::OffsiteCopy { .. } => "offsite_copy",
        Operation::AdminMenuImport { .. } => "admin_menu_import",
        Operation::AdminMenuExport => "admin_menu_export",
        Operation::UserAdd { .. } => "user_add",
        Operation::UserSetRole { .. } => "user_set_role",
        Operation::UserResetPassword { .. } => "user_reset_password",
        Operation::UserList => "user_list",
        Operation::Check => "check",
        Operation::Doctor => "doctor",
        Operation::CatalogImport { .. } => "catalog_import",
        Operation::CatalogExport => "catalog_export",
        Operation::ActivityArchive { .. } => "activity_archive",
    }
}
