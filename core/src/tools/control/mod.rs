//! Tools that steer Live rather than edit the Set: `barline-select`, `barline-playback`,
//! the opt-in `barline-raw-live-api`, and the test-only diagnostic tools.

pub mod diagnostics;
pub mod playback;
pub mod raw_live_api;
pub mod select;
