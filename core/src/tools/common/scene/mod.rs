//! What the scene tools share: the scene property step of create-scene and
//! update-scene, and the scene reader of read-scene and read-live-set.

pub mod props;
pub mod reader;
