//! Helpers shared by the integration tests; each test file includes this with
//! `mod support;` and uses the part it needs, so not every binary uses every item.
#![allow(dead_code)]

pub mod fake;
pub mod hooked;
pub mod mcp;
pub mod outcome;
pub mod refusing;
pub mod tools;
