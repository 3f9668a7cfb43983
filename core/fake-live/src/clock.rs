//! The virtual clock: time that advances by a fixed step per Live API request, so
//! deadline behaviour (a tool call's time limit) is tested without wall-clock time.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// A shared reading of the fake's virtual time. Clones share the same time, so a test
/// can keep a handle while the fake is lent to tool code.
#[derive(Clone, Debug, Default)]
pub struct VirtualClock {
    now_ms: Arc<AtomicU64>,
    step_ms: u64,
}

impl VirtualClock {
    /// A clock at 0 ms that advances `step_ms` per request.
    pub fn new(step_ms: u64) -> VirtualClock {
        VirtualClock {
            now_ms: Arc::new(AtomicU64::new(0)),
            step_ms,
        }
    }

    /// Milliseconds of virtual time since the Set was created.
    pub fn now_ms(&self) -> u64 {
        self.now_ms.load(Ordering::Relaxed)
    }

    /// Moves the time forward by `ms` (a test simulating work outside Live).
    pub fn advance(&self, ms: u64) {
        self.now_ms.fetch_add(ms, Ordering::Relaxed);
    }

    /// How far one request moves the time.
    pub fn step_ms(&self) -> u64 {
        self.step_ms
    }

    /// One Live API request happened.
    pub(crate) fn tick(&self) {
        if self.step_ms > 0 {
            self.advance(self.step_ms);
        }
    }
}
