//! `barline-playback` (docs/design/tool-rules.md §20): transport, arrangement loop and
//! start position, launching scenes and session clips, stopping clips. Every position,
//! locator, scene and clip is resolved before the first write, so a bad loop or an
//! unknown locator changes nothing.

mod args;
mod resolve;
mod targets;

use crate::live::{Atom, LiveId};
use crate::tools::common::time;
use crate::tools::control::playback::resolve::{is_clip_action, resolve, Resolved};
use crate::tools::control::playback::targets::Target;
use crate::tools::framework::call::Call;
use crate::tools::framework::error::{quoted, ToolError};
use crate::tools::framework::lom;
use crate::tools::framework::tool::{Hints, Tool, ToolMeta};
use args::{Actions, PlaybackParams};
use schemars::JsonSchema;
use serde::Serialize;

/// `barline-playback`.
pub struct Playback;

/// The arrangement loop in the result.
#[derive(Debug, Serialize, JsonSchema)]
#[allow(missing_docs)]
pub struct LoopRange {
    pub start: String,
    pub end: String,
}

/// What playback returns: the state the action leads to (docs/design/tool-rules.md §20).
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlaybackState {
    /// Whether the transport plays after the action.
    pub playing: bool,
    /// Playhead position, bar|beat.
    pub current_time: String,
    /// The arrangement loop, when it is on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub arrangement_loop: Option<LoopRange>,
}

impl Tool for Playback {
    type Params = PlaybackParams;
    type Output = PlaybackState;
    const META: ToolMeta = ToolMeta {
        small_removed: &["startLocator", "loopStartLocator", "loopEndLocator"],
        hints: Hints {
            read_only: false,
            destructive: false,
            idempotent: false,
        },
        ..ToolMeta::create(
            "barline-playback",
            "Playback",
            "Play the arrangement, launch scenes or clips, stop, set the loop.",
        )
    };

    fn run(call: &mut Call<'_>, p: PlaybackParams) -> Result<PlaybackState, ToolError> {
        run(call, &p)
    }
}

fn run(call: &mut Call<'_>, p: &PlaybackParams) -> Result<PlaybackState, ToolError> {
    check_arguments(call, p)?;
    let r = resolve(call, p)?;
    let settled = settle(call, p, &r)?;
    let outcome = act(call, p.action.get(), &r, settled.start)?;
    let live = &mut *call.live;
    let playing = match outcome.playing {
        Some(p) => p,
        None => lom::flag(live, r.song, "is_playing")?,
    };
    let current = match outcome.current {
        Some(c) => c,
        None => lom::number(live, r.song, "current_song_time")?,
    };
    let loop_on = match p.looping {
        Some(l) => l.0,
        None => lom::flag(live, r.song, "loop")?,
    };
    let (num, den) = r.sig;
    Ok(PlaybackState {
        playing,
        current_time: time::position(current, num, den),
        arrangement_loop: loop_on.then(|| LoopRange {
            start: time::position(r.effective_start, num, den),
            end: time::position(r.effective_start + settled.loop_length, num, den),
        }),
    })
}

/// The checks that need no Live: arguments that cannot go together are refused, and
/// arguments the action does not use are named in a warning.
fn check_arguments(call: &mut Call<'_>, p: &PlaybackParams) -> Result<(), ToolError> {
    let action = p.action.get();
    if p.ids.is_some() && p.slots.is_some() {
        return Err(ToolError::bad_input("give ids or slots, not both"));
    }
    if action == Actions::PlayScene && p.scene_index.is_none() {
        return Err(ToolError::bad_input(
            "action \"play-scene\" needs sceneIndex",
        ));
    }
    if !is_clip_action(action) && (p.ids.is_some() || p.slots.is_some()) {
        let which = if p.ids.is_some() { "ids" } else { "slots" };
        call.warn(format!(
            "{which} ignored: action {} takes no clips",
            quoted(p.action.as_str())
        ));
    }
    if action != Actions::PlayScene && p.scene_index.is_some() {
        call.warn(format!(
            "sceneIndex ignored: action {} launches no scene",
            quoted(p.action.as_str())
        ));
    }
    Ok(())
}

/// What the settings leave: the start Live keeps, and the loop's length.
struct Settled {
    start: Option<f64>,
    loop_length: f64,
}

/// Settings, in the documented order (docs/design/tool-rules.md §20): the loop first,
/// since its end counts towards the song length that bounds the start.
fn settle(call: &mut Call<'_>, p: &PlaybackParams, r: &Resolved) -> Result<Settled, ToolError> {
    let (song, sig) = (r.song, r.sig);
    let live = &mut *call.live;
    if let Some(l) = p.looping {
        live.set(song, "loop", &[Atom::Int(i64::from(l.0))])?;
    }
    if let Some(s) = r.loop_start {
        live.set(song, "loop_start", &[Atom::Float(s)])?;
    }
    let loop_length = match r.loop_end {
        Some(end) => {
            let len = end - r.effective_start;
            live.set(song, "loop_length", &[Atom::Float(len)])?;
            len
        }
        None => r.current_loop_length,
    };
    // Live keeps the start (and the playhead) within the song (live-facts row 48).
    let start = match r.start {
        Some(s) => {
            let end = lom::number(live, song, "song_length")?;
            let s = if s > end + 1e-9 {
                call.warnings.push(format!(
                    "startTime {} is past the end of the arrangement; Live starts at its end, {}",
                    time::position(s, sig.0, sig.1),
                    time::position(end, sig.0, sig.1)
                ));
                end
            } else {
                s
            };
            live.set(song, "start_time", &[Atom::Float(s)])?;
            Some(s)
        }
        None => None,
    };
    Ok(Settled { start, loop_length })
}

/// What the action itself tells about the transport; `None` is read back from Live.
#[derive(Default)]
struct Outcome {
    playing: Option<bool>,
    current: Option<f64>,
}

/// The action itself, after the settings; what it leaves of the transport.
fn act(
    call: &mut Call<'_>,
    action: Actions,
    r: &Resolved,
    start: Option<f64>,
) -> Result<Outcome, ToolError> {
    let song = r.song;
    let live = &mut *call.live;
    let mut out = Outcome::default();
    match action {
        Actions::PlayArrangement => {
            if start.is_none() {
                live.set(song, "start_time", &[Atom::Float(0.0)])?;
            }
            live.set(song, "back_to_arranger", &[Atom::Int(0)])?;
            live.call(song, "start_playing", &[])?;
            out.playing = Some(true);
            out.current = Some(start.unwrap_or(0.0));
        }
        Actions::PlayScene => {
            if let Some(scene) = r.scene {
                // Firing a scene whose slots are all empty leaves a stopped transport
                // stopped (live-facts row 19); otherwise Live starts it a tick later.
                let starts = scene_has_a_clip(call, scene)?;
                call.live.call(scene, "fire", &[])?;
                if starts {
                    out.playing = Some(true);
                }
            }
        }
        Actions::PlaySessionClips => {
            fire_clips(call, &r.targets)?;
            out.playing = Some(true);
        }
        Actions::StopSessionClips => stop_clip_tracks(call, &r.targets)?,
        Actions::StopAllSessionClips => {
            live.call(song, "stop_all_clips", &[])?;
        }
        Actions::Stop => {
            live.call(song, "stop_playing", &[])?;
            live.set(song, "start_time", &[Atom::Float(0.0)])?;
            out.playing = Some(false);
            out.current = Some(0.0);
        }
        // The loop and start settings are all update-arrangement does.
        Actions::UpdateArrangement => {}
    }
    Ok(out)
}

/// Fires each target's slot, stopping early near the deadline.
fn fire_clips(call: &mut Call<'_>, targets: &[Target]) -> Result<(), ToolError> {
    let n = targets.len();
    for (i, t) in targets.iter().enumerate() {
        if i > 0 && call.deadline_near() {
            call.warn_stopped(i, n, "clips");
            break;
        }
        call.live.call(t.slot_id, "fire", &[])?;
    }
    Ok(())
}

/// Stops the clips of each target's track once per track, stopping early near the
/// deadline.
fn stop_clip_tracks(call: &mut Call<'_>, targets: &[Target]) -> Result<(), ToolError> {
    let mut done: Vec<LiveId> = Vec::new();
    let n = targets.len();
    for (i, t) in targets.iter().enumerate() {
        if i > 0 && call.deadline_near() {
            call.warn_stopped(i, n, "clips");
            break;
        }
        if !done.contains(&t.track) {
            call.live.call(t.track, "stop_all_clips", &[])?;
            done.push(t.track);
        }
    }
    Ok(())
}

/// Whether any slot of `scene` holds a clip (one `get` per track, stopping early).
fn scene_has_a_clip(call: &mut Call<'_>, scene: LiveId) -> Result<bool, ToolError> {
    for slot in lom::child_ids(call.live, scene, "clip_slots")? {
        if call.deadline_near() {
            return Ok(true);
        }
        if lom::flag(call.live, slot, "has_clip")? {
            return Ok(true);
        }
    }
    Ok(false)
}
