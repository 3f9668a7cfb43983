//! [`Smf`] → bytes. Channel messages use running status (smaller files, and what most
//! sequencers write); every track ends with exactly one End of Track event.

use super::smf::{Event, MetaEvent, Smf, Track};
use super::vlq::write_vlq;
use super::MidiError;

/// Writes `smf` as a Standard MIDI File.
///
/// Fails when a value cannot be represented: a format other than 0 or 1, ticks per
/// quarter outside 1..=0x7FFF, events out of time order, a data byte ≥ 0x80, a delta
/// time beyond the variable-length limit, or a format 0 file with several tracks.
pub fn write_smf(smf: &Smf) -> Result<Vec<u8>, MidiError> {
    if smf.format > 1 {
        return Err(MidiError::input(format!(
            "format {} cannot be written; use 0 (one track) or 1 (several tracks)",
            smf.format
        )));
    }
    if smf.ticks_per_quarter == 0 || smf.ticks_per_quarter > 0x7FFF {
        return Err(MidiError::input(format!(
            "ticks per quarter note must be 1..=32767, not {}",
            smf.ticks_per_quarter
        )));
    }
    if smf.format == 0 && smf.tracks.len() != 1 {
        return Err(MidiError::input(format!(
            "a format 0 file holds exactly one track, not {}; use format 1",
            smf.tracks.len()
        )));
    }
    let track_count = u16::try_from(smf.tracks.len())
        .map_err(|_| MidiError::input("a MIDI file can hold at most 65535 tracks"))?;
    let mut out = Vec::new();
    out.extend_from_slice(b"MThd");
    out.extend_from_slice(&6u32.to_be_bytes());
    out.extend_from_slice(&smf.format.to_be_bytes());
    out.extend_from_slice(&track_count.to_be_bytes());
    out.extend_from_slice(&smf.ticks_per_quarter.to_be_bytes());
    for (index, track) in smf.tracks.iter().enumerate() {
        let body = write_track(track, index + 1)?;
        let len = u32::try_from(body.len())
            .map_err(|_| MidiError::input(format!("track {} is larger than 4 GiB", index + 1)))?;
        out.extend_from_slice(b"MTrk");
        out.extend_from_slice(&len.to_be_bytes());
        out.extend_from_slice(&body);
    }
    Ok(out)
}

/// Encodes one track body (without the chunk header).
fn write_track(track: &Track, number: usize) -> Result<Vec<u8>, MidiError> {
    let mut out = Vec::new();
    let mut last_tick: u64 = 0;
    let mut running: Option<u8> = None;
    for (index, timed) in track.events.iter().enumerate() {
        if timed.tick < last_tick {
            return Err(MidiError::input(format!(
                "track {number}, event {}: tick {} comes before the previous event's tick \
                 {last_tick}; sort the events by time",
                index + 1,
                timed.tick
            )));
        }
        let is_end = matches!(timed.event, Event::Meta(MetaEvent::EndOfTrack));
        if is_end && index + 1 != track.events.len() {
            return Err(MidiError::input(format!(
                "track {number}: End of Track must be the last event, but event {} is one",
                index + 1
            )));
        }
        write_delta(timed.tick - last_tick, &mut out)?;
        last_tick = timed.tick;
        write_event(&timed.event, &mut running, &mut out).map_err(|e| {
            MidiError::input(format!(
                "track {number}, event {}: {}",
                index + 1,
                e.message
            ))
        })?;
    }
    if !matches!(
        track.events.last(),
        Some(t) if matches!(t.event, Event::Meta(MetaEvent::EndOfTrack))
    ) {
        out.extend_from_slice(&[0x00, 0xFF, 0x2F, 0x00]);
    }
    Ok(out)
}

fn write_delta(delta: u64, out: &mut Vec<u8>) -> Result<(), MidiError> {
    let delta = u32::try_from(delta).unwrap_or(u32::MAX);
    write_vlq(delta, out)
}

/// Encodes one event, using and updating running status for channel messages.
fn write_event(
    event: &Event,
    running: &mut Option<u8>,
    out: &mut Vec<u8>,
) -> Result<(), MidiError> {
    match event {
        Event::NoteOff {
            channel,
            key,
            velocity,
        } => write_channel(0x80, *channel, &[*key, *velocity], running, out),
        Event::NoteOn {
            channel,
            key,
            velocity,
        } => write_channel(0x90, *channel, &[*key, *velocity], running, out),
        Event::Channel { status, data } => {
            if !(0x80..=0xEF).contains(status) {
                return Err(MidiError::input(format!(
                    "0x{status:02X} is not a channel message status (0x80..=0xEF)"
                )));
            }
            let want = if matches!(status & 0xF0, 0xC0 | 0xD0) {
                1
            } else {
                2
            };
            if data.len() != want {
                return Err(MidiError::input(format!(
                    "status 0x{status:02X} takes {want} data byte(s), not {}",
                    data.len()
                )));
            }
            write_channel(status & 0xF0, status & 0x0F, data, running, out)
        }
        Event::SysEx { kind, data } => {
            if *kind != 0xF0 && *kind != 0xF7 {
                return Err(MidiError::input(format!(
                    "a sysex event starts with 0xF0 or 0xF7, not 0x{kind:02X}"
                )));
            }
            *running = None;
            out.push(*kind);
            write_sized(data, out)
        }
        Event::Meta(meta) => {
            *running = None;
            let (kind, data) = meta_bytes(meta)?;
            out.push(0xFF);
            out.push(kind);
            write_sized(&data, out)
        }
    }
}

fn write_channel(
    kind: u8,
    channel: u8,
    data: &[u8],
    running: &mut Option<u8>,
    out: &mut Vec<u8>,
) -> Result<(), MidiError> {
    if channel > 15 {
        return Err(MidiError::input(format!(
            "channel {channel} does not exist; channels are 0..=15"
        )));
    }
    if let Some(bad) = data.iter().find(|b| **b > 0x7F) {
        return Err(MidiError::input(format!(
            "data value {bad} is out of range; MIDI data bytes are 0..=127"
        )));
    }
    let status = kind | channel;
    if *running != Some(status) {
        out.push(status);
        *running = Some(status);
    }
    out.extend_from_slice(data);
    Ok(())
}

fn write_sized(data: &[u8], out: &mut Vec<u8>) -> Result<(), MidiError> {
    let len = u32::try_from(data.len()).unwrap_or(u32::MAX);
    write_vlq(len, out)?;
    out.extend_from_slice(data);
    Ok(())
}

/// The type byte and data of a meta event, validated.
fn meta_bytes(meta: &MetaEvent) -> Result<(u8, Vec<u8>), MidiError> {
    Ok(match meta {
        MetaEvent::Tempo(micros) => {
            if *micros == 0 || *micros > 0x00FF_FFFF {
                return Err(MidiError::input(format!(
                    "a tempo of {micros} microseconds per quarter note cannot be written \
                     (1..=16777215)"
                )));
            }
            (0x51, micros.to_be_bytes()[1..].to_vec())
        }
        MetaEvent::TimeSignature {
            numerator,
            denominator_power,
            clocks_per_click,
            thirty_seconds_per_quarter,
        } => (
            0x58,
            vec![
                *numerator,
                *denominator_power,
                *clocks_per_click,
                *thirty_seconds_per_quarter,
            ],
        ),
        MetaEvent::TrackName(name) => (0x03, name.as_bytes().to_vec()),
        MetaEvent::EndOfTrack => (0x2F, Vec::new()),
        MetaEvent::Other { kind, data } => (*kind, data.clone()),
    })
}
