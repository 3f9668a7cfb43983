//! Writing a Set as fixture JSON: structure plus every property value that differs
//! from what the same constructor gives a new object (so load → dump is identity).

use super::catalogue;
use super::fixture::{emit_props, FORMAT};
use super::set::{FakeConfig, FakeLive};
use super::store::{Kind, Node};
use barline_core::live::LiveId;
use serde_json::{json, Map, Value as J};

/// Builds fresh objects to compare against.
struct Fresh {
    scratch: FakeLive,
}

impl Fresh {
    fn node(&mut self, make: impl FnOnce(&mut FakeLive) -> LiveId) -> Node {
        let id = make(&mut self.scratch);
        self.scratch.model.n(id).clone()
    }
}

pub(crate) fn dump(live: &FakeLive) -> String {
    let mut fresh = Fresh {
        scratch: FakeLive::skeleton(FakeConfig::default()),
    };
    let song = live.model.n(live.model.song);
    let mut out = Map::new();
    out.insert("format".into(), json!(FORMAT));
    dump_config(live, &mut out);
    if let Some(p) = live.canonical_path(live.model.this_device) {
        out.insert("this_device".into(), json!(p));
    }
    let mut song_props = Map::new();
    let fresh_song = fresh.scratch.model.n(fresh.scratch.model.song).clone();
    emit_props(song, &fresh_song, &mut song_props);
    out.insert("song".into(), J::Object(song_props));
    out.insert("scenes".into(), dump_scenes(live, &mut fresh, song));
    dump_all_tracks(live, &mut fresh, song, &mut out);
    let cues = dump_cue_points(live, &mut fresh, song);
    if !cues.is_empty() {
        out.insert("cue_points".into(), J::Array(cues));
    }
    let view = dump_view(live, song);
    if !view.is_empty() {
        out.insert("view".into(), J::Object(view));
    }
    serde_json::to_string_pretty(&J::Object(out)).unwrap_or_default()
}

/// The Set-wide test knobs and files, each only when it differs from the default, so
/// a fixture that never named them dumps without them.
fn dump_config(live: &FakeLive, out: &mut Map<String, J>) {
    let defaults = FakeConfig::default();
    if !live.config.description.is_empty() {
        out.insert("description".into(), json!(live.config.description));
    }
    if live.config.version != defaults.version {
        out.insert("live_version".into(), json!(live.config.version));
    }
    if live.config.undo_step_functions {
        out.insert("undo_step_functions".into(), json!(true));
    }
    if live.config.quantize_noop {
        out.insert("quantize_noop".into(), json!(true));
    }
    if live.config.call_delay_ms > 0 {
        out.insert("call_delay_ms".into(), json!(live.config.call_delay_ms));
    }
    if let Some(n) = live.config.note_answer_limit {
        out.insert("note_answer_limit".into(), json!(n));
    }
    if live.config.random_seed > 0 {
        out.insert("random_seed".into(), json!(live.config.random_seed));
    }
    if !live.files.is_empty() {
        out.insert("files".into(), json!(live.files));
    }
}

/// Every scene, always written (a Set has at least one, so the list is never empty).
fn dump_scenes(live: &FakeLive, fresh: &mut Fresh, song: &Node) -> J {
    let fresh_scene = fresh.node(|s| s.new_scene(""));
    let scenes: Vec<J> = song
        .list("scenes")
        .iter()
        .map(|s| {
            let mut m = Map::new();
            emit_props(live.model.n(*s), &fresh_scene, &mut m);
            J::Object(m)
        })
        .collect();
    J::Array(scenes)
}

/// The tracks, return tracks and main track, each left out when empty.
fn dump_all_tracks(live: &FakeLive, fresh: &mut Fresh, song: &Node, out: &mut Map<String, J>) {
    let tracks = song.list("tracks").to_vec();
    let t: Vec<J> = tracks
        .iter()
        .map(|t| dump_track(live, fresh, *t, &tracks))
        .collect();
    if !t.is_empty() {
        out.insert("tracks".into(), J::Array(t));
    }
    let r: Vec<J> = song
        .list("return_tracks")
        .iter()
        .map(|t| dump_track(live, fresh, *t, &tracks))
        .collect();
    if !r.is_empty() {
        out.insert("return_tracks".into(), J::Array(r));
    }
    let master = dump_track(live, fresh, song.single("master_track"), &tracks);
    if master.as_object().is_some_and(|m| !m.is_empty()) {
        out.insert("master_track".into(), master);
    }
}

/// The cue points, each with its time first since a load requires it.
fn dump_cue_points(live: &FakeLive, fresh: &mut Fresh, song: &Node) -> Vec<J> {
    let fresh_cue = fresh.node(|s| s.add_cue_point("", 0.0));
    song.list("cue_points")
        .iter()
        .map(|c| {
            let mut m = Map::new();
            m.insert("time".into(), json!(live.model.n(*c).float("time")));
            emit_props(live.model.n(*c), &fresh_cue, &mut m);
            J::Object(m)
        })
        .collect()
}

/// The view's selections as paths, leaving out those a load would pick anyway.
fn dump_view(live: &FakeLive, song: &Node) -> Map<String, J> {
    let view = live.model.n(song.single("view"));
    let mut v = Map::new();
    for k in [
        "selected_track",
        "selected_scene",
        "detail_clip",
        "highlighted_clip_slot",
    ] {
        let target = view.single(k);
        // the first track and scene are the defaults a load selects
        let default = match k {
            "selected_track" => song.list("tracks").first().copied(),
            "selected_scene" => song.list("scenes").first().copied(),
            _ => None,
        };
        if default == Some(target) {
            continue;
        }
        if let Some(p) = live.canonical_path(target) {
            v.insert(k.into(), json!(p));
        }
    }
    v
}

fn dump_track(live: &FakeLive, fresh: &mut Fresh, track: LiveId, tracks: &[LiveId]) -> J {
    let n = live.model.n(track);
    let mut m = Map::new();
    match n.kind {
        Kind::MidiTrack => m.insert("kind".into(), json!("midi")),
        Kind::AudioTrack => m.insert("kind".into(), json!("audio")),
        Kind::GroupTrack => m.insert("kind".into(), json!("group")),
        _ => None,
    };
    let kind = n.kind;
    let name = if kind == Kind::MasterTrack {
        "Main"
    } else {
        ""
    };
    let mut base = fresh.node(|s| s.new_track(kind, name, 0));
    if kind == Kind::MasterTrack {
        base.set_int("color_index", 0);
    }
    emit_props(n, &base, &mut m);
    if let Some(g) = tracks.iter().position(|t| *t == n.single("group_track")) {
        m.insert("group".into(), json!(g));
    }
    let mixer = dump_mixer(live, n.single("mixer_device"), fresh);
    if !mixer.is_empty() {
        m.insert("mixer".into(), J::Object(mixer));
    }
    dump_devices(live, fresh, track, &mut m);
    let slots = n.list("clip_slots");
    if slots
        .iter()
        .any(|s| live.exists(live.model.n(*s).single("clip")))
    {
        let list: Vec<J> = slots
            .iter()
            .map(|s| {
                let c = live.model.n(*s).single("clip");
                if live.exists(c) {
                    dump_clip(live, fresh, c, n.int("color"))
                } else {
                    J::Null
                }
            })
            .collect();
        m.insert("clip_slots".into(), J::Array(list));
    }
    let arr: Vec<J> = n
        .list("arrangement_clips")
        .iter()
        .map(|c| dump_clip(live, fresh, *c, n.int("color")))
        .collect();
    if !arr.is_empty() {
        m.insert("arrangement_clips".into(), J::Array(arr));
    }
    J::Object(m)
}

fn dump_clip(live: &FakeLive, fresh: &mut Fresh, clip: LiveId, track_color: i64) -> J {
    let n = live.model.n(clip);
    let length = n.float("end_marker");
    let base = fresh.node(|s| s.new_clip(LiveId::NONE, n.kind, length, track_color));
    let mut m = Map::new();
    m.insert("length".into(), json!(length));
    emit_props(n, &base, &mut m);
    if let Some(notes) = &n.notes {
        if !notes.list.is_empty() {
            let mut list: Vec<_> = notes.list.iter().collect();
            list.sort_by(|a, b| a.start.total_cmp(&b.start).then(a.pitch.cmp(&b.pitch)));
            let notes: Vec<J> = list
                .into_iter()
                .map(|x| {
                    let mut o = Map::new();
                    o.insert("pitch".into(), json!(x.pitch));
                    o.insert("start_time".into(), json!(x.start));
                    o.insert("duration".into(), json!(x.duration));
                    let opt = [
                        ("velocity", x.velocity, 100.0),
                        ("probability", x.probability, 1.0),
                        ("velocity_deviation", x.velocity_deviation, 0.0),
                        ("release_velocity", x.release_velocity, 64.0),
                    ];
                    for (k, v, d) in opt {
                        if v != d {
                            o.insert(k.into(), json!(v));
                        }
                    }
                    if x.mute {
                        o.insert("mute".into(), json!(1));
                    }
                    J::Object(o)
                })
                .collect();
            m.insert("notes".into(), J::Array(notes));
        }
    }
    J::Object(m)
}

fn dump_mixer(live: &FakeLive, mixer: LiveId, fresh: &mut Fresh) -> Map<String, J> {
    let n = live.model.n(mixer);
    let mut m = Map::new();
    let base = fresh.node(|s| s.new_mixer(LiveId::NONE, n.kind == Kind::MasterTrack, false));
    emit_props(n, &base, &mut m);
    let defaults = [
        ("volume", 0.85),
        ("panning", 0.0),
        ("track_activator", 1.0),
        ("left_split_stereo", -1.0),
        ("right_split_stereo", 1.0),
        ("cue_volume", 0.85),
        ("crossfader", 0.0),
    ];
    for (k, d) in defaults {
        let p = n.single(k);
        if live.exists(p) && live.model.n(p).float("value") != d {
            m.insert(k.into(), json!(live.model.n(p).float("value")));
        }
    }
    let sends: Vec<f64> = n
        .list("sends")
        .iter()
        .map(|p| live.model.n(*p).float("value"))
        .collect();
    if sends.iter().any(|v| *v != 0.0) {
        m.insert("sends".into(), json!(sends));
    }
    m
}

fn dump_devices(live: &FakeLive, fresh: &mut Fresh, container: LiveId, out: &mut Map<String, J>) {
    let devices = live.model.n(container).list("devices");
    if devices.is_empty() {
        return;
    }
    let list: Vec<J> = devices
        .iter()
        .map(|d| dump_device(live, fresh, *d))
        .collect();
    out.insert("devices".into(), J::Array(list));
}

fn dump_device(live: &FakeLive, fresh: &mut Fresh, dev: LiveId) -> J {
    let n = live.model.n(dev);
    let display = n.str("class_display_name").to_string();
    let mut m = Map::new();
    m.insert("device".into(), json!(display));
    let entry = catalogue::entry(&display).or_else(|| catalogue::max_device(&display));
    if let Some(entry) = entry {
        let base = fresh.node(|s| s.new_device(LiveId::NONE, &display, &entry));
        emit_props(n, &base, &mut m);
    }
    if let Some(sample) = live.model.node(n.single("sample")) {
        m.insert("sample".into(), json!(sample.str("file_path")));
    }
    let specs = catalogue::params(&display, n.kind);
    let mut params = Map::new();
    for (p, spec) in n.list("parameters").iter().zip(specs) {
        let v = live.model.n(*p).float("value");
        if v != spec.value {
            params.insert(spec.name.clone(), json!(v));
        }
    }
    if !params.is_empty() {
        m.insert("parameters".into(), J::Object(params));
    }
    for list in ["chains", "return_chains"] {
        let chains: Vec<J> = n
            .list(list)
            .iter()
            .map(|c| {
                let cn = live.model.n(*c);
                let mut cm = Map::new();
                let base = fresh.node(|s| {
                    let rack = s.new_device(
                        LiveId::NONE,
                        &display,
                        &catalogue::entry(&display).unwrap_or(catalogue::Entry {
                            class_name: String::new(),
                            device_type: 1,
                            kind: n.kind,
                        }),
                    );
                    s.new_chain(rack, "Chain")
                });
                let mut base = base;
                let track_color = live
                    .track_of(*c)
                    .map(|t| live.model.n(t).int("color"))
                    .unwrap_or(0);
                let (ci, cc) = super::palette::snap_color(track_color);
                base.set_int("color", cc as i64);
                base.set_int("color_index", ci as i64);
                emit_props(cn, &base, &mut cm);
                let mixer = dump_mixer(live, cn.single("mixer_device"), fresh);
                if !mixer.is_empty() {
                    cm.insert("mixer".into(), J::Object(mixer));
                }
                dump_devices(live, fresh, *c, &mut cm);
                J::Object(cm)
            })
            .collect();
        if !chains.is_empty() {
            m.insert(list.into(), J::Array(chains));
        }
    }
    J::Object(m)
}
