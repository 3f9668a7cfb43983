//! Applying a transform to MIDI notes (docs/design/transforms.md §4): sort once, run the
//! assignments assignment-major over the selected notes, clamp per assignment, delete at
//! the end.

use super::ast::Assignment;
use super::midi_run::Run;
use super::{
    ClipContext, Note, TimeSignature, Transform, TransformError, TransformErrorKind, MAX_NOTES,
    MAX_WORK,
};

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
