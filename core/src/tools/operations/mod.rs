//! Tools that act on any kind of object: `barline-delete` and `barline-duplicate`.

pub mod delete;
pub mod duplicate;
