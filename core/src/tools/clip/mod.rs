//! The clip tools: `barline-read-clip`, `barline-create-clip`, `barline-update-clip`.

pub mod create_clip;
pub mod read_clip;
pub mod update_clip;
