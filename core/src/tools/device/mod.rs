//! The device tools: `barline-read-device`, `barline-create-device`, `barline-update-device`.

pub mod create_device;
pub mod read_device;
pub mod update_device;
