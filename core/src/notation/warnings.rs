//! The warning texts of docs/design/notation.md §4.10 (W1–W15) and bar|beat 2's W16, in one place so
//! they stay exact.

use super::numbers::render;

/// W1: a single position met an empty pitch buffer.
pub(crate) fn no_pitches(bar: f64, beat: f64) -> String {
    format!(
        "Time position {}|{} has no pitches",
        render(bar),
        render(beat)
    )
}

/// W2: a repeat with several positions met an empty pitch buffer.
pub(crate) fn repeat_no_pitches(bar: f64, beat: f64) -> String {
    format!(
        "Time position has no pitches (first position: {}|{})",
        render(bar),
        render(beat)
    )
}

/// W3: a repeat count above 100.
pub(crate) fn excessive_repeat(count: f64) -> String {
    format!(
        "Repeat pattern generates {} notes, which may be excessive",
        render(count)
    )
}

/// W4: pitches left in the buffer at the end of the input.
pub(crate) fn unemitted_at_end(n: usize) -> String {
    format!("{n} pitch(es) buffered but no time position to emit them")
}

/// W5: a state token between a group's pitches and its time position.
pub(crate) const LATE_STATE_CHANGE: &str =
    "state change after pitch(es) but before time position won't affect this group";

/// W6: pitches dropped by a copy or `@clear`.
pub(crate) fn unemitted_before(n: usize, op: &str) -> String {
    format!("{n} pitch(es) buffered but not emitted before {op}")
}

/// W7: a state change that nothing used before a copy or `@clear`.
pub(crate) fn wasted_state(op: &str) -> String {
    format!("state change won't affect anything before {op}")
}

/// W8: the copy source has no recorded notes.
pub(crate) fn empty_bar(bar: f64) -> String {
    format!("Bar {} is empty, nothing to copy", render(bar))
}

/// W9: `@D=S` with S = D.
pub(crate) fn copy_to_itself(bar: f64) -> String {
    format!(
        "Cannot copy bar {} to itself (would cause infinite loop)",
        render(bar)
    )
}

/// W10: a destination range contains its source bar.
pub(crate) fn skip_self(bar: f64) -> String {
    format!("Skipping copy of bar {} to itself", render(bar))
}

/// W11: `@1=`.
pub(crate) const PREVIOUS_AT_BAR_ONE: &str =
    "Cannot copy from previous bar when at bar 1 or earlier";

/// W12: `@1-N=`.
pub(crate) fn previous_at_range_start(first: f64) -> String {
    format!(
        "Cannot copy from previous bar when destination starts at bar {}",
        render(first)
    )
}

/// W13: `@D=S1-S2` with S1 > S2.
pub(crate) fn reversed_source(first: f64, last: f64) -> String {
    format!(
        "Invalid source range {}-{} (start > end)",
        render(first),
        render(last)
    )
}

/// W14: `@D1-D2=S1-S2` with S1 > S2.
pub(crate) fn reversed_tile_source(d1: f64, d2: f64, s1: f64, s2: f64) -> String {
    format!(
        "Invalid source range @{}-{}={}-{} (start > end)",
        render(d1),
        render(d2),
        render(s1),
        render(s2)
    )
}

/// W15: a destination range with D1 > D2.
pub(crate) fn reversed_destination(d1: f64, d2: f64) -> String {
    format!(
        "Invalid destination range @{}-{}= (start > end)",
        render(d1),
        render(d2)
    )
}

/// W16 (bar|beat 2): a time item with a position before 1|1; `spec` as written.
pub(crate) fn before_start(bar: f64, spec: &str) -> String {
    format!(
        "Position {}|{spec} lies before 1|1, so its notes start before the clip (negative time)",
        render(bar)
    )
}

/// Most warnings one interpretation keeps. A warning costs a few dozen bytes, and
/// pathological text (thousands of empty copy sources) could otherwise grow the list
/// far beyond anything a reader uses; the rest are counted in one closing line.
pub const MAX_WARNINGS: usize = 100;

/// The warnings of one interpretation, capped at [`MAX_WARNINGS`].
#[derive(Default)]
pub(crate) struct WarningList {
    items: Vec<String>,
    dropped: usize,
}

impl WarningList {
    /// Adds `text`, or counts it once the list is full.
    pub(crate) fn push(&mut self, text: String) {
        if self.items.len() < MAX_WARNINGS {
            self.items.push(text);
        } else {
            self.dropped += 1;
        }
    }

    /// The kept warnings plus, when some were dropped, a line saying how many.
    pub(crate) fn take(&mut self) -> Vec<String> {
        let mut items = std::mem::take(&mut self.items);
        if self.dropped > 0 {
            items.push(format!(
                "{} more warning(s) not shown (at most {MAX_WARNINGS} are listed)",
                self.dropped
            ));
            self.dropped = 0;
        }
        items
    }
}
