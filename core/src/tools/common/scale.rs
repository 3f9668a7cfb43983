//! Scales (docs/design/tool-rules.md §3, §4): the 17 root spellings and 35 scale names
//! Live offers, parsed case-insensitively and shown canonically, and the one
//! `scalePitches` format (comma-separated pitch classes in scale order, spelled with
//! flats).

use crate::tools::framework::error::{quoted, ToolError};

/// Root spellings accepted and shown (docs/design/tool-rules.md §4), with their pitch
/// class.
pub const ROOTS: &[(&str, i64)] = &[
    ("C", 0),
    ("C#", 1),
    ("Db", 1),
    ("D", 2),
    ("D#", 3),
    ("Eb", 3),
    ("E", 4),
    ("F", 5),
    ("F#", 6),
    ("Gb", 6),
    ("G", 7),
    ("G#", 8),
    ("Ab", 8),
    ("A", 9),
    ("A#", 10),
    ("Bb", 10),
    ("B", 11),
];

/// Live's scale names as results spell them (docs/design/tool-rules.md §4).
pub const NAMES: &[&str] = &[
    "Major",
    "Minor",
    "Dorian",
    "Mixolydian",
    "Lydian",
    "Phrygian",
    "Locrian",
    "Whole Tone",
    "Half-whole Dim.",
    "Whole-half Dim.",
    "Minor Blues",
    "Minor Pentatonic",
    "Major Pentatonic",
    "Harmonic Minor",
    "Harmonic Major",
    "Dorian #4",
    "Phrygian Dominant",
    "Melodic Minor",
    "Lydian Augmented",
    "Lydian Dominant",
    "Super Locrian",
    "8-Tone Spanish",
    "Bhairav",
    "Hungarian Minor",
    "Hirajoshi",
    "In-Sen",
    "Iwato",
    "Kumoi",
    "Pelog Selisir",
    "Pelog Tembung",
    "Messiaen 3",
    "Messiaen 4",
    "Messiaen 5",
    "Messiaen 6",
    "Messiaen 7",
];

/// Pitch-class names spelled with flats, as results show roots and scale pitches.
pub const FLATS: [&str; 12] = [
    "C", "Db", "D", "Eb", "E", "F", "Gb", "G", "Ab", "A", "Bb", "B",
];

/// A scale argument after parsing: canonical root spelling, its pitch class and the
/// canonical scale name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scale {
    /// The root as given, among the 17 spellings (`"F#"`).
    pub root: &'static str,
    /// Pitch class of the root, 0–11 (Song `root_note`).
    pub pitch_class: i64,
    /// Live's scale name (`"Minor"`).
    pub name: &'static str,
}

impl Scale {
    /// `"<Root> <Scale>"` as results show it (`"F# Minor"`).
    pub fn text(&self) -> String {
        format!("{} {}", self.root, self.name)
    }
}

/// Parses `"<Root> <Scale>"` case-insensitively (`"f# minor"`, `"Eb  dorian #4"`);
/// `BAD_INPUT` listing the valid values otherwise.
pub fn parse(text: &str) -> Result<Scale, ToolError> {
    let trimmed = text.trim();
    let (root_text, name_text) = trimmed
        .split_once(char::is_whitespace)
        .unwrap_or((trimmed, ""));
    let root = ROOTS
        .iter()
        .find(|(r, _)| r.eq_ignore_ascii_case(root_text));
    let Some(&(root, pitch_class)) = root else {
        return Err(ToolError::bad_input(format!(
            "scale {}: unknown root {}; use one of {}",
            quoted(text),
            quoted(root_text),
            ROOTS.iter().map(|(r, _)| *r).collect::<Vec<_>>().join(", ")
        ))
        .with_hint("Write the scale as \"<Root> <Scale>\", e.g. \"F# Minor\", or \"\" to turn scale mode off."));
    };
    let wanted = name_text.split_whitespace().collect::<Vec<_>>().join(" ");
    let Some(&name) = NAMES.iter().find(|n| n.eq_ignore_ascii_case(&wanted)) else {
        return Err(ToolError::bad_input(format!(
            "scale {}: unknown scale name {}; use one of {}",
            quoted(text),
            quoted(&wanted),
            NAMES.join(", ")
        ))
        .with_hint("Write the scale as \"<Root> <Scale>\", e.g. \"F# Minor\", or \"\" to turn scale mode off."));
    };
    Ok(Scale {
        root,
        pitch_class,
        name,
    })
}

/// The `scalePitches` text: each interval above the root as a flat-spelled pitch
/// class, comma-separated in scale order (`"Gb,Ab,A,B,Db,D,E"`).
pub fn pitches(root: i64, intervals: &[i64]) -> String {
    intervals
        .iter()
        .map(|i| FLATS[(root + i).rem_euclid(12) as usize])
        .collect::<Vec<_>>()
        .join(",")
}

/// The root of a read scale, spelled with flats (`"Eb"`).
pub fn flat_root(root: i64) -> &'static str {
    FLATS[root.rem_euclid(12) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_case_insensitively_and_spells_canonically() {
        let s = parse("f# MINOR").unwrap();
        assert_eq!(s.text(), "F# Minor");
        assert_eq!(s.pitch_class, 6);
        assert_eq!(parse("eb  dorian #4").unwrap().text(), "Eb Dorian #4");
        assert_eq!(parse("Bb half-whole dim.").unwrap().name, "Half-whole Dim.");
    }

    #[test]
    fn unknown_root_or_name_lists_the_valid_values() {
        let e = parse("H Major").unwrap_err();
        assert!(e.message.contains("unknown root \"H\""), "{}", e.message);
        assert!(e.message.contains("C#, Db"), "{}", e.message);
        let e = parse("C Funky").unwrap_err();
        assert!(e.message.contains("Messiaen 7"), "{}", e.message);
        assert!(parse("C").is_err());
    }

    #[test]
    fn pitches_use_flats_in_scale_order() {
        assert_eq!(pitches(6, &[0, 2, 3, 5, 7, 8, 10]), "Gb,Ab,A,B,Db,D,E");
        assert_eq!(pitches(9, &[0, 2, 3, 5, 7, 8, 10]), "A,B,C,D,E,F,G");
    }
}
