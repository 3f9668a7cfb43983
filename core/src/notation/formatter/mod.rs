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
