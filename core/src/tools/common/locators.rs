//! Arrangement locators (Song `cue_points`, docs/design/tool-contract.md §1.2,
//! docs/design/tool-rules.md §3, §4, §18, §20): listing them in time order with their
//! `locator-N` ids, finding one by id or name, and the playhead check every locator edit
//! needs. Callers read the list once per call, so every lookup of a call sees one list.

use crate::live::{Atom, LiveId, LivePort};
use crate::sort;
use crate::tools::common::time;
use crate::tools::framework::error::{quoted, ToolError};
use crate::tools::framework::lom;
use schemars::JsonSchema;
use serde::Serialize;

/// Two times closer than this (in beats) are the same locator position.
pub const SAME_TIME: f64 = 0.001;
/// How often the playhead is polled after a move (10 ms apart,
/// docs/design/tool-rules.md §4 step 4).
pub const POLL_TRIES: u64 = 10;
/// Delay between two playhead polls, in milliseconds.
pub const POLL_MS: u64 = 10;

/// One locator as Live has it.
#[derive(Clone, Debug, PartialEq)]
pub struct Cue {
    /// The CuePoint's Live id.
    pub live_id: LiveId,
    /// Its name (may be empty).
    pub name: String,
    /// Song time in beats.
    pub time: f64,
}

/// A locator as results show it.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Locator {
    /// `locator-N`, N its position in time order.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Position as bar|beat in the Song's signature.
    pub time: String,
}

/// The `locator-N` id of the locator at `index` in time order.
pub fn id_text(index: usize) -> String {
    format!("locator-{index}")
}

/// The index of a `locator-N` id, if the text has that shape.
pub fn parse_id(text: &str) -> Option<usize> {
    text.strip_prefix("locator-")
        .filter(|n| !n.is_empty() && n.len() <= 6 && n.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|n| n.parse().ok())
}

/// Finds a locator by id (`locator-N`) or name (first match in time order);
/// `NOT_FOUND` otherwise. `param` names the argument in messages.
pub fn find<'a>(all: &'a [Cue], text: &str, param: &str) -> Result<&'a Cue, ToolError> {
    let text = text.trim();
    match parse_id(text) {
        Some(i) => all.get(i).ok_or_else(|| {
            ToolError::not_found(format!(
                "{param} {} does not exist (the Set has {} locators)",
                quoted(text),
                all.len()
            ))
        }),
        None => all.iter().find(|l| l.name == text).ok_or_else(|| {
            ToolError::not_found(format!(
                "{param}: no locator named {} (the Set has {} locators)",
                quoted(text),
                all.len()
            ))
        }),
    }
}

/// Every locator of the Song, in time order.
pub fn list(live: &mut dyn LivePort, song: LiveId) -> Result<Vec<Cue>, ToolError> {
    let atoms = live.get(song, "cue_points")?;
    let mut out = Vec::new();
    for pair in atoms.chunks(2) {
        let [Atom::Symbol(tag), id] = pair else {
            continue;
        };
        let Some(n) = id.as_i64().filter(|n| *n > 0 && tag == "id") else {
            continue;
        };
        let live_id = LiveId(n as u64);
        out.push(Cue {
            live_id,
            name: lom::text(live, live_id, "name")?,
            time: lom::number(live, live_id, "time")?,
        });
    }
    sort::sort_by(&mut out, |a, b| a.time.total_cmp(&b.time));
    Ok(out)
}

/// The locators as results show them, in the Song's signature.
pub fn shown(cues: &[Cue], sig: (i64, i64)) -> Vec<Locator> {
    cues.iter()
        .enumerate()
        .map(|(i, c)| Locator {
            id: id_text(i),
            name: c.name.clone(),
            time: time::position(c.time, sig.0, sig.1),
        })
        .collect()
}

/// The index (time order) of the locator within [`SAME_TIME`] of `t`.
pub fn at_time(cues: &[Cue], t: f64) -> Option<usize> {
    cues.iter().position(|c| (c.time - t).abs() < SAME_TIME)
}

/// True when the playhead reads within [`SAME_TIME`] of `t`.
pub fn playhead_at(live: &mut dyn LivePort, song: LiveId, t: f64) -> Result<bool, ToolError> {
    Ok((lom::number(live, song, "current_song_time")? - t).abs() < SAME_TIME)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_reject_other_shapes() {
        assert_eq!(parse_id(&id_text(7)), Some(7));
        for bad in [
            "locator-",
            "locator--1",
            "locator-x",
            "cue-1",
            "locator-99999999",
        ] {
            assert_eq!(parse_id(bad), None, "{bad}");
        }
    }

    #[test]
    fn find_takes_ids_then_names_and_says_what_is_missing() {
        let cue = |name: &str, time| Cue {
            live_id: LiveId(1),
            name: name.into(),
            time,
        };
        let all = [cue("Intro", 0.0), cue("Drop", 16.0), cue("Drop", 32.0)];
        assert_eq!(find(&all, " locator-1 ", "locator").unwrap().time, 16.0);
        assert_eq!(find(&all, "Drop", "locator").unwrap().time, 16.0);
        let e = find(&all, "locator-3", "startLocator").unwrap_err();
        assert!(
            e.message
                .contains("startLocator \"locator-3\" does not exist (the Set has 3 locators)"),
            "{}",
            e.message
        );
        let e = find(&all, "Bridge", "locator").unwrap_err();
        assert!(
            e.message.contains("locator: no locator named \"Bridge\""),
            "{}",
            e.message
        );
    }
}
