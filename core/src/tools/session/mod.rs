//! The session tools: `barline-connect` (the handshake) and `barline-context` (project
//! memory and the sample folder).

pub mod connect;
pub mod project_context;
