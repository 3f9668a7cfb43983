//! `barline-read-clip` (docs/design/tool-rules.md §11): one clip's settings, optionally its notes as
//! bar|beat text, its timing and its audio properties.

use crate::tools::common::clip::reader::{read, ClipDetail, ClipFacts, ClipInfo};
use crate::tools::common::clip::reference::{self};
use crate::tools::framework::call::Call;
use crate::tools::framework::coerce::{Id, Include, Text};
use crate::tools::framework::error::{quoted, ErrorCode, ToolError};
use crate::tools::framework::format::Nullable;
use crate::tools::framework::lom;
use crate::tools::framework::tool::{Tool, ToolMeta};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// `barline-read-clip`.
pub struct ReadClip;

/// Arguments of read-clip.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReadClipParams {
    /// Clip id.
    pub clip_id: Option<Id>,
    /// "track/scene", e.g. "0/3".
    pub slot: Option<Text>,
    /// Extra detail; * = all.
    #[serde(default)]
    pub include: Include<ClipDetail>,
    /// Only notes in bars "N" or "N-M".
    pub bars: Option<Text>,
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
            "Read a clip by id or slot: settings, notes (bar|beat); more with include.",
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
                reference::clip_in_call(call, id.as_str())?
            }
            (None, Some(text)) => {
                let slot = reference::parse_slot(text.as_str(), &mut call.warnings)?;
                let cs = reference::clip_slot(call.live, slot)?;
                if !lom::flag(call.live, cs, "has_clip")? {
                    call.warn(format!("no clip at slot {slot}"));
                    return Ok(ClipInfo {
                        name: Some(Nullable(None)),
                        facts: ClipFacts {
                            slot: Some(slot.to_string()),
                            ..Default::default()
                        },
                        ..Default::default()
                    });
                }
                reference::slot_clip(call.live, slot).ok_or_else(|| {
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
