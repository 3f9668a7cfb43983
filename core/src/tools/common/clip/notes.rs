//! Reading a MIDI clip's notes (docs/design/tool-contract.md §1.14) and formatting them
//! as bar|beat text.

use crate::live::path::LomPath;
use crate::live::{Atom, LiveId, LivePort};
use crate::notation::{self, FormatNote, FormatOptions, Note};
use crate::sort;
use crate::tools::common::time;
use crate::tools::framework::error::{ErrorCode, ToolError};
use crate::tools::framework::lom;
use serde::Deserialize;

/// A note as Live reports it, with the fields merge must keep
/// (docs/design/tool-rules.md §13).
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
pub struct LiveNote {
    /// Live's note id (0 when Live gave none).
    #[serde(default)]
    pub note_id: u64,
    /// MIDI pitch.
    pub pitch: f64,
    /// Start in beats from the clip start.
    pub start_time: f64,
    /// Length in beats.
    pub duration: f64,
    /// Velocity.
    pub velocity: f64,
    /// Muted flag (Live sends 0/1 or a boolean).
    #[serde(default, deserialize_with = "flag")]
    pub mute: bool,
    /// Chance that the note plays.
    #[serde(default = "one")]
    pub probability: f64,
    /// Velocity spread.
    #[serde(default)]
    pub velocity_deviation: f64,
    /// Release velocity.
    #[serde(default = "release")]
    pub release_velocity: f64,
}

fn one() -> f64 {
    1.0
}

fn release() -> f64 {
    64.0
}

fn flag<'de, D: serde::Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    let v = serde_json::Value::deserialize(d)?;
    Ok(v.as_bool()
        .unwrap_or_else(|| v.as_f64().is_some_and(|x| x != 0.0)))
}

impl LiveNote {
    /// The fields the formatter needs.
    pub fn format(&self) -> FormatNote {
        FormatNote {
            pitch: self.pitch,
            start_time: self.start_time,
            duration: self.duration,
            velocity: self.velocity,
            probability: self.probability,
            velocity_deviation: self.velocity_deviation,
        }
    }

    /// The note as notation writes it (for bar-copy seeding); values clamped to Live's
    /// ranges.
    pub fn notation(&self) -> Note {
        Note {
            pitch: self.pitch.clamp(0.0, 127.0) as u8,
            start_time: self.start_time,
            duration: self.duration,
            velocity: self.velocity.round().clamp(1.0, 127.0) as u8,
            probability: self.probability,
            velocity_deviation: self.velocity_deviation.round().clamp(0.0, 127.0) as u8,
        }
    }
}

#[derive(Deserialize)]
struct NotesJson {
    notes: Vec<LiveNote>,
}

/// Pitches per window of the fallback read (16 bands of 8 pitches,
/// docs/design/tool-contract.md §1.14).
const BAND: i64 = 8;
/// Narrowest time window the fallback halves down to, in beats.
const MIN_WINDOW: f64 = 1.0;
/// Most notes one `add_new_notes` call carries (docs/design/tool-contract.md §1.14).
pub const ADD_BATCH: usize = 1_000;

/// One `get_notes_extended` window; `None` when the answer does not parse (cut).
fn window(
    live: &mut dyn LivePort,
    clip: LiveId,
    (pitch, span): (i64, i64),
    (from, len): (f64, f64),
) -> Result<Option<Vec<LiveNote>>, ToolError> {
    let atoms = live.call(
        clip,
        "get_notes_extended",
        &[
            Atom::Int(pitch),
            Atom::Int(span),
            Atom::Float(from),
            Atom::Float(len),
        ],
    )?;
    let text: String = atoms
        .iter()
        .map(Atom::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    Ok(serde_json::from_str::<NotesJson>(&text)
        .ok()
        .map(|j| j.notes))
}

/// Every note of a clip with its id, over its whole content (`max(end_marker, loop_end)`,
/// docs/design/tool-contract.md §1.14), sorted by start time then pitch. When Live's
/// answer is too large to arrive whole (it does not parse), the clip is read again in 16
/// pitch bands, and a band that still fails is halved in time down to one beat (then
/// `LIVE_REJECTED`).
pub fn read_live(live: &mut dyn LivePort, clip: LiveId) -> Result<Vec<LiveNote>, ToolError> {
    let span = lom::number(live, clip, "end_marker")?.max(lom::number(live, clip, "loop_end")?);
    let span = span.max(0.0) + 1e-6;
    let mut notes = match window(live, clip, (0, 128), (0.0, span))? {
        Some(all) => all,
        None => windowed(live, clip, span)?,
    };
    sort::sort_by(&mut notes, |a, b| {
        a.start_time
            .total_cmp(&b.start_time)
            .then(a.pitch.total_cmp(&b.pitch))
    });
    Ok(notes)
}

/// How many notes of `clip` start at or after `from` (Live beats): [`read_live`] stops
/// at the clip's end, this looks past it. `None` when Live's answer does not parse.
pub fn count_from(
    live: &mut dyn LivePort,
    clip: LiveId,
    from: f64,
) -> Result<Option<usize>, ToolError> {
    // Live's furthest position in beats (the arrangement's length limit is far below).
    const FAR: f64 = 1.0e7;
    let from = (from - 1e-6).max(0.0);
    Ok(window(live, clip, (0, 128), (from, FAR))?.map(|v| v.len()))
}

/// The fallback read of docs/design/tool-contract.md §1.14: pitch bands, then halving in
/// time.
fn windowed(live: &mut dyn LivePort, clip: LiveId, span: f64) -> Result<Vec<LiveNote>, ToolError> {
    let mut notes = Vec::new();
    for band in 0..128 / BAND {
        let pitches = (band * BAND, BAND);
        // A stack of time windows; halves are pushed second-half first so they are
        // read in time order (the result is sorted afterwards anyway).
        let mut todo = vec![(0.0, span)];
        while let Some((from, len)) = todo.pop() {
            match window(live, clip, pitches, (from, len))? {
                Some(part) => notes.extend(part),
                None if len / 2.0 >= MIN_WINDOW => {
                    todo.push((from + len / 2.0, len / 2.0));
                    todo.push((from, len / 2.0));
                }
                None => {
                    return Err(ToolError::new(
                        ErrorCode::LiveRejected,
                        format!(
                            "Live's note list for pitches {}–{} from beat {} could not be read even one beat at a time",
                            pitches.0,
                            pitches.0 + BAND - 1,
                            time::beat_text(from)
                        ),
                    ))
                }
            }
        }
    }
    Ok(notes)
}

/// All notes of a clip for formatting (see [`read_live`]).
pub fn read(live: &mut dyn LivePort, clip: LiveId) -> Result<Vec<FormatNote>, ToolError> {
    Ok(read_live(live, clip)?
        .iter()
        .map(LiveNote::format)
        .collect())
}

/// Adds notes with `add_new_notes`, at most [`ADD_BATCH`] per call so no single message
/// approaches Max's limits (docs/design/tool-contract.md §1.14). Velocity-0 notes are
/// never sent.
pub fn add(live: &mut dyn LivePort, clip: LiveId, notes: &[Note]) -> Result<(), ToolError> {
    let values: Vec<serde_json::Value> = notes
        .iter()
        .filter(|n| n.velocity > 0)
        .map(|n| {
            serde_json::json!({
                "pitch": n.pitch, "start_time": n.start_time, "duration": n.duration,
                "velocity": n.velocity, "probability": n.probability,
                "velocity_deviation": n.velocity_deviation,
            })
        })
        .collect();
    add_values(live, clip, &values)
}

/// Adds note dictionaries (already in Live's field names) in batches of
/// [`ADD_BATCH`].
pub fn add_values(
    live: &mut dyn LivePort,
    clip: LiveId,
    notes: &[serde_json::Value],
) -> Result<(), ToolError> {
    let mut done = 0;
    for chunk in notes.chunks(ADD_BATCH) {
        let text = serde_json::json!({ "notes": chunk }).to_string();
        // Live answers the new notes' ids; no answer is a refusal of the whole batch.
        let ids = live.call(clip, "add_new_notes", &[Atom::Symbol(text)])?;
        if ids.is_empty() && !chunk.is_empty() {
            return Err(ToolError::new(
                ErrorCode::LiveRejected,
                format!(
                    "Live refused notes {}–{} of {} (add_new_notes gave no note ids); {done} were written",
                    done + 1,
                    done + chunk.len(),
                    notes.len()
                ),
            ));
        }
        done += chunk.len();
    }
    Ok(())
}

/// Removes notes by id, in batches like [`add`]. The ids go as separate arguments:
/// the LiveAPI layer passes this call's arguments through without parsing a dict, so one
/// `{"note_ids":[…]}` text would be refused and remove nothing (core/fake-live/README.md
/// rows 22 and 23).
pub fn remove_ids(live: &mut dyn LivePort, clip: LiveId, ids: &[u64]) -> Result<(), ToolError> {
    for chunk in ids.chunks(ADD_BATCH) {
        let args: Vec<Atom> = chunk
            .iter()
            .filter_map(|id| i64::try_from(*id).ok().map(Atom::Int))
            .collect();
        live.call(clip, "remove_notes_by_id", &args)?;
    }
    Ok(())
}

/// Removes every note of the clip (replace mode, docs/design/tool-rules.md §13).
pub fn remove_all(live: &mut dyn LivePort, clip: LiveId) -> Result<(), ToolError> {
    live.call(
        clip,
        "remove_notes_extended",
        &[
            Atom::Int(0),
            Atom::Int(128),
            Atom::Float(0.0),
            Atom::Float(time::LIVE_MAX_BEATS),
        ],
    )?;
    Ok(())
}

/// Number of notes in the clip's content, from time 0 up to (not including) its content
/// end: update-clip's `noteCount` (docs/design/tool-contract.md §1.14), what Live holds
/// after a write, never what was asked for. See [`count_outside`].
pub fn count(live: &mut dyn LivePort, clip: LiveId) -> Result<i64, ToolError> {
    let (all, outside) = count_outside(live, clip)?;
    Ok(all - outside)
}

/// Every note the clip holds, wherever it starts, and how many of them start at or after
/// the clip's content end (held by Live but never heard, worth a warning). Asks Live for
/// the note ids and starts only (the dictionary form with `return`), so counting 50,000
/// notes moves well under a megabyte; a cut answer falls back to the windowed read.
pub fn count_outside(live: &mut dyn LivePort, clip: LiveId) -> Result<(i64, i64), ToolError> {
    #[derive(Deserialize)]
    struct Start {
        #[serde(default)]
        start_time: f64,
    }
    #[derive(Deserialize)]
    struct Starts {
        notes: Vec<Start>,
    }
    let end = lom::number(live, clip, "end_marker")?.max(lom::number(live, clip, "loop_end")?);
    let window = serde_json::json!({
        "from_pitch": 0, "pitch_span": 128, "from_time": 0.0,
        "time_span": time::LIVE_MAX_BEATS, "return": ["note_id", "start_time"],
    });
    let atoms = live.call(
        clip,
        "get_notes_extended",
        &[Atom::Symbol(window.to_string())],
    )?;
    let text: String = atoms
        .iter()
        .map(Atom::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    let starts: Vec<f64> = match serde_json::from_str::<Starts>(&text) {
        Ok(s) => s.notes.iter().map(|n| n.start_time).collect(),
        Err(_) => read_live(live, clip)?
            .iter()
            .map(|n| n.start_time)
            .collect(),
    };
    let outside = starts.iter().filter(|s| **s >= end - 1e-9).count();
    Ok((starts.len() as i64, outside as i64))
}

/// True when the clip's track plays a Drum Rack as its first instrument.
pub fn drum_mode(live: &mut dyn LivePort, clip: LiveId) -> Result<bool, ToolError> {
    let path = live.path_of(clip)?;
    // The track is the first step below `live_set` (`live_set tracks 2 clip_slots 0 clip`).
    let Some(track) = LomPath::parse(&path)
        .ok()
        .filter(|p| {
            p.live_set_steps()
                .is_some_and(|s| matches!(s.first(), Some((_, Some(_)))))
        })
        .map(|p| p.prefix(1).to_string())
    else {
        return Ok(false);
    };
    let Some(track_id) = lom::resolve(live, &track) else {
        return Ok(false);
    };
    let count = lom::count(live, track_id, "devices")?;
    for i in 0..count {
        let Some(dev) = lom::resolve(live, &format!("{track} devices {i}")) else {
            continue;
        };
        // Device.type: 1 = instrument.
        if lom::int(live, dev, "type")? == 1 {
            return lom::flag(live, dev, "can_have_drum_pads");
        }
    }
    Ok(false)
}

/// The clip's notes as bar|beat text, only those starting in `bars` when given.
pub fn read_formatted(
    live: &mut dyn LivePort,
    clip: LiveId,
    (num, den): (i64, i64),
    bars: Option<(u32, u32)>,
) -> Result<String, ToolError> {
    let mut notes = read(live, clip)?;
    if let Some((first, last)) = bars {
        let bar = time::bar_beats(num, den);
        let (lo, hi) = (f64::from(first - 1) * bar, f64::from(last) * bar);
        notes.retain(|n| n.start_time >= lo - 1e-9 && n.start_time < hi - 1e-9);
    }
    let drum = drum_mode(live, clip)?;
    let opts =
        FormatOptions::time_signature(num.clamp(1, 99) as u32, den.clamp(1, 64) as u32, drum)
            .with_dialect(notation::Dialect::V2);
    notation::format(&notes, &opts).map_err(|e| {
        ToolError::new(
            ErrorCode::Internal,
            format!("notes could not be formatted: {e}"),
        )
    })
}
