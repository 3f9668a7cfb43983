//! `barline-playback` (docs/design/tool-rules.md §20): transport, arrangement loop and
//! start position, launching scenes and session clips, stopping clips. Every position,
//! locator, scene and clip is resolved before the first write, so a bad loop or an
//! unknown locator changes nothing.

use crate::live::{Atom, LiveId};
use crate::tools::common::clip::reference::{self, Place, Slot};
use crate::tools::common::locators::{self, Cue as Locator};
use crate::tools::common::{overview, refs, time};
use crate::tools::framework::call::{Call, MAX_LISTED_FAILURES};
use crate::tools::framework::coerce::{text_of, Choice, Choices, Flag, Index, List, Text};
use crate::tools::framework::error::{quoted, ErrorCode, ToolError};
use crate::tools::framework::lom;
use crate::tools::framework::tool::{Hints, Tool, ToolMeta};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// `barline-playback`.
pub struct Playback;

/// The `action` options.
pub struct Actions;

impl Choices for Actions {
    const ALL: &'static [&'static str] = &[
        "play-arrangement",
        "update-arrangement",
        "play-scene",
        "play-session-clips",
        "stop-session-clips",
        "stop-all-session-clips",
        "stop",
    ];
}

/// Arguments of playback.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlaybackParams {
    /// What to do.
    pub action: Choice<Actions>,
    /// bar|beat.
    pub start_time: Option<Text>,
    /// Locator id or name.
    pub start_locator: Option<Text>,
    /// Loop.
    #[serde(rename = "loop")]
    pub looping: Option<Flag>,
    /// bar|beat.
    pub loop_start: Option<Text>,
    /// Locator id or name.
    pub loop_start_locator: Option<Text>,
    /// bar|beat.
    pub loop_end: Option<Text>,
    /// Locator id or name.
    pub loop_end_locator: Option<Text>,
    /// Clip ids, comma-separated.
    pub ids: Option<List>,
    /// Slots "track/scene", comma-separated.
    pub slots: Option<List>,
    /// Scene index.
    pub scene_index: Option<Index>,
}

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

/// The slot and track a clip action works on.
struct Target {
    slot_id: LiveId,
    track: LiveId,
}

/// Resolves `ids` or `slots` (docs/design/tool-contract.md §1.9: bad entries skipped with
/// a warning, none left is an error). Launching needs a clip in the slot; stopping only
/// its track.
fn clip_targets(
    call: &mut Call<'_>,
    p: &PlaybackParams,
    launch: bool,
) -> Result<Vec<Target>, ToolError> {
    let mut ok = Vec::new();
    let mut failed: Vec<ToolError> = Vec::new();
    if let Some(ids) = &p.ids {
        for id in call.unique(ids.items(), "id") {
            match clip_target(call, &id) {
                Ok(Some(t)) => ok.push(t),
                Ok(None) => failed.push(ToolError::new(
                    ErrorCode::WrongType,
                    format!("clip {id} is an arrangement clip; it cannot be launched"),
                )),
                Err(e) => {
                    call.warn(format!("{}; skipped", e.message));
                    failed.push(e);
                }
            }
        }
    } else if let Some(slots) = &p.slots {
        let mut parsed = Vec::new();
        for s in call.unique(slots.items(), "slot") {
            parsed.push(reference::parse_slot(&s, &mut call.warnings)?);
        }
        for slot in parsed {
            match slot_target(call, slot, launch) {
                Ok(t) => ok.push(t),
                Err(e) => {
                    call.warn(format!("{}; skipped", e.message));
                    failed.push(e);
                }
            }
        }
    } else {
        return Err(ToolError::bad_input(format!(
            "action {} needs ids (session clip ids) or slots (\"trackIndex/sceneIndex\")",
            quoted(p.action.as_str())
        )));
    }
    if ok.is_empty() {
        let code = failed
            .first()
            .map(|e| e.code)
            .unwrap_or(ErrorCode::BadInput);
        let listed: Vec<String> = failed
            .iter()
            .take(MAX_LISTED_FAILURES)
            .map(|e| e.message.clone())
            .collect();
        // The per-item warnings would repeat the error's own text.
        call.warnings
            .retain(|w| !failed.iter().any(|e| w.starts_with(&e.message)));
        if listed.is_empty() {
            // An empty list (`ids: ""`) names nothing to launch or stop.
            let which = if p.ids.is_some() { "ids" } else { "slots" };
            return Err(ToolError::bad_input(format!(
                "{which} names no clip: give session clip ids or \"trackIndex/sceneIndex\" slots, comma-separated"
            )));
        }
        return Err(ToolError::new(code, listed.join("; ")));
    }
    Ok(ok)
}

fn slot_target(call: &mut Call<'_>, slot: Slot, launch: bool) -> Result<Target, ToolError> {
    let slot_id = reference::clip_slot(call.live, slot)?;
    if launch && !lom::flag(call.live, slot_id, "has_clip")? {
        return Err(ToolError::not_found(format!("slot {slot} has no clip")));
    }
    let track = refs::track_by_index(call, slot.track as u64, refs::TrackList::Regular)?;
    Ok(Target { slot_id, track })
}

/// A clip id as a launch target; `None` (with a warning) for arrangement clips.
fn clip_target(call: &mut Call<'_>, id: &str) -> Result<Option<Target>, ToolError> {
    let (clip, _) = refs::by_id(call, id, refs::Kind::Clip)?;
    match reference::place(call.live, clip)? {
        Place::Session(slot) => slot_target(call, slot, false).map(Some),
        _ => {
            call.warn(format!(
                "clip {id} is an arrangement clip; it cannot be launched"
            ));
            Ok(None)
        }
    }
}

fn run(call: &mut Call<'_>, p: &PlaybackParams) -> Result<PlaybackState, ToolError> {
    let action = p.action.as_str();
    if p.ids.is_some() && p.slots.is_some() {
        return Err(ToolError::bad_input("give ids or slots, not both"));
    }
    let clip_action = matches!(action, "play-session-clips" | "stop-session-clips");
    if action == "play-scene" && p.scene_index.is_none() {
        return Err(ToolError::bad_input(
            "action \"play-scene\" needs sceneIndex",
        ));
    }
    if !clip_action && (p.ids.is_some() || p.slots.is_some()) {
        let which = if p.ids.is_some() { "ids" } else { "slots" };
        call.warn(format!(
            "{which} ignored: action {} takes no clips",
            quoted(action)
        ));
    }
    if action != "play-scene" && p.scene_index.is_some() {
        call.warn(format!(
            "sceneIndex ignored: action {} launches no scene",
            quoted(action)
        ));
    }
    // Resolve every position, locator, scene and clip before any write.
    let song = overview::song(call.live)?;
    let sig = overview::signature(call.live, song)?;
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
        ("play-scene", Some(i)) => Some(refs::scene_by_index(call, i.get() as u64)?),
        _ => None,
    };
    let targets = if clip_action {
        clip_targets(call, p, action == "play-session-clips")?
    } else {
        Vec::new()
    };

    // Settings, in the documented order (docs/design/tool-rules.md §20): the loop
    // first, since its end counts towards the song length that bounds the start.
    let live = &mut *call.live;
    if let Some(l) = p.looping {
        live.set(song, "loop", &[Atom::Int(i64::from(l.0))])?;
    }
    if let Some(s) = loop_start {
        live.set(song, "loop_start", &[Atom::Float(s)])?;
    }
    let loop_length = match loop_end {
        Some(end) => {
            let len = end - effective_start;
            live.set(song, "loop_length", &[Atom::Float(len)])?;
            len
        }
        None => current_loop_length,
    };
    // Live keeps the start (and the playhead) within the song (live-facts row 48).
    let start = match start {
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

    // The action.
    let mut playing = None;
    let mut current = None;
    match action {
        "play-arrangement" => {
            if start.is_none() {
                live.set(song, "start_time", &[Atom::Float(0.0)])?;
            }
            live.set(song, "back_to_arranger", &[Atom::Int(0)])?;
            live.call(song, "start_playing", &[])?;
            playing = Some(true);
            current = Some(start.unwrap_or(0.0));
        }
        "play-scene" => {
            if let Some(scene) = scene {
                // Firing a scene whose slots are all empty leaves a stopped transport
                // stopped (live-facts row 19); otherwise Live starts it a tick later.
                let starts = scene_has_a_clip(call, scene)?;
                let live = &mut *call.live;
                live.call(scene, "fire", &[])?;
                if starts {
                    playing = Some(true);
                }
            }
        }
        "play-session-clips" => {
            let n = targets.len();
            for (i, t) in targets.iter().enumerate() {
                if i > 0 && call.deadline_near() {
                    call.warn_stopped(i, n, "clips");
                    break;
                }
                call.live.call(t.slot_id, "fire", &[])?;
            }
            playing = Some(true);
        }
        "stop-session-clips" => {
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
        }
        "stop-all-session-clips" => {
            live.call(song, "stop_all_clips", &[])?;
        }
        "stop" => {
            live.call(song, "stop_playing", &[])?;
            live.set(song, "start_time", &[Atom::Float(0.0)])?;
            playing = Some(false);
            current = Some(0.0);
        }
        _ => {}
    }
    let live = &mut *call.live;
    let playing = match playing {
        Some(p) => p,
        None => lom::flag(live, song, "is_playing")?,
    };
    let current = match current {
        Some(c) => c,
        None => lom::number(live, song, "current_song_time")?,
    };
    let loop_on = match p.looping {
        Some(l) => l.0,
        None => lom::flag(live, song, "loop")?,
    };
    Ok(PlaybackState {
        playing,
        current_time: time::position(current, sig.0, sig.1),
        arrangement_loop: loop_on.then(|| LoopRange {
            start: time::position(effective_start, sig.0, sig.1),
            end: time::position(effective_start + loop_length, sig.0, sig.1),
        }),
    })
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
