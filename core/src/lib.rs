//! Barline's core: every semantic decision of the device lives in this crate.
//!
//! The crate is compiled natively (tests, benchmarks) and to WebAssembly, where it is
//! loaded by the Node for Max host, by the Max `v8` host and by the browser playground.
//! See `ARCHITECTURE.md` at the repository root for the codemap and the invariants each
//! module keeps.
//!
//! Every public item says what it is and why (`missing_docs` is an error, not a hope).
#![deny(missing_docs)]
// A build for one host (the `v8` package has only `host-v8`) leaves out what the other
// hosts call, so parts of `tools/` look unused there. Dead code is reported by the
// builds with every host, which `cargo clippy` checks natively and for wasm32.
#![cfg_attr(
    not(all(feature = "host-node", feature = "host-v8", feature = "host-web")),
    allow(dead_code)
)]

pub mod bridge;
pub mod case;
#[cfg(feature = "chat")]
pub mod chat;
pub mod decimal;
pub mod live;
pub mod mcp;
pub mod midi;
pub mod notation;
/// Tool calls across the wire: above the bridge's framing and the tools.
pub mod relay;
pub mod silent_wav;
pub mod sort;
pub mod tools;
pub mod transforms;

/// Barline's one version: the workspace's (`[workspace.package]` in the root
/// `Cargo.toml`). `serverInfo`, connect's reply, the device's panel, the stdio bridge's
/// `--version`, the bundle's manifest and the npm package all show this one.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// JavaScript entry points; public so wasm-bindgen tests in `core/tests` can call them.
#[cfg(target_arch = "wasm32")]
pub mod wasm;
