//! Fuzzes the transform language: any text (and a few notes) must give a result or a
//! positioned error, never a panic or a hang.
#![no_main]

use barline_core::transforms::{apply_audio, apply_midi, ClipContext, Note, TimeSignature};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let ts = TimeSignature::new(4, 4).expect("4/4");
    let clip = ClipContext::from_live(8.0, Some(4.0), 0, 1, Some((0, &[0, 2, 4, 5, 7, 9, 11])), ts);
    let mut notes: Vec<Note> = (0..8)
        .map(|i| Note {
            pitch: 60.0 + f64::from(i),
            start_time: f64::from(i) * 0.5,
            duration: 0.5,
            velocity: 100.0,
            probability: 1.0,
            velocity_deviation: 0.0,
        })
        .collect();
    if let Err(e) = apply_midi(&mut notes, text, ts, Some(&clip), 7) {
        assert!(e.position.is_some() || text.len() > barline_core::transforms::MAX_TEXT_BYTES);
    }
    let _ = apply_audio(0.0, 0.0, text, ts, Some(&clip), 7);
});
