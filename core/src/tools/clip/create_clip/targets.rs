//! Where create-clip makes its clips and from what
//! (docs/design/tool-rules.md §12 step 1): session slots and arrangement starts, the
//! audio file for audio clips, and the checks Live answers without a write: tracks exist
//! and take the clip kind, slots are free.

use crate::live::{LiveId, LivePort};
use crate::tools::common::clip::audio::AUDIO_EXTENSIONS;
use crate::tools::common::clip::reference::{self, Slot};
use crate::tools::common::time;
use crate::tools::framework::coerce::{Index, List};
use crate::tools::framework::error::{bad, quoted, ErrorCode, ToolError};
use crate::tools::framework::lom;

/// One clip to create.
pub enum Target {
    /// In a session slot.
    Session(Slot),
    /// On an arrangement track.
    Arrangement {
        /// The track index.
        track: usize,
        /// The start, Live beats.
        start: f64,
        /// The start as bar|beat in the Set's signature, as the result reports it.
        text: String,
    },
}

impl Target {
    /// The track the clip goes on.
    pub fn track(&self) -> usize {
        match self {
            Target::Session(s) => s.track,
            Target::Arrangement { track, .. } => *track,
        }
    }
}

/// Latest arrangement start Live accepts for an audio clip, in beats.
const MAX_AUDIO_START: f64 = 1_576_800.0;

/// The `slot` entries, duplicates dropped with a warning; scenes above 999 refused.
pub fn session_slots(
    slot: Option<&List>,
    warnings: &mut Vec<String>,
) -> Result<Vec<Slot>, ToolError> {
    let mut slots = Vec::new();
    for s in slot.map(List::items).unwrap_or_default() {
        let slot = reference::parse_slot(&s, warnings)?;
        if slot.scene > 999 {
            return Err(bad(format!(
                "sceneIndex {} in slot {} is above 999",
                slot.scene,
                quoted(&s)
            )));
        }
        if slots.contains(&slot) {
            warnings.push(format!(
                "duplicate slot {} ignored",
                quoted(&slot.to_string())
            ));
        } else {
            slots.push(slot);
        }
    }
    Ok(slots)
}

/// Refuses a call that names no position, or only half of an arrangement position.
pub fn check_positions_given(
    slots: &[Slot],
    starts: &[String],
    track_index: Option<Index>,
) -> Result<(), ToolError> {
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
    Ok(())
}

/// Checks `sampleFile`: an absolute path with an audio extension, not given with
/// notes, and a file that exists.
pub fn check_sample(
    live: &mut dyn LivePort,
    path: &str,
    notes_given: bool,
) -> Result<(), ToolError> {
    if notes_given {
        return Err(bad(
            "give notes (MIDI clips) or sampleFile (audio clips), not both".into(),
        ));
    }
    let absolute = path.starts_with('/') || path.get(1..3).is_some_and(|p| p == ":\\" || p == ":/");
    let lower = path.to_ascii_lowercase();
    if !absolute || !AUDIO_EXTENSIONS.iter().any(|e| lower.ends_with(e)) {
        return Err(bad(format!(
            "sampleFile {} must be an absolute path to an audio file ({})",
            quoted(path),
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
    Ok(())
}

/// The arrangement targets on `track` at `starts` (bar|beat in the Set's signature
/// `(sn, sd)`); audio clips only up to the latest start Live accepts.
pub fn arrangement_targets(
    starts: &[String],
    track: usize,
    (sn, sd): (i64, i64),
    audio: bool,
) -> Result<Vec<Target>, ToolError> {
    let mut targets = Vec::with_capacity(starts.len());
    for s in starts {
        let beats = time::parse_position(s, sn, sd).map_err(bad)?;
        if audio && beats > MAX_AUDIO_START {
            return Err(bad(format!(
                "arrangementStart {} is beyond the latest position Live accepts for audio clips",
                quoted(s)
            )));
        }
        targets.push(Target::Arrangement {
            track,
            start: beats,
            text: time::position(beats, sn, sd),
        });
    }
    Ok(targets)
}

/// Live checks that need no write (kind checks first, docs/design/tool-contract.md §3.2):
/// every target's track exists and takes this kind of clip (audio or MIDI).
pub fn check_tracks(
    live: &mut dyn LivePort,
    song: LiveId,
    targets: &[Target],
    audio: bool,
) -> Result<(), ToolError> {
    let track_count = lom::count(live, song, "tracks")?;
    for t in targets {
        let track = t.track();
        if track >= track_count {
            return Err(ToolError::not_found(format!(
                "trackIndex {track} does not exist (the Set has {track_count} tracks)"
            )));
        }
        let tid = lom::resolve(live, &format!("live_set tracks {track}"))
            .ok_or_else(|| ToolError::not_found(format!("trackIndex {track} does not exist")))?;
        let (want, other) = if audio {
            ("has_audio_input", "audio")
        } else {
            ("has_midi_input", "MIDI")
        };
        if !lom::flag(live, tid, want)? {
            let is = if lom::flag(live, tid, "is_foldable")? {
                "a group track"
            } else if audio {
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
    Ok(())
}

/// CONFLICT when every target is a session slot that already holds a clip. Cheap
/// before expensive (issue 15): this is known before any notation is interpreted,
/// and when every position is taken nothing else is worth doing.
pub fn check_not_all_occupied(
    live: &mut dyn LivePort,
    song: LiveId,
    targets: &[Target],
) -> Result<(), ToolError> {
    let scenes = lom::count(live, song, "scenes")?;
    let mut occupied = Vec::new();
    for t in targets {
        if let Target::Session(slot) = t {
            if slot.scene < scenes {
                let cs = reference::clip_slot(live, *slot)?;
                if lom::flag(live, cs, "has_clip")? {
                    occupied.push(reference::occupied(live, *slot, cs));
                }
            }
        }
    }
    if occupied.len() == targets.len() {
        let mut listed: Vec<String> = occupied.iter().take(10).cloned().collect();
        if occupied.len() > 10 {
            listed.push(format!("and {} more", occupied.len() - 10));
        }
        return Err(ToolError::new(ErrorCode::Conflict, listed.join("; "))
            .with_hint(reference::OCCUPIED_HINT));
    }
    Ok(())
}
