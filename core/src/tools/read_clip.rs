//! `barline-read-clip` (docs/design/tool-rules.md §11): one clip's settings, optionally
//! its notes as bar|beat text, its timing and its audio properties.

use super::call::Call;
use super::clip_ref::{self, Place};
use super::coerce::{Choices, Id, Include, Text};
use super::error::{quoted, ErrorCode, ToolError};
use super::format::{Nullable, Rounded};
use super::tool::{Tool, ToolMeta};
use super::{audio, lom, notes, overview, time};
use crate::live::{LiveId, LivePort};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// `barline-read-clip`.
pub struct ReadClip;

/// The `include` options of read-clip.
pub struct ClipDetail;

impl Choices for ClipDetail {
    const ALL: &'static [&'static str] = &["sample", "notes", "color", "timing", "warp", "*"];
}

/// Arguments of read-clip.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReadClipParams {
    /// Clip id (session or arrangement clip). Wins over slot.
    pub clip_id: Option<Id>,
    /// Session slot "trackIndex/sceneIndex", e.g. "0/3".
    pub slot: Option<Text>,
    /// Extra detail: sample, notes, color, timing, warp, or * for all.
    #[serde(default)]
    pub include: Include<ClipDetail>,
    /// Only notes starting in these bars: "N" or "N-M" (from 1), counted in the clip's signature.
    pub bars: Option<Text>,
}

/// MIDI or audio. (Variants carry no doc comments: with them the schema generator
/// writes `oneOf` of constants instead of a plain `enum`.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
#[allow(missing_docs)]
pub enum ClipType {
    Midi,
    Audio,
}

/// Session slot or arrangement timeline (variants undocumented, see [`ClipType`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
#[allow(missing_docs)]
pub enum View {
    Session,
    Arrangement,
}

/// What read-clip returns (docs/design/tool-rules.md §11); fields are omitted when
/// absent, `id`, `type` and `name` are `null` for an empty slot.
#[derive(Debug, Default, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
#[allow(missing_docs)]
pub struct ClipInfo {
    pub id: Nullable<String>,
    #[serde(rename = "type")]
    pub kind: Nullable<ClipType>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<Nullable<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub view: Option<View>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub color: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub playing: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub triggered: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recording: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub overdubbing: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub muted: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slot: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub track_index: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub arrangement_start: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub arrangement_length: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_signature: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub looping: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub length: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_start: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gain_db: Option<Rounded>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sample_file: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pitch_shift: Option<Rounded>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sample_length: Option<Rounded>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sample_rate: Option<Rounded>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub warping: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub warp_mode: Option<String>,
}

impl Tool for ReadClip {
    type Params = ReadClipParams;
    type Output = ClipInfo;
    const META: ToolMeta = ToolMeta {
        small_removed_values: &[("include", &["warp", "*"])],
        too_large_hint: "Read part of the clip with the bars parameter, e.g. bars \"1-8\".",
        ..ToolMeta::read(
            "barline-read-clip",
            "Read Clip",
            "Read a clip by id or session slot: settings, MIDI notes (bar|beat), timing and audio properties. Add detail with include.",
        )
    };

    fn run(call: &mut Call<'_>, p: ReadClipParams) -> Result<ClipInfo, ToolError> {
        let bars = p
            .bars
            .as_ref()
            .map(|b| parse_bars(b.as_str()))
            .transpose()?;
        let clip = match (&p.clip_id, &p.slot) {
            (Some(id), slot) => {
                if slot.is_some() {
                    call.warn("clipId and slot both given; using clipId");
                }
                clip_ref::clip_in_call(call, id.as_str())?
            }
            (None, Some(text)) => {
                let slot = clip_ref::parse_slot(text.as_str(), &mut call.warnings)?;
                let cs = clip_ref::clip_slot(call.live, slot)?;
                if !lom::flag(call.live, cs, "has_clip")? {
                    call.warn(format!("no clip at slot {slot}"));
                    return Ok(ClipInfo {
                        name: Some(Nullable(None)),
                        slot: Some(slot.to_string()),
                        ..Default::default()
                    });
                }
                clip_ref::slot_clip(call.live, slot).ok_or_else(|| {
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
        let info = read(
            call.live,
            clip,
            p.include.options(),
            bars,
            &mut call.warnings,
        )?;
        call.ids().issue(&clip.to_string());
        Ok(info)
    }
}

/// A `bars` range, 1-based inclusive.
fn parse_bars(text: &str) -> Result<(u32, u32), ToolError> {
    let bad = || {
        ToolError::bad_input(format!(
            "bars {} is not valid: use \"N\" or \"N-M\" with bars counted from 1, e.g. \"1-8\"",
            quoted(text)
        ))
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

/// The `live://clip/{id}` resource: read-clip with `notes` and `timing`.
pub fn resource(live: &mut dyn LivePort, id: &str) -> Result<serde_json::Value, ToolError> {
    let clip = clip_ref::clip_by_id(live, id)?;
    let info = read(live, clip, &["notes", "timing"], None, &mut Vec::new())?;
    serde_json::to_value(info).map_err(|e| ToolError::new(ErrorCode::Internal, e.to_string()))
}

/// Read-clip's result for one existing clip, as batch readers (read-scene, read-track)
/// nest it: `include` holds read-clip options only (never `"*"`), all notes are read,
/// and warnings go to `warnings`. Callers drop the fields their result omits (`view`).
pub fn summary(
    live: &mut dyn LivePort,
    clip: LiveId,
    include: &[&str],
    warnings: &mut Vec<String>,
) -> Result<ClipInfo, ToolError> {
    read(live, clip, include, None, warnings)
}

fn read(
    live: &mut dyn LivePort,
    clip: LiveId,
    include: &[&str],
    bars: Option<(u32, u32)>,
    warnings: &mut Vec<String>,
) -> Result<ClipInfo, ToolError> {
    let has = |k: &str| include.contains(&k);
    let midi = lom::flag(live, clip, "is_midi_clip")?;
    let mut o = ClipInfo {
        id: Nullable(Some(clip.to_string())),
        kind: Nullable(Some(if midi {
            ClipType::Midi
        } else {
            ClipType::Audio
        })),
        ..Default::default()
    };
    let name = lom::text(live, clip, "name")?;
    if !name.is_empty() {
        o.name = Some(Nullable(Some(name)));
    }
    let arrangement = lom::flag(live, clip, "is_arrangement_clip")?;
    o.view = Some(if arrangement {
        View::Arrangement
    } else {
        View::Session
    });
    if has("color") {
        o.color = Some(lom::color_hex(lom::int(live, clip, "color")?));
    }
    let flag = |live: &mut dyn LivePort, prop: &str| -> Result<Option<bool>, ToolError> {
        Ok(lom::flag(live, clip, prop)?.then_some(true))
    };
    o.playing = flag(live, "is_playing")?;
    o.triggered = flag(live, "is_triggered")?;
    o.recording = flag(live, "is_recording")?;
    o.overdubbing = flag(live, "is_overdubbing")?;
    o.muted = flag(live, "muted")?;
    let (cn, cd) = overview::signature(live, clip)?;
    match clip_ref::place(live, clip)? {
        Place::Session(slot) => o.slot = Some(slot.to_string()),
        Place::Arrangement { track } => {
            let song = overview::song(live)?;
            let (sn, sd) = overview::signature(live, song)?;
            let start = lom::number(live, clip, "start_time")?;
            o.track_index = Some(track as i64);
            o.arrangement_start = Some(time::position(start, sn, sd));
            if has("timing") {
                let end = lom::number(live, clip, "end_time")?;
                o.arrangement_length = Some(time::duration(end - start, sn, sd));
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
        o.time_signature = Some(format!("{cn}/{cd}"));
        o.looping = Some(looping);
        o.start = Some(time::position(start, cn, cd));
        o.end = Some(time::position(end, cn, cd));
        o.length = Some(time::duration(end - start, cn, cd));
        if (start_marker - start).abs() > 1e-9 {
            o.first_start = Some(time::position(start_marker, cn, cd));
        }
    }
    if midi && has("notes") {
        let text = notes::read_formatted(live, clip, (cn, cd), bars)?;
        if !text.is_empty() {
            o.notes = Some(text);
        }
    } else if !midi && bars.is_some() {
        warnings.push("bars ignored: clip is an audio clip".into());
    }
    if !midi && has("sample") {
        let gain_db = audio::gain_to_db(lom::number(live, clip, "gain")?);
        if gain_db.abs() > 1e-4 {
            o.gain_db = Some(Rounded(gain_db));
        }
        o.sample_file = Some(lom::text(live, clip, "file_path")?);
        let shift = lom::number(live, clip, "pitch_coarse")?
            + lom::number(live, clip, "pitch_fine")? / 100.0;
        if shift.abs() > 1e-9 {
            o.pitch_shift = Some(Rounded(shift));
        }
    }
    if !midi && has("warp") {
        o.sample_length = Some(Rounded(lom::number(live, clip, "sample_length")?));
        o.sample_rate = Some(Rounded(lom::number(live, clip, "sample_rate")?));
        o.warping = Some(lom::flag(live, clip, "warping")?);
        o.warp_mode = Some(audio::warp_mode_name(lom::int(live, clip, "warp_mode")?).to_string());
    }
    Ok(o)
}
