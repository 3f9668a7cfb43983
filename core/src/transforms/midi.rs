//! Applying a transform to MIDI notes (docs/design/transforms.md §4): sort once, run the
//! assignments assignment-major over the selected notes, clamp per assignment, delete at
//! the end.

use super::ast::{Arg, AssignOp, Assignment, Expr, Func, Param, Var};
use super::eval::{eval, js_max, js_min, js_round, Env, NoteView, Subject};
use super::random::{assignment_key, Draws};
use super::spread::Spread;
use super::{
    ClipContext, Note, TimeSignature, Transform, TransformError, TransformErrorKind, MAX_NOTES,
    MAX_WORK,
};
use std::cmp::Ordering;

/// The result of [`apply_midi`] besides the notes themselves.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MidiOutcome {
    /// Notes on which at least one assignment evaluated (docs/design/transforms.md §4.7),
    /// including deleted ones; `None` only for an empty text.
    pub transformed: Option<usize>,
    /// Warnings in emission order (docs/design/transforms.md §8.2), collapsed per
    /// assignment with ` (×k)`.
    pub warnings: Vec<String>,
}

/// Tolerance of time-selector membership (docs/design/transforms.md §4.4).
const TOLERANCE: f64 = 1e-6;

const AUDIO_IGNORED: &str = "Audio parameters (gain, pitchShift) ignored for MIDI clips";

/// Transforms `notes` in place with `text` (docs/design/transforms.md §4). On success
/// `notes` holds the survivors in the order of docs/design/transforms.md §4.2 step 5; on
/// error `notes` is untouched.
pub fn apply_midi(
    notes: &mut Vec<Note>,
    text: &str,
    time_signature: TimeSignature,
    clip: Option<&ClipContext>,
    seed: u64,
) -> Result<MidiOutcome, TransformError> {
    Transform::parse(text)?.apply_midi(notes, time_signature, clip, seed)
}

/// [`Transform::apply_midi`]: `assignments` of a non-empty text.
pub(crate) fn run(
    assignments: &[Assignment],
    notes: &mut Vec<Note>,
    time_signature: TimeSignature,
    clip: Option<&ClipContext>,
    seed: u64,
) -> Result<MidiOutcome, TransformError> {
    check_notes(notes)?;
    let mut outcome = MidiOutcome {
        transformed: Some(0),
        warnings: Vec::new(),
    };
    if assignments.iter().any(|a| a.param.is_audio()) {
        outcome.warnings.push(AUDIO_IGNORED.to_string());
    }
    if notes.is_empty() {
        return Ok(outcome);
    }
    let work = assignments
        .iter()
        .map(|a| a.expr.size() as u64 + 1)
        .sum::<u64>()
        .saturating_mul(notes.len() as u64);
    if work > MAX_WORK {
        return Err(TransformError::new(
            TransformErrorKind::Limit,
            format!(
                "transforms too large for {} notes: {work} evaluation steps, at most \
                 {MAX_WORK}; use fewer notes or a shorter text",
                notes.len()
            ),
        ));
    }
    // Nothing fails from here on, so the caller's notes are taken, not copied.
    let mut run = Run::new(std::mem::take(notes), time_signature, clip, seed);
    let mut sticky = None;
    for (a, assignment) in assignments.iter().enumerate() {
        if let Some(sel) = assignment.pitch {
            sticky = Some(sel.range());
        }
        if assignment.param.is_audio() {
            continue;
        }
        run.assignment(a as u64, assignment, sticky, &mut outcome.warnings);
    }
    outcome.transformed = Some(run.transformed.iter().filter(|&&t| t).count());
    let mut kept = run.notes;
    kept.retain(|n| n.velocity > 0.0 && n.duration > 0.0);
    *notes = kept;
    Ok(outcome)
}

fn check_notes(notes: &[Note]) -> Result<(), TransformError> {
    if notes.len() > MAX_NOTES {
        return Err(TransformError::new(
            TransformErrorKind::Limit,
            format!(
                "{} notes given; transforms accept at most {MAX_NOTES}",
                notes.len()
            ),
        ));
    }
    for (i, n) in notes.iter().enumerate() {
        let fields = [
            ("pitch", n.pitch),
            ("start_time", n.start_time),
            ("duration", n.duration),
            ("velocity", n.velocity),
            ("probability", n.probability),
            ("velocity_deviation", n.velocity_deviation),
        ];
        if let Some((name, _)) = fields.iter().find(|(_, v)| !v.is_finite()) {
            return Err(TransformError::new(
                TransformErrorKind::Input,
                format!("notes[{i}].{name} must be a finite number"),
            ));
        }
    }
    Ok(())
}

/// The state of one call: the sorted notes and what happened to them.
struct Run<'a> {
    notes: Vec<Note>,
    transformed: Vec<bool>,
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
    fn new(
        mut sorted: Vec<Note>,
        ts: TimeSignature,
        clip: Option<&'a ClipContext>,
        seed: u64,
    ) -> Self {
        // Finite fields (checked), so this is a total order; the sort is stable.
        sorted.sort_by(|a, b| {
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
    fn assignment(
        &mut self,
        a: u64,
        assignment: &Assignment,
        pitch_range: Option<(f64, f64)>,
        warnings: &mut Vec<String>,
    ) {
        let k = self.ts.musical_per_live();
        // Neighbours (`next.*`, `legato`) need the recorded starts; most texts do not.
        let (neighbours, legato_tolerance) = needs(&assignment.expr);
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
        let n = f64::from(self.ts.numerator);
        let time = assignment.time.map(|(from, to)| {
            (
                (from.bar - 1.0) * n + (from.beat - 1.0),
                (to.bar - 1.0) * n + (to.beat - 1.0),
            )
        });
        let range = time.unwrap_or(self.clip_range);
        let key = assignment_key(self.seed, a);
        // Failure messages of this assignment with their counts, in first-seen order.
        let mut failures: Vec<(String, usize)> = Vec::new();
        let members = std::mem::take(&mut self.members);
        let starts = std::mem::take(&mut self.starts);
        let spread = legato_tolerance.then(|| Spread::new(&starts));
        for (j, &i) in members.iter().enumerate() {
            let note = self.view(i);
            if let Some((s, e)) = time {
                if !(s - TOLERANCE <= note.start && note.start <= e + TOLERANCE) {
                    continue;
                }
            }
            let next_index = self.next_different.get(j).copied().unwrap_or(count);
            let next = members.get(next_index).map(|&m| self.view(m));
            let mut env = Env {
                pos: note.start,
                numerator: n,
                clip: self.clip,
                range,
                subject: Subject::Midi {
                    note,
                    index: j,
                    count,
                    next,
                    starts: &starts,
                    next_different: next_index,
                    spread: spread.as_ref(),
                },
                draws: Draws::new(key, i as u64),
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
        self.members = members;
        self.starts = starts;
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
