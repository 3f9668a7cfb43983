//! What the wall-time benchmarks share: one tool call with a real clock, so the time
//! budget of long loops applies as on the device.

use barline_core::tools::{self, Clock, IssuedIds, ToolContext};
use barline_fake_live::FakeLive;
use serde_json::Value;
use std::time::Instant;

/// Milliseconds since the clock was made.
struct WallClock(Instant);

impl Clock for WallClock {
    fn now_ms(&self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
}

/// Calls `tool` with a real clock and a `timeout_ms` budget; the MCP result and the
/// milliseconds it took.
pub fn timed_call(live: &mut FakeLive, tool: &str, args: &Value, timeout_ms: u64) -> (Value, f64) {
    let clock = WallClock(Instant::now());
    let ctx = ToolContext {
        timeout_ms,
        ..Default::default()
    };
    let started = Instant::now();
    let r = tools::call_with(live, tool, args, &ctx, false, &mut IssuedIds::new(), &clock)
        .expect("registered tool");
    (r, started.elapsed().as_secs_f64() * 1000.0)
}
