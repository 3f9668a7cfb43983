//! Wire protocol between node.script and Max's `v8` object (DESIGN.md "Wire protocol").
//!
//! A request travels node → v8 as one Max message
//! `mcp_request <requestId> <chunk>… $$___END___$$`; a response travels v8 → node as
//! `mcp_response <requestId> <chunk>… $$___MAX_ERRORS___$$ <warning>…`. The chunks of
//! a message join to a JSON text. Every string atom stays within Max's symbol limit
//! measured in UTF-8 bytes, never splits a code point and never reads as a number
//! (Max would re-parse it into a float and change the text).
//!
//! The module also holds what node.script and the stdio bridge would otherwise decide
//! themselves: the call envelope ([`frame_call`]), the texts of failures in transit
//! ([`Transit`]), the JSON-RPC messages of Barline's own clients ([`client`]) and the
//! answers of the stdio bridge while no device runs ([`OfflineServer`]).
//!
//! Everything here is plain Rust so the protocol is tested natively; the wasm exports in
//! `core/src/wasm/bridge.rs` and `core/src/wasm/v8.rs` only convert values.

mod chunk;
pub mod client;
mod error;
mod frame;
mod offline;
mod replay_clock;
mod too_large;
mod transit;
mod v8_session;

pub use chunk::{looks_like_number, split_chunks};
pub use error::BridgeError;
pub use frame::{
    decode_request, decode_response, frame_call, frame_request, frame_response,
    frame_tool_response, DecodedResponse,
};
pub use offline::OfflineServer;
pub use too_large::{narrowing_hint, too_large_result};
pub use transit::Transit;
pub use v8_session::{internal_response, Step, V8Session, MAX_WAIT_MS};

/// Selector of a request message (node → v8).
pub const REQUEST_SELECTOR: &str = "mcp_request";
/// Selector of a response message (v8 → node).
pub const RESPONSE_SELECTOR: &str = "mcp_response";
/// Last atom of a request: without it the request was cut and is refused.
pub const REQUEST_TERMINATOR: &str = "$$___END___$$";
/// Separates a response's chunks from its warnings (one warning per atom).
pub const WARNINGS_DELIMITER: &str = "$$___MAX_ERRORS___$$";
/// Largest chunk in UTF-8 bytes: below Max's 32,767-byte symbol limit with room to spare.
pub const MAX_CHUNK_BYTES: usize = 30_000;
/// Most chunks in one message; a larger text is refused (`TOO_LARGE`).
pub const MAX_CHUNKS: usize = 100;
/// Most warnings carried by one response; further ones are summarised in one line.
pub const MAX_WARNINGS: usize = 1_000;
/// Appended to a warning cut to fit one atom.
pub const TRUNCATION_MARKER: &str = " … [warning truncated]";
