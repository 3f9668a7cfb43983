//! `barline-read-clip` (tools.md 3.11): one clip's settings, optionally its notes as
//! bar|beat text, its timing and its audio properties.

use super::args::Args;
use super::clip_ref::{self, Place};
use super::context::ToolContext;
use super::error::{ErrorCode, ToolError};
use super::format::num;
use super::schema::{Hints, Param, ParamKind, ToolDef};
use super::{audio, lom, notes, overview, time};
use crate::live::{LiveId, LivePort};
use serde_json::{json, Map, Value};

const INCLUDE: &[&str] = &["sample", "notes", "color", "timing", "warp", "*"];

/// Catalogue entry.
pub const DEF: ToolDef = ToolDef {
    name: "barline-read-clip",
    title: "Read Clip",
    description: "Read a clip by id or session slot: settings, MIDI notes (bar|beat), timing and audio properties. Add detail with include.",
    small_description: None,
    hints: Hints { read_only: true, destructive: false, idempotent: true },
    params: &[
        Param::new("clipId", ParamKind::Id, false, "Clip id (session or arrangement clip). Wins over slot."),
        Param::new("slot", ParamKind::Text, false, "Session slot \"trackIndex/sceneIndex\", e.g. \"0/3\"."),
        Param::new("include", ParamKind::EnumArray(INCLUDE), false, "Extra detail: sample, notes, color, timing, warp, or * for all.")
            .small_without(&["warp", "*"]),
        Param::new("bars", ParamKind::Text, false, "Only notes starting in these bars: \"N\" or \"N-M\" (from 1), counted in the clip's signature."),
    ],
    output_schema,
    too_large_hint: "Read part of the clip with the bars parameter, e.g. bars \"1-8\".",
    run,
};

fn output_schema() -> Value {
    let s = |t: &str| json!({"type": t});
    json!({
        "type": "object",
        "properties": {
            "id": {"type": ["string", "null"]}, "type": {"type": ["string", "null"], "enum": ["midi", "audio", null]},
            "name": {"type": ["string", "null"]}, "view": {"type": "string", "enum": ["session", "arrangement"]},
            "color": s("string"), "playing": s("boolean"), "triggered": s("boolean"), "recording": s("boolean"),
            "overdubbing": s("boolean"), "muted": s("boolean"), "slot": s("string"), "trackIndex": s("integer"),
            "arrangementStart": s("string"), "arrangementLength": s("string"), "timeSignature": s("string"),
            "looping": s("boolean"), "start": s("string"), "end": s("string"), "length": s("string"),
            "firstStart": s("string"), "notes": s("string"), "gainDb": s("number"), "sampleFile": s("string"),
            "pitchShift": s("number"), "sampleLength": s("number"), "sampleRate": s("number"),
            "warping": s("boolean"), "warpMode": s("string")
        },
        "required": ["id", "type", "name"]
    })
}

/// A `bars` range, 1-based inclusive.
fn parse_bars(text: &str) -> Result<(u32, u32), ToolError> {
    let bad = || {
        ToolError::bad_input(format!("bars \"{text}\" is not valid: use \"N\" or \"N-M\" with bars counted from 1, e.g. \"1-8\""))
    };
    let t = text.trim();
    let (a, b) = match t.split_once('-') {
        Some((a, b)) => (a.trim(), b.trim()),
        None => (t, t),
    };
    let n = |s: &str| {
        s.parse::<u32>()
            .ok()
            .filter(|v| *v >= 1 && s.chars().all(|c| c.is_ascii_digit()))
    };
    match (n(a), n(b)) {
        (Some(x), Some(y)) if x <= y => Ok((x, y)),
        _ => Err(bad()),
    }
}

fn run(
    live: &mut dyn LivePort,
    args: &Args,
    _ctx: &ToolContext,
    warnings: &mut Vec<String>,
) -> Result<Value, ToolError> {
    let mut include = args.list("include");
    if include.iter().any(|i| i == "*") {
        include = INCLUDE
            .iter()
            .filter(|i| **i != "*")
            .map(|i| i.to_string())
            .collect();
    }
    let bars = args.str("bars").map(parse_bars).transpose()?;
    let clip = match (args.str("clipId"), args.str("slot")) {
        (Some(id), slot) => {
            if slot.is_some() {
                warnings.push("clipId and slot both given; using clipId".into());
            }
            clip_ref::clip_by_id(live, id)?
        }
        (None, Some(text)) => {
            let slot = clip_ref::parse_slot(text, warnings)?;
            let cs = clip_ref::clip_slot(live, slot)?;
            if !lom::flag(live, cs, "has_clip")? {
                warnings.push(format!("no clip at slot {slot}"));
                return Ok(
                    json!({"id": null, "type": null, "name": null, "slot": slot.to_string()}),
                );
            }
            clip_ref::slot_clip(live, slot).ok_or_else(|| {
                ToolError::new(
                    ErrorCode::Internal,
                    format!("slot {slot} reports a clip but none resolves"),
                )
            })?
        }
        (None, None) => {
            return Err(ToolError::bad_input(
                "give clipId or slot (\"trackIndex/sceneIndex\")",
            ))
        }
    };
    read(live, clip, &include, bars, warnings)
}

/// The `live://clip/{id}` resource: read-clip with `notes` and `timing`.
pub fn resource(live: &mut dyn LivePort, id: &str) -> Result<Value, ToolError> {
    let clip = clip_ref::clip_by_id(live, id)?;
    let include = vec!["notes".to_string(), "timing".to_string()];
    read(live, clip, &include, None, &mut Vec::new())
}

fn read(
    live: &mut dyn LivePort,
    clip: LiveId,
    include: &[String],
    bars: Option<(u32, u32)>,
    warnings: &mut Vec<String>,
) -> Result<Value, ToolError> {
    let has = |k: &str| include.iter().any(|i| i == k);
    let midi = lom::flag(live, clip, "is_midi_clip")?;
    let mut o = Map::new();
    o.insert("id".into(), json!(clip.to_string()));
    o.insert("type".into(), json!(if midi { "midi" } else { "audio" }));
    let name = lom::text(live, clip, "name")?;
    if !name.is_empty() {
        o.insert("name".into(), json!(name));
    }
    let arrangement = lom::flag(live, clip, "is_arrangement_clip")?;
    o.insert(
        "view".into(),
        json!(if arrangement {
            "arrangement"
        } else {
            "session"
        }),
    );
    if has("color") {
        o.insert(
            "color".into(),
            json!(lom::color_hex(lom::int(live, clip, "color")?)),
        );
    }
    for (prop, field) in [
        ("is_playing", "playing"),
        ("is_triggered", "triggered"),
        ("is_recording", "recording"),
        ("is_overdubbing", "overdubbing"),
        ("muted", "muted"),
    ] {
        if lom::flag(live, clip, prop)? {
            o.insert(field.into(), json!(true));
        }
    }
    let (cn, cd) = overview::signature(live, clip)?;
    match clip_ref::place(live, clip)? {
        Place::Session(slot) => {
            o.insert("slot".into(), json!(slot.to_string()));
        }
        Place::Arrangement { track } => {
            let song = overview::song(live)?;
            let (sn, sd) = overview::signature(live, song)?;
            let start = lom::number(live, clip, "start_time")?;
            o.insert("trackIndex".into(), json!(track));
            o.insert(
                "arrangementStart".into(),
                json!(time::position(start, sn, sd)),
            );
            if has("timing") {
                let end = lom::number(live, clip, "end_time")?;
                o.insert(
                    "arrangementLength".into(),
                    json!(time::duration(end - start, sn, sd)),
                );
            }
        }
        Place::Other => {}
    }
    if has("timing") {
        let looping = lom::flag(live, clip, "looping")?;
        let start_marker = lom::number(live, clip, "start_marker")?;
        let (start, end) = if looping {
            (
                lom::number(live, clip, "loop_start")?,
                lom::number(live, clip, "loop_end")?,
            )
        } else {
            (start_marker, lom::number(live, clip, "end_marker")?)
        };
        o.insert("timeSignature".into(), json!(format!("{cn}/{cd}")));
        o.insert("looping".into(), json!(looping));
        o.insert("start".into(), json!(time::position(start, cn, cd)));
        o.insert("end".into(), json!(time::position(end, cn, cd)));
        o.insert("length".into(), json!(time::duration(end - start, cn, cd)));
        if (start_marker - start).abs() > 1e-9 {
            o.insert(
                "firstStart".into(),
                json!(time::position(start_marker, cn, cd)),
            );
        }
    }
    if midi && has("notes") {
        let text = notes::read_formatted(live, clip, (cn, cd), bars)?;
        if !text.is_empty() {
            o.insert("notes".into(), json!(text));
        }
    } else if !midi && bars.is_some() {
        warnings.push("bars ignored: clip is an audio clip".into());
    }
    if !midi && has("sample") {
        let gain_db = audio::gain_to_db(lom::number(live, clip, "gain")?);
        if gain_db.abs() > 1e-4 {
            o.insert("gainDb".into(), num(gain_db));
        }
        o.insert(
            "sampleFile".into(),
            json!(lom::text(live, clip, "file_path")?),
        );
        let shift = lom::number(live, clip, "pitch_coarse")?
            + lom::number(live, clip, "pitch_fine")? / 100.0;
        if shift.abs() > 1e-9 {
            o.insert("pitchShift".into(), num(shift));
        }
    }
    if !midi && has("warp") {
        o.insert(
            "sampleLength".into(),
            num(lom::number(live, clip, "sample_length")?),
        );
        o.insert(
            "sampleRate".into(),
            num(lom::number(live, clip, "sample_rate")?),
        );
        o.insert("warping".into(), json!(lom::flag(live, clip, "warping")?));
        o.insert(
            "warpMode".into(),
            json!(audio::warp_mode_name(lom::int(live, clip, "warp_mode")?)),
        );
    }
    Ok(Value::Object(o))
}
