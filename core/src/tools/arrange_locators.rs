//! Arrangement locators (Live's cue points) as duplicate and playback name them (tools.md
//! 1.2): by id
//! `locator-N` (N = 0-based position in `live_set cue_points`, ordered by time) or by
//! name (first match). Read once per call, so every lookup of a call sees one list.

use super::error::{quoted, ToolError};
use super::{lom, overview};
use crate::live::{LiveId, LivePort};

/// One locator.
#[derive(Clone, Debug, PartialEq)]
pub struct Locator {
    /// Position in `live_set cue_points` (the N of `locator-N`).
    pub index: usize,
    /// The CuePoint's Live id.
    pub live_id: LiveId,
    /// Song time in beats.
    pub time: f64,
    /// Name as Live stores it.
    pub name: String,
}

impl Locator {
    /// The tool id, `locator-N`.
    pub fn id(&self) -> String {
        format!("locator-{}", self.index)
    }
}

/// Most locators read; far above what a Set holds, so a broken answer cannot loop long.
pub const MAX_LOCATORS: usize = 10_000;

/// Every locator of the Set, in `cue_points` order.
pub fn list(live: &mut dyn LivePort) -> Result<Vec<Locator>, ToolError> {
    let song = overview::song(live)?;
    let n = live.get_count(song, "cue_points")?.min(MAX_LOCATORS);
    let mut out = Vec::with_capacity(n);
    for index in 0..n {
        let Some(live_id) = lom::resolve(live, &format!("live_set cue_points {index}")) else {
            continue;
        };
        out.push(Locator {
            index,
            live_id,
            time: lom::number(live, live_id, "time")?,
            name: lom::text(live, live_id, "name")?,
        });
    }
    Ok(out)
}

/// The index of a `locator-N` id; `None` when the text does not look like one (it is
/// then a name).
pub fn id_index(text: &str) -> Option<usize> {
    let digits = text.trim().strip_prefix("locator-")?;
    if digits.is_empty() || digits.len() > 9 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// Finds a locator by id (`locator-N`) or name (first match); `NOT_FOUND` otherwise.
/// `param` names the argument in messages.
pub fn find<'a>(all: &'a [Locator], text: &str, param: &str) -> Result<&'a Locator, ToolError> {
    match id_index(text) {
        Some(i) => all.get(i).ok_or_else(|| {
            ToolError::not_found(format!(
                "{param} {} does not exist (the Set has {} locators)",
                quoted(text.trim()),
                all.len()
            ))
        }),
        None => all.iter().find(|l| l.name == text.trim()).ok_or_else(|| {
            ToolError::not_found(format!(
                "{param}: no locator named {} (the Set has {} locators)",
                quoted(text.trim()),
                all.len()
            ))
        }),
    }
}
