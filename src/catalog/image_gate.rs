//! How much image work runs at once, process-wide: product uploads, payment slips, `?w=`
//! resized copies and the e-catalogue's thumbnails all pass one gate.
//!
//! The gate counts two things. Slots bound how many images are worked on at once (one per
//! core: decoding is CPU-bound). Working memory bounds the bytes they may hold together: each
//! piece of work says, from the image's header, how many bytes it will need at its peak
//! (`image_decode`), and waits until that much of [`WORKING_MEMORY`] is free. Work that needs
//! more than the whole budget is refused at once; work that cannot start within a few seconds
//! is answered "busy" (503 with `Retry-After`) instead of queueing without end.
//!
//! The permits are owned values moved into the blocking task that does the work, so they are
//! given back when the work ends, not when the request that asked for it goes away.

use std::sync::{Arc, LazyLock};
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Bytes all image work may hold at once. A 50-megapixel RGB photo (the default pixel limit)
/// decodes to 150 MB and its re-encoding needs about as much again, so one such photo fits;
/// several phone photos (12 megapixels: 36 MB each) run side by side.
pub const WORKING_MEMORY: u64 = 320 * 1024 * 1024;
/// How long work waits for a slot or for memory before the answer is "busy".
pub const WAIT: Duration = Duration::from_secs(8);
/// The `Retry-After` of a busy answer, in seconds.
pub const RETRY_AFTER_SECONDS: u64 = 5;

/// The gate every image decode in the process passes.
pub static GATE: LazyLock<Gate> = LazyLock::new(|| {
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    Gate::new(cores, WORKING_MEMORY, WAIT)
});

/// Why work could not pass the gate.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GateError {
    /// The work needs more memory than all image work may hold: it can never run.
    #[error("needs about {} MB of memory to process; at most {} MB is available for one image", .needed.div_ceil(MIB), .budget / MIB)]
    TooLarge { needed: u64, budget: u64 },
    /// Every slot or the memory stayed taken for [`WAIT`].
    #[error("the server is busy processing other images")]
    Busy,
}

const MIB: u64 = 1024 * 1024;
/// Memory is counted in KiB so that a whole budget fits the semaphore's `u32` permits.
const UNIT: u64 = 1024;

/// Slots and working memory (see the module documentation).
pub struct Gate {
    slots: Arc<Semaphore>,
    memory: Arc<Semaphore>,
    memory_units: u32,
    wait: Duration,
}

/// A slot held: the holder may read and inspect an image, then reserve memory to decode it.
pub struct Slot {
    slot: OwnedSemaphorePermit,
    memory: Arc<Semaphore>,
    memory_units: u32,
    wait: Duration,
}

/// A slot and memory held: the work may run. Dropping it gives both back.
pub struct Pass {
    _slot: OwnedSemaphorePermit,
    _memory: OwnedSemaphorePermit,
}

impl Gate {
    pub fn new(slots: usize, memory_bytes: u64, wait: Duration) -> Gate {
        let memory_units = u32::try_from(memory_bytes / UNIT).unwrap_or(u32::MAX);
        Gate {
            slots: Arc::new(Semaphore::new(slots.max(1))),
            memory: Arc::new(Semaphore::new(memory_units as usize)),
            memory_units,
            wait,
        }
    }

    /// Bytes all work together may hold.
    pub fn capacity(&self) -> u64 {
        u64::from(self.memory_units) * UNIT
    }

    /// Waits for a slot, at most the gate's wait.
    pub async fn slot(&self) -> Result<Slot, GateError> {
        let slot = tokio::time::timeout(self.wait, self.slots.clone().acquire_owned())
            .await
            .map_err(|_| GateError::Busy)?
            .map_err(|_| GateError::Busy)?;
        Ok(Slot {
            slot,
            memory: self.memory.clone(),
            memory_units: self.memory_units,
            wait: self.wait,
        })
    }

    /// A slot and `bytes` of memory, for work whose cost is known before it starts.
    pub async fn enter(&self, bytes: u64) -> Result<Pass, GateError> {
        self.slot().await?.reserve(bytes).await
    }

    /// The same from a thread that may block (work already on a blocking thread, such as the
    /// e-catalogue's thumbnails): polls for the permits until the gate's wait is over.
    pub fn enter_blocking(&self, bytes: u64) -> Result<Pass, GateError> {
        let units = bytes.div_ceil(UNIT).max(1);
        if units > u64::from(self.memory_units) {
            return Err(GateError::TooLarge {
                needed: bytes,
                budget: self.capacity(),
            });
        }
        let units = u32::try_from(units).unwrap_or(self.memory_units);
        let deadline = std::time::Instant::now() + self.wait;
        loop {
            if let Ok(slot) = self.slots.clone().try_acquire_owned()
                && let Ok(memory) = self.memory.clone().try_acquire_many_owned(units)
            {
                return Ok(Pass {
                    _slot: slot,
                    _memory: memory,
                });
            }
            if std::time::Instant::now() >= deadline {
                return Err(GateError::Busy);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Slot {
    /// Waits for `bytes` of working memory, at most the gate's wait; work that needs more
    /// than the whole budget is refused without waiting.
    pub async fn reserve(self, bytes: u64) -> Result<Pass, GateError> {
        let units = bytes.div_ceil(UNIT).max(1);
        if units > u64::from(self.memory_units) {
            return Err(GateError::TooLarge {
                needed: bytes,
                budget: u64::from(self.memory_units) * UNIT,
            });
        }
        // Fits in u32: bounded by `memory_units` just above.
        let units = u32::try_from(units).unwrap_or(self.memory_units);
        let memory = tokio::time::timeout(self.wait, self.memory.acquire_many_owned(units))
            .await
            .map_err(|_| GateError::Busy)?
            .map_err(|_| GateError::Busy)?;
        Ok(Pass {
            _slot: self.slot,
            _memory: memory,
        })
    }
}

/// Runs `work` on a blocking thread while holding `pass`, which is released when the work
/// ends (even if the caller stopped waiting for it).
pub async fn run<T: Send + 'static>(
    pass: Pass,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, tokio::task::JoinError> {
    tokio::task::spawn_blocking(move || {
        let _pass = pass;
        work()
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn work_over_the_whole_budget_is_refused_at_once() {
        let gate = Gate::new(2, 10 * MIB, Duration::from_secs(5));
        let started = std::time::Instant::now();
        let refused = gate.enter(11 * MIB).await.err();
        assert_eq!(
            refused,
            Some(GateError::TooLarge {
                needed: 11 * MIB,
                budget: 10 * MIB
            })
        );
        assert!(started.elapsed() < Duration::from_secs(1));
        assert!(gate.enter(10 * MIB).await.is_ok());
        assert!(matches!(
            gate.enter_blocking(11 * MIB),
            Err(GateError::TooLarge { .. })
        ));
        let held = gate.enter_blocking(10 * MIB).unwrap();
        let quick = Gate::new(1, 10 * MIB, Duration::from_millis(50));
        let _one = quick.enter_blocking(MIB).unwrap();
        assert_eq!(quick.enter_blocking(MIB).err(), Some(GateError::Busy));
        drop(held);
    }

    #[tokio::test]
    async fn memory_is_shared_and_waits_end_in_busy() {
        let gate = Gate::new(4, 10 * MIB, Duration::from_millis(200));
        let first = gate.enter(6 * MIB).await.unwrap();
        // 6 + 6 > 10: the second waits, then gives up.
        assert_eq!(gate.enter(6 * MIB).await.err(), Some(GateError::Busy));
        // Smaller work still fits beside the first.
        let small = gate.enter(4 * MIB).await.unwrap();
        drop(first);
        drop(small);
        assert!(gate.enter(10 * MIB).await.is_ok());
    }

    #[tokio::test]
    async fn slots_bound_how_many_run_at_once() {
        let gate = Gate::new(1, 10 * MIB, Duration::from_millis(200));
        let held = gate.slot().await.unwrap();
        assert_eq!(gate.slot().await.err(), Some(GateError::Busy));
        let pass = held.reserve(MIB).await.unwrap();
        // The pass keeps the slot until the work that holds it ends.
        let done = run(pass, || 42).await.unwrap();
        assert_eq!(done, 42);
        assert!(gate.slot().await.is_ok());
    }
}
