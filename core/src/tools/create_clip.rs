//! `barline-create-clip` (tools.md 3.12), MIDI clips: validate everything first (nothing
//! is written when any input is bad), then create session and arrangement clips.

use super::args::Args;
use super::clip_ref::{self, Slot};
use super::context::ToolContext;
use super::error::{ErrorCode, ToolError};
use super::schema::{Hints, Param, ParamKind, ToolDef};
use super::{lom, names, overview, time};
use crate::live::{Atom, LiveId, LivePort};
use crate::notation::{self, InterpretOptions, Note};
use serde_json::{json, Map, Value};

/// Catalogue entry.
pub const DEF: ToolDef = ToolDef {
    name: "barline-create-clip",
    title: "Create Clip",
    description: "Create MIDI clips in session slots (slot) and/or in the arrangement (trackIndex + arrangementStart). Give notes in bar|beat notation.",
    small_description: None,
    hints: Hints { read_only: false, destructive: false, idempotent: false },
    params: &[
        Param::new("slot", ParamKind::Text, false, "Session positions: comma-separated \"trackIndex/sceneIndex\", e.g. \"0/0,0/1\"."),
        Param::new("trackIndex", ParamKind::Integer(Some(0), None), false, "Track for arrangement clips (with arrangementStart)."),
        Param::new("arrangementStart", ParamKind::Text, false, "Arrangement positions: comma-separated bar|beat in the Set's signature, e.g. \"9|1\"."),
        Param::new("name", ParamKind::Text, false, "Clip name; comma-separated names for several clips."),
        Param::new("color", ParamKind::Text, false, "#RRGGBB; comma-separated colours cycle over the clips."),
        Param::new("timeSignature", ParamKind::Text, false, "Clip signature \"N/D\" (default: the Set's); also used to read notes, start and length."),
        Param::new("start", ParamKind::Text, false, "bar|beat where the clip region begins (default \"1|1\")."),
        Param::new("length", ParamKind::Text, false, "Region length, bars:beats (e.g. \"2:0\"); default: up to the bar after the last note."),
        Param::new("looping", ParamKind::Boolean, false, "Loop the clip (Live's default: on)."),
        Param::new("firstStart", ParamKind::Text, false, "bar|beat where playback first starts in a looping clip.").small_removed(),
        Param::new("notes", ParamKind::Text, false, "Notes in bar|beat notation, e.g. \"t4 C3 E3 G3 1|1\"."),
        Param::new("auto", ParamKind::Enum(&["play-scene", "play-clip"]), false, "After creation: fire the first session position's scene, or each created session clip.").small_removed(),
    ],
    output_schema,
    too_large_hint: "Act on fewer items per call.",
    run,
};

fn output_schema() -> Value {
    let item = json!({"type": "object", "properties": {
        "id": {"type": "string"}, "slot": {"type": "string"}, "trackIndex": {"type": "integer"},
        "arrangementStart": {"type": "string"}, "noteCount": {"type": "integer"}, "length": {"type": "string"}
    }, "required": ["id"]});
    json!({"type": "object", "anyOf": [item, {"type": "object", "properties": {"items": {"type": "array", "items": item}}, "required": ["items"]}]})
}

enum Target {
    Session(Slot),
    Arrangement {
        track: usize,
        start: f64,
        text: String,
    },
}

fn list(text: Option<&str>) -> Vec<String> {
    text.map(|t| {
        t.split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect()
    })
    .unwrap_or_default()
}

fn run(
    live: &mut dyn LivePort,
    args: &Args,
    _ctx: &ToolContext,
    warnings: &mut Vec<String>,
) -> Result<Value, ToolError> {
    // 1. Syntax first: nothing touches Live until every argument is known to be good.
    let mut slots = Vec::new();
    for s in list(args.str("slot")) {
        let slot = clip_ref::parse_slot(&s, warnings)?;
        if slot.scene > 999 {
            return Err(ToolError::bad_input(format!(
                "sceneIndex {} in slot \"{s}\" is above 999",
                slot.scene
            )));
        }
        slots.push(slot);
    }
    let starts = list(args.str("arrangementStart"));
    let track_index = args.int("trackIndex");
    if !starts.is_empty() && track_index.is_none() {
        return Err(ToolError::bad_input("arrangementStart needs trackIndex"));
    }
    if starts.is_empty() && track_index.is_some() {
        return Err(ToolError::bad_input(
            "trackIndex needs arrangementStart (bar|beat positions on that track)",
        ));
    }
    if slots.is_empty() && starts.is_empty() {
        return Err(ToolError::bad_input(
            "give slot and/or trackIndex + arrangementStart",
        ));
    }
    let clip_sig = args
        .str("timeSignature")
        .map(time::parse_signature)
        .transpose()
        .map_err(ToolError::bad_input)?;
    let colors = args.str("color").map(names::parse_colors).transpose()?;
    let song = overview::song(live)?;
    let (sn, sd) = overview::song_signature(live, song)?;
    let (cn, cd) = clip_sig.unwrap_or((sn, sd));
    let start = match args.str("start") {
        Some(t) => time::parse_position(t, cn, cd).map_err(ToolError::bad_input)?,
        None => 0.0,
    };
    let length = args
        .str("length")
        .map(|t| time::parse_duration(t, cn, cd))
        .transpose()
        .map_err(ToolError::bad_input)?;
    if length.is_some_and(|l| l <= 0.0) {
        return Err(ToolError::bad_input(format!(
            "length \"{}\" must be longer than 0",
            args.str("length").unwrap_or("")
        )));
    }
    let first_start = args
        .str("firstStart")
        .map(|t| time::parse_position(t, cn, cd))
        .transpose()
        .map_err(ToolError::bad_input)?;
    let notes: Vec<Note> = match args.str("notes") {
        Some(text) => {
            let r = notation::interpret(
                text,
                &InterpretOptions::time_signature(cn as u32, cd as u32),
            )
            .map_err(|e| ToolError::bad_input(format!("notes: {e}")))?;
            warnings.extend(r.warnings);
            r.notes.into_iter().filter(|n| n.velocity > 0).collect()
        }
        None => Vec::new(),
    };
    let mut targets: Vec<Target> = slots.into_iter().map(Target::Session).collect();
    for s in &starts {
        let beats = time::parse_position(s, sn, sd).map_err(ToolError::bad_input)?;
        targets.push(Target::Arrangement {
            track: track_index.unwrap_or(0) as usize,
            start: beats,
            text: time::position(beats, sn, sd),
        });
    }
    // 2. Live checks that need no write: tracks exist and take MIDI.
    let track_count = live.get_count(song, "tracks")?;
    for t in &targets {
        let track = match t {
            Target::Session(s) => s.track,
            Target::Arrangement { track, .. } => *track,
        };
        if track >= track_count {
            return Err(ToolError::not_found(format!(
                "trackIndex {track} does not exist (the Set has {track_count} tracks)"
            )));
        }
        let tid = lom::resolve(live, &format!("live_set tracks {track}"))
            .ok_or_else(|| ToolError::not_found(format!("trackIndex {track} does not exist")))?;
        if !lom::flag(live, tid, "has_midi_input")? {
            return Err(ToolError::new(
                ErrorCode::WrongType,
                format!("track {track} is an audio track; MIDI clips need a MIDI track"),
            ));
        }
    }
    // 3. Length: explicit, else the bar after the latest note start (at least one bar).
    let bar = time::bar_beats(cn, cd);
    let end = match length {
        Some(l) => start + l,
        None => {
            let last = notes
                .iter()
                .map(|n| n.start_time)
                .fold(f64::NEG_INFINITY, f64::max);
            let bars = if last.is_finite() {
                (last / bar + 1e-9).floor() + 1.0
            } else {
                1.0
            };
            (bars * bar).max(start + bar)
        }
    };
    // 4. Create, in order: session positions, then arrangement positions.
    let n = targets.len();
    if let Some(w) = names::name_count_warning(args.str("name"), n) {
        warnings.push(w);
    }
    let notes_json = json!({"notes": notes.iter().map(|n| json!({
        "pitch": n.pitch, "start_time": n.start_time, "duration": n.duration, "velocity": n.velocity,
        "probability": n.probability, "velocity_deviation": n.velocity_deviation,
    })).collect::<Vec<_>>()}).to_string();
    let mut results = Vec::new();
    let mut failures: Vec<ToolError> = Vec::new();
    let mut created_session: Vec<Slot> = Vec::new();
    for (i, t) in targets.iter().enumerate() {
        let made = match t {
            Target::Session(slot) => create_session(live, song, *slot, end),
            Target::Arrangement {
                track, start: at, ..
            } => create_arrangement(live, *track, *at, end),
        };
        let clip = match made {
            Ok(c) => c,
            Err(e) => {
                failures.push(e);
                continue;
            }
        };
        let mut o = Map::new();
        o.insert("id".into(), json!(clip.to_string()));
        match t {
            Target::Session(slot) => {
                o.insert("slot".into(), json!(slot.to_string()));
                created_session.push(*slot);
            }
            Target::Arrangement { track, text, .. } => {
                o.insert("trackIndex".into(), json!(track));
                o.insert("arrangementStart".into(), json!(text));
            }
        }
        let name = names::name_for(args.str("name"), i, n);
        configure(
            live,
            clip,
            start,
            end,
            args.bool("looping"),
            (cn, cd),
            name.as_deref(),
            warnings,
        )?;
        if let Some(cols) = &colors {
            if !cols.is_empty() {
                let what = name
                    .as_deref()
                    .map(|s| format!("clip \"{s}\""))
                    .unwrap_or_else(|| format!("clip {clip}"));
                names::set_color(live, clip, cols[i % cols.len()], &what, warnings)?;
            }
        }
        if let Some(fs) = first_start {
            if lom::flag(live, clip, "looping")? {
                live.set(clip, "start_marker", &[Atom::Float(fs)])?;
            } else {
                warnings.push("firstStart ignored: clip is not looping".into());
            }
        }
        if args.has("notes") {
            if !notes.is_empty() {
                live.call(clip, "add_new_notes", &[Atom::Symbol(notes_json.clone())])?;
            }
            o.insert("noteCount".into(), json!(notes.len()));
            if length.is_none() {
                let len = lom::number(live, clip, "length")?;
                o.insert("length".into(), json!(time::duration(len, cn, cd)));
            }
        }
        results.push(Value::Object(o));
    }
    for e in &failures {
        if results.is_empty() {
            break;
        }
        warnings.push(format!("{}; skipped", e.message));
    }
    if results.is_empty() {
        let first = failures
            .first()
            .map(|e| e.code)
            .unwrap_or(ErrorCode::Internal);
        let msgs: Vec<String> = failures
            .iter()
            .take(10)
            .map(|e| e.message.clone())
            .collect();
        return Err(ToolError::new(first, msgs.join("; ")));
    }
    auto(live, args.str("auto"), &created_session, warnings)?;
    Ok(if results.len() == 1 {
        results.remove(0)
    } else {
        Value::Array(results)
    })
}

fn create_session(
    live: &mut dyn LivePort,
    song: LiveId,
    slot: Slot,
    end: f64,
) -> Result<LiveId, ToolError> {
    while live.get_count(song, "scenes")? <= slot.scene {
        live.call(song, "create_scene", &[Atom::Int(-1)])?;
    }
    let cs = clip_ref::clip_slot(live, slot)?;
    if lom::flag(live, cs, "has_clip")? {
        return Err(ToolError::new(
            ErrorCode::Conflict,
            format!("slot {slot} already has a clip"),
        ));
    }
    live.call(cs, "create_clip", &[Atom::Float(end)])?;
    lom::resolve(
        live,
        &format!(
            "live_set tracks {} clip_slots {} clip",
            slot.track, slot.scene
        ),
    )
    .ok_or_else(|| {
        ToolError::new(
            ErrorCode::LiveRejected,
            format!("Live created no clip in slot {slot}"),
        )
    })
}

fn create_arrangement(
    live: &mut dyn LivePort,
    track: usize,
    at: f64,
    end: f64,
) -> Result<LiveId, ToolError> {
    let tid = lom::resolve(live, &format!("live_set tracks {track}"))
        .ok_or_else(|| ToolError::not_found(format!("trackIndex {track} does not exist")))?;
    let atoms = live.call(
        tid,
        "create_midi_clip",
        &[Atom::Float(at), Atom::Float(end)],
    )?;
    let id = atoms.iter().filter_map(Atom::as_i64).next().unwrap_or(0);
    if id <= 0 {
        return Err(ToolError::new(
            ErrorCode::LiveRejected,
            format!("Live created no arrangement clip on track {track}"),
        ));
    }
    Ok(LiveId(id as u64))
}

#[allow(clippy::too_many_arguments)]
fn configure(
    live: &mut dyn LivePort,
    clip: LiveId,
    start: f64,
    end: f64,
    looping: Option<bool>,
    (n, d): (i64, i64),
    name: Option<&str>,
    _w: &mut Vec<String>,
) -> Result<(), ToolError> {
    live.set(clip, "start_marker", &[Atom::Float(start)])?;
    live.set(clip, "loop_start", &[Atom::Float(start)])?;
    live.set(clip, "loop_end", &[Atom::Float(end)])?;
    live.set(clip, "end_marker", &[Atom::Float(end)])?;
    if let Some(l) = looping {
        live.set(clip, "looping", &[Atom::Int(i64::from(l))])?;
    }
    live.set(clip, "signature_numerator", &[Atom::Int(n)])?;
    live.set(clip, "signature_denominator", &[Atom::Int(d)])?;
    if let Some(name) = name {
        live.set(clip, "name", &[Atom::Symbol(name.to_string())])?;
    }
    Ok(())
}

fn auto(
    live: &mut dyn LivePort,
    mode: Option<&str>,
    created: &[Slot],
    warnings: &mut Vec<String>,
) -> Result<(), ToolError> {
    let Some(mode) = mode else { return Ok(()) };
    if created.is_empty() {
        warnings.push("auto ignored: no session positions".into());
        return Ok(());
    }
    if mode == "play-scene" {
        if let Some(scene) = lom::resolve(live, &format!("live_set scenes {}", created[0].scene)) {
            live.call(scene, "fire", &[])?;
        }
    } else {
        for s in created {
            if let Some(cs) = lom::resolve(
                live,
                &format!("live_set tracks {} clip_slots {}", s.track, s.scene),
            ) {
                live.call(cs, "fire", &[])?;
            }
        }
    }
    Ok(())
}
