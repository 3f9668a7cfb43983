//! Standard MIDI File (SMF) codec: read format 0 and 1 files, write format 0 or 1.
//!
//! Two layers, so the playground and later the device can share one implementation:
//!
//! * [`smf`] — the file as data: header, tracks, timed events ([`read_smf`] and
//!   [`write_smf`] convert between bytes and [`Smf`]). Running status, variable-length
//!   quantities, meta and sysex events are handled here.
//! * [`notes`] — notes in quarter-note beats (the unit of Live and of bar|beat):
//!   [`notes_to_smf`] writes a tempo, a time signature and paired note on/off events;
//!   [`smf_to_notes`] pairs note-ons with note-offs (or note-ons with velocity 0) and
//!   reports tempo and time signature.
//!
//! Nothing here panics on input: every malformed byte sequence becomes a [`MidiError`]
//! that names the byte offset, what was wrong and what would fix it.

mod error;
mod notes;
mod read;
mod smf;
mod vlq;
mod write;

pub use error::MidiError;
pub use notes::{notes_to_smf, smf_to_notes, MidiNote, NoteFile, WriteOptions};
pub use read::read_smf;
pub use smf::{Event, MetaEvent, Smf, TimedEvent, Track};
pub use vlq::{read_vlq, write_vlq, VLQ_MAX};
pub use write::write_smf;
