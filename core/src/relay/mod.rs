//! Tool calls across the wire, the layer above both [`crate::bridge`] (framing) and
//! [`crate::tools`] (running tools): the call envelope node.script sends, the v8-side
//! session that decodes a request, runs the tool and frames its answer, the words of a
//! failure in transit, the `TOO_LARGE` replacement of an oversized result, and the
//! stdio bridge's answers while no device runs.
//!
//! Plain Rust, tested natively; the wasm exports only convert values.

mod envelope;
mod live_gate;
mod offline;
mod replay_clock;
mod too_large;
mod transit;
mod v8_session;

pub use envelope::{frame_call, frame_response, frame_tool_response};
pub use live_gate::LiveGate;
pub use offline::OfflineServer;
pub use too_large::{narrowing_hint, too_large_result};
pub use transit::Transit;
pub use v8_session::{internal_response, Step, V8Session, CANCELLED_TEXT, MAX_WAIT_MS};
