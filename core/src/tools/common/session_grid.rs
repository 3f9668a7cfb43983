//! Which session slots hold clips. The LOM has no list or count of a track's or a
//! scene's clips, so they can only be found slot by slot; this module keeps that
//! probing as small as Live allows:
//!
//! - one `get` of a slot's `clip` per slot (`id 0` when empty), never `has_clip` first;
//! - a scene whose `is_empty` is set costs that one `get`, not one per track;
//! - a Set-wide read ([`SessionGrid`]) asks each slot once and shares the answer with
//!   every nested track and scene read, instead of each track and each scene asking
//!   again.
//!
//! Every loop here checks the call's deadline: a read that cannot finish in time fails
//! with `TIMEOUT` (it changed nothing), rather than answering with wrong counts.

use crate::live::path::{ids_from_atoms, parse_id_atoms};
use crate::live::{LiveId, LivePort};
use crate::tools::framework::call::Call;
use crate::tools::framework::error::{ErrorCode, ToolError};
use crate::tools::framework::lom;

/// A clip found in a slot, with the index of the other axis: the scene index for a
/// track's clips, the track index for a scene's clips.
pub type SlotClip = (usize, LiveId);

/// The clips of every regular track's session slots, found once for a Set-wide read.
#[derive(Debug, Default)]
pub struct SessionGrid {
    by_track: Vec<Vec<SlotClip>>,
    by_scene: Vec<Vec<SlotClip>>,
}

impl SessionGrid {
    /// Probes the grid row by row: `is_empty` of every scene, then, for scenes that
    /// hold clips, their slot list and each slot's `clip`. `tracks` is the number of
    /// regular tracks, `scenes` the Song's scenes in order.
    pub fn probe(
        call: &mut Call<'_>,
        tracks: usize,
        scenes: &[LiveId],
    ) -> Result<SessionGrid, ToolError> {
        let mut grid = SessionGrid {
            by_track: vec![Vec::new(); tracks],
            by_scene: Vec::with_capacity(scenes.len()),
        };
        for (s, scene) in scenes.iter().enumerate() {
            if call.deadline_near() {
                return Err(out_of_time(s, scenes.len(), "scenes"));
            }
            let row = scene_clips(call.live, *scene)?;
            for &(t, clip) in &row {
                if let Some(column) = grid.by_track.get_mut(t) {
                    column.push((s, clip));
                }
            }
            grid.by_scene.push(row);
        }
        Ok(grid)
    }

    /// The clips of regular track `index` as (scene index, clip), in scene order.
    pub fn track(&self, index: usize) -> &[SlotClip] {
        self.by_track.get(index).map_or(&[], Vec::as_slice)
    }

    /// The clips of scene `index` as (track index, clip), in track order.
    pub fn scene(&self, index: usize) -> &[SlotClip] {
        self.by_scene.get(index).map_or(&[], Vec::as_slice)
    }
}

/// The clips in one scene's slots as (track index, clip), in track order: one `get`
/// of `is_empty`, and for a scene that holds clips one `get` of its `clip_slots` and one
/// of each slot's `clip`.
pub fn scene_clips(live: &mut dyn LivePort, scene: LiveId) -> Result<Vec<SlotClip>, ToolError> {
    if lom::flag(live, scene, "is_empty")? {
        return Ok(Vec::new());
    }
    let atoms = live.get(scene, "clip_slots")?;
    let slots = ids_from_atoms(&atoms).ok_or_else(|| {
        ToolError::new(
            ErrorCode::Internal,
            format!("clip_slots of scene {scene} is not an id list"),
        )
    })?;
    // Rows are few-hundred slots at most; the Set-wide probe checks the clock per row.
    filled(live, &slots, &|| false)
}

/// The clips in one track's session slots as (scene index, clip), in scene order: one
/// `get` of its `clip_slots` and one of each slot's `clip`. `stop` is asked before each
/// slot (pass [`Call::deadline_check`]); a probe it stops fails with `TIMEOUT`.
pub fn track_clips(
    live: &mut dyn LivePort,
    track: LiveId,
    stop: &dyn Fn() -> bool,
) -> Result<Vec<SlotClip>, ToolError> {
    let slots = lom::child_ids(live, track, "clip_slots")?;
    filled(live, &slots, stop)
}

/// The clips of `slots` as (position in `slots`, clip).
fn filled(
    live: &mut dyn LivePort,
    slots: &[LiveId],
    stop: &dyn Fn() -> bool,
) -> Result<Vec<SlotClip>, ToolError> {
    let mut out = Vec::new();
    for (i, slot) in slots.iter().enumerate() {
        if stop() {
            return Err(out_of_time(i, slots.len(), "slots"));
        }
        let clip = parse_id_atoms(&live.get(*slot, "clip")?).unwrap_or(LiveId::NONE);
        if !clip.is_none() {
            out.push((i, clip));
        }
    }
    Ok(out)
}

fn out_of_time(done: usize, total: usize, what: &str) -> ToolError {
    ToolError::new(
        ErrorCode::Timeout,
        format!(
            "stopped after looking through {done} of {total} {what} for clips to stay within the time limit"
        ),
    )
    .with_hint("Read tracks or scenes one at a time, or raise the device's Timeout setting.")
}
