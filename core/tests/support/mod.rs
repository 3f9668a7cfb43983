//! Helpers shared by the integration tests; each test file includes this with
//! `mod support;` and uses the part it needs, so not every binary uses every item.
#![allow(dead_code)]

#[cfg(feature = "fake-live")]
pub mod fake;
pub mod mcp;
#[cfg(feature = "fake-live")]
pub mod tools;
