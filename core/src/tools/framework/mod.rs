//! The tool framework: the `Tool` trait, argument types and validation, schemas,
//! the per-call context, errors, result formatting and warnings. It imports nothing
//! from the rest of `tools`: the domains build on it, never the other way round.

pub mod args;
pub mod call;
pub mod coerce;
pub mod context;
pub mod error;
pub mod format;
pub mod ids;
pub mod lom;
pub mod mentions;
pub mod nearest;
pub mod request;
pub mod result_fields;
pub mod schema;
pub mod schema_shapes;
pub mod tool;
pub mod warnings;
