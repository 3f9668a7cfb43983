//! MCP over Streamable HTTP, owned by Rust: JSON-RPC 2.0, the session lifecycle, the
//! HTTP admission rules and dispatch. The Node host only moves bytes: it hands each
//! HTTP request to [`Server::handle_http`], relays the tool calls it is given, and
//! writes the responses it gets back.

mod calls;
pub mod dispatch;
pub mod http;
pub mod jsonrpc;
mod lenient;
mod origins;
mod pages;
mod post;
pub mod profile;
pub mod prompts;
mod reply;
pub mod resources;
pub mod security;
mod server;
pub mod sessions;
pub mod settings;
pub mod version;

pub use http::{HttpAction, HttpRequest, HttpResponse, OutCall};
pub use server::{Server, MAX_BATCH_ITEMS};
pub use settings::Settings;
