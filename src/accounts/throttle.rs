//! Sign-in throttling: after 5 failures for one account, or 20 from one client address (many
//! shoppers can share one: shop kiosks, mobile carriers), further attempts wait 1 s, 2 s,
//! 4 s… (at most 15 minutes) and are answered 429 with Retry-After.
//! Kept in memory: a restart forgives, which is acceptable for a single shop process and
//! avoids a database write per failed attempt.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Failures allowed per account before delays start.
pub const FREE_FAILURES: u32 = 5;
/// Failures allowed per client address before delays start.
pub const FREE_FAILURES_PER_ADDRESS: u32 = 20;
pub const MAX_DELAY: Duration = Duration::from_secs(15 * 60);
/// Entries idle this long are forgotten.
const FORGET_AFTER: Duration = Duration::from_secs(60 * 60);

#[derive(Default)]
pub struct LoginThrottle {
    entries: Mutex<HashMap<String, Attempts>>,
}

struct Attempts {
    failures: u32,
    blocked_until: Instant,
    last: Instant,
}

impl LoginThrottle {
    /// `Err(wait)` when any key is blocked now.
    pub fn check(&self, keys: &[String]) -> Result<(), Duration> {
        let now = Instant::now();
        let entries = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        let wait = keys
            .iter()
            .filter_map(|k| entries.get(k))
            .map(|a| a.blocked_until.saturating_duration_since(now))
            .max()
            .unwrap_or_default();
        if wait.is_zero() { Ok(()) } else { Err(wait) }
    }

    pub fn record_failure(&self, keys: &[String]) {
        let now = Instant::now();
        let mut entries = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        if entries.len() > 50_000 {
            entries.retain(|_, a| now.duration_since(a.last) < FORGET_AFTER);
        }
        for key in keys {
            let attempts = entries.entry(key.clone()).or_insert(Attempts {
                failures: 0,
                blocked_until: now,
                last: now,
            });
            attempts.failures += 1;
            attempts.last = now;
            let free = if key.starts_with("ip:") {
                FREE_FAILURES_PER_ADDRESS
            } else {
                FREE_FAILURES
            };
            if attempts.failures >= free {
                let exponent = (attempts.failures - free).min(20);
                attempts.blocked_until = now + Duration::from_secs(1u64 << exponent).min(MAX_DELAY);
            }
        }
    }

    /// A successful sign-in clears the account's record (not the address's).
    pub fn record_success(&self, account_key: &str) {
        self.entries
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .remove(account_key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sixth_failure_in_a_row_is_delayed_exponentially() {
        let throttle = LoginThrottle::default();
        let keys = vec!["user:nok".to_string()];
        for _ in 0..4 {
            throttle.record_failure(&keys);
            assert!(throttle.check(&keys).is_ok());
        }
        throttle.record_failure(&keys);
        let first = throttle.check(&keys).unwrap_err();
        assert!(first <= Duration::from_secs(1) && !first.is_zero());
        throttle.record_failure(&keys);
        assert!(throttle.check(&keys).unwrap_err() > Duration::from_secs(1));
        throttle.record_success("user:nok");
        assert!(throttle.check(&keys).is_ok());
        assert!(throttle.check(&["user:other".to_string()]).is_ok());

        let address = vec!["ip:10.0.0.1".to_string()];
        for _ in 0..FREE_FAILURES_PER_ADDRESS - 1 {
            throttle.record_failure(&address);
        }
        assert!(
            throttle.check(&address).is_ok(),
            "a shared address allows more failures"
        );
        throttle.record_failure(&address);
        assert!(throttle.check(&address).is_err());
    }
}
