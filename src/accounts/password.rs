//! Password rules and Argon2id hashing (OWASP parameters: m = 19456 KiB, t = 2, p = 1).
//!
//! Hashing takes tens of milliseconds and 19 MiB on purpose. It runs on a small pool of its own
//! threads, one per core: a hundred concurrent registrations queue instead of hashing at once,
//! and the 19 MiB blocks are only ever allocated by those few threads (each thread of the
//! process gets its own malloc arena, and an arena keeps a freed block: hashing on whatever
//! blocking thread asked took 1.7 GB under 100 concurrent registrations and kept 700 MB).
//! A hash that cannot start within [`QUEUE_WAIT`] is refused as [`Busy`], which the API answers
//! 503 with `Retry-After`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, SyncSender, TrySendError};
use std::sync::{Arc, LazyLock, Mutex};
use std::time::Duration;

use argon2::Argon2;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};

/// How long a hash may wait for the pool before the request is refused.
pub const QUEUE_WAIT: Duration = Duration::from_secs(5);
/// Hashes waiting at most; beyond it a request is refused at once.
const QUEUE_LENGTH: usize = 256;

/// The pool was full or too slow for [`QUEUE_WAIT`]: the server is busy hashing; try again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the server is busy; try again in a few seconds")]
pub struct Busy;

type Job = Box<dyn FnOnce() + Send>;

/// The hashing threads, one per core, fed through a bounded queue.
static POOL: LazyLock<SyncSender<Job>> = LazyLock::new(|| {
    let (jobs, queue) = mpsc::sync_channel::<Job>(QUEUE_LENGTH);
    let queue = Arc::new(Mutex::new(queue));
    for n in 0..std::thread::available_parallelism().map_or(2, |n| n.get()) {
        let queue = queue.clone();
        let started = std::thread::Builder::new()
            .name(format!("argon2-{n}"))
            .spawn(move || {
                loop {
                    let job = queue.lock().unwrap_or_else(|p| p.into_inner()).recv();
                    match job {
                        // A panicking job must not take the thread with it.
                        Ok(job) => {
                            drop(std::panic::catch_unwind(std::panic::AssertUnwindSafe(job)))
                        }
                        Err(_) => return,
                    }
                }
            });
        if let Err(err) = started {
            tracing::error!(%err, "cannot start a password hashing thread");
        }
    }
    jobs
});

/// Runs `work` on the hashing pool and waits for its answer, at most [`QUEUE_WAIT`] in all.
/// A job still queued when the caller gives up is skipped, not run for nobody.
fn in_pool<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Result<T, Busy> {
    let (answer, answered) = mpsc::sync_channel(1);
    let abandoned = Arc::new(AtomicBool::new(false));
    let skip = abandoned.clone();
    let job: Job = Box::new(move || {
        if !skip.load(Ordering::SeqCst) {
            let _ = answer.send(work());
        }
    });
    match POOL.try_send(job) {
        Ok(()) => {}
        Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => return Err(Busy),
    }
    match answered.recv_timeout(QUEUE_WAIT) {
        Ok(value) => Ok(value),
        Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => {
            abandoned.store(true, Ordering::SeqCst);
            Err(Busy)
        }
    }
}

/// Why a password could not be hashed.
#[derive(Debug, thiserror::Error)]
pub enum HashError {
    #[error(transparent)]
    Busy(#[from] Busy),
    #[error("cannot hash the password: {0}")]
    Failed(String),
}

/// Passwords that appear at the top of every leaked-password list; refused outright.
const COMMON_PASSWORDS: &[&str] = &[
    "12345678",
    "123456789",
    "1234567890",
    "password",
    "password1",
    "password123",
    "qwertyui",
    "qwerty123",
    "11111111",
    "00000000",
    "abcd1234",
    "iloveyou",
    "sunshine",
    "princess",
    "football",
    "baseball",
    "welcome1",
    "admin123",
    "administrator",
    "letmein1",
    "passw0rd",
    "p@ssw0rd",
    "12341234",
    "87654321",
    "qwertyuiop",
    "1q2w3e4r",
    "1qaz2wsx",
    "zaq12wsx",
    "asdfghjk",
    "superman",
    "trustno1",
    "dragon12",
    "monkey12",
    "changeme",
    "kiosk123",
    "furniture",
    "bangkok1",
    "thailand",
];

pub const MIN_LENGTH: usize = 8;

/// Checks a new password against the shop's rule: at least 8 characters, at most 256, not
/// only spaces, and not a well-known password.
pub fn check_strength(password: &str) -> Result<(), String> {
    let length = password.chars().count();
    if length < MIN_LENGTH {
        return Err(format!(
            "the password must have at least {MIN_LENGTH} characters"
        ));
    }
    if length > 256 {
        return Err("the password must have at most 256 characters".into());
    }
    if password.chars().all(char::is_whitespace) {
        return Err("the password must contain letters, digits or signs, not only spaces".into());
    }
    if COMMON_PASSWORDS.contains(&password.to_lowercase().as_str()) {
        return Err(
            "this password is on the list of commonly used passwords; choose another".into(),
        );
    }
    Ok(())
}

pub fn hash(password: &str) -> Result<String, HashError> {
    let password = password.to_string();
    in_pool(move || {
        Argon2::default()
            .hash_password(password.as_bytes())
            .map(|hash| hash.to_string())
            .map_err(|err| HashError::Failed(err.to_string()))
    })?
}

/// [`hash`] for async callers: waits for the pool without holding a thread, so a burst of
/// registrations queues as cheap futures rather than as blocking threads (each of which got
/// its own allocator heap: issue 15).
pub async fn hash_async(password: &str) -> Result<String, HashError> {
    let password = password.to_string();
    let (answer, answered) = tokio::sync::oneshot::channel();
    let abandoned = Arc::new(AtomicBool::new(false));
    let skip = abandoned.clone();
    let job: Job = Box::new(move || {
        if !skip.load(Ordering::SeqCst) {
            let hashed = Argon2::default()
                .hash_password(password.as_bytes())
                .map(|hash| hash.to_string())
                .map_err(|err| HashError::Failed(err.to_string()));
            let _ = answer.send(hashed);
        }
    });
    if POOL.try_send(job).is_err() {
        return Err(Busy.into());
    }
    match tokio::time::timeout(QUEUE_WAIT, answered).await {
        Ok(Ok(hashed)) => hashed,
        Ok(Err(_)) | Err(_) => {
            abandoned.store(true, Ordering::SeqCst);
            Err(Busy.into())
        }
    }
}

pub fn verify(password: &str, stored_hash: &str) -> Result<bool, Busy> {
    let (password, stored_hash) = (password.to_string(), stored_hash.to_string());
    in_pool(move || {
        Argon2::default()
            .verify_password(password.as_bytes(), stored_hash.as_str())
            .is_ok()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_are_argon2id_and_verify() {
        let stored = hash("correct horse battery").unwrap();
        assert!(
            stored.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{stored}"
        );
        assert!(verify("correct horse battery", &stored).unwrap());
        assert!(!verify("wrong horse battery", &stored).unwrap());
        assert!(!verify("anything", "not a hash").unwrap());
    }

    #[test]
    fn short_and_common_passwords_are_refused() {
        assert!(check_strength("short").is_err());
        assert!(check_strength("Password123").is_err());
        assert!(check_strength("ห้องนั่งเล่นสีฟ้า").is_ok());
    }

    #[test]
    fn no_more_hashes_run_at_once_than_there_are_cores() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static RUNNING: AtomicUsize = AtomicUsize::new(0);
        static MOST: AtomicUsize = AtomicUsize::new(0);
        let threads: Vec<_> = (0..12)
            .map(|_| {
                std::thread::spawn(|| {
                    in_pool(|| {
                        let now = RUNNING.fetch_add(1, Ordering::SeqCst) + 1;
                        MOST.fetch_max(now, Ordering::SeqCst);
                        std::thread::sleep(Duration::from_millis(30));
                        RUNNING.fetch_sub(1, Ordering::SeqCst);
                    })
                })
            })
            .collect();
        for thread in threads {
            thread.join().unwrap().unwrap();
        }
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        assert!(MOST.load(Ordering::SeqCst) <= cores);
    }
}
