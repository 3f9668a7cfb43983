//! A clip's region and markers (`loop_start`, `loop_end`, `start_marker`, `end_marker`)
//! and the order Live needs them written in (docs/design/tool-rules.md §13 step 1): a
//! start may never pass its end, even for a moment, so when a new start lies at or after
//! the current end the end is written first.

use crate::live::{Atom, LiveId, LivePort};
use crate::tools::framework::error::ToolError;
use crate::tools::framework::lom;

/// Tolerance for comparing beat positions read back from Live.
pub const EPS: f64 = 1e-6;

/// The four markers of a clip, in Live beats.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Markers {
    /// `loop_start`.
    pub loop_start: f64,
    /// `loop_end`.
    pub loop_end: f64,
    /// `start_marker`.
    pub start_marker: f64,
    /// `end_marker`.
    pub end_marker: f64,
}

impl Markers {
    /// Reads the four markers.
    pub fn read(live: &mut dyn LivePort, clip: LiveId) -> Result<Markers, ToolError> {
        Ok(Markers {
            loop_start: lom::number(live, clip, "loop_start")?,
            loop_end: lom::number(live, clip, "loop_end")?,
            start_marker: lom::number(live, clip, "start_marker")?,
            end_marker: lom::number(live, clip, "end_marker")?,
        })
    }

    /// All four set to one region `[start, end)`.
    pub fn region(start: f64, end: f64) -> Markers {
        Markers {
            loop_start: start,
            loop_end: end,
            start_marker: start,
            end_marker: end,
        }
    }
}

/// Writes the markers of `new` that differ from `old`, in Live's order: `loop_end`
/// first when the new `loop_start` is at or after the current `loop_end` (and likewise
/// `end_marker` first for the start marker), then `loop_start`, `start_marker`,
/// `loop_end`, `end_marker`. Returns the names Live did not keep (read back), so the
/// caller can warn.
pub fn write(
    live: &mut dyn LivePort,
    clip: LiveId,
    old: Markers,
    new: Markers,
) -> Result<Vec<&'static str>, ToolError> {
    let changed = |a: f64, b: f64| (a - b).abs() > EPS;
    let mut order: Vec<(&'static str, f64)> = Vec::with_capacity(6);
    if changed(new.loop_start, old.loop_start) && new.loop_start >= old.loop_end - EPS {
        order.push(("loop_end", new.loop_end));
    }
    if changed(new.start_marker, old.start_marker) && new.start_marker >= old.end_marker - EPS {
        order.push(("end_marker", new.end_marker));
    }
    let rest = [
        ("loop_start", new.loop_start, old.loop_start),
        ("start_marker", new.start_marker, old.start_marker),
        ("loop_end", new.loop_end, old.loop_end),
        ("end_marker", new.end_marker, old.end_marker),
    ];
    for (name, value, before) in rest {
        // An end written early is written again in its place: harmless, and a value
        // Live clamped the first time is retried now that the start has moved.
        if changed(value, before) {
            order.push((name, value));
        }
    }
    for (name, value) in &order {
        live.set(clip, name, &[Atom::Float(*value)])?;
    }
    let after = Markers::read(live, clip)?;
    let mut refused = Vec::new();
    for (name, want, got) in [
        ("loop_start", new.loop_start, after.loop_start),
        ("loop_end", new.loop_end, after.loop_end),
        ("start_marker", new.start_marker, after.start_marker),
        ("end_marker", new.end_marker, after.end_marker),
    ] {
        if order.iter().any(|(n, _)| *n == name) && changed(want, got) {
            refused.push(name);
        }
    }
    Ok(refused)
}
