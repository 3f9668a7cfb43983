//! A Drum Rack read costs requests linear in its chains: each chain's receive note is
//! read once and each pad's chains found once, so 64 chains cost at most 4.6× the
//! requests of 16 (issue 20 measured the old read at 2n² + n `in_note` gets). The
//! counts come from the fake Live Set's request counters and are printed, so a run
//! shows both numbers.

use crate::support;

use barline_fake_live::FakeLive;
use serde_json::{json, Value};
use support::tools::call;

/// A Set whose only track holds a Drum Rack with `n` chains, one Simpler each, on
/// notes 36, 37, … (wrapping inside 0…127).
fn drum_set(n: usize) -> FakeLive {
    let chains: Vec<Value> = (0..n)
        .map(|i| {
            json!({"name": format!("Pad {i}"), "in_note": 36 + (i % 92),
                   "devices": [{"device": "Simpler"}]})
        })
        .collect();
    let set = json!({
        "format": "barline-live-set/1", "scenes": [{}],
        "tracks": [{"kind": "midi", "name": "Drums",
                    "devices": [{"device": "Drum Rack", "chains": chains}]}]
    });
    FakeLive::from_json(&set.to_string()).expect("drum fixture loads")
}

/// Requests one read-device of the rack with its pads and chains costs.
fn read_cost(n: usize) -> u64 {
    let mut live = drum_set(n);
    live.reset_counters();
    let r = call(
        &mut live,
        "barline-read-device",
        json!({"path": "t0/d0", "include": ["drum-pads", "chains"]}),
    );
    assert!(r.get("isError").is_none(), "{r}");
    let pads = r["structuredContent"]["drumPads"].as_array().unwrap().len();
    assert_eq!(pads, n.min(92), "one pad per note");
    let c = live.counters();
    c.totals().total() + c.resolve
}

#[test]
fn a_drum_rack_read_is_linear_in_its_chains() {
    let (small, large) = (read_cost(16), read_cost(64));
    let ratio = large as f64 / small as f64;
    println!(
        "drum rack read: 16 chains {small} requests, 64 chains {large} requests, ratio {ratio:.2}"
    );
    assert!(
        ratio <= 4.6,
        "16 chains {small}, 64 chains {large}: ratio {ratio:.2}"
    );
}
