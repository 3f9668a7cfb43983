//! Notes in quarter-note beats ↔ Standard MIDI Files.
//!
//! Writing pairs every note with a note-on and a note-off; reading pairs them back,
//! per track and per (channel, key), first-in first-out. SMF cannot tell which of two
//! overlapping same-key notes a note-off ends, so FIFO is the convention: notes that
//! start earlier end earlier. The writer orders simultaneous events so that reading
//! its own files gives the notes back whenever that convention holds.

use crate::sort;
use std::collections::{HashMap, VecDeque};

use super::read::read_smf;
use super::smf::{Event, MetaEvent, Smf, TimedEvent, Track};
use super::write::write_smf;
use super::MidiError;

/// One note, timed in quarter-note beats like Live's notes and bar|beat.
#[derive(Clone, Debug, PartialEq)]
pub struct MidiNote {
    /// MIDI key 0..=127.
    pub pitch: u8,
    /// Start in quarter notes from the start of the file.
    pub start_time: f64,
    /// Length in quarter notes.
    pub duration: f64,
    /// Note-on velocity 1..=127 (0 would mean note off).
    pub velocity: u8,
    /// MIDI channel 0..=15 (9 is the General MIDI drum channel).
    pub channel: u8,
}

impl MidiNote {
    /// Builds a note from loosely typed numbers (as they arrive from JavaScript),
    /// checking each one. `index` (from 0) names the note in the error message.
    pub fn checked(
        index: usize,
        pitch: f64,
        start_time: f64,
        duration: f64,
        velocity: f64,
        channel: u8,
    ) -> Result<MidiNote, MidiError> {
        let n = index + 1;
        let whole = |x: f64, lo: f64, hi: f64| x.fract() == 0.0 && x >= lo && x <= hi;
        if !whole(pitch, 0.0, 127.0) {
            return Err(MidiError::input(format!(
                "note {n}: pitch {pitch} is not a whole number in 0..=127"
            )));
        }
        if !whole(velocity, 1.0, 127.0) {
            return Err(MidiError::input(format!(
                "note {n}: velocity {velocity} is not a whole number in 1..=127 \
                 (a note-on with velocity 0 would be a note-off)"
            )));
        }
        if !(start_time.is_finite() && start_time >= 0.0) {
            return Err(MidiError::input(format!(
                "note {n}: start time {start_time} must be a finite number of beats, 0 or more"
            )));
        }
        if !(duration.is_finite() && duration >= 0.0) {
            return Err(MidiError::input(format!(
                "note {n}: duration {duration} must be a finite number of beats, 0 or more"
            )));
        }
        if channel > 15 {
            return Err(MidiError::input(format!(
                "note {n}: channel {channel} does not exist; channels are 0..=15"
            )));
        }
        Ok(MidiNote {
            pitch: pitch as u8,
            start_time,
            duration,
            velocity: velocity as u8,
            channel,
        })
    }
}

/// How [`notes_to_smf`] lays out the file.
#[derive(Clone, Debug, PartialEq)]
pub struct WriteOptions {
    /// Tempo in quarter notes per minute.
    pub tempo_bpm: f64,
    /// Time signature `(numerator, denominator)`; the denominator is a power of two.
    pub time_signature: (u32, u32),
    /// Time resolution (480 keeps every 1/1000-beat grid bar|beat writes within 0.001).
    pub ticks_per_quarter: u16,
    /// 1: a tempo track and a note track; 0: everything in one track.
    pub format: u16,
    /// Name of the note track, if any.
    pub track_name: Option<String>,
}

impl Default for WriteOptions {
    fn default() -> Self {
        WriteOptions {
            tempo_bpm: 120.0,
            time_signature: (4, 4),
            ticks_per_quarter: 480,
            format: 1,
            track_name: None,
        }
    }
}

/// The notes of a MIDI file and what it says about tempo and meter.
#[derive(Clone, Debug, PartialEq)]
pub struct NoteFile {
    /// Every paired note of every track, sorted by start, then pitch, then channel.
    pub notes: Vec<MidiNote>,
    /// The first tempo in the file (120 when it has none).
    pub tempo_bpm: f64,
    /// The first time signature in the file (4/4 when it has none).
    pub time_signature: (u32, u32),
    /// The file's resolution.
    pub ticks_per_quarter: u16,
    /// The file's format (0 or 1).
    pub format: u16,
    /// Irregularities that were tolerated (unpaired note events, tempo changes…).
    pub warnings: Vec<String>,
}

/// Writes notes as a Standard MIDI File with a tempo and a time signature at tick 0.
///
/// Times are rounded to the nearest tick; a note ends at the tick nearest to its end
/// time, so notes that touch in beats still touch in ticks.
pub fn notes_to_smf(notes: &[MidiNote], options: &WriteOptions) -> Result<Vec<u8>, MidiError> {
    let tpq = options.ticks_per_quarter;
    if tpq == 0 || tpq > 0x7FFF {
        return Err(MidiError::input(format!(
            "ticks per quarter note must be 1..=32767, not {tpq}"
        )));
    }
    let mut header_events = vec![
        meta(0, time_signature_meta(options.time_signature)?),
        meta(0, MetaEvent::Tempo(tempo_micros(options.tempo_bpm)?)),
    ];
    let mut note_events = Vec::new();
    if let Some(name) = &options.track_name {
        note_events.push(meta(0, MetaEvent::TrackName(name.clone())));
    }
    note_events.extend(note_on_off_events(notes, f64::from(tpq))?);
    let end_tick = note_events.last().map_or(0, |e| e.tick);
    let tracks = if options.format == 0 {
        header_events.extend(note_events);
        vec![header_events]
    } else {
        vec![header_events, note_events]
    };
    let tracks = tracks
        .into_iter()
        .map(|mut events| {
            events.push(meta(end_tick, MetaEvent::EndOfTrack));
            Track { events }
        })
        .collect();
    write_smf(&Smf {
        format: options.format,
        ticks_per_quarter: tpq,
        tracks,
    })
}

/// Note-on/note-off events sorted for FIFO pairing: at one tick, note-offs of notes
/// with length come first, then note-ons (shorter notes first), then the note-offs of
/// zero-length notes, which must follow their own note-on.
fn note_on_off_events(notes: &[MidiNote], tpq: f64) -> Result<Vec<TimedEvent>, MidiError> {
    // Ticks beyond 2^53 would lose integer precision long before SMF's own limit.
    const MAX_TICK: f64 = 9_007_199_254_740_992.0;
    let mut keyed = Vec::with_capacity(notes.len() * 2);
    for (index, note) in notes.iter().enumerate() {
        let check = MidiNote::checked(
            index,
            f64::from(note.pitch),
            note.start_time,
            note.duration,
            f64::from(note.velocity),
            note.channel,
        )?;
        let start = (check.start_time * tpq).round();
        let end = ((check.start_time + check.duration) * tpq)
            .round()
            .max(start);
        if end >= MAX_TICK {
            return Err(MidiError::input(format!(
                "note {}: it ends too late to be written in ticks",
                index + 1
            )));
        }
        let (start, end) = (start as u64, end as u64);
        let (channel, key) = (note.channel, note.pitch);
        let on = Event::NoteOn {
            channel,
            key,
            velocity: note.velocity,
        };
        let off = Event::NoteOff {
            channel,
            key,
            velocity: 64,
        };
        let off_class = if end == start { 2 } else { 0 };
        keyed.push(((start, 1u8, end, index), on));
        keyed.push(((end, off_class, start, index), off));
    }
    sort::sort_by_key(&mut keyed, |(key, _)| *key);
    Ok(keyed
        .into_iter()
        .map(|((tick, ..), event)| TimedEvent { tick, event })
        .collect())
}

/// Reads a format 0 or 1 file and pairs its note events into notes.
pub fn smf_to_notes(bytes: &[u8]) -> Result<NoteFile, MidiError> {
    let (smf, mut warnings) = read_smf(bytes)?;
    let tpq = f64::from(smf.ticks_per_quarter);
    let mut notes = Vec::new();
    let mut tempos: Vec<(u64, u32)> = Vec::new();
    let mut signatures: Vec<(u64, (u8, u8))> = Vec::new();
    for (index, track) in smf.tracks.iter().enumerate() {
        pair_track(track, index + 1, tpq, &mut notes, &mut warnings);
        for timed in &track.events {
            match &timed.event {
                Event::Meta(MetaEvent::Tempo(micros)) => tempos.push((timed.tick, *micros)),
                Event::Meta(MetaEvent::TimeSignature {
                    numerator,
                    denominator_power,
                    ..
                }) => signatures.push((timed.tick, (*numerator, *denominator_power))),
                _ => {}
            }
        }
    }
    // Stable sorts keep track order for events at the same tick.
    sort::sort_by_key(&mut tempos, |t| t.0);
    sort::sort_by_key(&mut signatures, |s| s.0);
    if tempos.iter().any(|t| t.1 != tempos[0].1) {
        warnings.push(format!(
            "the file changes tempo {} time(s); only the first tempo is shown \
             (note times are in beats and are not affected)",
            tempos.len() - 1
        ));
    }
    let tempo_bpm = tempos
        .first()
        .map_or(120.0, |t| 60_000_000.0 / f64::from(t.1));
    let time_signature = match signatures.first() {
        None => (4, 4),
        Some((_, (n, p))) if *n > 0 && *p <= 7 => (u32::from(*n), 1u32 << p),
        Some((_, (n, p))) => {
            warnings.push(format!(
                "the time signature {n}/2^{p} is invalid; 4/4 is assumed"
            ));
            (4, 4)
        }
    };
    sort::sort_by(&mut notes, |a: &MidiNote, b: &MidiNote| {
        a.start_time
            .total_cmp(&b.start_time)
            .then(a.pitch.cmp(&b.pitch))
            .then(a.channel.cmp(&b.channel))
    });
    Ok(NoteFile {
        notes,
        tempo_bpm,
        time_signature,
        ticks_per_quarter: smf.ticks_per_quarter,
        format: smf.format,
        warnings,
    })
}

/// Pairs the note events of one track (FIFO per channel and key) into `notes`.
fn pair_track(
    track: &Track,
    number: usize,
    tpq: f64,
    notes: &mut Vec<MidiNote>,
    warnings: &mut Vec<String>,
) {
    let mut open: HashMap<(u8, u8), VecDeque<(u64, u8)>> = HashMap::new();
    let mut stray_offs = 0usize;
    let mut push = |channel: u8, key: u8, (start, velocity): (u64, u8), end: u64| {
        notes.push(MidiNote {
            pitch: key,
            start_time: start as f64 / tpq,
            duration: (end - start) as f64 / tpq,
            velocity,
            channel,
        });
    };
    for timed in &track.events {
        let (channel, key, on_velocity) = match timed.event {
            Event::NoteOn {
                channel,
                key,
                velocity,
            } if velocity > 0 => (channel, key, Some(velocity)),
            Event::NoteOn { channel, key, .. } | Event::NoteOff { channel, key, .. } => {
                (channel, key, None)
            }
            _ => continue,
        };
        let queue = open.entry((channel, key)).or_default();
        match on_velocity {
            Some(velocity) => queue.push_back((timed.tick, velocity)),
            None => match queue.pop_front() {
                Some(started) => push(channel, key, started, timed.tick),
                None => stray_offs += 1,
            },
        }
    }
    if stray_offs > 0 {
        warnings.push(format!(
            "track {number}: {stray_offs} note-off(s) without a sounding note were ignored"
        ));
    }
    let end = track.events.last().map_or(0, |e| e.tick);
    let mut unended: Vec<_> = open
        .into_iter()
        .flat_map(|((channel, key), queue)| queue.into_iter().map(move |s| (channel, key, s)))
        .collect();
    if !unended.is_empty() {
        warnings.push(format!(
            "track {number}: {} note(s) never ended; they were ended at the end of the track",
            unended.len()
        ));
        sort::sort_by_key(&mut unended, |(channel, key, (start, _))| {
            (*start, *key, *channel)
        });
        for (channel, key, started) in unended {
            push(channel, key, started, end);
        }
    }
}

fn meta(tick: u64, meta: MetaEvent) -> TimedEvent {
    TimedEvent {
        tick,
        event: Event::Meta(meta),
    }
}

fn tempo_micros(bpm: f64) -> Result<u32, MidiError> {
    let micros = (60_000_000.0 / bpm).round();
    if !(bpm.is_finite() && bpm > 0.0 && (1.0..=16_777_215.0).contains(&micros)) {
        return Err(MidiError::input(format!(
            "tempo {bpm} BPM cannot be written; MIDI files hold tempos from about 3.6 \
             to 60000000 BPM"
        )));
    }
    Ok(micros as u32)
}

fn time_signature_meta((numerator, denominator): (u32, u32)) -> Result<MetaEvent, MidiError> {
    if !(1..=255).contains(&numerator) {
        return Err(MidiError::input(format!(
            "time signature numerator {numerator} must be 1..=255"
        )));
    }
    if !denominator.is_power_of_two() || denominator > 128 {
        return Err(MidiError::input(format!(
            "time signature denominator {denominator} must be a power of two up to 128"
        )));
    }
    Ok(MetaEvent::TimeSignature {
        numerator: numerator as u8,
        denominator_power: denominator.trailing_zeros() as u8,
        clocks_per_click: 24,
        thirty_seconds_per_quarter: 8,
    })
}
