//! Giving memory back when the shop is quiet (issue 15). Under load the shop keeps what makes
//! the next answer cheap: remembered catalogue answers and rendered pages (bounded per
//! snapshot) and redb's page cache (bounded, filled by every write). A small shop is quiet most
//! of the day, and on a small VPS that memory is better returned: after `QUIET_AFTER` without a
//! request those caches are dropped once, and refill on demand (a few milliseconds each).
//! Measured with `tests/load/mixed.sh 10` (release, 2 cores): idle RSS 104 → 89 MB with the
//! database reopened, 110 → 103–110 MB with only the answer and page caches dropped (a fresh
//! shop with little written is the exception: reopening there cost ~6 MB).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::state::AppState;

/// How long without a request before the caches are dropped.
pub const QUIET_AFTER: Duration = Duration::from_secs(30);
/// How often quietness is checked (by the job in `application::jobs`).
pub const CHECK_EVERY: Duration = Duration::from_secs(10);

/// When the last request arrived, cheaply stamped by every request.
pub struct Quiet {
    epoch: Instant,
    /// Milliseconds since `epoch` of the last request.
    last: AtomicU64,
    /// Whether the caches were dropped since the last request.
    trimmed: AtomicBool,
}

impl Default for Quiet {
    fn default() -> Self {
        Quiet {
            epoch: Instant::now(),
            last: AtomicU64::new(0),
            trimmed: AtomicBool::new(false),
        }
    }
}

impl Quiet {
    /// Called for every request.
    pub fn touch(&self) {
        let now = u64::try_from(self.epoch.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.last.store(now, Ordering::Relaxed);
        if self.trimmed.load(Ordering::Relaxed) {
            self.trimmed.store(false, Ordering::Relaxed);
        }
    }

    /// Time since the last request.
    /// Whether the caches should be dropped now: the shop has been quiet for `QUIET_AFTER`
    /// and they were not dropped yet in this quiet spell (answers true once per spell).
    pub fn time_to_trim(&self) -> bool {
        self.quiet_for() >= QUIET_AFTER && !self.trimmed.swap(true, Ordering::Relaxed)
    }

    pub fn quiet_for(&self) -> Duration {
        let last = Duration::from_millis(self.last.load(Ordering::Relaxed));
        self.epoch.elapsed().saturating_sub(last)
    }
}

/// What one trim let go of.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Trimmed {
    pub answer_bytes: usize,
    pub page_bytes: usize,
    pub database_cache: bool,
}

/// Drops the caches now. Safe at any time (everything refills on demand); the quiet check
/// only makes it rare.
pub fn trim(state: &AppState) -> Trimmed {
    let answer_bytes = state.catalog.current().forget_answers();
    let page_bytes = state.pages.clear();
    let database_cache = state.store.release_cache();
    ask_threads_to_collect();
    Trimmed {
        answer_bytes,
        page_bytes,
        database_cache,
    }
}

/// Bumped by every trim: each runtime thread then hands its allocator's free pages back once.
static COLLECT_EPOCH: AtomicU64 = AtomicU64::new(0);

thread_local! {
    static COLLECTED_AT: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

fn ask_threads_to_collect() {
    COLLECT_EPOCH.fetch_add(1, Ordering::Relaxed);
    collect_if_asked();
}

/// Called by every runtime thread before it parks (see `crate::cli::serve`): mimalloc frees a
/// block freed by another thread only when the thread that allocated it next allocates, so an
/// idle worker kept the pages of every answer the trim dropped.
pub fn collect_if_asked() {
    let wanted = COLLECT_EPOCH.load(Ordering::Relaxed);
    COLLECTED_AT.with(|seen| {
        if seen.get() != wanted {
            seen.set(wanted);
            #[allow(unsafe_code)]
            // SAFETY: mi_collect only walks this thread's heap and the abandoned pages.
            unsafe {
                libmimalloc_sys::mi_collect(true)
            };
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_thread_collects_once_per_trim() {
        std::thread::spawn(|| {
            collect_if_asked();
            let seen = COLLECTED_AT.with(|c| c.get());
            assert!(seen >= 1 || COLLECT_EPOCH.load(Ordering::Relaxed) == 0);
            ask_threads_to_collect();
            let after = COLLECTED_AT.with(|c| c.get());
            assert!(after > seen, "the asking thread collected at once");
            std::thread::spawn(move || {
                assert!(COLLECTED_AT.with(|c| c.get()) < after);
                collect_if_asked();
                let caught_up = COLLECTED_AT.with(|c| c.get());
                assert!(caught_up >= after, "another thread caught up");
            })
            .join()
            .unwrap();
        })
        .join()
        .unwrap();
    }

    #[test]
    fn a_request_ends_the_quiet() {
        let quiet = Quiet::default();
        std::thread::sleep(Duration::from_millis(30));
        assert!(quiet.quiet_for() >= Duration::from_millis(30));
        quiet.trimmed.store(true, Ordering::Relaxed);
        quiet.touch();
        assert!(quiet.quiet_for() < Duration::from_millis(30));
        assert!(
            !quiet.trimmed.load(Ordering::Relaxed),
            "the next quiet spell trims again"
        );
    }
}
