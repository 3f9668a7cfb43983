//! Transform throughput (native): notes per second through `apply_midi` for a typical
//! 3-assignment text (ramp, swing, seeded humanising), at several clip sizes, and the
//! parse cost alone. Prints numbers; asserts nothing.
//!
//! Run with `cargo bench -p barline-core --bench transforms`; the same text and notes
//! are used by `core/js-bench/transforms.bench.mjs` so native and wasm figures compare.

use barline_core::transforms::{apply_midi, Note, TimeSignature};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// The benchmark's transform: three assignments, one of them random.
const TEXT: &str = "velocity = ramp(60, 120)\ntiming = swing(0.05)\ntiming += rand(-0.01, 0.01)";

/// `count` notes: a drum-like pattern of sixteenths over four pitches.
fn notes(count: usize) -> Vec<Note> {
    (0..count)
        .map(|i| Note {
            pitch: [36.0, 38.0, 42.0, 46.0][i % 4],
            start_time: (i / 2) as f64 * 0.25,
            duration: 0.25,
            velocity: 100.0,
            probability: 1.0,
            velocity_deviation: 0.0,
        })
        .collect()
}

/// Best mean time per call over ~5 ms batches for `budget` (the machine is shared;
/// the least disturbed batch is the figure).
fn time(budget: Duration, mut f: impl FnMut()) -> Duration {
    let started = Instant::now();
    f();
    let single = started.elapsed().max(Duration::from_nanos(100));
    let per_batch = (5_000_000 / single.as_nanos()).clamp(1, 100_000) as u32;
    let mut best = Duration::MAX;
    while started.elapsed() < budget {
        let batch = Instant::now();
        for _ in 0..per_batch {
            f();
        }
        best = best.min(batch.elapsed() / per_batch);
    }
    best
}

fn main() {
    // `TRANSFORMS_BENCH_TEXT=…` times another text (for profiling one construct).
    let custom = std::env::var("TRANSFORMS_BENCH_TEXT").ok();
    let text = custom.as_deref().unwrap_or(TEXT);
    let ts = TimeSignature::new(4, 4).expect("4/4");
    println!("transforms benchmark (native), 3-assignment text; rates in million notes per second");
    for count in [1_000, 10_000, 100_000] {
        let input = notes(count);
        let per_call = time(Duration::from_millis(1500), || {
            let mut n = input.clone();
            black_box(apply_midi(&mut n, text, ts, None, 42).ok());
        });
        println!(
            "{count:>7} notes | {per_call:>10.1?} per call | {:>6.2} M notes/s",
            count as f64 / per_call.as_secs_f64() / 1e6
        );
    }
    let parse_only = time(Duration::from_millis(500), || {
        let mut n = Vec::new();
        black_box(apply_midi(&mut n, text, ts, None, 42).ok());
    });
    println!("parse only (no notes): {parse_only:.1?} per call");
}
