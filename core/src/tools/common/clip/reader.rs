//! Reading a clip as read-clip reports it (docs/design/tool-rules.md §11): settings, notes as bar|beat
//! text, timing and audio properties. read-clip, the clip lists of read-scene and
//! read-track, and the `live://clip/{id}` resource all read through this module.

use crate::live::{LiveId, LivePort};
use crate::tools::common::clip::reference::{self, Place};
use crate::tools::common::clip::{audio, notes};
use crate::tools::common::{overview, time};
use crate::tools::framework::coerce::Choices;
use crate::tools::framework::error::{ErrorCode, ToolError};
use crate::tools::framework::format::{Nullable, Rounded};
use crate::tools::framework::lom;
use schemars::JsonSchema;
use serde::Serialize;

/// The `include` options of read-clip.
pub struct ClipDetail;

impl Choices for ClipDetail {
    const ALL: &'static [&'static str] = &["sample", "notes", "color", "timing", "warp", "*"];
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
    /// Everything after `view`, shared with the clip lists of read-track and read-scene.
    #[serde(flatten)]
    pub facts: ClipFacts,
}

/// The fields of read-clip's result after `view`, in order: play state, place, timing,
/// notes, sample and warp. read-track's clip summaries carry the same fields.
#[derive(Clone, Debug, Default, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
#[allow(missing_docs)]
pub struct ClipFacts {
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

/// The `live://clip/{id}` resource: read-clip with `notes` and `timing`.
pub fn resource(live: &mut dyn LivePort, id: &str) -> Result<serde_json::Value, ToolError> {
    let clip = reference::clip_by_id(live, id)?;
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

/// One clip as read-clip reports it: `include` holds read-clip options (never `"*"`),
/// `bars` keeps only the notes starting in that 1-based bar range.
pub fn read(
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
    let facts = &mut o.facts;
    if has("color") {
        facts.color = Some(lom::color_hex(lom::int(live, clip, "color")?));
    }
    read_state(live, clip, facts)?;
    let (cn, cd) = overview::signature(live, clip)?;
    read_place(live, clip, has("timing"), facts)?;
    if has("timing") {
        read_timing(live, clip, (cn, cd), facts)?;
    }
    if midi && has("notes") {
        let text = notes::read_formatted(live, clip, (cn, cd), bars)?;
        if !text.is_empty() {
            facts.notes = Some(text);
        }
    } else if !midi && bars.is_some() {
        warnings.push("bars ignored: clip is an audio clip".into());
    }
    if !midi && has("sample") {
        read_sample(live, clip, facts)?;
    }
    if !midi && has("warp") {
        read_warp(live, clip, facts)?;
    }
    Ok(o)
}

/// The clip's play states, each reported only when true.
fn read_state(live: &mut dyn LivePort, clip: LiveId, o: &mut ClipFacts) -> Result<(), ToolError> {
    let flag = |live: &mut dyn LivePort, prop: &str| -> Result<Option<bool>, ToolError> {
        Ok(lom::flag(live, clip, prop)?.then_some(true))
    };
    o.playing = flag(live, "is_playing")?;
    o.triggered = flag(live, "is_triggered")?;
    o.recording = flag(live, "is_recording")?;
    o.overdubbing = flag(live, "is_overdubbing")?;
    o.muted = flag(live, "muted")?;
    Ok(())
}

/// Where the clip is: its slot, or its track and position on the timeline (with its
/// span there when `timing`), in the Set's signature.
fn read_place(
    live: &mut dyn LivePort,
    clip: LiveId,
    timing: bool,
    o: &mut ClipFacts,
) -> Result<(), ToolError> {
    match reference::place(live, clip)? {
        Place::Session(slot) => o.slot = Some(slot.to_string()),
        Place::Arrangement { track } => {
            let song = overview::song(live)?;
            let (sn, sd) = overview::signature(live, song)?;
            let start = lom::number(live, clip, "start_time")?;
            o.track_index = Some(track as i64);
            o.arrangement_start = Some(time::position(start, sn, sd));
            if timing {
                let end = lom::number(live, clip, "end_time")?;
                o.arrangement_length = Some(time::duration(end - start, sn, sd));
            }
        }
        Place::Other => {}
    }
    Ok(())
}

/// The `timing` fields, in the clip's signature `(cn, cd)`: the loop when looping,
/// else the markers, and the first play position when it differs from the start.
fn read_timing(
    live: &mut dyn LivePort,
    clip: LiveId,
    (cn, cd): (i64, i64),
    o: &mut ClipFacts,
) -> Result<(), ToolError> {
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
    Ok(())
}

/// The `sample` fields of an audio clip; gain and pitch only when not neutral.
fn read_sample(live: &mut dyn LivePort, clip: LiveId, o: &mut ClipFacts) -> Result<(), ToolError> {
    let gain_db = audio::gain_to_db(lom::number(live, clip, "gain")?);
    if gain_db.abs() > 1e-4 {
        o.gain_db = Some(Rounded(gain_db));
    }
    o.sample_file = Some(lom::text(live, clip, "file_path")?);
    let shift =
        lom::number(live, clip, "pitch_coarse")? + lom::number(live, clip, "pitch_fine")? / 100.0;
    if shift.abs() > 1e-9 {
        o.pitch_shift = Some(Rounded(shift));
    }
    Ok(())
}

/// The `warp` fields of an audio clip.
fn read_warp(live: &mut dyn LivePort, clip: LiveId, o: &mut ClipFacts) -> Result<(), ToolError> {
    o.sample_length = Some(Rounded(lom::number(live, clip, "sample_length")?));
    o.sample_rate = Some(Rounded(lom::number(live, clip, "sample_rate")?));
    o.warping = Some(lom::flag(live, clip, "warping")?);
    o.warp_mode = Some(audio::warp_mode_name(lom::int(live, clip, "warp_mode")?).to_string());
    Ok(())
}
