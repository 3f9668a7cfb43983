//! The Song-level tools: `barline-read-live-set` and `barline-update-live-set`.

pub mod read_live_set;
pub mod update_live_set;
