//! Standard mode (docs/design/notation.md §6.4): time groups, comma-merged batches, one
//! position token per batch.

use super::state::Writer;
use super::Placed;
use std::ops::Range;

/// Writes `notes` (sorted and placed) in standard mode.
///
/// Merging (docs/design/notation.md §6.4 step 2) never crosses a bar, so the work is done
/// bar by bar with buffers reused across bars.
pub(super) fn write(w: &mut Writer<'_>, notes: &[Placed]) {
    let mut groups: Vec<Range<usize>> = Vec::new();
    let mut merged: Vec<bool> = Vec::new();
    let mut batch: Vec<usize> = Vec::new();
    let mut start = 0;
    while start < notes.len() {
        let end = bar_groups(notes, start, &mut groups);
        merged.clear();
        merged.resize(groups.len(), false);
        write_bar(w, notes, &groups, &mut merged, &mut batch);
        start = end;
    }
}

/// docs/design/notation.md §6.4 step 1 for the bar starting at `start`: fills `groups`
/// with index ranges of notes sharing the bar and (within 0.001) the beat of the group's
/// first note, and returns where the next bar starts. Sorted notes keep a bar's notes
/// together; a NaN bar equals nothing and so is a bar of one note.
fn bar_groups(notes: &[Placed], start: usize, groups: &mut Vec<Range<usize>>) -> usize {
    groups.clear();
    let bar = notes[start].bar;
    let mut head = start;
    for (i, n) in notes.iter().enumerate().skip(start + 1) {
        if n.bar != bar {
            groups.push(head..i);
            return i;
        }
        if (n.beat - notes[head].beat).abs() > 0.001 {
            groups.push(head..i);
            head = i;
        }
    }
    groups.push(head..notes.len());
    notes.len()
}

/// Writes one bar's groups (docs/design/notation.md §6.4 steps 2–4): each group not yet
/// merged into an earlier one, then one position token for it and the later groups it
/// matches.
fn write_bar(
    w: &mut Writer<'_>,
    notes: &[Placed],
    groups: &[Range<usize>],
    merged: &mut [bool],
    batch: &mut Vec<usize>,
) {
    for (g, range) in groups.iter().enumerate() {
        if merged[g] {
            continue;
        }
        let first = &notes[range.clone()];
        batch.clear();
        for (h, other) in groups.iter().enumerate().skip(g + 1) {
            if !merged[h] && matches(first, &notes[other.clone()]) {
                merged[h] = true;
                batch.push(other.start);
            }
        }
        let head = &first[0];
        if first[1..].iter().all(|n| n.same_state(head)) {
            w.state_for(head);
            for n in first {
                w.pitch(n.pitch);
            }
        } else {
            for n in first {
                w.state_for(n);
                w.pitch(n.pitch);
            }
        }
        let (out, spelling) = w.token_with_spelling();
        spelling.bar(out, head.bar);
        out.push('|');
        spelling.beat(out, head.beat);
        for &h in batch.iter() {
            out.push(',');
            spelling.beat(out, notes[h].beat);
        }
        w.end_line();
    }
}

/// docs/design/notation.md §6.4 step 2: same size and, note by note, same pitch and same
/// state.
fn matches(a: &[Placed], b: &[Placed]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| x.pitch == y.pitch && x.same_state(y))
}
