//! Quantise for update-clip (docs/design/tool-rules.md §13 step 4): Live's `quantize` /
//! `quantize_pitch` with a read-back (docs/design/tool-contract.md §3.4) — when notes
//! were off the grid and none moved, Live ignored the call and the tool says so.

use crate::live::{Atom, LiveId, LivePort};
use crate::notation::{self, Element};
use crate::sort;
use crate::tools::common::clip::notes;
use crate::tools::framework::error::ToolError;

/// The quantise request after validation.
#[derive(Clone, Copy, Debug)]
pub struct Quantize {
    /// Strength 0–1.
    pub amount: f64,
    /// Live's grid code 1…8.
    pub grid: i64,
    /// Only notes of this pitch.
    pub pitch: Option<u8>,
}

/// A pitch name such as `C3` or `F#-1` as a MIDI number.
pub fn pitch_of(name: &str) -> Option<u8> {
    let ast = notation::parse(name.trim()).ok()?;
    match ast.elements.as_slice() {
        [one] => match one.element {
            Element::Pitch { pitch } => Some(pitch),
            _ => None,
        },
        _ => None,
    }
}

/// Grid steps of a grid code, in beats.
fn grid_steps(code: i64) -> &'static [f64] {
    match code {
        1 => &[1.0],
        2 => &[0.5],
        3 => &[1.0 / 3.0],
        4 => &[0.5, 1.0 / 3.0],
        5 => &[0.25],
        6 => &[1.0 / 6.0],
        7 => &[0.25, 1.0 / 6.0],
        _ => &[0.125],
    }
}

/// Step 4: quantise, warning when Live moved nothing although notes were off the grid.
pub fn quantize(
    live: &mut dyn LivePort,
    clip: LiveId,
    q: Quantize,
    warnings: &mut Vec<String>,
) -> Result<(), ToolError> {
    let starts = |live: &mut dyn LivePort| -> Result<Vec<f64>, ToolError> {
        Ok(notes::read_live(live, clip)?
            .iter()
            .filter(|n| q.pitch.is_none_or(|p| n.pitch == f64::from(p)))
            .map(|n| n.start_time)
            .collect())
    };
    let before = starts(&mut *live)?;
    let off_grid = q.amount > 0.0
        && before.iter().any(|s| {
            grid_steps(q.grid)
                .iter()
                .all(|g| ((s / g).round() * g - s).abs() > 1e-6)
        });
    match q.pitch {
        Some(pitch) => live.call(
            clip,
            "quantize_pitch",
            &[
                Atom::Int(i64::from(pitch)),
                Atom::Int(q.grid),
                Atom::Float(q.amount),
            ],
        )?,
        None => live.call(
            clip,
            "quantize",
            &[Atom::Int(q.grid), Atom::Float(q.amount)],
        )?,
    };
    if off_grid {
        let mut after = starts(&mut *live)?;
        let mut sorted = before;
        sort::sort_numbers(&mut sorted);
        sort::sort_numbers(&mut after);
        if sorted == after {
            warnings.push(
                "quantize changed no notes; Live may have ignored it — use the transform quant() instead"
                    .into(),
            );
        }
    }
    Ok(())
}
