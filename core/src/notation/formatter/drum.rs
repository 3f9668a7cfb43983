//! Drum mode (docs/design/notation.md §6.8): one section per pad, runs of equal state,
//! and repeat detection when `bar|beat x count @step` is shorter than the list.

use super::numfmt::{fmt_int, fmt_unsigned};
use super::state::Writer;
use super::Placed;
use crate::notation::dialect::Dialect;

/// Writes `notes` (sorted and placed) in drum mode.
pub(super) fn write(w: &mut Writer<'_>, notes: &[Placed]) {
    // Pads in order of their first note; each pad's notes keep the sorted order.
    let mut pad_of_pitch = [usize::MAX; 128];
    let mut pads: Vec<Vec<usize>> = Vec::new();
    for (i, n) in notes.iter().enumerate() {
        let slot = &mut pad_of_pitch[usize::from(n.pitch & 0x7f)];
        if *slot == usize::MAX {
            *slot = pads.len();
            pads.push(Vec::new());
        }
        pads[*slot].push(i);
    }
    let mut list = String::new();
    let mut run: Vec<&Placed> = Vec::new();
    for pad in &pads {
        let mut i = 0;
        while i < pad.len() {
            let head = &notes[pad[i]];
            run.clear();
            // The head always starts its run: a NaN field makes a note unequal even to
            // itself, and the run must still advance.
            run.push(head);
            i += 1;
            while i < pad.len() && notes[pad[i]].same_state(head) {
                run.push(&notes[pad[i]]);
                i += 1;
            }
            w.state_for(head);
            w.pitch(head.pitch);
            write_positions(w, &run, &mut list);
        }
        w.end_line();
    }
}

/// A run's positions as per-bar lists (`1|1,2 2|1`), beats spelled by `beat`.
fn push_list(list: &mut String, run: &[&Placed], mut beat: impl FnMut(&mut String, f64)) {
    list.clear();
    let mut bar = f64::NAN;
    for n in run {
        if n.bar == bar {
            list.push(',');
        } else {
            if !list.is_empty() {
                list.push(' ');
            }
            fmt_int(list, n.bar);
            list.push('|');
            bar = n.bar;
        }
        beat(list, n.beat);
    }
}

/// Writes a run's positions as a repeat or as per-bar lists (6.8 step 3).
///
/// The choice compares lengths in the core spelling in both dialects, so bar|beat 2
/// makes the same choice and only spells the winner differently.
fn write_positions(w: &mut Writer<'_>, run: &[&Placed], list: &mut String) {
    push_list(list, run, |out, x| w.spelling.beat_core(out, x));
    let v2 = w.dialect == Dialect::V2;
    if let Some(step) = repeat_step(run, w.meter.beats_per_bar) {
        let current_duration = w.duration;
        let k = w.meter.scale;
        let (out, spelling) = w.token_with_spelling();
        let start = out.len();
        fmt_int(out, run[0].bar);
        out.push('|');
        spelling.beat_core(out, run[0].beat);
        let head_len = out.len() - start;
        fmt_int(out, run.len() as f64);
        let count_len = out.len() - start - head_len;
        let step_start = out.len();
        fmt_unsigned(out, step);
        let step_len = out.len() - step_start;
        out.truncate(start);
        // The estimate always counts `x`, the count, `@` and the step.
        if head_len + 1 + count_len + 1 + step_len < list.len() {
            fmt_int(out, run[0].bar);
            out.push('|');
            spelling.beat(out, run[0].beat);
            out.push('x');
            fmt_int(out, run.len() as f64);
            if (step - current_duration).abs() > 0.001 {
                out.push('@');
                if v2 {
                    out.push('n');
                    spelling.note_value(out, step * k);
                } else {
                    fmt_unsigned(out, step);
                }
            }
        } else if v2 {
            push_list(list, run, |o, x| spelling.beat(o, x));
            out.push_str(list);
        } else {
            out.push_str(list);
        }
        return;
    }
    if v2 {
        let spelling = &mut w.spelling;
        push_list(list, run, |o, x| spelling.beat(o, x));
    }
    w.token().push_str(list);
}

/// The common step of an evenly spaced run of at least three notes (musical beats).
fn repeat_step(run: &[&Placed], beats_per_bar: f64) -> Option<f64> {
    if run.len() < 3 {
        return None;
    }
    let abs = |n: &Placed| (n.bar - 1.0) * beats_per_bar + (n.beat - 1.0);
    let step = abs(run[1]) - abs(run[0]);
    if step.partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater) {
        return None;
    }
    run.windows(2)
        .skip(1)
        .all(|p| (abs(p[1]) - abs(p[0]) - step).abs() <= 0.002)
        .then_some(step)
}
