//! The first step of barline-playback: every position, locator, scene and clip the call
//! needs, resolved before the first write, so a bad loop or an unknown locator changes
//! nothing.

use crate::live::LiveId;
use crate::tools::common::locators::{self, Cue as Locator};
use crate::tools::common::{overview, refs, time};
use crate::tools::control::playback::args::{Actions, PlaybackParams};
use crate::tools::control::playback::targets::{clip_targets, Target};
use crate::tools::framework::call::Call;
use crate::tools::framework::coerce::text_of;
use crate::tools::framework::error::ToolError;
use crate::tools::framework::lom;

/// Whether `action` works on the clips that `ids` or `slots` name.
pub(super) fn is_clip_action(action: Actions) -> bool {
    match action {
        Actions::PlaySessionClips | Actions::StopSessionClips => true,
        Actions::PlayArrangement
        | Actions::UpdateArrangement
        | Actions::PlayScene
        | Actions::StopAllSessionClips
        | Actions::Stop => false,
    }
}

/// Everything the call writes to, resolved before the first write.
pub(super) struct Resolved {
    pub song: LiveId,
    pub sig: (i64, i64),
    pub start: Option<f64>,
    pub loop_start: Option<f64>,
    pub loop_end: Option<f64>,
    /// The loop start after the call: the new one, else Live's.
    pub effective_start: f64,
    pub current_loop_length: f64,
    pub scene: Option<LiveId>,
    pub targets: Vec<Target>,
}

/// Resolves every position, locator, scene and clip before any write.
pub(super) fn resolve(call: &mut Call<'_>, p: &PlaybackParams) -> Result<Resolved, ToolError> {
    let action = p.action.get();
    let song = overview::song(call.live)?;
    let sig = overview::signature(call.live, song)?;
    let Positions {
        start,
        loop_start,
        loop_end,
    } = positions(call, p, song, sig)?;
    let current_loop_start = lom::number(call.live, song, "loop_start")?;
    let current_loop_length = lom::number(call.live, song, "loop_length")?;
    let effective_start = loop_start.unwrap_or(current_loop_start);
    if let Some(end) = loop_end {
        if end <= effective_start + 1e-9 {
            return Err(ToolError::bad_input(format!(
                "loop end {} is at or before the loop start {}: give an end after the start",
                time::position(end, sig.0, sig.1),
                time::position(effective_start, sig.0, sig.1)
            )));
        }
    }
    let scene = match (action, p.scene_index) {
        (Actions::PlayScene, Some(i)) => Some(refs::scene_by_index(call, i.get() as u64)?),
        _ => None,
    };
    let targets = if is_clip_action(action) {
        clip_targets(call, p, action == Actions::PlaySessionClips)?
    } else {
        Vec::new()
    };
    Ok(Resolved {
        song,
        sig,
        start,
        loop_start,
        loop_end,
        effective_start,
        current_loop_length,
        scene,
        targets,
    })
}

/// The start, loop start and loop end in beats, as given.
struct Positions {
    start: Option<f64>,
    loop_start: Option<f64>,
    loop_end: Option<f64>,
}

/// The start, loop start and loop end in beats, each from its time or its locator (the
/// locators are read only when one is named).
fn positions(
    call: &mut Call<'_>,
    p: &PlaybackParams,
    song: LiveId,
    sig: (i64, i64),
) -> Result<Positions, ToolError> {
    let needs_locators =
        p.start_locator.is_some() || p.loop_start_locator.is_some() || p.loop_end_locator.is_some();
    let all = if needs_locators {
        locators::list(call.live, song)?
    } else {
        Vec::new()
    };
    let start = position(
        text_of(&p.start_time),
        text_of(&p.start_locator),
        ("startTime", "startLocator"),
        sig,
        &all,
    )?;
    let loop_start = position(
        text_of(&p.loop_start),
        text_of(&p.loop_start_locator),
        ("loopStart", "loopStartLocator"),
        sig,
        &all,
    )?;
    let loop_end = position(
        text_of(&p.loop_end),
        text_of(&p.loop_end_locator),
        ("loopEnd", "loopEndLocator"),
        sig,
        &all,
    )?;
    Ok(Positions {
        start,
        loop_start,
        loop_end,
    })
}

/// A time argument and its locator twin, resolved to beats.
fn position(
    value: Option<&str>,
    locator: Option<&str>,
    names: (&str, &str),
    sig: (i64, i64),
    all: &[Locator],
) -> Result<Option<f64>, ToolError> {
    match (value, locator) {
        (Some(_), Some(_)) => Err(ToolError::bad_input(format!(
            "give {} or {}, not both",
            names.0, names.1
        ))),
        (Some(v), None) => time::parse_position(v, sig.0, sig.1)
            .map(Some)
            .map_err(|e| ToolError::bad_input(format!("{}: {e}", names.0))),
        (None, Some(l)) => Ok(Some(locators::find(all, l, names.1)?.time)),
        (None, None) => Ok(None),
    }
}
