//! Write → read properties of the MIDI codec, plus the writer's exact layout and its
//! refusals.

use barline_core::midi::{
    notes_to_smf, read_smf, read_vlq, smf_to_notes, write_smf, write_vlq, Event, MetaEvent,
    MidiNote, Smf, TimedEvent, Track, WriteOptions, VLQ_MAX,
};
use proptest::prelude::*;

const TPQ: u16 = 480;

/// A note on the tick grid: (pitch, start tick, length in ticks, velocity). Half the
/// pitches come from four keys so that same-key overlaps (the hard case) are common.
fn grid_note() -> impl Strategy<Value = (u8, u64, u64, u8)> {
    (
        prop_oneof![60u8..=63, 0u8..=127],
        0u64..20_000,
        0u64..3_000,
        1u8..=127,
    )
}

fn to_note((pitch, start, len, velocity): (u8, u64, u64, u8)) -> MidiNote {
    MidiNote {
        pitch,
        start_time: start as f64 / f64::from(TPQ),
        duration: len as f64 / f64::from(TPQ),
        velocity,
        channel: 0,
    }
}

fn ticks(n: &MidiNote) -> (u8, u64, u64, u8) {
    let t = f64::from(TPQ);
    let start = (n.start_time * t).round() as u64;
    (n.pitch, start, (n.duration * t).round() as u64, n.velocity)
}

/// True when some same-pitch note starts after another and ends strictly before it:
/// SMF cannot say which note-off belongs to which, and FIFO pairing swaps lengths.
fn has_nesting(notes: &[(u8, u64, u64, u8)]) -> bool {
    notes.iter().any(|a| {
        notes
            .iter()
            .any(|b| a.0 == b.0 && b.1 > a.1 && b.1 + b.2 < a.1 + a.2)
    })
}

proptest! {
    #[test]
    fn notes_survive_write_then_read(
        raw in prop::collection::vec(grid_note(), 0..60),
        format in 0u16..=1,
        numerator in 1u32..=13,
        power in 0u32..=4,
        bpm in 40.0f64..240.0,
    ) {
        let notes: Vec<MidiNote> = raw.iter().copied().map(to_note).collect();
        let options = WriteOptions {
            tempo_bpm: bpm,
            time_signature: (numerator, 1 << power),
            ticks_per_quarter: TPQ,
            format,
            track_name: Some("clip".into()),
        };
        let bytes = notes_to_smf(&notes, &options).unwrap();
        let back = smf_to_notes(&bytes).unwrap();
        prop_assert!(back.warnings.is_empty(), "{:?}", back.warnings);
        prop_assert_eq!(back.format, format);
        prop_assert_eq!(back.time_signature, (numerator, 1 << power));
        // The tempo is stored in whole microseconds per quarter note.
        prop_assert!((back.tempo_bpm - bpm).abs() < bpm * bpm / 60e6 + 1e-9);

        let mut want: Vec<_> = raw.clone();
        let mut got: Vec<_> = back.notes.iter().map(ticks).collect();
        if has_nesting(&raw) {
            // Starts, pitches and velocities always survive; lengths may be swapped.
            let strip = |v: &mut Vec<(u8, u64, u64, u8)>| {
                v.iter_mut().for_each(|n| n.2 = 0);
                v.sort();
            };
            strip(&mut want);
            strip(&mut got);
        } else {
            want.sort();
            got.sort();
        }
        prop_assert_eq!(got, want);
    }

    #[test]
    fn any_event_list_survives_write_then_read(tracks in prop::collection::vec(track(), 1..4)) {
        let smf = Smf { format: 1, ticks_per_quarter: 96, tracks };
        let bytes = write_smf(&smf).unwrap();
        let (back, warnings) = read_smf(&bytes).unwrap();
        prop_assert!(warnings.is_empty(), "{:?}", warnings);
        // The writer adds the End of Track every track must end with.
        let mut want = smf.clone();
        for t in &mut want.tracks {
            let tick = t.events.last().map_or(0, |e| e.tick);
            t.events.push(TimedEvent { tick, event: Event::Meta(MetaEvent::EndOfTrack) });
        }
        prop_assert_eq!(back, want);
    }

    #[test]
    fn vlq_round_trips(value in 0u32..=VLQ_MAX) {
        let mut out = Vec::new();
        write_vlq(value, &mut out).unwrap();
        prop_assert!(!out.is_empty() && out.len() <= 4);
        let mut pos = 0;
        prop_assert_eq!(read_vlq(&out, &mut pos).unwrap(), value);
        prop_assert_eq!(pos, out.len());
    }

    #[test]
    fn reading_garbage_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let mut with_header = b"MThd\x00\x00\x00\x06\x00\x01\x00\x01\x00\x60MTrk".to_vec();
        with_header.extend_from_slice(&(bytes.len() as u32).to_be_bytes());
        with_header.extend_from_slice(&bytes);
        let _ = smf_to_notes(&bytes);
        let _ = smf_to_notes(&with_header);
    }

    #[test]
    fn corrupting_a_valid_file_never_panics(
        raw in prop::collection::vec(grid_note(), 1..10),
        flips in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..6),
        cut in any::<prop::sample::Index>(),
    ) {
        let notes: Vec<MidiNote> = raw.into_iter().map(to_note).collect();
        let mut bytes = notes_to_smf(&notes, &WriteOptions::default()).unwrap();
        for (at, value) in flips {
            let i = at.index(bytes.len());
            bytes[i] = value;
        }
        let _ = smf_to_notes(&bytes);
        bytes.truncate(cut.index(bytes.len()));
        let _ = smf_to_notes(&bytes);
    }
}

fn event() -> impl Strategy<Value = Event> {
    let data = || 0u8..=127;
    prop_oneof![
        (0u8..16, data(), data()).prop_map(|(channel, key, velocity)| Event::NoteOn {
            channel,
            key,
            velocity
        }),
        (0u8..16, data(), data()).prop_map(|(channel, key, velocity)| Event::NoteOff {
            channel,
            key,
            velocity
        }),
        (0xA0u8..=0xEF, data(), data()).prop_map(|(status, a, b)| {
            let one = matches!(status & 0xF0, 0xC0 | 0xD0);
            Event::Channel {
                status,
                data: if one { vec![a] } else { vec![a, b] },
            }
        }),
        (
            prop::sample::select(vec![0xF0u8, 0xF7]),
            prop::collection::vec(any::<u8>(), 0..20)
        )
            .prop_map(|(kind, data)| Event::SysEx { kind, data }),
        (1u32..=0xFF_FFFF).prop_map(|m| Event::Meta(MetaEvent::Tempo(m))),
        (any::<u8>(), 0u8..8, any::<u8>(), any::<u8>()).prop_map(|(n, p, c, t)| Event::Meta(
            MetaEvent::TimeSignature {
                numerator: n,
                denominator_power: p,
                clocks_per_click: c,
                thirty_seconds_per_quarter: t
            }
        )),
        "[a-zé♯ ]{0,12}".prop_map(|s| Event::Meta(MetaEvent::TrackName(s))),
        (0x04u8..=0x0F, prop::collection::vec(any::<u8>(), 0..200))
            .prop_map(|(kind, data)| Event::Meta(MetaEvent::Other { kind, data })),
    ]
}

fn track() -> impl Strategy<Value = Track> {
    prop::collection::vec((0u64..300_000, event()), 0..40).prop_map(|list| {
        let mut tick = 0;
        let events = list
            .into_iter()
            .map(|(delta, event)| {
                tick += delta;
                TimedEvent { tick, event }
            })
            .collect();
        Track { events }
    })
}

#[test]
fn writer_layout_is_a_tempo_track_then_a_note_track() {
    let notes = [MidiNote {
        pitch: 60,
        start_time: 0.5,
        duration: 1.0,
        velocity: 100,
        channel: 9,
    }];
    let options = WriteOptions {
        tempo_bpm: 90.0,
        time_signature: (6, 8),
        ticks_per_quarter: 96,
        ..Default::default()
    };
    let bytes = notes_to_smf(&notes, &options).unwrap();
    let want: Vec<u8> = [
        &b"MThd\x00\x00\x00\x06\x00\x01\x00\x02\x00\x60"[..],
        b"MTrk\x00\x00\x00\x14",
        &[0x00, 0xFF, 0x58, 0x04, 6, 3, 24, 8],
        &[0x00, 0xFF, 0x51, 0x03, 0x0A, 0x2C, 0x2B], // 666667 µs = 90 BPM
        &[0x81, 0x10, 0xFF, 0x2F, 0x00],             // End of Track at the last note-off (tick 144)
        b"MTrk\x00\x00\x00\x0C",
        &[0x30, 0x99, 60, 100],
        &[0x60, 0x89, 60, 64],
        &[0x00, 0xFF, 0x2F, 0x00],
    ]
    .concat();
    assert_eq!(bytes, want);

    let single = notes_to_smf(
        &notes,
        &WriteOptions {
            format: 0,
            ..options
        },
    )
    .unwrap();
    let back = smf_to_notes(&single).unwrap();
    assert_eq!(back.format, 0);
    assert_eq!(back.notes, notes.to_vec());
}

#[test]
fn touching_and_zero_length_same_key_notes_keep_their_lengths() {
    let n = |start_time, duration| MidiNote {
        pitch: 38,
        start_time,
        duration,
        velocity: 90,
        channel: 0,
    };
    let notes = vec![n(0.0, 1.0), n(1.0, 0.0), n(1.0, 1.0), n(2.0, 0.0)];
    let back = smf_to_notes(&notes_to_smf(&notes, &WriteOptions::default()).unwrap()).unwrap();
    let got: Vec<_> = back
        .notes
        .iter()
        .map(|n| (n.start_time, n.duration))
        .collect();
    let mut want: Vec<_> = notes.iter().map(|n| (n.start_time, n.duration)).collect();
    let mut got_sorted = got.clone();
    got_sorted.sort_by(|a, b| a.partial_cmp(b).unwrap());
    want.sort_by(|a, b| a.partial_cmp(b).unwrap());
    assert_eq!(got_sorted, want);
}

#[test]
fn writer_refuses_what_midi_cannot_hold() {
    let ok = MidiNote {
        pitch: 60,
        start_time: 0.0,
        duration: 1.0,
        velocity: 100,
        channel: 0,
    };
    let with = |f: fn(&mut MidiNote)| {
        let mut n = ok.clone();
        f(&mut n);
        notes_to_smf(&[ok.clone(), n], &WriteOptions::default())
            .unwrap_err()
            .to_string()
    };
    assert_eq!(with(|n| n.velocity = 0), "MIDI export error: note 2: velocity 0 is not a whole number in 1..=127 (a note-on with velocity 0 would be a note-off)");
    assert!(with(|n| n.velocity = 128).contains("velocity 128"));
    assert!(with(|n| n.pitch = 128).contains("note 2: pitch 128"));
    assert!(with(|n| n.start_time = -0.5).contains("start time -0.5"));
    assert!(with(|n| n.duration = f64::NAN).contains("duration NaN"));
    assert!(with(|n| n.channel = 16).contains("channel 16"));
    assert!(with(|n| n.start_time = 1e12).contains("too large for a MIDI variable-length number"));
    let opts = |f: fn(&mut WriteOptions)| {
        let mut o = WriteOptions::default();
        f(&mut o);
        notes_to_smf(std::slice::from_ref(&ok), &o)
            .unwrap_err()
            .message
    };
    assert!(opts(|o| o.time_signature = (4, 3)).contains("denominator 3 must be a power of two"));
    assert!(opts(|o| o.time_signature = (0, 4)).contains("numerator 0"));
    assert!(opts(|o| o.tempo_bpm = 0.0).contains("tempo 0 BPM"));
    assert!(opts(|o| o.tempo_bpm = 1.0).contains("tempo 1 BPM"));
    assert!(opts(|o| o.ticks_per_quarter = 0).contains("ticks per quarter"));
    assert!(opts(|o| o.format = 2).contains("format 2 cannot be written"));

    let checked = MidiNote::checked(4, 60.5, 0.0, 1.0, 100.0, 0).unwrap_err();
    assert_eq!(
        checked.message,
        "note 5: pitch 60.5 is not a whole number in 0..=127"
    );
}

#[test]
fn vlq_edges() {
    let enc = |v| {
        let mut out = Vec::new();
        write_vlq(v, &mut out).map(|_| out)
    };
    assert_eq!(enc(0).unwrap(), [0x00]);
    assert_eq!(enc(0x7F).unwrap(), [0x7F]);
    assert_eq!(enc(0x80).unwrap(), [0x81, 0x00]);
    assert_eq!(enc(0x3FFF).unwrap(), [0xFF, 0x7F]);
    assert_eq!(enc(VLQ_MAX).unwrap(), [0xFF, 0xFF, 0xFF, 0x7F]);
    assert!(enc(VLQ_MAX + 1).is_err());
    let mut pos = 0;
    assert!(read_vlq(&[0x81], &mut pos)
        .unwrap_err()
        .message
        .contains("truncated"));
}
