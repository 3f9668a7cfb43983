//! Code several tool domains share: typed Live reads, references, names, time values,
//! the Set overview, locators, session slots, and per-domain helpers for clips, devices
//! and tracks. Nothing here names a tool type or imports a tool module.

pub mod clip;
pub mod device;
pub mod host;
pub mod live_version;
pub mod locators;
pub mod name_rules;
pub mod names;
pub mod overview;
pub mod refs;
pub mod scale;
pub mod scene;
pub mod session_grid;
pub mod time;
pub mod timeline;
pub mod track;
