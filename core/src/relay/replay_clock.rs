//! The clock of a call cut into steps (`crate::live::journal`): each run of the call
//! reads the same times its earlier runs read, so the request's deadline starts at its
//! first step and a replayed run takes the same decisions about it.

use crate::tools::framework::call::Clock;
use std::cell::RefCell;

/// Replays earlier readings in order, then reads the host's clock and records it.
pub struct ReplayClock<'a> {
    inner: &'a dyn Clock,
    readings: RefCell<(Vec<f64>, usize)>,
}

impl<'a> ReplayClock<'a> {
    /// Replays `readings` (from `Journal::take_clock`), then reads `inner`.
    pub fn new(inner: &'a dyn Clock, readings: Vec<f64>) -> Self {
        ReplayClock {
            inner,
            readings: RefCell::new((readings, 0)),
        }
    }

    /// Every reading so far, replayed and new (for `Journal::keep_clock`).
    pub fn into_readings(self) -> Vec<f64> {
        self.readings.into_inner().0
    }
}

impl Clock for ReplayClock<'_> {
    fn now_ms(&self) -> f64 {
        let mut readings = self.readings.borrow_mut();
        let (list, used) = &mut *readings;
        let t = match list.get(*used) {
            Some(&t) => t,
            None => {
                let t = self.inner.now_ms();
                list.push(t);
                t
            }
        };
        *used += 1;
        t
    }
}
