//! A Standard MIDI File as data: what [`super::read_smf`] produces and
//! [`super::write_smf`] consumes. Times are absolute ticks (not deltas), so that
//! tracks can be merged and edited without re-threading delta times.

/// A whole file: header values and its tracks in file order.
#[derive(Clone, Debug, PartialEq)]
pub struct Smf {
    /// 0 (one multi-channel track) or 1 (simultaneous tracks, tempo map in the first).
    pub format: u16,
    /// Metrical time division: ticks per quarter note (1..=0x7FFF).
    pub ticks_per_quarter: u16,
    /// The `MTrk` chunks, in file order.
    pub tracks: Vec<Track>,
}

/// One `MTrk` chunk: events sorted by tick (file order is kept for equal ticks).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Track {
    /// Events in the order they are played.
    pub events: Vec<TimedEvent>,
}

/// An event at an absolute tick from the start of its track.
#[derive(Clone, Debug, PartialEq)]
pub struct TimedEvent {
    /// Ticks since the start of the track.
    pub tick: u64,
    /// What happens at that tick.
    pub event: Event,
}

/// The kinds of events a track holds.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// Note off (status 0x8n): ends a note.
    NoteOff {
        /// Channel 0..=15.
        channel: u8,
        /// Key number 0..=127.
        key: u8,
        /// Release velocity 0..=127.
        velocity: u8,
    },
    /// Note on (status 0x9n). Velocity 0 means note off, by the MIDI standard.
    NoteOn {
        /// Channel 0..=15.
        channel: u8,
        /// Key number 0..=127.
        key: u8,
        /// Velocity 0..=127.
        velocity: u8,
    },
    /// Any other channel message (aftertouch, controller, program, pitch bend),
    /// kept byte for byte so files survive a read/write cycle.
    Channel {
        /// Status byte, including the channel in its low nibble (0xA0..=0xEF).
        status: u8,
        /// The message's data bytes (one or two, each 0..=127).
        data: Vec<u8>,
    },
    /// System exclusive: `kind` is 0xF0 (a message) or 0xF7 (an escape/continuation).
    SysEx {
        /// 0xF0 or 0xF7, as in the file.
        kind: u8,
        /// The bytes after the length.
        data: Vec<u8>,
    },
    /// A meta event (0xFF): information for the sequencer, never sent to devices.
    Meta(MetaEvent),
}

/// The meta events the codec understands; others are kept as [`MetaEvent::Other`].
#[derive(Clone, Debug, PartialEq)]
pub enum MetaEvent {
    /// Set Tempo (0x51): microseconds per quarter note (1..=0xFFFFFF).
    Tempo(u32),
    /// Time Signature (0x58).
    TimeSignature {
        /// Beats per bar.
        numerator: u8,
        /// The denominator as a power of two (2 means quarter notes, 3 eighths).
        denominator_power: u8,
        /// MIDI clocks per metronome click (24 = a quarter note).
        clocks_per_click: u8,
        /// Notated 32nd notes per MIDI quarter note (8 normally).
        thirty_seconds_per_quarter: u8,
    },
    /// Sequence/Track Name (0x03), decoded as UTF-8 (invalid bytes replaced).
    TrackName(String),
    /// End of Track (0x2F): every track's last event.
    EndOfTrack,
    /// Any other meta event, kept byte for byte.
    Other {
        /// Meta type byte.
        kind: u8,
        /// Its data.
        data: Vec<u8>,
    },
}
