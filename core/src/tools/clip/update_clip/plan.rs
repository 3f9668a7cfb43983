//! What update-clip checks before its first write (docs/design/tool-rules.md §13): every
//! argument's syntax, the Set-time positions, the split points, quantise and the
//! transforms, so that bad input changes nothing. Clip-time values are read again per
//! clip, in that clip's signature ([`clip_times`]).

use crate::notation;
use crate::tools::clip::update_clip::args::{NoteModes, UpdateClipParams, MAX_SPLIT_POINTS};
use crate::tools::clip::update_clip::moves::Moves;
use crate::tools::clip::update_clip::quantize::{self, Quantize};
use crate::tools::common::clip::clip_transforms::CallTransforms;
use crate::tools::common::clip::labels;
use crate::tools::common::clip::reference;
use crate::tools::common::clip::timing::EPS;
use crate::tools::common::{names, overview, time};
use crate::tools::framework::call::Call;
use crate::tools::framework::coerce::{text_of, List, Text};
use crate::tools::framework::error::{bad, quoted, ToolError};

/// Everything checked before the first write.
pub struct Plan {
    /// The clip ids, duplicates dropped.
    pub ids: Vec<String>,
    /// Per id, the checked new name (`None`: keep the name).
    pub names: Vec<Option<String>>,
    /// Colours to cycle over the clips.
    pub colors: Vec<i64>,
    /// The `timeSignature` given, also used to read this call's clip-time values.
    pub sig: Option<(i64, i64)>,
    /// Where the clips go.
    pub moves: Moves,
    /// The `split` text as given and its points in beats from the clip start.
    pub split: Option<(String, Vec<f64>)>,
    /// Notes merge with the clip's notes (`noteUpdateMode`, default merge).
    pub merge: bool,
    /// Quantise, when its arguments are complete.
    pub quantize: Option<Quantize>,
    /// The parsed transforms, when any were given.
    pub transforms: Option<CallTransforms>,
}

/// Checks every argument of `p` before any write.
pub fn plan(call: &mut Call<'_>, p: &UpdateClipParams) -> Result<Plan, ToolError> {
    let ids = call.unique(p.ids.items(), "id");
    if ids.is_empty() {
        return Err(bad("ids is empty: give one or more clip ids".into()));
    }
    let colors = text_of(&p.color)
        .map(names::parse_colors)
        .transpose()?
        .unwrap_or_default();
    let sig = text_of(&p.time_signature)
        .map(time::parse_signature)
        .transpose()
        .map_err(bad)?;
    // Clip-time values are read per clip with its signature; their syntax is checked
    // here so bad text changes nothing.
    check_clip_texts(p, sig.unwrap_or((4, 4)))?;
    // docs/design/transforms.md §9: parsed before any clip changes, MIDI or audio.
    // The seed is drawn from the host's random source when not given.
    let transforms = CallTransforms::prepare(call.live, text_of(&p.transforms), p.seed)?
        .filter(|t| !t.is_empty());
    let song = overview::song(call.live)?;
    let (sn, sd) = overview::signature(call.live, song)?;
    let moves = moves_of(call, p, (sn, sd))?;
    let split = match &p.split {
        Some(list) => split_points(call, list, (sn, sd))?,
        None => None,
    };
    let quantize = quantize_of(call, p);
    let merge = p.note_update_mode.as_ref().is_none_or(|m| match m.get() {
        NoteModes::Merge => true,
        NoteModes::Replace => false,
    });
    let names = labels::checked_names(call, text_of(&p.name), ids.len())?;
    Ok(Plan {
        ids,
        names,
        colors,
        sig,
        moves,
        split,
        merge,
        quantize,
        transforms,
    })
}

/// Checks the syntax of the clip-time values and the notes; `(cn, cd)` is the
/// signature they are read in here (`timeSignature`, else 4/4).
fn check_clip_texts(p: &UpdateClipParams, (cn, cd): (i64, i64)) -> Result<(), ToolError> {
    if let Some(t) = text_of(&p.start) {
        time::parse_position(t, cn, cd).map_err(bad)?;
    }
    if let Some(t) = text_of(&p.first_start) {
        time::parse_position(t, cn, cd).map_err(bad)?;
    }
    if let Some(t) = text_of(&p.length) {
        if time::parse_duration(t, cn, cd).map_err(bad)? <= 0.0 {
            return Err(bad(format!("length {} must be longer than 0", quoted(t))));
        }
    }
    if let Some(t) = text_of(&p.notes) {
        notation::check(t, notation::Dialect::V2).map_err(|e| bad(format!("notes: {e}")))?;
    }
    Ok(())
}

/// Where the clips go: `arrangementStart` and `arrangementLength` in the Set's
/// signature `(sn, sd)`, and the first `toSlot` entry (more are ignored with a warning).
fn moves_of(
    call: &mut Call<'_>,
    p: &UpdateClipParams,
    (sn, sd): (i64, i64),
) -> Result<Moves, ToolError> {
    let arrangement_start = text_of(&p.arrangement_start)
        .map(|t| time::parse_position(t, sn, sd))
        .transpose()
        .map_err(bad)?;
    let arrangement_length = match text_of(&p.arrangement_length) {
        Some(t) => {
            let beats = time::parse_duration(t, sn, sd).map_err(bad)?;
            if beats <= 0.0 {
                return Err(bad(format!(
                    "arrangementLength {} must be longer than 0",
                    quoted(t)
                )));
            }
            Some(beats)
        }
        None => None,
    };
    let to_slot = match p.to_slot.as_ref().map(List::items) {
        Some(items) if !items.is_empty() => {
            let slot = reference::parse_slot(&items[0], &mut call.warnings)?;
            if items.len() > 1 {
                call.warn(format!("toSlot accepts one destination; using {slot}"));
            }
            Some(slot)
        }
        _ => None,
    };
    Ok(Moves {
        to_slot,
        arrangement_start,
        arrangement_length,
    })
}

/// The `split` points in beats from the clip start (Set signature), at most
/// [`MAX_SPLIT_POINTS`]; `None` when the list is empty.
fn split_points(
    call: &mut Call<'_>,
    list: &List,
    (sn, sd): (i64, i64),
) -> Result<Option<(String, Vec<f64>)>, ToolError> {
    let mut items = list.items();
    if items.len() > MAX_SPLIT_POINTS {
        call.warn(format!(
            "too many split points ({}); at most {MAX_SPLIT_POINTS}",
            items.len()
        ));
        items.truncate(MAX_SPLIT_POINTS);
    }
    let mut points = Vec::with_capacity(items.len());
    for item in &items {
        let beats = time::parse_position(item, sn, sd).map_err(bad)?;
        if beats <= EPS {
            return Err(bad(format!(
                "split point {} is the clip start; give points after it, e.g. \"2|1\"",
                quoted(item)
            )));
        }
        points.push(beats);
    }
    Ok((!points.is_empty()).then(|| (list.0.as_str().to_string(), points)))
}

/// Quantise from `quantize`, `quantizeGrid` and `quantizePitch`; an incomplete or
/// unreadable request is skipped with a warning rather than refusing the call.
fn quantize_of(call: &mut Call<'_>, p: &UpdateClipParams) -> Option<Quantize> {
    let amount = p.quantize?;
    let Some(grid) = &p.quantize_grid else {
        call.warn("quantize ignored: quantizeGrid is required");
        return None;
    };
    let code = grid.get().live_code();
    let pitch = match text_of(&p.quantize_pitch) {
        None => None,
        Some(name) => match quantize::pitch_of(name) {
            Some(pitch) => Some(pitch),
            None => {
                call.warn(format!(
                    "quantizePitch {} is not a pitch name; quantize skipped",
                    quoted(name)
                ));
                return None;
            }
        },
    };
    Some(Quantize {
        amount: amount.get(),
        grid: code,
        pitch,
    })
}

/// The clip-time values of this call in one clip's signature.
pub struct ClipTimes {
    /// `start`, beats.
    pub start: Option<f64>,
    /// `length`, beats.
    pub length: Option<f64>,
    /// `firstStart`, beats.
    pub first_start: Option<f64>,
}

/// Reads `start`, `length` and `firstStart` in the signature `(n, d)` of one clip.
pub fn clip_times(p: &UpdateClipParams, (n, d): (i64, i64)) -> Result<ClipTimes, ToolError> {
    let pos = |t: &Option<Text>| {
        text_of(t)
            .map(|t| time::parse_position(t, n, d))
            .transpose()
            .map_err(bad)
    };
    Ok(ClipTimes {
        start: pos(&p.start)?,
        length: text_of(&p.length)
            .map(|t| time::parse_duration(t, n, d))
            .transpose()
            .map_err(bad)?,
        first_start: pos(&p.first_start)?,
    })
}
