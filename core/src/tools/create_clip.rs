//! `barline-create-clip` (tools.md 3.12), MIDI clips: validate everything first (nothing
//! is written when any input is bad), then create session and arrangement clips.

use super::args::Args;
use super::clip_ops::{self, Kind};
use super::clip_ref::{self, Slot};
use super::context::ToolContext;
use super::error::{ErrorCode, ToolError};
use super::schema::{Hints, Param, ParamKind, ToolDef};
use super::{lom, names, overview, time};
use crate::live::{Atom, LivePort};
use crate::notation::{self, InterpretOptions, Note};
use serde_json::{json, Map, Value};

/// Catalogue entry.
pub const DEF: ToolDef = ToolDef {
    name: "barline-create-clip",
    title: "Create Clip",
    description: "Create MIDI or audio clips in session slots (slot) and/or in the arrangement (trackIndex + arrangementStart). Give notes in bar|beat notation for MIDI, or sampleFile (absolute path) for audio.",
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
        Param::new("sampleFile", ParamKind::Text, false, "Absolute path of an audio file: makes audio clips on audio tracks (not with notes)."),
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

/// Audio file extensions accepted for `sampleFile` (the tools.md 3.2 list).
pub const AUDIO_EXTENSIONS: [&str; 8] = [
    ".wav", ".aiff", ".aif", ".aifc", ".flac", ".ogg", ".mp3", ".m4a",
];
/// Latest arrangement start Live accepts for an audio clip, in beats.
const MAX_AUDIO_START: f64 = 1_576_800.0;

/// Everything checked before the first write (tools.md 3.12 step 1).
struct Plan<'a> {
    targets: Vec<Target>,
    sig: (i64, i64),
    start: f64,
    end: f64,
    length_given: bool,
    first_start: Option<f64>,
    notes: Option<Vec<Note>>,
    sample: Option<&'a str>,
    colors: Vec<i64>,
}

fn bad(e: String) -> ToolError {
    ToolError::bad_input(e)
}

fn plan<'a>(
    live: &mut dyn LivePort,
    args: &'a Args,
    warnings: &mut Vec<String>,
) -> Result<Plan<'a>, ToolError> {
    let mut slots = Vec::new();
    for s in list(args.str("slot")) {
        let slot = clip_ref::parse_slot(&s, warnings)?;
        if slot.scene > 999 {
            return Err(bad(format!(
                "sceneIndex {} in slot \"{s}\" is above 999",
                slot.scene
            )));
        }
        slots.push(slot);
    }
    let starts = list(args.str("arrangementStart"));
    let track_index = args.int("trackIndex");
    match (starts.is_empty(), track_index.is_some()) {
        (false, false) => return Err(bad("arrangementStart needs trackIndex".into())),
        (true, true) => {
            return Err(bad(
                "trackIndex needs arrangementStart (bar|beat positions on that track)".into(),
            ))
        }
        _ => {}
    }
    if slots.is_empty() && starts.is_empty() {
        return Err(bad("give slot and/or trackIndex + arrangementStart".into()));
    }
    let sample = args.str("sampleFile");
    if let Some(path) = sample {
        if args.has("notes") {
            return Err(bad(
                "give notes (MIDI clips) or sampleFile (audio clips), not both".into(),
            ));
        }
        let absolute =
            path.starts_with('/') || path.get(1..3).is_some_and(|p| p == ":\\" || p == ":/");
        let lower = path.to_ascii_lowercase();
        if !absolute || !AUDIO_EXTENSIONS.iter().any(|e| lower.ends_with(e)) {
            return Err(bad(format!(
                "sampleFile \"{path}\" must be an absolute path to an audio file ({})",
                AUDIO_EXTENSIONS.join(" ")
            )));
        }
        // Checked by the host before any write: a refused create_audio_clip would only
        // show as a missing clip afterwards (LivePort: refusals are answers).
        if !live.file_exists(path)? {
            return Err(ToolError::not_found(format!(
                "sampleFile \"{path}\" does not exist: give the absolute path of an existing audio file"
            )));
        }
    }
    let clip_sig = args
        .str("timeSignature")
        .map(time::parse_signature)
        .transpose()
        .map_err(bad)?;
    let colors = args
        .str("color")
        .map(names::parse_colors)
        .transpose()?
        .unwrap_or_default();
    let song = overview::song(live)?;
    let (sn, sd) = overview::signature(live, song)?;
    let (cn, cd) = clip_sig.unwrap_or((sn, sd));
    let start = args
        .str("start")
        .map(|t| time::parse_position(t, cn, cd))
        .transpose()
        .map_err(bad)?
        .unwrap_or(0.0);
    let length = args
        .str("length")
        .map(|t| time::parse_duration(t, cn, cd))
        .transpose()
        .map_err(bad)?;
    if length.is_some_and(|l| l <= 0.0) {
        return Err(bad(format!(
            "length \"{}\" must be longer than 0",
            args.str("length").unwrap_or("")
        )));
    }
    let first_start = args
        .str("firstStart")
        .map(|t| time::parse_position(t, cn, cd))
        .transpose()
        .map_err(bad)?;
    let notes = match args.str("notes") {
        Some(text) => {
            let r = notation::interpret(
                text,
                &InterpretOptions::time_signature(cn as u32, cd as u32),
            )
            .map_err(|e| bad(format!("notes: {e}")))?;
            warnings.extend(r.warnings);
            Some(
                r.notes
                    .into_iter()
                    .filter(|n| n.velocity > 0)
                    .collect::<Vec<_>>(),
            )
        }
        None => None,
    };
    let mut targets: Vec<Target> = slots.into_iter().map(Target::Session).collect();
    for s in &starts {
        let beats = time::parse_position(s, sn, sd).map_err(bad)?;
        if sample.is_some() && beats > MAX_AUDIO_START {
            return Err(bad(format!("arrangementStart \"{s}\" is beyond the latest position Live accepts for audio clips")));
        }
        targets.push(Target::Arrangement {
            track: track_index.unwrap_or(0) as usize,
            start: beats,
            text: time::position(beats, sn, sd),
        });
    }
    // Live checks that need no write: tracks exist and take this kind of clip (B15).
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
        let (want, other) = if sample.is_some() {
            ("has_audio_input", "audio")
        } else {
            ("has_midi_input", "MIDI")
        };
        if !lom::flag(live, tid, want)? {
            let is = if lom::flag(live, tid, "is_foldable")? {
                "a group track"
            } else if sample.is_some() {
                "a MIDI track"
            } else {
                "an audio track"
            };
            return Err(ToolError::new(
                ErrorCode::WrongType,
                format!(
                    "track {track} is {is}; {other} clips need {} {other} track",
                    if other == "audio" { "an" } else { "a" }
                ),
            ));
        }
    }
    // MIDI length: explicit, else the bar after the latest note start, at least one bar.
    let bar = time::bar_beats(cn, cd);
    let end = match length {
        Some(l) => start + l,
        None => {
            let last = notes
                .iter()
                .flatten()
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
    Ok(Plan {
        targets,
        sig: (cn, cd),
        start,
        end,
        length_given: length.is_some(),
        first_start,
        notes,
        sample,
        colors,
    })
}

fn run(
    live: &mut dyn LivePort,
    args: &Args,
    _ctx: &ToolContext,
    warnings: &mut Vec<String>,
) -> Result<Value, ToolError> {
    let p = plan(live, args, warnings)?;
    let song = overview::song(live)?;
    let n = p.targets.len();
    if let Some(w) = names::name_count_warning(args.str("name"), n) {
        warnings.push(w);
    }
    let notes_json = p.notes.as_ref().map(|notes| {
        json!({"notes": notes.iter().map(|n| json!({
            "pitch": n.pitch, "start_time": n.start_time, "duration": n.duration, "velocity": n.velocity,
            "probability": n.probability, "velocity_deviation": n.velocity_deviation,
        })).collect::<Vec<_>>()}).to_string()
    });
    let kind = match p.sample {
        Some(path) => Kind::Audio(path),
        None => Kind::Midi(p.end),
    };
    let mut results = Vec::new();
    let mut failures: Vec<ToolError> = Vec::new();
    let mut created_session: Vec<Slot> = Vec::new();
    for (i, t) in p.targets.iter().enumerate() {
        let made = match t {
            Target::Session(slot) => clip_ops::create_session(live, song, *slot, kind),
            Target::Arrangement { track, start, .. } => {
                clip_ops::create_arrangement(live, *track, *start, kind)
            }
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
        if p.sample.is_none() {
            clip_ops::configure_midi(live, clip, (p.start, p.end), args.bool("looping"), p.sig)?;
        }
        let name = names::name_for(args.str("name"), i, n);
        if let Some(name) = &name {
            live.set(clip, "name", &[Atom::Symbol(name.clone())])?;
        }
        if !p.colors.is_empty() {
            let what = name
                .as_deref()
                .map(|s| format!("clip \"{s}\""))
                .unwrap_or_else(|| format!("clip {clip}"));
            names::set_color(live, clip, p.colors[i % p.colors.len()], &what, warnings)?;
        }
        if let (Some(fs), None) = (p.first_start, p.sample) {
            if lom::flag(live, clip, "looping")? {
                live.set(clip, "start_marker", &[Atom::Float(fs)])?;
            } else {
                warnings.push("firstStart ignored: clip is not looping".into());
            }
        }
        if let (Some(notes), Some(j)) = (&p.notes, &notes_json) {
            if !notes.is_empty() {
                live.call(clip, "add_new_notes", &[Atom::Symbol(j.clone())])?;
            }
            o.insert("noteCount".into(), json!(notes.len()));
        }
        if p.sample.is_some() || (p.notes.is_some() && !p.length_given) {
            let len = lom::number(live, clip, "length")?;
            o.insert(
                "length".into(),
                json!(time::duration(len, p.sig.0, p.sig.1)),
            );
        }
        results.push(Value::Object(o));
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
    for e in &failures {
        warnings.push(format!("{}; skipped", e.message));
    }
    clip_ops::auto(live, args.str("auto"), &created_session, warnings)?;
    Ok(if results.len() == 1 {
        results.remove(0)
    } else {
        Value::Array(results)
    })
}
