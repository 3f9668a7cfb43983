//! The track tools: `barline-read-track`, `barline-create-track`, `barline-update-track`.

pub mod create_track;
pub mod read_track;
pub mod update_track;
