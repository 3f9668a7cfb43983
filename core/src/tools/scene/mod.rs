//! The scene tools: `barline-read-scene`, `barline-create-scene`, `barline-update-scene`.

pub mod create_scene;
pub mod read_scene;
pub mod update_scene;
