//! Password rules and Argon2id hashing (OWASP parameters: m = 19456 KiB, t = 2, p = 1).
//!
//! Hashing takes tens of milliseconds and 19 MiB on purpose: call these from blocking code,
//! never on an async worker. At most one hash per core runs at once (a hundred concurrent
//! registrations would otherwise take two gigabytes); the others queue for a few seconds and
//! are then refused as [`Busy`], which the API answers 503 with `Retry-After`.

use std::sync::{Condvar, LazyLock, Mutex};
use std::time::{Duration, Instant};

use argon2::Argon2;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};

/// How long a hash waits for a free slot before the request is refused.
pub const QUEUE_WAIT: Duration = Duration::from_secs(5);

/// Every slot was taken for [`QUEUE_WAIT`]: the server is busy hashing; try again shortly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the server is busy; try again in a few seconds")]
pub struct Busy;

/// A counting semaphore for blocking threads (tokio's is for async tasks).
struct Slots {
    free: Mutex<usize>,
    freed: Condvar,
}

static SLOTS: LazyLock<Slots> = LazyLock::new(|| Slots {
    free: Mutex::new(std::thread::available_parallelism().map_or(2, |n| n.get())),
    freed: Condvar::new(),
});

/// Runs `work` in a hashing slot, waiting at most [`QUEUE_WAIT`] for one.
fn in_slot<T>(work: impl FnOnce() -> T) -> Result<T, Busy> {
    let deadline = Instant::now() + QUEUE_WAIT;
    let mut free = SLOTS.free.lock().unwrap_or_else(|p| p.into_inner());
    while *free == 0 {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(Busy);
        }
        free = SLOTS
            .freed
            .wait_timeout(free, left)
            .unwrap_or_else(|p| p.into_inner())
            .0;
    }
    *free -= 1;
    drop(free);
    // Given back even if `work` panics.
    struct Release;
    impl Drop for Release {
        fn drop(&mut self) {
            *SLOTS.free.lock().unwrap_or_else(|p| p.into_inner()) += 1;
            SLOTS.freed.notify_one();
        }
    }
    let _release = Release;
    Ok(work())
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
    in_slot(|| {
        Argon2::default()
            .hash_password(password.as_bytes())
            .map(|hash| hash.to_string())
            .map_err(|err| HashError::Failed(err.to_string()))
    })?
}

pub fn verify(password: &str, stored_hash: &str) -> Result<bool, Busy> {
    in_slot(|| {
        Argon2::default()
            .verify_password(password.as_bytes(), stored_hash)
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
                    in_slot(|| {
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
