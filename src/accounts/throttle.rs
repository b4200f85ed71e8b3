//! Sign-in throttling, in the way OWASP's authentication cheat sheet describes: an attempt is
//! counted *before* the password is checked (so concurrent guesses cannot slip past the
//! check), and the keys are chosen so that a stranger cannot lock a real user out:
//!
//! - `pair:<account>|<address>`: 5 free failures, then 1 s, 2 s, 4 s… up to 15 minutes. Only
//!   the address that failed is slowed for that account; the owner signing in from their own
//!   phone is not. A success clears this pair, and only this pair.
//! - `ip:<address>`: 20 free failures (many shoppers share an address: shop kiosks, mobile
//!   carriers), then the same growing delay: one address guessing many accounts.
//! - the account's window: at most [`ACCOUNT_FAILURES_PER_WINDOW`] failures per account in
//!   the last [`ACCOUNT_WINDOW`], from all addresses together. Successes never empty it (a
//!   botnet guessing while the shopper keeps signing in is still capped); only the attempt
//!   that succeeded is taken back. When it is full, addresses the account signed in from
//!   lately ([`TRUSTED_FOR`]) still get through, so the real user is not locked out at home;
//!   from a new address they wait until the oldest failures leave the window.
//!
//! The account part of every key is the username as sign-in resolves it (trimmed, NFKC,
//! lower case), so `Nok`, `ＮＯＫ` and `𝐧𝐨𝐤` share one count.
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
/// Failures allowed per account from all addresses together within [`ACCOUNT_WINDOW`].
pub const ACCOUNT_FAILURES_PER_WINDOW: u32 = 30;
/// The sliding window an account's failures are counted over (in whole minutes).
pub const ACCOUNT_WINDOW: Duration = Duration::from_secs(15 * 60);
/// How long an address the account signed in from skips the account's window.
pub const TRUSTED_FOR: Duration = Duration::from_secs(30 * 24 * 3600);
pub const MAX_DELAY: Duration = Duration::from_secs(15 * 60);
/// Entries idle this long are forgotten.
const FORGET_AFTER: Duration = Duration::from_secs(60 * 60);
/// Entries kept before idle ones are swept (bounds memory under a flood of new addresses).
const MAX_ENTRIES: usize = 50_000;
/// The window's granularity: one counter per minute.
const BUCKET: Duration = Duration::from_secs(60);
const BUCKETS: usize = (ACCOUNT_WINDOW.as_secs() / BUCKET.as_secs()) as usize;

pub struct LoginThrottle {
    /// When counting began: window buckets are whole minutes since then.
    origin: Instant,
    counts: Mutex<Counts>,
    /// Address → (registrations left, when last counted).
    registrations: Mutex<HashMap<String, (f64, Instant)>>,
}

impl Default for LoginThrottle {
    fn default() -> Self {
        LoginThrottle {
            origin: Instant::now(),
            counts: Mutex::default(),
            registrations: Mutex::default(),
        }
    }
}

/// Everything counted for sign-ins, under one lock.
#[derive(Default)]
struct Counts {
    /// `pair:` and `ip:` keys.
    delays: HashMap<String, Attempts>,
    /// Account → its failures per minute over the window.
    windows: HashMap<String, Window>,
    /// `pair:` key → when the account last signed in from that address.
    trusted: HashMap<String, Instant>,
}

struct Attempts {
    failures: u32,
    blocked_until: Instant,
    last: Instant,
}

/// An account's failures in the last [`BUCKETS`] minutes, one counter per minute (a few dozen
/// bytes per account, whatever the number of guesses).
struct Window {
    per_minute: [u32; BUCKETS],
    /// The minute (since [`LoginThrottle::origin`]) of the newest counter.
    newest: u64,
    last: Instant,
}

impl Window {
    fn new(minute: u64, now: Instant) -> Window {
        Window {
            per_minute: [0; BUCKETS],
            newest: minute,
            last: now,
        }
    }

    /// Moves the window to `minute`, forgetting the minutes that left it.
    fn advance(&mut self, minute: u64) {
        if minute <= self.newest {
            return;
        }
        let steps = (minute - self.newest).min(BUCKETS as u64);
        for step in 1..=steps {
            self.per_minute[((self.newest + step) % BUCKETS as u64) as usize] = 0;
        }
        self.newest = minute;
    }

    fn total(&self) -> u32 {
        self.per_minute.iter().sum()
    }

    /// How long until the window holds fewer than `cap` failures (zero when it does now);
    /// `into_minute` is how far the current minute has gone.
    fn wait(&self, cap: u32, into_minute: Duration) -> Duration {
        let mut left = self.total();
        if left < cap {
            return Duration::ZERO;
        }
        // Oldest first: the minute after the newest (mod BUCKETS) is the oldest still counted.
        for age in 0..BUCKETS as u64 {
            let index = ((self.newest + 1 + age) % BUCKETS as u64) as usize;
            left -= self.per_minute[index];
            if left < cap {
                let minutes = u32::try_from(age + 1).unwrap_or(u32::MAX);
                return (BUCKET * minutes).saturating_sub(into_minute);
            }
        }
        ACCOUNT_WINDOW
    }

    fn newest_mut(&mut self) -> &mut u32 {
        &mut self.per_minute[(self.newest % BUCKETS as u64) as usize]
    }
}

/// The keys one sign-in attempt is counted under.
#[derive(Debug, Clone)]
pub struct AttemptKeys {
    pair: String,
    ip: String,
    account: String,
}

impl AttemptKeys {
    /// `account` is the username as typed (or the user's name when signed in), `address` the
    /// client. The account is normalised as sign-in resolves it, and bounded: a megabyte of
    /// "username" must not become a key.
    pub fn new(account: &str, address: &str) -> AttemptKeys {
        use unicode_normalization::UnicodeNormalization;
        let account: String = account
            .trim()
            .nfkc()
            .take(100)
            .collect::<String>()
            .to_lowercase();
        AttemptKeys {
            pair: format!("pair:{account}|{address}"),
            ip: format!("ip:{address}"),
            account,
        }
    }

    fn delay_keys(&self) -> [&String; 2] {
        [&self.pair, &self.ip]
    }
}

/// (free failures, longest delay) for a key.
fn rule(key: &str) -> (u32, Duration) {
    if key.starts_with("ip:") {
        (FREE_FAILURES_PER_ADDRESS, MAX_DELAY)
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

impl Counts {
    fn is_trusted(&self, keys: &AttemptKeys, now: Instant) -> bool {
        self.trusted
            .get(&keys.pair)
            .is_some_and(|since| now.duration_since(*since) < TRUSTED_FOR)
    }

    /// Forgets idle entries once there are many (a flood of new addresses or names).
    fn sweep(&mut self, now: Instant) {
        if self.delays.len() > MAX_ENTRIES {
            self.delays
                .retain(|_, a| now.duration_since(a.last) < FORGET_AFTER);
        }
        if self.windows.len() > MAX_ENTRIES {
            self.windows
                .retain(|_, w| now.duration_since(w.last) < ACCOUNT_WINDOW);
        }
        if self.trusted.len() > MAX_ENTRIES {
            self.trusted
                .retain(|_, since| now.duration_since(*since) < TRUSTED_FOR);
        }
    }
}

impl LoginThrottle {
    fn minute(&self, now: Instant) -> (u64, Duration) {
        let elapsed = now.duration_since(self.origin);
        let minute = elapsed.as_secs() / BUCKET.as_secs();
        let into = elapsed.saturating_sub(BUCKET * u32::try_from(minute).unwrap_or(u32::MAX));
        (minute, into)
    }

    /// Starts an attempt: `Err(wait)` when any key is blocked now; otherwise the attempt is
    /// counted as a failure at once (under one lock), and [`LoginThrottle::succeeded`] or
    /// [`LoginThrottle::not_checked`] takes it back. Counting first is what stops 60
    /// concurrent guesses from all being checked.
    pub fn begin(&self, keys: &AttemptKeys) -> Result<(), Duration> {
        self.begin_at(keys, Instant::now())
    }

    fn begin_at(&self, keys: &AttemptKeys, now: Instant) -> Result<(), Duration> {
        let (minute, into_minute) = self.minute(now);
        let mut counts = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        let mut wait = keys
            .delay_keys()
            .iter()
            .filter_map(|k| counts.delays.get(*k))
            .map(|a| a.blocked_until.saturating_duration_since(now))
            .max()
            .unwrap_or_default();
        if !counts.is_trusted(keys, now)
            && let Some(window) = counts.windows.get_mut(&keys.account)
        {
            window.advance(minute);
            wait = wait.max(window.wait(ACCOUNT_FAILURES_PER_WINDOW, into_minute));
        }
        if !wait.is_zero() {
            return Err(wait);
        }
        counts.sweep(now);
        for key in keys.delay_keys() {
            let attempts = counts.delays.entry(key.clone()).or_insert(Attempts {
                failures: 0,
                blocked_until: now,
                last: now,
            });
            attempts.failures = attempts.failures.saturating_add(1);
            attempts.last = now;
            let (free, max) = rule(key);
            attempts.blocked_until = now + delay(attempts.failures, free, max);
        }
        let window = counts
            .windows
            .entry(keys.account.clone())
            .or_insert_with(|| Window::new(minute, now));
        window.advance(minute);
        window.last = now;
        *window.newest_mut() = window.newest_mut().saturating_add(1);
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

    /// The password was right: this address's record for the account is cleared and the
    /// address is trusted for the account from now on; the attempt [`LoginThrottle::begin`]
    /// counted is taken back from the address and the account's window. Earlier failures
    /// from other addresses stay in the window.
    pub fn succeeded(&self, keys: &AttemptKeys) {
        let now = Instant::now();
        self.take_back(keys, now);
        let mut counts = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        counts.delays.remove(&keys.pair);
        counts.trusted.insert(keys.pair.clone(), now);
    }

    /// The password was not checked after all (the server was busy, the account is
    /// disabled): the attempt [`LoginThrottle::begin`] counted is taken back, nothing more.
    pub fn not_checked(&self, keys: &AttemptKeys) {
        self.take_back(keys, Instant::now());
    }

    fn take_back(&self, keys: &AttemptKeys, now: Instant) {
        let mut counts = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        for key in keys.delay_keys() {
            if let Some(attempts) = counts.delays.get_mut(key) {
                attempts.failures = attempts.failures.saturating_sub(1);
                let (free, max) = rule(key);
                if delay(attempts.failures, free, max).is_zero() {
                    attempts.blocked_until = attempts.blocked_until.min(now);
                }
            }
        }
        if let Some(window) = counts.windows.get_mut(&keys.account) {
            let newest = window.newest_mut();
            *newest = newest.saturating_sub(1);
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

    /// The issue 29 campaign: 40 addresses guessing one shopper's password while the shopper
    /// keeps signing in. Successes used to empty the account's count (265 guesses in 90 s).
    #[test]
    fn guesses_from_many_addresses_stay_capped_while_the_owner_signs_in() {
        let throttle = LoginThrottle::default();
        let owner = AttemptKeys::new("nok", "10.0.0.1");
        let start = Instant::now();
        let mut checked = 0;
        for second in 0..90u64 {
            let now = start + Duration::from_secs(second);
            throttle.begin_at(&owner, now).unwrap();
            throttle.succeeded(&owner);
            for n in 0..40 {
                let stranger = AttemptKeys::new("nok", &format!("198.51.100.{n}"));
                if throttle.begin_at(&stranger, now).is_ok() {
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, ACCOUNT_FAILURES_PER_WINDOW);
    }

    #[test]
    fn a_full_window_spares_trusted_addresses_and_empties_with_time() {
        let throttle = LoginThrottle::default();
        let start = Instant::now();
        let home = AttemptKeys::new("nok", "10.0.0.1");
        throttle.begin_at(&home, start).unwrap();
        throttle.succeeded(&home);
        for n in 0..ACCOUNT_FAILURES_PER_WINDOW {
            let stranger = AttemptKeys::new("NOK", &format!("198.51.100.{n}"));
            throttle.begin_at(&stranger, start).unwrap();
        }
        // A new address waits, in another spelling of the name too…
        let wait = throttle
            .begin_at(&AttemptKeys::new("ＮＯＫ", "192.0.2.7"), start)
            .unwrap_err();
        assert!(wait <= ACCOUNT_WINDOW + BUCKET && wait > ACCOUNT_WINDOW - BUCKET);
        // …the address the shopper signed in from does not…
        throttle.begin_at(&home, start).unwrap();
        // …and once the failures have left the window, nobody does.
        let later = start + ACCOUNT_WINDOW + BUCKET;
        assert!(
            throttle
                .begin_at(&AttemptKeys::new("nok", "192.0.2.7"), later)
                .is_ok()
        );
    }

    #[test]
    fn a_window_of_minutes_counts_only_the_last_quarter_hour() {
        let mut window = Window::new(0, Instant::now());
        window.per_minute[0] = 10;
        window.advance(5);
        *window.newest_mut() += 20;
        assert_eq!(window.total(), 30);
        assert_eq!(window.wait(30, Duration::ZERO), BUCKET * 10);
        assert_eq!(window.wait(31, Duration::ZERO), Duration::ZERO);
        window.advance(15);
        assert_eq!(window.total(), 20);
        window.advance(100);
        assert_eq!(window.total(), 0);
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
