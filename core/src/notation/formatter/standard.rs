//! Standard mode (spec 6.4): time groups, comma-merged batches, one position token
//! per batch.

use super::numfmt::{fmt_beat, fmt_int};
use super::state::Writer;
use super::Placed;

/// Writes `notes` (sorted and placed) in standard mode.
pub(super) fn write(w: &mut Writer<'_>, notes: &[Placed]) {
    let groups = time_groups(notes);
    let mut merged = vec![false; groups.len()];
    let mut batch: Vec<usize> = Vec::new();
    for g in 0..groups.len() {
        if merged[g] {
            continue;
        }
        batch.clear();
        batch.push(g);
        let first = &notes[groups[g].clone()];
        let bar = first[0].bar;
        for h in g + 1..groups.len() {
            let other = &notes[groups[h].clone()];
            if other[0].bar != bar {
                break;
            }
            if !merged[h] && matches(first, other) {
                merged[h] = true;
                batch.push(h);
            }
        }
        if first.iter().all(|n| n.same_state(&first[0])) {
            w.state_for(&first[0]);
            for n in first {
                w.pitch(n.pitch);
            }
        } else {
            for n in first {
                w.state_for(n);
                w.pitch(n.pitch);
            }
        }
        let out = w.token();
        fmt_int(out, bar);
        out.push('|');
        for (i, &h) in batch.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            fmt_beat(out, notes[groups[h].start].beat);
        }
    }
}

/// 6.4 step 1: index ranges of notes sharing a bar and (within 0.001) the beat of
/// the group's first note.
fn time_groups(notes: &[Placed]) -> Vec<std::ops::Range<usize>> {
    let mut groups = Vec::new();
    let mut start = 0;
    for i in 1..notes.len() {
        let head = &notes[start];
        if notes[i].bar != head.bar || (notes[i].beat - head.beat).abs() > 0.001 {
            groups.push(start..i);
            start = i;
        }
    }
    if !notes.is_empty() {
        groups.push(start..notes.len());
    }
    groups
}

/// 6.4 step 2: same size and, note by note, same pitch and same state.
fn matches(a: &[Placed], b: &[Placed]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| x.pitch == y.pitch && x.same_state(y))
}
