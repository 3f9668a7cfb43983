//! Notes → bar|beat text (spec 6): sort, place on the bar grid, then write either
//! chords with comma-merged positions (standard mode, 6.4) or one section per drum
//! pad with repeat detection (drum mode, 6.8).

mod drum;
mod numfmt;
mod standard;
mod state;

use super::error::{ErrorKind, NotationError};
use super::note::{FormatNote, FormatOptions, Meter};
use super::numbers::{floor, rem, render};
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
    let mut out = String::with_capacity(placed.len() * 16);
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
    let get = |i: u32| -> FormatNote { notes[i as usize].into() };
    let valid = |p: f64| floor(p) == p && (0.0..=127.0).contains(&p);
    // The first invalid pitch in sorted order is the one reported: the minimum key.
    if let Some(bad) = (0..notes.len() as u32)
        .filter(|&i| !valid(get(i).pitch))
        .min_by_key(|&i| (order_key(get(i).start_time), order_key(get(i).pitch), i))
    {
        return Err(NotationError::new(
            ErrorKind::Format,
            format!("Invalid MIDI pitch: {}", render(get(bad).pitch)),
        ));
    }
    let key = |i: &u32| {
        let n = get(*i);
        (order_key(n.start_time), n.pitch as u8)
    };
    let order = sorted_order(notes, key);
    let b = meter.beats_per_bar;
    let inverse_b = 1.0 / b;
    Ok(order
        .into_iter()
        .map(|i| {
            let n = get(i);
            let mut t = js_round(n.start_time * 1000.0) / 1000.0;
            if meter.explicit {
                t *= meter.inverse_scale;
            }
            let (bar, beat) = bar_and_beat(t, b, inverse_b);
            Placed {
                pitch: n.pitch as u8,
                bar,
                beat,
                velocity: js_round(n.velocity),
                deviation: js_round(n.velocity_deviation),
                duration: n.duration,
                probability: n.probability,
            }
        })
        .collect())
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

/// Input indices in stable (start, pitch) order. Indices are first distributed into
/// buckets of one Live beat by start time (a monotone map, so bucket order agrees
/// with the sort order), then each small bucket is sorted: linear in practice where
/// one big sort was cache-bound on long clips.
fn sorted_order<N: Copy + Into<FormatNote>>(
    notes: &[N],
    key: impl Fn(&u32) -> (u64, u8) + Copy,
) -> Vec<u32> {
    let n = notes.len();
    let mut order: Vec<u32> = (0..n as u32).collect();
    // Keys once per note: the bucket sorts compare them many times.
    let keys: Vec<(u64, u8)> = order.iter().map(key).collect();
    if keys.windows(2).all(|w| w[0] <= w[1]) {
        return order; // already sorted (clips read from Live usually are)
    }
    let key = |i: &u32| keys[*i as usize];
    let limit = 4 * n + 64;
    let buckets: Option<Vec<u32>> = notes
        .iter()
        .map(|note| {
            let s = (*note).into().start_time;
            (s >= 0.0 && s < limit as f64).then_some(s as u32)
        })
        .collect();
    let Some(buckets) = buckets else {
        // Negative, huge or sparse start times: one ordinary stable sort.
        order.sort_by_key(key);
        return order;
    };
    let mut starts = vec![0u32; buckets.iter().max().map_or(0, |&m| m as usize) + 2];
    for &b in &buckets {
        starts[b as usize + 1] += 1;
    }
    for i in 1..starts.len() {
        starts[i] += starts[i - 1];
    }
    let mut next = starts.clone();
    for (i, &b) in buckets.iter().enumerate() {
        order[next[b as usize] as usize] = i as u32;
        next[b as usize] += 1;
    }
    for w in starts.windows(2) {
        order[w[0] as usize..w[1] as usize].sort_by_key(key);
    }
    order
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

/// Flat-spelled names (6.6), `C-2` … `G8`, so a pitch is one `push_str`.
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

/// Appends the flat-spelled name of `pitch` (6.6): `C-2` … `G8`.
fn push_pitch_name(out: &mut String, pitch: u8) {
    out.push_str(PITCH_NAMES[usize::from(pitch & 0x7f)]);
}
