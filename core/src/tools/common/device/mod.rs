//! What the device tools share: the device path grammar, what paths and ids name in
//! the Set, and parameters by display value.

pub mod insert;
pub mod param_value;
pub mod path;
pub mod reader;
pub mod target;
