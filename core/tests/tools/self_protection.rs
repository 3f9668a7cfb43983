//! The device protects itself (issue 22, finding 2): no tool deletes, moves, wraps or
//! duplicates the Barline device or a rack, chain or pad holding it; each answers
//! UNSUPPORTED with the reason and changes nothing.

use crate::support;

use barline_fake_live::FakeLive;
use serde_json::{json, Value};
use support::fake::{demo, id_of};
use support::outcome::{code, message};
use support::tools::call;

/// The demo Set with Barline moved into the Drums track's drum rack (chain 0, pad C1).
fn inside_rack() -> FakeLive {
    let live = demo();
    let mut set: Value = serde_json::from_str(&live.to_json()).unwrap();
    set["this_device"] = json!("live_set tracks 0 devices 0 chains 0 devices 0");
    FakeLive::from_json(&set.to_string()).unwrap()
}

fn refused(live: &mut FakeLive, tool: &str, args: Value, why: &str) {
    let before = live.to_json();
    let r = call(live, tool, args.clone());
    assert_eq!(code(&r), "UNSUPPORTED", "{tool} {args}: {r}");
    assert!(message(&r).contains(why), "{tool} {args}: {}", message(&r));
    assert!(message(&r).contains("Barline"), "{}", message(&r));
    assert_eq!(live.to_json(), before, "{tool} {args} changed the Set");
}

#[test]
fn the_device_cannot_be_wrapped_moved_or_duplicated() {
    let mut live = demo();
    let barline = id_of(&mut live, "live_set tracks 6 devices 0").to_string();
    refused(
        &mut live,
        "barline-update-device",
        json!({"path": "t6/d0", "wrapInRack": true}),
        "cannot be wrapped",
    );
    refused(
        &mut live,
        "barline-update-device",
        json!({"path": "t6/d0,t6/d1", "wrapInRack": true}),
        "cannot be wrapped",
    );
    refused(
        &mut live,
        "barline-update-device",
        json!({"path": "t6/d0", "toPath": "t5"}),
        "cannot be moved",
    );
    refused(
        &mut live,
        "barline-duplicate",
        json!({"type": "device", "id": barline}),
        "cannot be duplicated",
    );
}

#[test]
fn a_rack_or_pad_holding_the_device_is_protected() {
    let mut live = inside_rack();
    let rack = id_of(&mut live, "live_set tracks 0 devices 0").to_string();
    refused(
        &mut live,
        "barline-delete",
        json!({"type": "device", "path": "t0/d0"}),
        "cannot be deleted",
    );
    refused(
        &mut live,
        "barline-delete",
        json!({"type": "device", "ids": rack}),
        "cannot be deleted",
    );
    refused(
        &mut live,
        "barline-delete",
        json!({"type": "drum-pad", "path": "t0/d0/pC1"}),
        "cannot be deleted",
    );
    refused(
        &mut live,
        "barline-update-device",
        json!({"path": "t0/d0", "toPath": "t5"}),
        "cannot be moved",
    );
    refused(
        &mut live,
        "barline-update-device",
        json!({"path": "t0/d0", "wrapInRack": true}),
        "cannot be wrapped",
    );
    refused(
        &mut live,
        "barline-duplicate",
        json!({"type": "device", "id": rack}),
        "cannot be duplicated",
    );
    let drums = id_of(&mut live, "live_set tracks 0").to_string();
    refused(
        &mut live,
        "barline-delete",
        json!({"type": "track", "ids": drums}),
        "cannot be deleted",
    );
}

#[test]
fn other_devices_and_pads_beside_it_still_go() {
    let mut live = inside_rack();
    let r = call(
        &mut live,
        "barline-delete",
        json!({"type": "drum-pad", "path": "t0/d0/pD1"}),
    );
    assert!(r.get("isError").is_none(), "{r}");
    let r = call(
        &mut live,
        "barline-delete",
        json!({"type": "device", "path": "t0/d1"}),
    );
    assert!(r.get("isError").is_none(), "{r}");
    // The Lead track no longer hosts Barline, so it can be deleted.
    let lead = id_of(&mut live, "live_set tracks 6").to_string();
    let r = call(
        &mut live,
        "barline-delete",
        json!({"type": "track", "ids": lead}),
    );
    assert!(r.get("isError").is_none(), "{r}");
}
