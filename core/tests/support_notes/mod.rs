//! Notes as multisets for the notation example tests: one comparison key per note and
//! one order.
#![allow(dead_code)]

use barline_core::notation::Note;

/// `(pitch, start, duration, velocity, deviation, probability)`, sorted.
pub type Key = (f64, f64, f64, f64, f64, f64);

/// The keys in one total order, so two multisets compare item by item.
pub fn sorted(mut keys: Vec<Key>) -> Vec<Key> {
    keys.sort_by(|a, b| {
        a.0.total_cmp(&b.0)
            .then(a.1.total_cmp(&b.1))
            .then(a.2.total_cmp(&b.2))
    });
    keys
}

/// The comparison keys of interpreted notes, sorted.
pub fn keys_of(notes: &[Note]) -> Vec<Key> {
    sorted(
        notes
            .iter()
            .map(|n| {
                (
                    f64::from(n.pitch),
                    n.start_time,
                    n.duration,
                    f64::from(n.velocity),
                    f64::from(n.velocity_deviation),
                    n.probability,
                )
            })
            .collect(),
    )
}
