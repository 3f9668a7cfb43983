//! Notes → bar|beat text (docs/design/notation.md §6): sort, place on the bar grid, then
//! write either chords with comma-merged positions (standard mode,
//! docs/design/notation.md §6.4) or one section per drum pad with repeat detection (drum
//! mode, docs/design/notation.md §6.8).

mod drum;
mod numfmt;
mod numfmt2;
mod standard;
mod state;

use super::dialect::Dialect;
use super::error::{ErrorKind, NotationError};
use super::note::{FormatNote, FormatOptions, Meter};
use super::numbers::{floor, rem, render};
use crate::sort;
use numfmt::js_round;

/// One input note, sorted and placed on the grid (docs/design/notation.md §6.2), with
/// what docs/design/notation.md §6.3 and §6.5 compare.
#[derive(Clone, Copy, Debug)]
struct Placed {
    pitch: u8,
    bar: f64,
    beat: f64,
    /// `round(velocity)`.
    velocity: f64,
    /// `round(velocity_deviation)`.
    deviation: f64,
    /// Live beats (docs/design/notation.md §6.3 compares these).
    duration: f64,
    probability: f64,
}

impl Placed {
    /// docs/design/notation.md §6.3: the same state as `other`.
    fn same_state(&self, other: &Placed) -> bool {
        self.velocity == other.velocity
            && self.deviation == other.deviation
            && (self.duration - other.duration).abs() <= 0.001
            && (self.probability - other.probability).abs() <= 0.001
    }
}

/// Formats `notes` as text that interprets back to the same notes
/// (docs/design/notation.md §6.9).
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
    let placed = place(notes, &meter, options.dialect)?;
    let mut out = String::with_capacity(placed.len() * 16);
    let mut writer = state::Writer::new(&mut out, meter, options.dialect);
    if options.drum_mode {
        drum::write(&mut writer, &placed);
    } else {
        standard::write(&mut writer, &placed);
    }
    Ok(out)
}

/// Sorts by start time then pitch, stably (docs/design/notation.md §6.2 step 1),
/// validates pitches in that order and computes every note's bar and beat
/// (docs/design/notation.md §6.2 step 2).
fn place<N: Copy + Into<FormatNote>>(
    notes: &[N],
    meter: &Meter,
    dialect: Dialect,
) -> Result<Vec<Placed>, NotationError> {
    let get = |i: u32| -> FormatNote { notes[i as usize].into() };
    // In range first, so the integer conversion is exact and the test cheap.
    let valid = |p: f64| (0.0..=127.0).contains(&p) && f64::from(p as u8) == p;
    let order = match sort_keys(notes, valid) {
        Some(order) => order,
        None => return Err(pitch_error(notes, valid)),
    };
    let b = meter.beats_per_bar;
    let inverse_b = 1.0 / b;
    // Chord notes share a start time and sit next to each other once sorted: their
    // bar and beat (a division and a rounding) are computed once.
    let mut last_start = f64::NAN.to_bits();
    let (mut bar, mut beat) = (f64::NAN, f64::NAN);
    let mut placed = Vec::with_capacity(order.len());
    for key in order {
        let n = get(key as u32);
        if n.start_time.to_bits() != last_start {
            last_start = n.start_time.to_bits();
            let mut t = js_round(n.start_time * 1000.0) / 1000.0;
            if meter.explicit {
                t *= meter.inverse_scale;
            }
            (bar, beat) = if dialect == Dialect::V2 && t < 0.0 {
                // bar|beat 2 writes notes before the clip as pickups of bar 1.
                (1.0, 1.0 + t)
            } else {
                bar_and_beat(t, b, inverse_b)
            };
        }
        placed.push(Placed {
            pitch: n.pitch as u8,
            bar,
            beat,
            velocity: js_round(n.velocity),
            deviation: js_round(n.velocity_deviation),
            duration: n.duration,
            probability: n.probability,
        });
    }
    Ok(placed)
}

/// docs/design/notation.md §6.2's error for the first invalid pitch in sorted order: the
/// minimum key.
fn pitch_error<N: Copy + Into<FormatNote>>(
    notes: &[N],
    valid: impl Fn(f64) -> bool,
) -> NotationError {
    let get = |i: u32| -> FormatNote { notes[i as usize].into() };
    let bad = (0..notes.len() as u32)
        .filter(|&i| !valid(get(i).pitch))
        .min_by_key(|&i| (order_key(get(i).start_time), order_key(get(i).pitch), i))
        .expect("an invalid pitch exists");
    NotationError::new(
        ErrorKind::Format,
        format!("Invalid MIDI pitch: {}", render(get(bad).pitch)),
    )
}

/// `(floor(t / b) + 1, (t mod b) + 1)` sharing one division in the common case.
fn bar_and_beat(t: f64, b: f64, inverse_b: f64) -> (f64, f64) {
    if (0.0..4_503_599_627_370_496.0).contains(&t) && b >= 1.0 && floor(b) == b {
        // A multiplication instead of the division: the correction below makes the
        // quotient exact anyway.
        let q = floor(t * inverse_b);
        // As in `numbers::rem`: t − q·b is exact; fix a q off by one.
        let r = t - q * b;
        if r < 0.0 {
            return (q, r + b + 1.0);
        } else if r >= b {
            return (q + 2.0, r - b + 1.0);
        }
        return (q + 1.0, r + 1.0);
    }
    (floor(t / b) + 1.0, rem(t, b) + 1.0)
}

/// Sort keys `start · pitch · index` (so an unstable sort of them is
/// docs/design/notation.md §6.2's stable sort) in sorted order; the input index is the
/// low 32 bits. `None` when a pitch is invalid.
///
/// One pass computes the keys and checks whether they are already sorted (clips read
/// from Live usually are). Otherwise keys are distributed into buckets of one Live
/// beat by start time (a monotone map, so bucket order agrees with the sort order)
/// and each small bucket is insertion-sorted: linear in practice where one big sort
/// was cache-bound on long clips.
fn sort_keys<N: Copy + Into<FormatNote>>(
    notes: &[N],
    valid: impl Fn(f64) -> bool,
) -> Option<Vec<u128>> {
    let n = notes.len();
    let limit = (4 * n + 64) as f64;
    let mut keys = Vec::with_capacity(n);
    let mut buckets = Vec::with_capacity(n);
    let (mut all_valid, mut sorted, mut in_range) = (true, true, true);
    let mut max_bucket = 0;
    let mut previous = 0;
    for (i, note) in notes.iter().enumerate() {
        let note: FormatNote = (*note).into();
        all_valid &= valid(note.pitch);
        let key = u128::from(order_key(note.start_time)) << 64
            | u128::from(note.pitch as u8) << 32
            | i as u128;
        sorted &= previous <= key;
        previous = key;
        keys.push(key);
        let s = note.start_time;
        in_range &= s >= 0.0 && s < limit;
        let bucket = if in_range { s as u32 } else { 0 };
        max_bucket = max_bucket.max(bucket);
        buckets.push(bucket);
    }
    if !all_valid {
        return None;
    }
    if sorted {
        return Some(keys);
    }
    if !in_range {
        // Negative, huge or sparse start times: one ordinary sort.
        sort::sort(&mut keys);
        return Some(keys);
    }
    // Counting sort by bucket: `ends[b]` first counts bucket b − 1, then becomes the
    // next free slot of bucket b and finally the end of bucket b.
    let mut ends = vec![0u32; max_bucket as usize + 2];
    for &b in &buckets {
        ends[b as usize + 1] += 1;
    }
    for i in 1..ends.len() {
        ends[i] += ends[i - 1];
    }
    let mut order = vec![0u128; n];
    for (&key, &b) in keys.iter().zip(&buckets) {
        order[ends[b as usize] as usize] = key;
        ends[b as usize] += 1;
    }
    let mut start = 0;
    for &end in &ends[..ends.len() - 1] {
        let bucket = &mut order[start..end as usize];
        if bucket.len() <= 32 {
            insertion_sort(bucket);
        } else {
            sort::sort(bucket); // a dense beat: insertion sort would be quadratic
        }
        start = end as usize;
    }
    Some(order)
}

/// Sorts a small bucket; it is usually in input order, which is nearly sorted.
fn insertion_sort(keys: &mut [u128]) {
    for i in 1..keys.len() {
        let key = keys[i];
        let mut j = i;
        while j > 0 && keys[j - 1] > key {
            keys[j] = keys[j - 1];
            j -= 1;
        }
        keys[j] = key;
    }
}

/// An integer whose order is `f64::total_cmp`'s, with -0 folded into 0 (so it
/// orders like `<` on ordinary numbers).
fn order_key(x: f64) -> u64 {
    let bits = (x + 0.0).to_bits();
    if bits >> 63 == 1 {
        !bits
    } else {
        bits | 1 << 63
    }
}

/// Flat-spelled names (docs/design/notation.md §6.6), `C-2` … `G8`, so a pitch is one
/// `push_str`.
const PITCH_NAMES: [&str; 128] = [
    "C-2", "Db-2", "D-2", "Eb-2", "E-2", "F-2", "Gb-2", "G-2", "Ab-2", "A-2", "Bb-2", "B-2", "C-1",
    "Db-1", "D-1", "Eb-1", "E-1", "F-1", "Gb-1", "G-1", "Ab-1", "A-1", "Bb-1", "B-1", "C0", "Db0",
    "D0", "Eb0", "E0", "F0", "Gb0", "G0", "Ab0", "A0", "Bb0", "B0", "C1", "Db1", "D1", "Eb1", "E1",
    "F1", "Gb1", "G1", "Ab1", "A1", "Bb1", "B1", "C2", "Db2", "D2", "Eb2", "E2", "F2", "Gb2", "G2",
    "Ab2", "A2", "Bb2", "B2", "C3", "Db3", "D3", "Eb3", "E3", "F3", "Gb3", "G3", "Ab3", "A3",
    "Bb3", "B3", "C4", "Db4", "D4", "Eb4", "E4", "F4", "Gb4", "G4", "Ab4", "A4", "Bb4", "B4", "C5",
    "Db5", "D5", "Eb5", "E5", "F5", "Gb5", "G5", "Ab5", "A5", "Bb5", "B5", "C6", "Db6", "D6",
    "Eb6", "E6", "F6", "Gb6", "G6", "Ab6", "A6", "Bb6", "B6", "C7", "Db7", "D7", "Eb7", "E7", "F7",
    "Gb7", "G7", "Ab7", "A7", "Bb7", "B7", "C8", "Db8", "D8", "Eb8", "E8", "F8", "Gb8", "G8",
];

/// The flat-spelled name of a MIDI pitch as the formatter writes it
/// (docs/design/notation.md §6.6): `C-2` … `G8`; pitches above 127 wrap, as only 0–127
/// reach the formatter.
pub fn pitch_name(pitch: u8) -> &'static str {
    PITCH_NAMES[usize::from(pitch & 0x7f)]
}

/// Appends the flat-spelled name of `pitch` (docs/design/notation.md §6.6).
fn push_pitch_name(out: &mut String, pitch: u8) {
    out.push_str(pitch_name(pitch));
}
