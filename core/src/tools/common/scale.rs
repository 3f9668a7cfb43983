//! Scales (docs/design/tool-rules.md §3, §4): the 17 root spellings and 35 scale names
//! Live offers, parsed case-insensitively and shown canonically, and the one
//! `scalePitches` format (comma-separated pitch classes in scale order, spelled with
//! flats).

use crate::tools::framework::error::{quoted, ToolError};
use crate::tools::framework::nearest::{nearest, or_list};

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
/// otherwise `BAD_INPUT` with the scale it most likely means (`"Fm"` → `"F Minor"`).
pub fn parse(text: &str) -> Result<Scale, ToolError> {
    let trimmed = text.trim();
    let (root_text, name_text) = trimmed
        .split_once(char::is_whitespace)
        .unwrap_or((trimmed, ""));
    let root = find_root(root_text);
    let wanted = name_text.split_whitespace().collect::<Vec<_>>().join(" ");
    let name = NAMES.iter().find(|n| n.eq_ignore_ascii_case(&wanted));
    match (root, name) {
        (Some(&(root, pitch_class)), Some(&name)) => Ok(Scale {
            root,
            pitch_class,
            name,
        }),
        _ => Err(refusal(text, root_text, root.is_some(), &wanted)),
    }
}

fn find_root(text: &str) -> Option<&'static (&'static str, i64)> {
    ROOTS.iter().find(|(r, _)| r.eq_ignore_ascii_case(text))
}

/// The error for a scale text that does not parse: the scale it most likely means, or
/// the part that is wrong with the values close to it.
fn refusal(text: &str, root_text: &str, root_ok: bool, wanted: &str) -> ToolError {
    const FORM: &str =
        "Write \"<Root> <Scale>\", e.g. \"F Minor\", or \"\" to turn scale mode off.";
    if let Some(meant) = guess(text) {
        return ToolError::bad_input(format!(
            "scale {} is not \"<Root> <Scale>\"; did you mean {}?",
            quoted(text),
            quoted(&meant)
        ))
        .with_hint(format!("Use scale {}.", quoted(&meant)));
    }
    let message = if !root_ok {
        format!(
            "scale {}: unknown root {}; roots: C, C#, Db, D, …, Bb, B",
            quoted(text),
            quoted(root_text)
        )
    } else {
        let close = nearest(wanted, NAMES, 3);
        let fix = if close.is_empty() {
            "e.g. Major, Minor, Dorian, Minor Pentatonic".to_string()
        } else {
            format!("did you mean {}?", or_list(&close))
        };
        format!(
            "scale {}: unknown scale name {}; {fix}",
            quoted(text),
            quoted(wanted)
        )
    };
    ToolError::bad_input(message).with_hint(FORM)
}

/// The scale a shorthand most likely means: `"Fm"`, `"F min"`, `"Bbm"` → Minor,
/// `"C"`, `"Cmaj"` → Major, `"D dorain"` → Dorian; `None` when no root starts it.
pub fn guess(text: &str) -> Option<String> {
    let t = text.trim();
    let (root, rest) = [2, 1].iter().find_map(|n| {
        let head = t.get(..*n)?;
        find_root(head).map(|(r, _)| (*r, t[*n..].trim()))
    })?;
    let rest_key: String = crate::case::lower(rest)
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let name = match rest_key.as_str() {
        "" | "maj" | "major" | "ma" => "Major",
        "m" | "min" | "minor" | "mi" | "-" => "Minor",
        _ => *nearest(rest, NAMES, 1).first()?,
    };
    // The exact text was already tried: only a different spelling is a guess.
    let meant = format!("{root} {name}");
    (!meant.eq_ignore_ascii_case(t)).then_some(meant)
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
    fn unknown_root_or_name_names_the_likely_scale_or_examples() {
        let e = parse("H Major").unwrap_err();
        assert!(e.message.contains("unknown root \"H\""), "{}", e.message);
        assert!(e.message.contains("C#, Db"), "{}", e.message);
        let e = parse("C Funky").unwrap_err();
        assert!(e.message.contains("e.g. Major, Minor"), "{}", e.message);
        let e = parse("C").unwrap_err();
        assert!(
            e.message.contains("did you mean \"C Major\"?"),
            "{}",
            e.message
        );
        for (short, meant) in [
            ("Fm", "F Minor"),
            ("Bbm", "Bb Minor"),
            ("F# min", "F# Minor"),
            ("Cmaj", "C Major"),
        ] {
            assert_eq!(guess(short).as_deref(), Some(meant), "{short}");
        }
        assert!(parse("Fm").unwrap_err().message.chars().count() <= 200);
    }

    #[test]
    fn pitches_use_flats_in_scale_order() {
        assert_eq!(pitches(6, &[0, 2, 3, 5, 7, 8, 10]), "Gb,Ab,A,B,Db,D,E");
        assert_eq!(pitches(9, &[0, 2, 3, 5, 7, 8, 10]), "A,B,C,D,E,F,G");
    }
}
