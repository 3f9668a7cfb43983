//! A pitch name as a tool argument (a drum pad `pC1`, a note-valued device parameter):
//! read by the notation's own `pitch` rule, so a name a tool takes is a name a note takes.

use super::grammar::{Grammar, Rule};
use super::lexical::{midi_pitch, octave};

/// The MIDI pitch of a pitch name as bar|beat writes it (`C3` = 60, `F#-1`, `Bb0`);
/// `None` when `text` is not exactly one pitch name or its pitch lies outside 0–127.
pub fn pitch_value(text: &str) -> Option<u8> {
    let pair = Grammar::parse(Rule::pitch, text).ok()?.next()?;
    if pair.as_str().len() != text.len() {
        return None;
    }
    let mut inner = pair.into_inner();
    let class = inner.next()?.as_str();
    let midi = midi_pitch(class, octave(inner.next()?.as_str()));
    (0.0..=127.0).contains(&midi).then_some(midi as u8)
}

#[cfg(test)]
mod tests {
    use super::pitch_value;

    #[test]
    fn names_read_as_notes_read_them() {
        assert_eq!(pitch_value("C3"), Some(60));
        assert_eq!(pitch_value("C-2"), Some(0));
        assert_eq!(pitch_value("G8"), Some(127));
        assert_eq!(pitch_value("F#-1"), Some(18));
        assert_eq!(pitch_value("Bb0"), Some(34));
        for bad in [
            "",
            "c3",
            "H1",
            "C",
            "C3 ",
            "C#3x",
            "G#8",
            "C-3",
            "Cb1",
            "C99999999999",
        ] {
            assert_eq!(pitch_value(bad), None, "{bad:?}");
        }
    }
}
