//! barline-connect (docs/design/tool-rules.md §1): versions, the Set overview, the guide in
//! both modes and the project memory.

use crate::support;
use barline_core::tools;
use barline_core::tools::ToolContext;
use serde_json::json;
use support::fake::demo;
use support::outcome::{data, text};
use support::tools::call;

#[test]
fn connect_reports_versions_overview_guide() {
    let mut live = demo();
    let r = call(&mut live, "barline-connect", json!({}));
    let d = data(&r);
    assert_eq!(d["connected"], true);
    assert_eq!(d["liveSet"]["name"], "Night Drive");
    assert_eq!(d["liveSet"]["tempo"], 104);
    assert_eq!(d["liveSet"]["timeSignature"], "4/4");
    assert_eq!(d["liveSet"]["sceneCount"], 5);
    assert_eq!(d["liveSet"]["regularTrackCount"], 7);
    assert_eq!(d["liveSet"]["returnTrackCount"], 2);
    assert_eq!(d["liveSet"]["scale"], "D Minor");
    assert_eq!(d["liveSet"]["scalePitches"], "D,E,F,G,A,Bb,C");
    assert!(d["liveSet"].get("isPlaying").is_none());
    assert!(d["skills"]
        .as_str()
        .unwrap()
        .starts_with("# Working with Barline"));
    assert!(d.get("memoryContent").is_none());
    assert!(text(&r).starts_with("{connected:true,barlineVersion:"));
    assert!(!d["abletonLiveVersion"].as_str().unwrap().is_empty());
    // Both guide variants stay under the cap (2.3) and their size limits (3.1).
    assert!(tools::testing::GUIDE.chars().count() <= 12_000);
    assert!(tools::testing::SHORT_GUIDE.chars().count() <= 3_000);
    assert!(text(&r).chars().count() <= 25_000);
}

#[test]
fn connect_short_guide_and_memory() {
    let mut live = demo();
    let ctx = ToolContext {
        small_model: true,
        memory_enabled: true,
        memory_text: "Lead is track 7.".into(),
        ..Default::default()
    };
    let r = support::tools::call_ctx(&mut live, "barline-connect", json!({}), &ctx);
    assert_eq!(
        r["structuredContent"]["skills"],
        tools::testing::SHORT_GUIDE
    );
    assert_eq!(r["structuredContent"]["memoryContent"], "Lead is track 7.");
    assert!(tools::testing::live_version::older_than_12_3("12.2.5"));
    assert!(!tools::testing::live_version::older_than_12_3("12.3"));
    assert!(!tools::testing::live_version::older_than_12_3("13.0.1"));
}
