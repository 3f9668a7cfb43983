//! Cost of `add_new_notes` and `get_all_notes_extended` on large clips (prints numbers;
//! never asserts time). `cargo bench -p barline-fake-live`.

use barline_core::live::{Atom, LiveId, LivePort};
use barline_fake_live::FakeLive;
use std::time::Instant;

/// Deterministic shuffle (xorshift), so runs are comparable.
fn shuffle<T>(v: &mut [T]) {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    for i in (1..v.len()).rev() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        v.swap(i, (x % (i as u64 + 1)) as usize);
    }
}

fn notes_json(notes: &[(i64, f64)]) -> String {
    let mut s = String::from("{\"notes\":[");
    for (i, (p, t)) in notes.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        s.push_str(&format!(
            "{{\"pitch\":{p},\"start_time\":{t},\"duration\":0.25}}"
        ));
    }
    s.push_str("]}");
    s
}

fn empty_clip(len: f64) -> (FakeLive, LiveId) {
    let mut live = FakeLive::new();
    let slot = live.resolve("live_set tracks 0 clip_slots 0");
    live.call(slot, "create_clip", &[Atom::Float(len)]).unwrap();
    let clip = live.resolve("live_set tracks 0 clip_slots 0 clip");
    (live, clip)
}

/// Adds `notes` in batches of `batch`; prints the add and the read-back time.
fn run(label: &str, notes: &[(i64, f64)], batch: usize) {
    let (mut live, clip) = empty_clip(notes.len() as f64);
    let texts: Vec<String> = notes.chunks(batch).map(notes_json).collect();
    let t = Instant::now();
    for text in &texts {
        live.call(clip, "add_new_notes", &[Atom::Symbol(text.clone())])
            .unwrap();
    }
    let add = t.elapsed();
    let t = Instant::now();
    let out = live.call(clip, "get_all_notes_extended", &[]).unwrap();
    let read = t.elapsed();
    assert!(live.errors().is_empty(), "{:?}", live.errors());
    println!(
        "{label:<44} {:>7} notes  batch {batch:>6}  add {:>9.1} ms  read {:>7.1} ms  ({} bytes)",
        notes.len(),
        add.as_secs_f64() * 1e3,
        read.as_secs_f64() * 1e3,
        out[0].as_str().map_or(0, str::len)
    );
}

fn main() {
    for n in [10_000usize, 100_000] {
        let ascending: Vec<(i64, f64)> = (0..n).map(|i| (60, i as f64 * 0.25)).collect();
        let mut shuffled = ascending.clone();
        shuffle(&mut shuffled);
        let mixed: Vec<(i64, f64)> = (0..n)
            .map(|i| ((i % 128) as i64, (i / 128) as f64 * 0.25))
            .collect();
        run("same pitch, in time order", &ascending, n);
        run("same pitch, shuffled", &shuffled, n);
        run(
            "same pitch, in time order, batches of 1000",
            &ascending,
            1000,
        );
        run("128 pitches, in time order", &mixed, n);
    }
}
