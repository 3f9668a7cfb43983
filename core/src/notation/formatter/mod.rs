//! Notes → bar|beat text (spec 6): sort, place on the bar grid, then write either
//! chords with comma-merged positions (standard mode, 6.4) or one section per drum
//! pad with repeat detection (drum mode, 6.8).

mod drum;
mod numfmt;
mod standard;
mod state;

use super::error::{ErrorKind, NotationError};
use super::note::{FormatNote, FormatOptions, Meter};
use super::numbers::render;
use numfmt::js_round;

/// One input note, sorted and placed on the grid (6.2), with what 6.3/6.5 compare.
#[derive(Clone, Copy, Debug)]
struct Placed {
    pitch: u8,
    bar: f64,
    beat: f64,
    /// `round(velocity)`.
    velocity: f64,
    /// `round(velocity_deviation)`.
    deviation: f64,
    /// Live beats (6.3 compares these).
    duration: f64,
    probability: f64,
}

impl Placed {
    /// 6.3: the same state as `other`.
    fn same_state(&self, other: &Placed) -> bool {
        self.velocity == other.velocity
            && self.deviation == other.deviation
            && (self.duration - other.duration).abs() <= 0.001
            && (self.probability - other.probability).abs() <= 0.001
    }
}

/// Formats `notes` as text that interprets back to the same notes (spec 6.9).
///
/// Accepts interpreter [`Note`](super::Note)s as well as loosely typed
/// [`FormatNote`]s (e.g. read from Live); a pitch that is not an integer 0..=127 is
/// the error `Invalid MIDI pitch: {pitch}`.
pub fn format<N: Copy + Into<FormatNote>>(
    notes: &[N],
    options: &FormatOptions,
) -> Result<String, NotationError> {
    if notes.is_empty() {
        return Ok(String::new());
    }
    let meter = Meter::new(options.numerator, options.denominator)?;
    let placed = place(notes, &meter)?;
    let mut out = String::with_capacity(placed.len() * 8);
    let mut writer = state::Writer::new(&mut out, meter);
    if options.drum_mode {
        drum::write(&mut writer, &placed);
    } else {
        standard::write(&mut writer, &placed);
    }
    Ok(out)
}

/// Sorts by start time then pitch, stably (6.2 step 1), validates pitches in that
/// order and computes every note's bar and beat (6.2 step 2).
fn place<N: Copy + Into<FormatNote>>(
    notes: &[N],
    meter: &Meter,
) -> Result<Vec<Placed>, NotationError> {
    let mut order: Vec<(f64, f64, u32)> = notes
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let n: FormatNote = (*n).into();
            // + 0.0 folds -0 into 0 so that total_cmp orders like `<` does.
            (n.start_time + 0.0, n.pitch + 0.0, i as u32)
        })
        .collect();
    // Already-sorted input (the common case for clips read from Live) skips the sort.
    if !order.windows(2).all(|w| key_le(&w[0], &w[1])) {
        order.sort_unstable_by(|a, b| {
            a.0.total_cmp(&b.0)
                .then(a.1.total_cmp(&b.1))
                .then(a.2.cmp(&b.2))
        });
    }
    let b = meter.beats_per_bar;
    let mut placed = Vec::with_capacity(order.len());
    for &(_, _, i) in &order {
        let n: FormatNote = notes[i as usize].into();
        if !(n.pitch.fract() == 0.0 && (0.0..=127.0).contains(&n.pitch)) {
            return Err(NotationError::new(
                ErrorKind::Format,
                format!("Invalid MIDI pitch: {}", render(n.pitch)),
            ));
        }
        let mut t = js_round(n.start_time * 1000.0) / 1000.0;
        if meter.explicit {
            t *= meter.inverse_scale;
        }
        placed.push(Placed {
            pitch: n.pitch as u8,
            bar: (t / b).floor() + 1.0,
            beat: t % b + 1.0,
            velocity: js_round(n.velocity),
            deviation: js_round(n.velocity_deviation),
            duration: n.duration,
            probability: n.probability,
        });
    }
    Ok(placed)
}

/// `a` sorts before or equal to `b` by (start, pitch, index).
fn key_le(a: &(f64, f64, u32), b: &(f64, f64, u32)) -> bool {
    a.0.total_cmp(&b.0)
        .then(a.1.total_cmp(&b.1))
        .then(a.2.cmp(&b.2))
        .is_le()
}

/// Appends the flat-spelled name of `pitch` (6.6): `C-2` … `G8`.
fn push_pitch_name(out: &mut String, pitch: u8) {
    const NAMES: [&str; 12] = [
        "C", "Db", "D", "Eb", "E", "F", "Gb", "G", "Ab", "A", "Bb", "B",
    ];
    out.push_str(NAMES[usize::from(pitch % 12)]);
    let octave = i32::from(pitch / 12) - 2;
    if octave < 0 {
        out.push('-');
    }
    out.push(char::from(b'0' + octave.unsigned_abs() as u8));
}
