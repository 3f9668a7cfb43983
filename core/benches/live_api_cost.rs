//! Live API cost per tool (issues 10 and 11): every tool of `catalogue::TOOLS` runs on
//! the demo Set and on a Set ten times larger, and the fake's counters say how many
//! `get`, `set`, `call`, `getcount` and path resolutions it sent to Live. Prints a
//! markdown table; asserts nothing.
//!
//! Run with `cargo bench -p barline-core --bench live_api_cost` (also part of
//! `make bench`). A tool added to the catalogue appears here by itself, as "no sample"
//! until it gets a line in [`SAMPLES`].
//!
//! The larger Set is made from the demo in code: its regular tracks repeated ten times
//! (same clips, notes and arrangement clips on each copy, groups re-pointed) and forty-
//! five empty scenes appended, so tracks, scenes, clips and notes are all ×10 and a
//! scene of the demo holds ten times its clips. For reads the table checks that Live
//! API requests grew no faster than the data returned (ratio ≤ data ratio × 1.1), the
//! data measured both as result text and as the Live objects the result lists or counts
//! (a `clipCount` of 60 reports on ten times the clips of a `clipCount` of 6).

use barline_core::live::{Atom, LivePort};
use barline_core::tools::ToolContext;
use barline_core::tools::{self, catalogue};
use barline_fake_live::FakeLive;
use serde_json::{json, Value};

const DEMO: &str = include_str!("../../patch/sim/sets/demo.json");

/// How many times the demo is repeated in the larger Set.
const SCALE: usize = 10;

/// One sample call: the tool, a short label, and a function that prepares the Set
/// (uncounted) and returns the arguments.
type Sample = (&'static str, &'static str, fn(&mut FakeLive) -> Value);

/// Sample arguments per tool, one line each; several lines for one tool are fine.
const SAMPLES: &[Sample] = &[
    ("barline-connect", "{}", |_| json!({})),
    (
        "barline-context",
        "read memory",
        |_| json!({"action": "read"}),
    ),
    ("barline-read-live-set", "overview", |_| json!({})),
    (
        "barline-read-live-set",
        "tracks, scenes, locators",
        |_| json!({"include": ["tracks", "scenes", "locators"]}),
    ),
    (
        "barline-read-live-set",
        "include * (TOO_LARGE on the larger Set)",
        |_| json!({"include": ["*"]}),
    ),
    (
        "barline-update-live-set",
        "tempo, scale, locator inside the arrangement",
        |_| json!({"tempo": 120, "scale": "A Minor", "locatorOperation": "create", "locatorTime": "5|1", "locatorName": "Break"}),
    ),
    (
        "barline-update-live-set",
        "locator past the end (playhead wait)",
        |_| json!({"locatorOperation": "create", "locatorTime": "999|1"}),
    ),
    (
        "barline-read-track",
        "track 0, overview",
        |_| json!({"trackIndex": 0}),
    ),
    (
        "barline-read-track",
        "track 0, include *",
        |_| json!({"trackIndex": 0, "include": ["*"]}),
    ),
    (
        "barline-create-track",
        "2 MIDI tracks at the end, names",
        |_| json!({"count": 2, "name": "A,B", "type": "midi"}),
    ),
    ("barline-update-track", "2 ids: name, gain, mute", |live| {
        let a = live.resolve("live_set tracks 0");
        let b = live.resolve("live_set tracks 1");
        json!({"ids": format!("{a},{b}"), "name": "X,Y", "gainDb": -6, "mute": true})
    }),
    (
        "barline-read-scene",
        "scene 1, overview",
        |_| json!({"sceneIndex": 1}),
    ),
    (
        "barline-read-scene",
        "scene 1, include *",
        |_| json!({"sceneIndex": 1, "include": ["*"]}),
    ),
    (
        "barline-read-scene",
        "an empty scene added at the end, include *",
        |live| {
            let song = live.resolve("live_set");
            let _ = live.call(song, "create_scene", &[Atom::Int(-1)]);
            json!({"sceneIndex": count(live, "scenes") - 1, "include": ["*"]})
        },
    ),
    (
        "barline-create-scene",
        "2 scenes at 2, names, colour, tempo, signature",
        |_| json!({"sceneIndex": 2, "count": 2, "name": "A,B", "color": "#FF3636", "tempo": 96, "timeSignature": "6/8"}),
    ),
    (
        "barline-create-scene",
        "capture after scene 1 while it plays",
        |live| {
            let scene = live.resolve("live_set scenes 1");
            let _ = live.call(scene, "fire", &[]);
            json!({"capture": true, "sceneIndex": 1})
        },
    ),
    (
        "barline-update-scene",
        "2 ids: name, tempo, signature",
        |live| {
            let a = live.resolve("live_set scenes 0");
            let b = live.resolve("live_set scenes 1");
            json!({"ids": format!("{a},{b}"), "name": "X,Y", "tempo": 100, "timeSignature": "3/4"})
        },
    ),
    (
        "barline-read-clip",
        "slot 0/1, notes + timing",
        |_| json!({"slot": "0/1", "include": ["notes", "timing"]}),
    ),
    (
        "barline-create-clip",
        "slot 6/0, 8 notes",
        |_| json!({"slot": "6/0", "notes": "v90 t2 C3 E3 G3 1|1 D3 F3 A3 2|1 C4 3|1 B3 4|1"}),
    ),
    (
        "barline-update-clip",
        "clip 0/0: name, merge notes",
        |live| {
            let clip = live.resolve("live_set tracks 0 clip_slots 0 clip");
            json!({"ids": clip.to_string(), "name": "Groove", "notes": "v100 C1 1|1"})
        },
    ),
    (
        "barline-read-device",
        "t5/d1, include *",
        |_| json!({"path": "t5/d1", "include": ["*"]}),
    ),
    (
        "barline-create-device",
        "Saturator at t5/d1",
        |_| json!({"deviceName": "Saturator", "path": "t5/d1"}),
    ),
    (
        "barline-update-device",
        "t5/d1: two parameters",
        |_| json!({"path": "t5/d1", "params": "Frequency=80 Hz\nGain=-6 dB"}),
    ),
    ("barline-delete", "clip 0/0", |live| {
        let clip = live.resolve("live_set tracks 0 clip_slots 0 clip");
        json!({"ids": clip.to_string(), "type": "clip"})
    }),
    (
        "barline-duplicate",
        "track 0",
        |live| json!({"id": live.resolve("live_set tracks 0").to_string(), "type": "track"}),
    ),
    ("barline-duplicate", "clip 0/0 to slot 0/3", |live| {
        let clip = live.resolve("live_set tracks 0 clip_slots 0 clip");
        json!({"id": clip.to_string(), "type": "clip", "toSlot": "0/3"})
    }),
    (
        "barline-duplicate",
        "scene 0 to locator Verse",
        |live| json!({"id": live.resolve("live_set scenes 0").to_string(), "type": "scene", "locator": "Verse"}),
    ),
    ("barline-select", "report the selection", |_| json!({})),
    (
        "barline-select",
        "track 1 in session view",
        |_| json!({"trackIndex": 1, "view": "session"}),
    ),
    (
        "barline-playback",
        "play scene 0",
        |_| json!({"action": "play-scene", "sceneIndex": 0}),
    ),
    (
        "barline-playback",
        "play arrangement from locator, loop",
        |_| json!({"action": "play-arrangement", "startLocator": "Verse", "loop": true, "loopStartLocator": "Verse", "loopEndLocator": "Chorus"}),
    ),
    (
        "barline-raw-live-api",
        "track 0: get name, getProperty routing",
        |_| {
            json!({"path": "live_set tracks 0", "operations": [
                {"type": "get", "property": "name"},
                {"type": "getProperty", "property": "output_routing_type"},
            ]})
        },
    ),
];

fn count(live: &mut FakeLive, list: &str) -> usize {
    let song = live.resolve("live_set");
    live.get_count(song, list).unwrap_or(0)
}

/// The demo with its regular tracks repeated `SCALE` times and `SCALE`× the scenes.
fn larger_set() -> String {
    let mut set: Value = serde_json::from_str(DEMO).expect("demo parses");
    let tracks = set["tracks"].as_array().cloned().unwrap_or_default();
    let scenes = set["scenes"].as_array().cloned().unwrap_or_default();
    let (nt, ns) = (tracks.len(), scenes.len());
    let mut all_tracks = Vec::with_capacity(nt * SCALE);
    for copy in 0..SCALE {
        for t in &tracks {
            let mut t = t.clone();
            if let Some(g) = t.get("group").and_then(Value::as_u64) {
                t["group"] = json!(g as usize + copy * nt);
            }
            if copy > 0 {
                if let Some(name) = t.get("name").and_then(Value::as_str) {
                    t["name"] = json!(format!("{name} {}", copy + 1));
                }
            }
            if let Some(slots) = t.get_mut("clip_slots").and_then(Value::as_array_mut) {
                slots.resize(ns * SCALE, Value::Null);
            }
            all_tracks.push(t);
        }
    }
    let mut all_scenes = scenes.clone();
    for i in ns..ns * SCALE {
        all_scenes.push(json!({"name": format!("Scene {}", i + 1)}));
    }
    set["tracks"] = Value::Array(all_tracks);
    set["scenes"] = Value::Array(all_scenes);
    set.to_string()
}

/// What one call cost and returned.
struct Cost {
    get: u64,
    set: u64,
    call: u64,
    getcount: u64,
    resolve: u64,
    chars: usize,
    objects: u64,
    error: Option<String>,
}

impl Cost {
    fn requests(&self) -> u64 {
        self.get + self.set + self.call + self.getcount + self.resolve
    }

    fn cell(&self) -> String {
        format!(
            "{}/{}/{}/{}/{}",
            self.get, self.set, self.call, self.getcount, self.resolve
        )
    }
}

fn measure(fixture: &str, tool: &str, args: fn(&mut FakeLive) -> Value) -> Cost {
    let mut live = FakeLive::from_json(fixture).expect("fixture loads");
    let args = args(&mut live);
    live.reset_counters();
    // The Raw Live API setting on, so that tool is measured too (it lists nothing else).
    let ctx = ToolContext {
        raw_live_api: true,
        ..ToolContext::default()
    };
    let result = tools::call(&mut live, tool, &args, &ctx, false).expect("registered tool");
    let c = live.counters();
    let t = c.totals();
    Cost {
        get: t.get,
        set: t.set,
        call: t.call,
        getcount: t.getcount,
        resolve: c.resolve,
        chars: result["content"][0]["text"]
            .as_str()
            .map_or(0, |s| s.chars().count()),
        objects: objects(&result["structuredContent"]),
        error: (result["isError"] == true).then(|| {
            result["_meta"]["barline/error"]["code"]
                .as_str()
                .unwrap_or("?")
                .to_string()
        }),
    }
}

/// How many Live objects a result describes: every object it lists (array entries
/// that are objects) plus every object it only counts (`sceneCount`, `clipCount`,
/// `sessionClipCount`, `noteCount`, …). A count stands for the objects it counts: a
/// scene overview whose `clipCount` went from 6 to 60 reports on ten times the clips,
/// though its text grew by one character.
fn objects(v: &Value) -> u64 {
    match v {
        Value::Array(items) => items
            .iter()
            .map(|i| u64::from(i.is_object()) + objects(i))
            .sum(),
        Value::Object(fields) => fields
            .iter()
            .map(|(k, f)| match f.as_u64() {
                Some(n) if k.ends_with("Count") => n,
                _ => objects(f),
            })
            .sum(),
        _ => 0,
    }
}

fn ratio(a: f64, b: f64) -> f64 {
    if b == 0.0 {
        f64::NAN
    } else {
        a / b
    }
}

fn main() {
    let large = larger_set();
    println!(
        "Live API requests per tool call: get/set/call/getcount/resolve, demo Set vs a Set {SCALE}x larger (tracks, scenes, clips, notes).\n"
    );
    println!("| tool | sample | demo requests | demo chars / objects | {SCALE}x requests | {SCALE}x chars / objects | requests ratio | chars ratio | objects ratio | read: requests grow ≤ data |");
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for entry in catalogue::TOOLS {
        let name = entry.meta.name;
        let samples: Vec<&Sample> = SAMPLES.iter().filter(|s| s.0 == name).collect();
        if samples.is_empty() {
            println!("| `{name}` | no sample | | | | | | | | |");
            continue;
        }
        for (_, label, args) in samples {
            let small = measure(DEMO, name, *args);
            let big = measure(&large, name, *args);
            if let Some(e) = small.error.as_ref().or(big.error.as_ref()) {
                println!("| `{name}` | {label} | error {e} | | | | | | | |");
                continue;
            }
            let rr = ratio(big.requests() as f64, small.requests() as f64);
            let cr = ratio(big.chars as f64, small.chars as f64);
            let or = ratio(big.objects as f64, small.objects as f64);
            let verdict = if entry.meta.hints.read_only {
                if rr <= cr.max(or) * 1.1 {
                    "yes"
                } else {
                    "**no**"
                }
            } else {
                "(write)"
            };
            println!(
                "| `{name}` | {label} | {} | {} / {} | {} | {} / {} | {rr:.2} | {cr:.2} | {or:.2} | {verdict} |",
                small.cell(),
                small.chars,
                small.objects,
                big.cell(),
                big.chars,
                big.objects,
            );
        }
    }
    println!(
        "\nThe LOM has no list or count of a track's session clips: read-track asks each of the track's slots once (one `get` per scene, the least any reader can do). Track 0 of the larger Set has 45 more slots, all empty, and the same clips, so its two rows grow by those 45 `get`s with nothing more to report. Set-wide reads share one probe of the grid and skip empty scenes (`Scene.is_empty`)."
    );
}
