//! Reading tool results in assertions: the error code, the warnings, the fake's write
//! counters (bad input writes nothing, docs/design/tool-contract.md §3.1), and a clock
//! for deadline tests (docs/design/tool-contract.md §1.15).

use barline_fake_live::FakeLive;
use serde_json::Value;

/// The error code of a failed result (`""` on success).
pub fn code(r: &Value) -> &str {
    r["_meta"]["barline/error"]["code"].as_str().unwrap_or("")
}

/// The error message of a failed result (`""` on success).
pub fn message(r: &Value) -> &str {
    r["_meta"]["barline/error"]["message"]
        .as_str()
        .unwrap_or("")
}

/// The warnings of a result, collapsed as the client sees them.
pub fn warnings(r: &Value) -> Vec<String> {
    r["_meta"]["barline/warnings"]
        .as_array()
        .map(|a| a.iter().map(|w| w.as_str().unwrap().to_string()).collect())
        .unwrap_or_default()
}

/// `set` plus `call` operations the fake counted since its last reset.
pub fn writes(live: &FakeLive) -> u64 {
    let t = live.counters().totals();
    t.set + t.call
}

/// The whole Set as the fake dumps it: what a test compares to show nothing changed.
pub fn dump(live: &FakeLive) -> Value {
    serde_json::from_str(&live.to_json()).unwrap()
}

/// The items of a one-or-many result (one object → one item).
pub fn items(r: &Value) -> Vec<Value> {
    let s = &r["structuredContent"];
    match s.get("items").and_then(Value::as_array) {
        Some(a) => a.clone(),
        None => vec![s.clone()],
    }
}

/// A clock that moves one second each time it is read: with a 4 s limit a loop gets
/// a few items done before it must stop.
#[derive(Default)]
pub struct SecondPerRead(std::cell::Cell<f64>);

impl barline_core::tools::testing::call::Clock for SecondPerRead {
    fn now_ms(&self) -> f64 {
        let t = self.0.get();
        self.0.set(t + 1_000.0);
        t
    }
}

/// Calls a tool with a 4 s time limit on a [`SecondPerRead`] clock, checking the result
/// like `tools::call`.
pub fn call_with_deadline(live: &mut FakeLive, tool: &str, args: Value) -> Value {
    let ctx = barline_core::tools::ToolContext {
        timeout_ms: 4_000,
        ..Default::default()
    };
    let r = barline_core::tools::call_with(
        live,
        tool,
        &args,
        &ctx,
        false,
        &mut barline_core::tools::IssuedIds::new(),
        &SecondPerRead::default(),
    )
    .expect("registered tool");
    super::tools::check_result(tool, &r, false);
    r
}

/// The `structuredContent` of a result that must be a success.
pub fn data(r: &Value) -> &Value {
    assert_ne!(r["isError"], true, "unexpected error: {r}");
    &r["structuredContent"]
}

/// The first text item of a result.
pub fn text(r: &Value) -> &str {
    r["content"][0]["text"].as_str().unwrap()
}
