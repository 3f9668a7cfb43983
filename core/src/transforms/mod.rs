//! Transforms: the note-shaping language of docs/design/transforms.md — humanise, swing,
//! ramps, scale snapping — for MIDI notes ([`apply_midi`]) and audio clip gain and
//! transposition ([`apply_audio`]).
//!
//! Pure like `notation`: no I/O, no global state, never panics on any text; every random
//! draw comes from the caller's seed (docs/design/transforms.md §7), so a result
//! reproduces from `(seed, text, notes)`. A rejected call changes nothing and returns a
//! [`TransformError`] whose message is the exact text the golden vectors pin.

#![warn(missing_docs)]

pub mod advice;
mod ast;
mod audio;
mod checks;
mod error;
mod eval;
mod functions;
mod midi;
mod midi_run;
mod parser;
mod random;
mod scale;
mod spread;
mod tokens;

pub use advice::{unknown_call, FUNCTIONS};
pub use audio::{apply_audio, AudioOutcome};
pub use error::{TransformError, TransformErrorKind};
pub use midi::{apply_midi, MidiOutcome};
pub use parser::MAX_DEPTH;
pub use random::{draw, seed_from_unit};

/// Longest transform text accepted, in bytes (a transform is a few lines; this keeps
/// parsing and evaluation bounded on any input).
pub const MAX_TEXT_BYTES: usize = 65_536;

/// Most notes one call transforms (the notation engine's own limit).
pub const MAX_NOTES: usize = 1_000_000;

/// Most expression evaluations steps per call: notes × (expression nodes +
/// assignments). Bounds the time of any call to well under a second of native work.
pub const MAX_WORK: u64 = 200_000_000;

/// Largest seed (docs/design/transforms.md §7: 0 ≤ seed < 2^64); the tools accept 0 …
/// 2^53 − 1 (docs/design/transforms.md §9).
pub const MAX_SEED: u64 = u64::MAX;

/// A note as Live holds it (docs/design/transforms.md §1.1); times in Live (quarter-note)
/// beats.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Note {
    /// MIDI pitch (an integer 0–127 after any `pitch` assignment).
    pub pitch: f64,
    /// Start in Live beats from the clip start.
    pub start_time: f64,
    /// Length in Live beats.
    pub duration: f64,
    /// Velocity; transforms keep fractions (docs/design/transforms.md §4.6).
    pub velocity: f64,
    /// Chance of playing, 0–1.
    pub probability: f64,
    /// Random velocity spread, −127–127.
    pub velocity_deviation: f64,
}

/// A clip's time signature `numerator/denominator`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeSignature {
    /// Musical beats per bar (`n`).
    pub numerator: u32,
    /// The beat unit (`d`): one musical beat is `4 / d` Live beats.
    pub denominator: u32,
}

impl TimeSignature {
    /// A time signature; both parts must be at least 1.
    pub fn new(numerator: u32, denominator: u32) -> Result<Self, TransformError> {
        if numerator == 0 || denominator == 0 {
            return Err(TransformError::new(
                TransformErrorKind::Input,
                format!(
                    "time signature must have a positive numerator and denominator, got \
                     {numerator}/{denominator}"
                ),
            ));
        }
        Ok(TimeSignature {
            numerator,
            denominator,
        })
    }

    /// Musical beats per Live beat (`d / 4`).
    pub(crate) fn musical_per_live(self) -> f64 {
        f64::from(self.denominator) / 4.0
    }

    /// Live beats per musical beat (`4 / d`).
    pub(crate) fn live_per_musical(self) -> f64 {
        4.0 / f64::from(self.denominator)
    }
}

/// The clip context of docs/design/transforms.md §4.1, in the clip's **musical** beats.
/// Build it from Live's values with [`ClipContext::from_live`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClipContext {
    /// Clip length (`clip.duration`).
    pub duration: f64,
    /// Arrangement start (`clip.position`); `None` for session clips.
    pub position: Option<f64>,
    /// Position of this clip in the call (`clip.index`).
    pub index: u32,
    /// Number of clips in the call (`clip.count`).
    pub count: u32,
    /// The Live Set's scale as a 12-bit pitch-class mask; `None` when off or chromatic.
    pub scale_mask: Option<u16>,
}

impl ClipContext {
    /// The context from Live's values (docs/design/transforms.md §9): `length_beats`
    /// (session `length`, or arrangement `end_time − start_time`) and
    /// `arrangement_start_beats` in Live beats, converted with the clip's denominator;
    /// `scale` is `(root_note, scale_intervals)` when the Set's scale mode is on.
    pub fn from_live(
        length_beats: f64,
        arrangement_start_beats: Option<f64>,
        index: u32,
        count: u32,
        scale: Option<(i64, &[i64])>,
        time_signature: TimeSignature,
    ) -> Self {
        let k = time_signature.musical_per_live();
        ClipContext {
            duration: length_beats * k,
            position: arrangement_start_beats.map(|p| p * k),
            index,
            count,
            scale_mask: scale.and_then(|(root, intervals)| scale_mask(root, intervals)),
        }
    }
}

/// Bit `(root + i) mod 12` for each interval `i`; all twelve (or none) mean no scale.
pub fn scale_mask(root: i64, intervals: &[i64]) -> Option<u16> {
    let mask = intervals
        .iter()
        .fold(0u16, |m, &i| m | 1 << root.wrapping_add(i).rem_euclid(12));
    scale::usable(Some(mask))
}

/// A parsed transform text. Tools parse once, before changing anything (a parse error
/// fails the call, docs/design/transforms.md §9), then apply the same transform to each
/// clip.
#[derive(Clone, Debug, PartialEq)]
pub struct Transform {
    assignments: Vec<ast::Assignment>,
    /// The empty text: nothing changes and `transformed` is `None`
    /// (docs/design/transforms.md §4.2 step 1).
    empty: bool,
}

impl Transform {
    /// Parses `text` (syntax errors docs/design/transforms.md §8.1, value errors §3.4,
    /// the text-length limit).
    pub fn parse(text: &str) -> Result<Self, TransformError> {
        if text.is_empty() {
            return Ok(Transform {
                assignments: Vec::new(),
                empty: true,
            });
        }
        check_text(text)?;
        Ok(Transform {
            assignments: parser::parse(text)?,
            empty: false,
        })
    }

    /// Whether the text was empty (nothing to apply, nothing to report).
    pub fn is_empty(&self) -> bool {
        self.empty
    }

    /// Warnings for valid but unusual calls (a `swing`/`quant` grid finer than a 32nd
    /// note, a swing amount larger than its grid), in text order, for a clip in
    /// `time_signature`.
    pub fn advice(&self, time_signature: TimeSignature) -> Vec<String> {
        advice::advise(
            &self.assignments,
            time_signature.numerator,
            time_signature.denominator,
        )
    }

    /// Transforms MIDI notes in place (docs/design/transforms.md §4); see [`apply_midi`].
    /// Fails only on a limit (note count, work) or a non-finite note field, leaving
    /// `notes` as given.
    pub fn apply_midi(
        &self,
        notes: &mut Vec<Note>,
        time_signature: TimeSignature,
        clip: Option<&ClipContext>,
        seed: u64,
    ) -> Result<MidiOutcome, TransformError> {
        if self.empty {
            return Ok(MidiOutcome::default());
        }
        midi::run(&self.assignments, notes, time_signature, clip, seed)
    }

    /// An audio clip's new gain and transposition (docs/design/transforms.md §6); see
    /// [`apply_audio`].
    pub fn apply_audio(
        &self,
        gain_db: f64,
        pitch_shift: f64,
        time_signature: TimeSignature,
        clip: Option<&ClipContext>,
        seed: u64,
    ) -> AudioOutcome {
        if self.empty {
            return AudioOutcome::default();
        }
        audio::run(
            &self.assignments,
            gain_db,
            pitch_shift,
            time_signature,
            clip,
            seed,
        )
    }
}

/// Checks the text length before any parsing.
fn check_text(text: &str) -> Result<(), TransformError> {
    if text.len() > MAX_TEXT_BYTES {
        return Err(TransformError::new(
            TransformErrorKind::Limit,
            format!(
                "transforms text is {} bytes long; at most {MAX_TEXT_BYTES} are allowed",
                text.len()
            ),
        ));
    }
    Ok(())
}
