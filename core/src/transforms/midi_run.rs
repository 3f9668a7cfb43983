//! The state of one `midi::run` call (docs/design/transforms.md §4): the notes
//! sorted once, and each assignment's pass over the notes it selects (§4.3), with the
//! operator and clamping of §4.5 and §4.6.

use super::ast::{Arg, AssignOp, Assignment, Expr, Func, Param, Var};
use super::eval::{eval, js_max, js_min, js_round, Env, NoteView, Subject};
use super::random::{assignment_key, Draws};
use super::spread::Spread;
use super::{ClipContext, Note, TimeSignature};
use crate::sort;
use std::cmp::Ordering;

/// Tolerance of time-selector membership (docs/design/transforms.md §4.4).
const TOLERANCE: f64 = 1e-6;

/// The state of one call: the sorted notes and what happened to them.
pub(super) struct Run<'a> {
    /// The notes, sorted; deleted ones are still here until the caller drops them.
    pub(super) notes: Vec<Note>,
    /// Whether at least one assignment evaluated on each note.
    pub(super) transformed: Vec<bool>,
    ts: TimeSignature,
    clip: Option<&'a ClipContext>,
    seed: u64,
    /// The clip range of docs/design/transforms.md §4.2 step 6 (musical beats).
    clip_range: (f64, f64),
    /// Scratch: sorted indices of the filtered list and their recorded starts.
    members: Vec<usize>,
    starts: Vec<f64>,
    next_different: Vec<usize>,
}

impl<'a> Run<'a> {
    /// Sorts `sorted` by start, then pitch (docs/design/transforms.md §4.2).
    pub(super) fn new(
        mut sorted: Vec<Note>,
        ts: TimeSignature,
        clip: Option<&'a ClipContext>,
        seed: u64,
    ) -> Self {
        // Finite fields (checked), so this is a total order; the sort is stable.
        sort::sort_by(&mut sorted, |a, b| {
            a.start_time
                .partial_cmp(&b.start_time)
                .unwrap_or(Ordering::Equal)
                .then(a.pitch.partial_cmp(&b.pitch).unwrap_or(Ordering::Equal))
        });
        let k = ts.musical_per_live();
        let first = sorted.first().map_or(0.0, |n| n.start_time * k);
        let last = sorted.last().map_or(0.0, |n| n.start_time * k);
        Run {
            transformed: vec![false; sorted.len()],
            notes: sorted,
            ts,
            clip,
            seed,
            clip_range: (first, last),
            members: Vec::new(),
            starts: Vec::new(),
            next_different: Vec::new(),
        }
    }

    fn view(&self, i: usize) -> NoteView {
        let n = &self.notes[i];
        let k = self.ts.musical_per_live();
        NoteView {
            pitch: n.pitch,
            velocity: n.velocity,
            probability: n.probability,
            deviation: n.velocity_deviation,
            start: n.start_time * k,
            duration: n.duration * k,
        }
    }

    /// docs/design/transforms.md §4.3: one assignment over the filtered list.
    pub(super) fn assignment(
        &mut self,
        a: u64,
        assignment: &Assignment,
        pitch_range: Option<(f64, f64)>,
        warnings: &mut Vec<String>,
    ) {
        // Neighbours (`next.*`, `legato`) need the recorded starts; most texts do not.
        let (neighbours, legato_tolerance) = needs(&assignment.expr);
        self.select(pitch_range, neighbours);
        self.link_next_different(neighbours);
        let time = self.time_window(assignment);
        let members = std::mem::take(&mut self.members);
        let starts = std::mem::take(&mut self.starts);
        let spread = legato_tolerance.then(|| Spread::new(&starts));
        let pass = Pass {
            members: &members,
            starts: &starts,
            spread: spread.as_ref(),
            time,
            range: time.unwrap_or(self.clip_range),
            key: assignment_key(self.seed, a),
        };
        let failures = self.evaluate(&pass, assignment);
        self.members = members;
        self.starts = starts;
        warn_failures(assignment, failures, warnings);
    }

    /// Fills `members` with the notes in `pitch_range` and, when `neighbours` are read,
    /// `starts` with their starts in musical beats.
    fn select(&mut self, pitch_range: Option<(f64, f64)>, neighbours: bool) {
        let k = self.ts.musical_per_live();
        self.members.clear();
        self.starts.clear();
        for (i, n) in self.notes.iter().enumerate() {
            let selected = pitch_range.is_none_or(|(lo, hi)| lo <= n.pitch && n.pitch <= hi);
            if selected {
                self.members.push(i);
                if neighbours {
                    self.starts.push(n.start_time * k);
                }
            }
        }
    }

    /// For each member, the index of the next member with a different start (`count`
    /// when none); left empty when `neighbours` are not read.
    fn link_next_different(&mut self, neighbours: bool) {
        let count = self.members.len();
        self.next_different.clear();
        self.next_different
            .resize(if neighbours { count } else { 0 }, count);
        for j in (0..self.next_different.len().saturating_sub(1)).rev() {
            self.next_different[j] = if self.starts[j + 1] != self.starts[j] {
                j + 1
            } else {
                self.next_different[j + 1]
            };
        }
    }

    /// The assignment's time selector in musical beats from the clip start, if any.
    fn time_window(&self, assignment: &Assignment) -> Option<(f64, f64)> {
        let n = f64::from(self.ts.numerator);
        assignment.time.map(|(from, to)| {
            (
                (from.bar - 1.0) * n + (from.beat - 1.0),
                (to.bar - 1.0) * n + (to.beat - 1.0),
            )
        })
    }

    /// Evaluates the assignment on every member inside the time window and applies
    /// each value; returns the failure messages with their counts, in first-seen order.
    fn evaluate(&mut self, pass: &Pass<'_>, assignment: &Assignment) -> Vec<(String, usize)> {
        let count = pass.members.len();
        let n = f64::from(self.ts.numerator);
        let mut failures: Vec<(String, usize)> = Vec::new();
        for (j, &i) in pass.members.iter().enumerate() {
            let note = self.view(i);
            if let Some((s, e)) = pass.time {
                if !(s - TOLERANCE <= note.start && note.start <= e + TOLERANCE) {
                    continue;
                }
            }
            let next_index = self.next_different.get(j).copied().unwrap_or(count);
            let next = pass.members.get(next_index).map(|&m| self.view(m));
            let mut env = Env {
                pos: note.start,
                numerator: n,
                clip: self.clip,
                range: pass.range,
                subject: Subject::Midi {
                    note,
                    index: j,
                    count,
                    next,
                    starts: pass.starts,
                    next_different: next_index,
                    spread: pass.spread,
                },
                draws: Draws::new(pass.key, i as u64),
            };
            match eval(&assignment.expr, &mut env) {
                Ok(value) => {
                    self.apply(i, &note, assignment, value);
                    self.transformed[i] = true;
                }
                Err(message) => match failures.iter_mut().find(|(m, _)| *m == message) {
                    Some((_, c)) => *c += 1,
                    None => failures.push((message, 1)),
                },
            }
        }
        failures
    }

    /// docs/design/transforms.md §4.5 and §4.6: the operator, then the field's clamping.
    fn apply(&mut self, i: usize, cur: &NoteView, assignment: &Assignment, e: f64) {
        let current = match assignment.param {
            Param::Velocity => cur.velocity,
            Param::Pitch => cur.pitch,
            Param::Timing => cur.start,
            Param::Duration => cur.duration,
            Param::Probability => cur.probability,
            Param::Deviation => cur.deviation,
            Param::Gain | Param::PitchShift => return,
        };
        let (value, add) = match assignment.op {
            AssignOp::Set => (e, false),
            AssignOp::Add => (e, true),
            AssignOp::Sub => (0.0 - e, true),
            AssignOp::Mul => (current * e, false),
            AssignOp::Div => (if e == 0.0 { 0.0 } else { current / e }, false),
        };
        let live = self.ts.live_per_musical();
        let note = &mut self.notes[i];
        match assignment.param {
            Param::Velocity => {
                let v = if add { note.velocity + value } else { value };
                note.velocity = js_min(127.0, v);
            }
            Param::Pitch => {
                let v = if add { note.pitch + value } else { value };
                note.pitch = js_max(0.0, js_min(127.0, js_round(v)));
            }
            Param::Timing => {
                note.start_time = if add {
                    note.start_time + value * live
                } else {
                    value * live
                };
            }
            Param::Duration => {
                note.duration = if add {
                    note.duration + value * live
                } else {
                    value * live
                };
            }
            Param::Probability => {
                let v = if add { note.probability + value } else { value };
                note.probability = js_max(0.0, js_min(1.0, v));
            }
            Param::Deviation => {
                let v = if add {
                    note.velocity_deviation + value
                } else {
                    value
                };
                note.velocity_deviation = js_max(-127.0, js_min(127.0, v));
            }
            Param::Gain | Param::PitchShift => {}
        }
    }
}

/// What one assignment's evaluation pass reads besides the notes: the selected members,
/// their starts (when neighbours are read), the time window and the random key.
struct Pass<'p> {
    members: &'p [usize],
    starts: &'p [f64],
    spread: Option<&'p Spread>,
    time: Option<(f64, f64)>,
    /// The active range of docs/design/transforms.md §4.4 (musical beats).
    range: (f64, f64),
    key: u64,
}

/// One warning per distinct failure message of an assignment, counted ` (×k)`.
fn warn_failures(
    assignment: &Assignment,
    failures: Vec<(String, usize)>,
    warnings: &mut Vec<String>,
) {
    for (message, times) in failures {
        let mut w = format!(
            "Failed to evaluate transform for parameter \"{}\": {message}",
            assignment.param.name()
        );
        if times > 1 {
            w.push_str(&format!(" (×{times})"));
        }
        warnings.push(w);
    }
}

/// What an expression reads beyond its own note: (`next.*` or `legato`, `legato`
/// with a tolerance).
fn needs(e: &Expr) -> (bool, bool) {
    match e {
        Expr::Num(_) | Expr::Pitch(_) => (false, false),
        Expr::Var(v) => (matches!(v, Var::Next(_)), false),
        Expr::Neg(inner) => needs(inner),
        Expr::Bin(_, l, r) => {
            let (a, b) = (needs(l), needs(r));
            (a.0 || b.0, a.1 || b.1)
        }
        Expr::Call { func, args, .. } => {
            let own = *func == Func::Legato;
            args.iter()
                .fold((own, own && !args.is_empty()), |acc, a| match a {
                    Arg::Expr(e) => {
                        let n = needs(e);
                        (acc.0 || n.0, acc.1 || n.1)
                    }
                    Arg::Period { .. } => acc,
                })
        }
    }
}
