//! Reading a MIDI clip's notes (tools.md 1.14) and formatting them as bar|beat text.

use super::error::{ErrorCode, ToolError};
use super::{lom, time};
use crate::live::{Atom, LiveId, LivePort};
use crate::notation::{self, FormatNote, FormatOptions};
use serde::Deserialize;

#[derive(Deserialize)]
struct NotesJson {
    notes: Vec<FormatNote>,
}

/// All notes of a clip over its whole content (`max(end_marker, loop_end)`), sorted by
/// start time then pitch (Live returns them sorted by pitch).
pub fn read(live: &mut dyn LivePort, clip: LiveId) -> Result<Vec<FormatNote>, ToolError> {
    let span = lom::number(live, clip, "end_marker")?.max(lom::number(live, clip, "loop_end")?);
    let atoms = live.call(
        clip,
        "get_notes_extended",
        &[
            Atom::Int(0),
            Atom::Int(128),
            Atom::Float(0.0),
            Atom::Float(span.max(0.0) + 1e-6),
        ],
    )?;
    let text: String = atoms
        .iter()
        .map(Atom::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    let mut notes = serde_json::from_str::<NotesJson>(&text)
        .map_err(|e| {
            ToolError::new(
                ErrorCode::Internal,
                format!("Live's note list could not be read: {e}"),
            )
        })?
        .notes;
    notes.sort_by(|a, b| {
        a.start_time
            .total_cmp(&b.start_time)
            .then(a.pitch.total_cmp(&b.pitch))
    });
    Ok(notes)
}

/// True when the clip's track plays a Drum Rack as its first instrument.
pub fn drum_mode(live: &mut dyn LivePort, clip: LiveId) -> Result<bool, ToolError> {
    let path = live.path_of(clip)?;
    let words: Vec<&str> = path.split_whitespace().collect();
    let Some(track) = (words.len() >= 3 && words[0] == "live_set")
        .then(|| format!("{} {} {}", words[0], words[1], words[2]))
    else {
        return Ok(false);
    };
    let Some(track_id) = lom::resolve(live, &track) else {
        return Ok(false);
    };
    let count = live.get_count(track_id, "devices")?;
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
        FormatOptions::time_signature(num.clamp(1, 99) as u32, den.clamp(1, 64) as u32, drum);
    notation::format(&notes, &opts).map_err(|e| {
        ToolError::new(
            ErrorCode::Internal,
            format!("notes could not be formatted: {e}"),
        )
    })
}
