//! Bytes → [`Smf`]: chunk walking, delta times, running status, meta and sysex events.
//!
//! Strict where a misread would silently corrupt notes (truncation, data bytes without
//! a status, bytes that cannot appear in a file), lenient where real-world files are
//! often sloppy but unambiguous (track count in the header, a missing End of Track,
//! unknown chunks): those become warnings.

use super::smf::{Event, MetaEvent, Smf, TimedEvent, Track};
use super::vlq::read_vlq;
use super::MidiError;

/// Reads a format 0 or format 1 Standard MIDI File.
///
/// Returns the file and the warnings about tolerated irregularities, in file order.
pub fn read_smf(bytes: &[u8]) -> Result<(Smf, Vec<String>), MidiError> {
    let mut warnings = Vec::new();
    let (format, declared_tracks, ticks_per_quarter, mut pos) = read_header(bytes)?;
    let mut tracks = Vec::new();
    while pos < bytes.len() {
        let (id, body, next) = read_chunk(bytes, pos)?;
        if id == *b"MTrk" {
            tracks.push(read_track(bytes, body, tracks.len() + 1, &mut warnings)?);
        }
        // Chunks of other types must be skipped, by the SMF specification.
        pos = next;
    }
    if tracks.len() != usize::from(declared_tracks) {
        warnings.push(format!(
            "the header announces {declared_tracks} track(s) but the file holds {}; all were read",
            tracks.len()
        ));
    }
    if format == 0 && tracks.len() > 1 {
        warnings.push(format!(
            "a format 0 file should hold one track but holds {}; all were read",
            tracks.len()
        ));
    }
    let smf = Smf {
        format,
        ticks_per_quarter,
        tracks,
    };
    Ok((smf, warnings))
}

/// Parses `MThd`; returns format, track count, ticks per quarter and the offset after it.
fn read_header(bytes: &[u8]) -> Result<(u16, u16, u16, usize), MidiError> {
    if bytes.len() < 4 || &bytes[..4] != b"MThd" {
        return Err(MidiError::at(
            0,
            "this is not a Standard MIDI File: it must start with the bytes \"MThd\"",
        ));
    }
    let (_, body, next) = read_chunk(bytes, 0)?;
    let header = &bytes[body.0..body.1];
    if header.len() < 6 {
        return Err(MidiError::at(
            4,
            format!(
                "the MThd header is {} bytes long; it must be at least 6",
                header.len()
            ),
        ));
    }
    let format = u16::from_be_bytes([header[0], header[1]]);
    let tracks = u16::from_be_bytes([header[2], header[3]]);
    let division = u16::from_be_bytes([header[4], header[5]]);
    match format {
        0 | 1 => {}
        2 => {
            return Err(MidiError::at(
                8,
                "format 2 files (independent patterns) are not supported; \
                 export the file as format 1 or 0",
            ))
        }
        other => {
            return Err(MidiError::at(
                8,
                format!("unknown SMF format {other}; only formats 0 and 1 can be read"),
            ))
        }
    }
    if division & 0x8000 != 0 {
        return Err(MidiError::at(
            12,
            "the file uses SMPTE time code instead of ticks per quarter note, which is \
             not supported; export it with a metrical (PPQ) time base",
        ));
    }
    if division == 0 {
        return Err(MidiError::at(
            12,
            "the header gives 0 ticks per quarter note; it must be 1 or more",
        ));
    }
    Ok((format, tracks, division, next))
}

/// A chunk's 4-byte id, its body as a `(start, end)` byte range, and the offset after it.
type Chunk = ([u8; 4], (usize, usize), usize);

/// Reads a chunk header at `pos`.
fn read_chunk(bytes: &[u8], pos: usize) -> Result<Chunk, MidiError> {
    let Some(head) = bytes.get(pos..pos + 8) else {
        return Err(MidiError::at(
            pos,
            format!(
                "{} stray byte(s) at the end where a chunk header (8 bytes) should be; \
                 the file is truncated or has trailing garbage",
                bytes.len() - pos
            ),
        ));
    };
    let id = [head[0], head[1], head[2], head[3]];
    let len = u32::from_be_bytes([head[4], head[5], head[6], head[7]]) as usize;
    let start = pos + 8;
    let available = bytes.len() - start;
    if len > available {
        return Err(MidiError::at(
            pos,
            format!(
                "the \"{}\" chunk declares {len} bytes but only {available} remain; \
                 the file is truncated",
                String::from_utf8_lossy(&id)
            ),
        ));
    }
    Ok((id, (start, start + len), start + len))
}

/// Reads the events of one `MTrk` body (`number` counts tracks from 1, for messages).
fn read_track(
    bytes: &[u8],
    (start, end): (usize, usize),
    number: usize,
    warnings: &mut Vec<String>,
) -> Result<Track, MidiError> {
    let body = &bytes[..end];
    let mut pos = start;
    let mut tick: u64 = 0;
    let mut running: Option<u8> = None;
    let mut events = Vec::new();
    let mut ended = false;
    while pos < end {
        let delta = read_vlq(body, &mut pos)?;
        tick = tick.saturating_add(u64::from(delta));
        let event = read_event(body, &mut pos, &mut running)?;
        let is_end = matches!(event, Event::Meta(MetaEvent::EndOfTrack));
        events.push(TimedEvent { tick, event });
        if is_end {
            ended = true;
            if pos < end {
                warnings.push(format!(
                    "track {number}: {} byte(s) after End of Track were ignored",
                    end - pos
                ));
            }
            break;
        }
    }
    if !ended {
        warnings.push(format!(
            "track {number} has no End of Track event; it was read up to the end of its chunk"
        ));
    }
    Ok(Track { events })
}

/// Reads one event (after its delta time) at `*pos`.
fn read_event(bytes: &[u8], pos: &mut usize, running: &mut Option<u8>) -> Result<Event, MidiError> {
    let at = *pos;
    let first = *bytes.get(at).ok_or_else(|| truncated(at))?;
    let status = if first & 0x80 != 0 {
        *pos += 1;
        first
    } else {
        // A data byte here reuses the previous channel status ("running status").
        running.ok_or_else(|| {
            MidiError::at(
                at,
                format!(
                    "data byte 0x{first:02X} where a status byte was expected \
                     (no running status is in effect); the track is corrupt"
                ),
            )
        })?
    };
    match status {
        0x80..=0xEF => {
            *running = Some(status);
            read_channel_event(bytes, pos, status)
        }
        0xF0 | 0xF7 => {
            *running = None;
            let data = read_sized(bytes, pos)?;
            Ok(Event::SysEx { kind: status, data })
        }
        0xFF => {
            *running = None;
            let kind = *bytes.get(*pos).ok_or_else(|| truncated(*pos))?;
            *pos += 1;
            let data_at = *pos;
            let data = read_sized(bytes, pos)?;
            read_meta(kind, data, data_at)
        }
        other => Err(MidiError::at(
            at,
            format!(
                "status byte 0x{other:02X} is a real-time or system common message, \
                 which cannot appear in a MIDI file; the track is corrupt"
            ),
        )),
    }
}

/// Reads the data bytes of a channel message with the given status.
fn read_channel_event(bytes: &[u8], pos: &mut usize, status: u8) -> Result<Event, MidiError> {
    let count = if matches!(status & 0xF0, 0xC0 | 0xD0) {
        1
    } else {
        2
    };
    let mut data = Vec::with_capacity(2);
    for _ in 0..count {
        let at = *pos;
        let byte = *bytes.get(at).ok_or_else(|| truncated(at))?;
        if byte & 0x80 != 0 {
            return Err(MidiError::at(
                at,
                format!(
                    "byte 0x{byte:02X} inside a channel message (status 0x{status:02X}) \
                     must be a data byte below 0x80; the message is cut short"
                ),
            ));
        }
        data.push(byte);
        *pos += 1;
    }
    let channel = status & 0x0F;
    Ok(match status & 0xF0 {
        0x80 => Event::NoteOff {
            channel,
            key: data[0],
            velocity: data[1],
        },
        0x90 => Event::NoteOn {
            channel,
            key: data[0],
            velocity: data[1],
        },
        _ => Event::Channel { status, data },
    })
}

/// Reads a length-prefixed byte string (sysex and meta bodies).
fn read_sized(bytes: &[u8], pos: &mut usize) -> Result<Vec<u8>, MidiError> {
    let len = read_vlq(bytes, pos)? as usize;
    let start = *pos;
    let data = bytes.get(start..start + len).ok_or_else(|| {
        MidiError::at(
            start,
            format!(
                "an event declares {len} data bytes but its track has only {} left; \
                 the file is truncated",
                bytes.len().saturating_sub(start)
            ),
        )
    })?;
    *pos += len;
    Ok(data.to_vec())
}

/// Interprets the meta events the codec understands; keeps the others as bytes.
fn read_meta(kind: u8, data: Vec<u8>, at: usize) -> Result<Event, MidiError> {
    let bad_length = |name: &str, want: usize| {
        MidiError::at(
            at,
            format!(
                "the {name} meta event has {} data bytes; it must have {want}",
                data.len()
            ),
        )
    };
    let meta = match kind {
        0x2F => MetaEvent::EndOfTrack,
        0x03 => MetaEvent::TrackName(String::from_utf8_lossy(&data).into_owned()),
        0x51 => {
            if data.len() != 3 {
                return Err(bad_length("Set Tempo", 3));
            }
            let micros = u32::from_be_bytes([0, data[0], data[1], data[2]]);
            if micros == 0 {
                return Err(MidiError::at(
                    at,
                    "the Set Tempo meta event gives 0 microseconds per quarter note; \
                     it must be 1 or more",
                ));
            }
            MetaEvent::Tempo(micros)
        }
        0x58 => {
            if data.len() != 4 {
                return Err(bad_length("Time Signature", 4));
            }
            MetaEvent::TimeSignature {
                numerator: data[0],
                denominator_power: data[1],
                clocks_per_click: data[2],
                thirty_seconds_per_quarter: data[3],
            }
        }
        _ => MetaEvent::Other { kind, data },
    };
    Ok(Event::Meta(meta))
}

fn truncated(at: usize) -> MidiError {
    MidiError::at(
        at,
        "the track ends in the middle of an event; the file is truncated",
    )
}
