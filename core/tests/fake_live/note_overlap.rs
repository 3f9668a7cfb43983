//! The batched same-pitch overlap rule of `add_new_notes` (O(n log n)) gives exactly
//! what inserting the notes one at a time with the rule of core/fake-live/README.md
//! rows 32 and 33 gives: the straightforward quadratic algorithm below is the reference.

use crate::support;

use barline_core::live::{Atom, LiveId, LivePort};
use barline_fake_live::FakeLive;
use proptest::prelude::*;
use serde_json::{json, Value};
use support::fake::sym;

const EPS: f64 = 1e-9;

/// A note as the reference sees it: id, pitch, start, duration.
#[derive(Clone, Debug, PartialEq)]
struct N(u64, i64, f64, f64);

/// One insertion with the rule, on a list sorted by (pitch, start): notes of that pitch
/// starting at or inside the new one are deleted (it keeps its length), every earlier
/// note running into it is shortened.
fn reference_insert(list: &mut Vec<N>, next_id: &mut u64, mut n: N) {
    list.retain(|e| !(e.1 == n.1 && e.2 > n.2 - EPS && e.2 < n.2 + n.3 - EPS));
    for e in list.iter_mut().filter(|e| e.1 == n.1) {
        if e.2 < n.2 && e.2 + e.3 > n.2 + EPS {
            e.3 = n.2 - e.2;
        }
    }
    *next_id += 1;
    n.0 = *next_id;
    list.push(n);
    list.sort_by(|a, b| a.1.cmp(&b.1).then(a.2.total_cmp(&b.2)));
}

fn empty_clip() -> (FakeLive, LiveId) {
    let mut live = FakeLive::new();
    let slot = live.resolve("live_set tracks 0 clip_slots 0");
    live.call(slot, "create_clip", &[Atom::Float(64.0)])
        .unwrap();
    let clip = live.resolve("live_set tracks 0 clip_slots 0 clip");
    (live, clip)
}

fn add(live: &mut FakeLive, clip: LiveId, notes: &[(i64, f64, f64)]) {
    let list: Vec<Value> = notes
        .iter()
        .map(|(p, s, d)| json!({"pitch": p, "start_time": s, "duration": d}))
        .collect();
    let arg = json!({ "notes": list }).to_string();
    let ids = live.call(clip, "add_new_notes", &[sym(&arg)]).unwrap();
    assert_eq!(ids.len(), notes.len());
}

fn read(live: &mut FakeLive, clip: LiveId) -> Vec<N> {
    let out = live.call(clip, "get_all_notes_extended", &[]).unwrap();
    let v: Value = serde_json::from_str(out[0].as_str().unwrap()).unwrap();
    v["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| {
            N(
                n["note_id"].as_u64().unwrap(),
                n["pitch"].as_i64().unwrap(),
                n["start_time"].as_f64().unwrap(),
                n["duration"].as_f64().unwrap(),
            )
        })
        .collect()
}

fn note() -> impl Strategy<Value = (i64, f64, f64)> {
    // Few pitches and a coarse grid so collisions and overlaps are frequent.
    (60i64..63, 0u32..32, 1u32..12)
        .prop_map(|(p, s, d)| (p, f64::from(s) * 0.25, f64::from(d) * 0.25))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn batched_insertion_equals_one_at_a_time(
        batches in proptest::collection::vec(proptest::collection::vec(note(), 1..40), 1..4)
    ) {
        let (mut live, clip) = empty_clip();
        let mut expected = Vec::new();
        let mut next_id = 0;
        for batch in &batches {
            add(&mut live, clip, batch);
            for &(p, s, d) in batch {
                reference_insert(&mut expected, &mut next_id, N(0, p, s, d));
            }
            prop_assert_eq!(read(&mut live, clip), expected.clone());
        }
        prop_assert!(live.errors().is_empty());
    }
}

#[test]
fn a_later_note_in_one_batch_overrides_an_earlier_one() {
    let (mut live, clip) = empty_clip();
    add(
        &mut live,
        clip,
        &[
            (60, 0.0, 4.0),
            (60, 1.0, 1.0),
            (60, 0.0, 0.5),
            (61, 2.0, 1.0),
        ],
    );
    assert_eq!(
        read(&mut live, clip),
        vec![N(3, 60, 0.0, 0.5), N(2, 60, 1.0, 1.0), N(4, 61, 2.0, 1.0)]
    );
}
