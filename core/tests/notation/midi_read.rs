//! The MIDI reader against hand-assembled files: every byte here is written out, so
//! these tests do not depend on the writer.

use barline_core::midi::{read_smf, smf_to_notes, Event, MetaEvent};

/// Builds a file from a format, a division and raw track bodies.
fn file(format: u16, tpq: u16, tracks: &[&[u8]]) -> Vec<u8> {
    let mut out = b"MThd".to_vec();
    out.extend_from_slice(&6u32.to_be_bytes());
    out.extend_from_slice(&format.to_be_bytes());
    out.extend_from_slice(&(tracks.len() as u16).to_be_bytes());
    out.extend_from_slice(&tpq.to_be_bytes());
    for body in tracks {
        out.extend_from_slice(b"MTrk");
        out.extend_from_slice(&(body.len() as u32).to_be_bytes());
        out.extend_from_slice(body);
    }
    out
}

const EOT: [u8; 4] = [0x00, 0xFF, 0x2F, 0x00];

#[test]
fn format0_running_status_and_velocity_zero_note_off() {
    // Tempo 500000 µs (120 BPM), 3/4, then C3 for one beat and E3 for half a beat,
    // the second note-on and both note-offs in running status (note-on velocity 0).
    let body: Vec<u8> = [
        &[0x00, 0xFF, 0x51, 0x03, 0x07, 0xA1, 0x20][..],
        &[0x00, 0xFF, 0x58, 0x04, 0x03, 0x02, 0x18, 0x08],
        &[0x00, 0x90, 60, 100],
        &[0x00, 64, 90],
        &[0x30, 64, 0], // 48 ticks later: E3 off
        &[0x30, 60, 0], // 48 more: C3 off
        &EOT,
    ]
    .concat();
    let notes = smf_to_notes(&file(0, 96, &[&body])).unwrap();
    assert_eq!(notes.format, 0);
    assert_eq!(notes.ticks_per_quarter, 96);
    assert_eq!(notes.tempo_bpm, 120.0);
    assert_eq!(notes.time_signature, (3, 4));
    assert!(notes.warnings.is_empty(), "{:?}", notes.warnings);
    let got: Vec<_> = notes
        .notes
        .iter()
        .map(|n| (n.pitch, n.start_time, n.duration, n.velocity, n.channel))
        .collect();
    assert_eq!(got, vec![(60, 0.0, 1.0, 100, 0), (64, 0.0, 0.5, 90, 0)]);
}

#[test]
fn format1_explicit_note_offs_across_tracks_and_channels() {
    let tempo: Vec<u8> = [&[0x00, 0xFF, 0x51, 0x03, 0x09, 0x27, 0xC0][..], &EOT].concat(); // 100 BPM
                                                                                           // Track 2: kick on channel 10 at beat 0 and beat 2 (explicit 0x89 note-offs),
                                                                                           // with a multi-byte delta (0x83 0x60 = 480 ticks).
    let drums: Vec<u8> = [
        &[0x00, 0x99, 36, 127][..],
        &[0x78, 0x89, 36, 64],
        &[0x83, 0x60, 0x99, 36, 110],
        &[0x78, 0x89, 36, 64],
        &EOT,
    ]
    .concat();
    let bytes = file(1, 240, &[&tempo, &drums]);
    let notes = smf_to_notes(&bytes).unwrap();
    assert_eq!(notes.tempo_bpm, 100.0);
    assert_eq!(notes.time_signature, (4, 4));
    let got: Vec<_> = notes
        .notes
        .iter()
        .map(|n| (n.pitch, n.start_time, n.duration, n.velocity, n.channel))
        .collect();
    assert_eq!(got, vec![(36, 0.0, 0.5, 127, 9), (36, 2.5, 0.5, 110, 9)]);
}

#[test]
fn overlapping_same_key_notes_pair_first_in_first_out() {
    let body: Vec<u8> = [
        &[0x00, 0x90, 60, 100][..],
        &[0x60, 60, 80],      // second C3 at 96
        &[0x60, 0x80, 60, 0], // first note-off at 192 ends the first C3
        &[0x60, 60, 0],       // running status note-off at 288 ends the second
        &EOT,
    ]
    .concat();
    let notes = smf_to_notes(&file(0, 96, &[&body])).unwrap();
    let got: Vec<_> = notes
        .notes
        .iter()
        .map(|n| (n.start_time, n.duration, n.velocity))
        .collect();
    assert_eq!(got, vec![(0.0, 2.0, 100), (1.0, 2.0, 80)]);
}

#[test]
fn unpaired_events_become_warnings_not_errors() {
    let body: Vec<u8> = [
        &[0x00, 0x80, 62, 0][..],    // note-off with nothing sounding
        &[0x00, 0x90, 60, 100],      // never ended
        &[0x83, 0x00, 0xB0, 7, 100], // a controller at tick 384 ends the track
    ]
    .concat(); // and no End of Track
    let notes = smf_to_notes(&file(0, 96, &[&body])).unwrap();
    assert_eq!(notes.notes.len(), 1);
    assert_eq!(notes.notes[0].duration, 4.0);
    let text = notes.warnings.join("\n");
    assert!(
        text.contains("1 note-off(s) without a sounding note"),
        "{text}"
    );
    assert!(text.contains("1 note(s) never ended"), "{text}");
    assert!(text.contains("no End of Track"), "{text}");
}

#[test]
fn sysex_and_meta_cancel_running_status() {
    // After a meta event a data byte cannot continue the earlier note-on status.
    let body: Vec<u8> = [
        &[0x00, 0x90, 60, 100][..],
        &[0x00, 0xFF, 0x01, 0x02, b'h', b'i'],
        &[0x00, 61, 100],
    ]
    .concat();
    let err = smf_to_notes(&file(0, 96, &[&body])).unwrap_err();
    assert_eq!(err.offset, Some(22 + 11));
    assert!(err.message.contains("no running status"), "{}", err.message);
}

#[test]
fn other_events_are_kept_byte_for_byte() {
    let body: Vec<u8> = [
        &[0x00, 0xF0, 0x03, 0x7E, 0x01, 0xF7][..],
        &[0x00, 0xC3, 0x05],       // program change: one data byte
        &[0x00, 0xE3, 0x00, 0x40], // pitch bend
        &[0x00, 0xFF, 0x03, 0x03, b'a', b'b', b'c'],
        &[0x00, 0xFF, 0x7F, 0x01, 0x42],
        &EOT,
    ]
    .concat();
    let (smf, warnings) = read_smf(&file(0, 96, &[&body])).unwrap();
    assert!(warnings.is_empty());
    let events: Vec<_> = smf.tracks[0]
        .events
        .iter()
        .map(|e| e.event.clone())
        .collect();
    assert_eq!(
        events,
        vec![
            Event::SysEx {
                kind: 0xF0,
                data: vec![0x7E, 0x01, 0xF7]
            },
            Event::Channel {
                status: 0xC3,
                data: vec![5]
            },
            Event::Channel {
                status: 0xE3,
                data: vec![0, 0x40]
            },
            Event::Meta(MetaEvent::TrackName("abc".into())),
            Event::Meta(MetaEvent::Other {
                kind: 0x7F,
                data: vec![0x42]
            }),
            Event::Meta(MetaEvent::EndOfTrack),
        ]
    );
}

#[test]
fn unknown_chunks_are_skipped_and_track_count_mismatch_warns() {
    let mut bytes = file(
        1,
        96,
        &[&[0x00, 0x90, 60, 1, 0x60, 60, 0, 0x00, 0xFF, 0x2F, 0x00]],
    );
    bytes.extend_from_slice(b"XFIH\x00\x00\x00\x02ab");
    bytes[11] = 2; // header claims two tracks
    let file = smf_to_notes(&bytes).unwrap();
    assert_eq!(file.notes.len(), 1);
    assert_eq!(
        file.warnings,
        vec!["the header announces 2 track(s) but the file holds 1; all were read"]
    );
}

/// Each malformed file with the byte offset and a fragment of the message expected.
#[test]
fn malformed_files_report_where_and_what() {
    let ok_track: &[u8] = &EOT;
    let cases: Vec<(Vec<u8>, usize, &str)> = vec![
        (
            b"RIFF....".to_vec(),
            0,
            "must start with the bytes \"MThd\"",
        ),
        (
            b"MThd\x00\x00\x00\x06\x00".to_vec(),
            0,
            "declares 6 bytes but only 1 remain",
        ),
        (file(2, 96, &[ok_track]), 8, "format 2"),
        (file(7, 96, &[ok_track]), 8, "unknown SMF format 7"),
        (file(1, 0xE728, &[ok_track]), 12, "SMPTE"),
        (file(1, 0, &[ok_track]), 12, "0 ticks per quarter"),
        (
            {
                let mut b = file(0, 96, &[ok_track]);
                b[21] = 200; // track length beyond the end
                b
            },
            14,
            "declares 200 bytes but only 4 remain",
        ),
        (file(0, 96, &[&[0x00, 0x40, 0x40]]), 23, "data byte 0x40"),
        (
            file(0, 96, &[&[0x00, 0x90, 60]]),
            25,
            "ends in the middle of an event",
        ),
        (
            file(0, 96, &[&[0x00, 0x90, 60, 0x90]]),
            25,
            "must be a data byte below 0x80",
        ),
        (file(0, 96, &[&[0x00, 0xF8]]), 23, "real-time"),
        (
            file(0, 96, &[&[0x81, 0x80, 0x80, 0x80, 0x00]]),
            22,
            "longer than 4 bytes",
        ),
        (
            file(0, 96, &[&[0x00, 0xFF, 0x51, 0x02, 1, 2]]),
            25,
            "Set Tempo meta event has 2",
        ),
        (
            file(0, 96, &[&[0x00, 0xFF, 0x51, 0x03, 0, 0, 0]]),
            25,
            "0 microseconds",
        ),
        (
            file(0, 96, &[&[0x00, 0xFF, 0x58, 0x02, 4, 2]]),
            25,
            "Time Signature meta event has 2",
        ),
        (
            file(0, 96, &[&[0x00, 0xF0, 0x05, 1]]),
            25,
            "declares 5 data bytes",
        ),
        (
            {
                let mut b = file(0, 96, &[ok_track]);
                b.extend_from_slice(b"MT");
                b
            },
            26,
            "2 stray byte(s)",
        ),
    ];
    for (bytes, offset, fragment) in cases {
        let err = smf_to_notes(&bytes).unwrap_err();
        assert_eq!(err.offset, Some(offset), "{err}");
        assert!(
            err.message.contains(fragment),
            "{err} should mention {fragment:?}"
        );
        assert!(err
            .to_string()
            .starts_with(&format!("MIDI file error at byte {offset}: ")));
    }
}
