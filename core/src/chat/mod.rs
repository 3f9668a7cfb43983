//! The chat page's engine (docs/design/chat.md): the three provider wire formats, the
//! tool loop as a pure state machine, the conversation and its invariants, error
//! classification and the safe markdown renderer.
//!
//! The engine performs no I/O and never sees a provider key or the device token: the
//! page's glue feeds it events (a user message, stream bytes, an MCP result, a timer,
//! Stop) and carries out the effects it answers with (send this provider request, call
//! this tool, wait this long). Keeping every decision here lets native tests drive the
//! whole loop without a browser, a network or Live.

pub mod anthropic;
pub mod checks;
pub mod conversation;
pub mod engine;
mod engine_calls;
mod engine_device;
mod engine_errors;
pub mod errors;
pub mod gemini;
pub mod markdown;
mod markdown_inline;
pub mod openai;
pub mod reduce;
pub mod request;
pub mod session;
pub mod sse;
mod turn;
pub mod types;
pub mod view;

pub use engine::{Effect, Engine};
pub use types::{Config, Format, StreamEvent, ToolDef};
