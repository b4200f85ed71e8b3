//! Sign-in throttling, in the way OWASP's authentication cheat sheet describes: an attempt is
//! counted *before* the password is checked (so concurrent guesses cannot slip past the
//! check), and the keys are chosen so that a stranger cannot lock a real user out:
//!
//! - `pair:<account>|<address>`: 5 free failures, then 1 s, 2 s, 4 s… up to 15 minutes. Only
//!   the address that failed is slowed for that account; the owner signing in from their own
//!   phone is not.
//! - `ip:<address>`: 20 free failures (many shoppers share an address: shop kiosks, mobile
//!   carriers), then the same growing delay: one address guessing many accounts.
//! - `account:<account>`: 100 free failures across all addresses, then delays of at most
//!   30 s: a guessing botnet is slowed to a crawl, while the real user waits seconds at worst.
//!
//! Registrations are limited per address too (`registrations_per_hour`, a refilling bucket).
//!
//! Kept in memory: a restart forgives, which is acceptable for a single shop process and
//! avoids a database write per failed attempt.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Failures allowed per account and address before delays start.
pub const FREE_FAILURES: u32 = 5;
/// Failures allowed per client address before delays start.
pub const FREE_FAILURES_PER_ADDRESS: u32 = 20;
/// Failures allowed per account from all addresses together before delays start.
pub const FREE_FAILURES_PER_ACCOUNT: u32 = 100;
pub const MAX_DELAY: Duration = Duration::from_secs(15 * 60);
/// The longest wait a distributed attack can impose on an account's real owner.
pub const MAX_ACCOUNT_DELAY: Duration = Duration::from_secs(30);
/// Entries idle this long are forgotten.
const FORGET_AFTER: Duration = Duration::from_secs(60 * 60);
/// Entries kept before idle ones are swept (bounds memory under a flood of new addresses).
const MAX_ENTRIES: usize = 50_000;

#[derive(Default)]
pub struct LoginThrottle {
    entries: Mutex<HashMap<String, Attempts>>,
    /// Address → (registrations left, when last counted).
    registrations: Mutex<HashMap<String, (f64, Instant)>>,
}

struct Attempts {
    failures: u32,
    blocked_until: Instant,
    last: Instant,
}

/// The keys one sign-in attempt is counted under.
#[derive(Debug, Clone)]
pub struct AttemptKeys {
    keys: [String; 3],
}

impl AttemptKeys {
    /// `account` is the normalised user name (or the user's id as text), `address` the client.
    pub fn new(account: &str, address: &str) -> AttemptKeys {
        // The account part is bounded: a megabyte of "username" must not become a key.
        let account: String = account.chars().take(100).collect();
        AttemptKeys {
            keys: [
                format!("pair:{account}|{address}"),
                format!("ip:{address}"),
                format!("account:{account}"),
            ],
        }
    }

    /// For a signed-in user changing their password: the account alone matters.
    pub fn account_only(account: &str) -> AttemptKeys {
        AttemptKeys::new(account, "-")
    }
}

/// (free failures, longest delay) for a key.
fn rule(key: &str) -> (u32, Duration) {
    if key.starts_with("ip:") {
        (FREE_FAILURES_PER_ADDRESS, MAX_DELAY)
    } else if key.starts_with("account:") {
        (FREE_FAILURES_PER_ACCOUNT, MAX_ACCOUNT_DELAY)
    } else {
        (FREE_FAILURES, MAX_DELAY)
    }
}

fn delay(failures: u32, free: u32, max: Duration) -> Duration {
    if failures < free {
        return Duration::ZERO;
    }
    let exponent = (failures - free).min(20);
    Duration::from_secs(1u64 << exponent).min(max)
}

impl LoginThrottle {
    /// Starts an attempt: `Err(wait)` when any key is blocked now; otherwise the attempt is
    /// counted as a failure at once (under one lock), and [`LoginThrottle::succeeded`] takes
    /// it back. Counting first is what stops 60 concurrent guesses from all being checked.
    pub fn begin(&self, keys: &AttemptKeys) -> Result<(), Duration> {
        let now = Instant::now();
        let mut entries = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        let wait = keys
            .keys
            .iter()
            .filter_map(|k| entries.get(k))
            .map(|a| a.blocked_until.saturating_duration_since(now))
            .max()
            .unwrap_or_default();
        if !wait.is_zero() {
            return Err(wait);
        }
        if entries.len() > MAX_ENTRIES {
            entries.retain(|_, a| now.duration_since(a.last) < FORGET_AFTER);
        }
        for key in &keys.keys {
            let attempts = entries.entry(key.clone()).or_insert(Attempts {
                failures: 0,
                blocked_until: now,
                last: now,
            });
            attempts.failures = attempts.failures.saturating_add(1);
            attempts.last = now;
            let (free, max) = rule(key);
            attempts.blocked_until = now + delay(attempts.failures, free, max);
        }
        Ok(())
    }

    /// Counts a registration from `address` against a bucket of `per_hour` registrations
    /// that refills steadily: `Err(wait)` when it is empty (each registration costs a password
    /// hash and a stored account; a shop kiosk signing up customers stays far below it).
    pub fn begin_registration(&self, address: &str, per_hour: u32) -> Result<(), Duration> {
        let now = Instant::now();
        let capacity = f64::from(per_hour.max(1));
        let refill_per_second = capacity / 3600.0;
        let mut buckets = self.registrations.lock().unwrap_or_else(|p| p.into_inner());
        if buckets.len() > MAX_ENTRIES {
            buckets.retain(|_, (_, last)| now.duration_since(*last) < FORGET_AFTER);
        }
        let (tokens, last) = buckets
            .entry(address.to_string())
            .or_insert((capacity, now));
        *tokens =
            (*tokens + now.duration_since(*last).as_secs_f64() * refill_per_second).min(capacity);
        *last = now;
        if *tokens < 1.0 {
            return Err(Duration::from_secs_f64(
                ((1.0 - *tokens) / refill_per_second).max(1.0),
            ));
        }
        *tokens -= 1.0;
        Ok(())
    }

    /// The attempt succeeded: the account's records (pair and account-wide) are cleared and
    /// the address's count gives back the attempt [`LoginThrottle::begin`] counted.
    pub fn succeeded(&self, keys: &AttemptKeys) {
        let now = Instant::now();
        let mut entries = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        for key in &keys.keys {
            if key.starts_with("ip:") {
                if let Some(attempts) = entries.get_mut(key) {
                    attempts.failures = attempts.failures.saturating_sub(1);
                    let (free, max) = rule(key);
                    if delay(attempts.failures, free, max).is_zero() {
                        attempts.blocked_until = now;
                    }
                }
            } else {
                entries.remove(key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sixth_attempt_in_a_row_from_one_address_waits_exponentially() {
        let throttle = LoginThrottle::default();
        let keys = AttemptKeys::new("nok", "10.0.0.1");
        for _ in 0..FREE_FAILURES - 1 {
            throttle.begin(&keys).unwrap();
        }
        // The fifth is let through (and counted), the sixth must wait.
        throttle.begin(&keys).unwrap();
        let first = throttle.begin(&keys).unwrap_err();
        assert!(first <= Duration::from_secs(1) && !first.is_zero());
        throttle.succeeded(&keys);
        assert!(throttle.begin(&keys).is_ok());
        assert!(
            throttle
                .begin(&AttemptKeys::new("other", "10.0.0.2"))
                .is_ok()
        );
    }

    #[test]
    fn a_stranger_failing_does_not_lock_the_owner_out() {
        let throttle = LoginThrottle::default();
        let stranger = AttemptKeys::new("nok", "203.0.113.9");
        for _ in 0..50 {
            let _ = throttle.begin(&stranger);
        }
        assert!(throttle.begin(&stranger).is_err());
        assert!(throttle.begin(&AttemptKeys::new("nok", "10.0.0.1")).is_ok());
    }

    #[test]
    fn a_shared_address_allows_more_failures_across_accounts() {
        let throttle = LoginThrottle::default();
        for n in 0..FREE_FAILURES_PER_ADDRESS {
            assert!(
                throttle
                    .begin(&AttemptKeys::new(&format!("u{n}"), "10.0.0.7"))
                    .is_ok()
            );
        }
        assert!(
            throttle
                .begin(&AttemptKeys::new("fresh", "10.0.0.7"))
                .is_err()
        );
    }

    #[test]
    fn many_addresses_slow_an_account_but_never_for_long() {
        let throttle = LoginThrottle::default();
        for n in 0..FREE_FAILURES_PER_ACCOUNT + 10 {
            let _ = throttle.begin(&AttemptKeys::new(
                "nok",
                &format!("198.51.{}.{}", n / 250, n % 250),
            ));
        }
        let wait = throttle
            .begin(&AttemptKeys::new("nok", "10.0.0.1"))
            .unwrap_err();
        assert!(wait <= MAX_ACCOUNT_DELAY);
    }

    #[test]
    fn a_burst_of_registrations_from_one_address_is_slowed() {
        let throttle = LoginThrottle::default();
        for _ in 0..30 {
            throttle.begin_registration("10.0.0.9", 30).unwrap();
        }
        let wait = throttle.begin_registration("10.0.0.9", 30).unwrap_err();
        assert!(wait <= Duration::from_secs(120) && wait >= Duration::from_secs(1));
        assert!(throttle.begin_registration("10.0.0.10", 30).is_ok());
    }
}
