//! Small lexical pieces of bar|beat shared by the scanners and the hints: comments,
//! pitch classes and bar specs as written.

use super::ast::BarSpec;
use super::numbers;

/// Semitone of a pitch class as written (docs/design/notation.md §3.4).
pub(super) fn pitch_class_value(class: &str) -> f64 {
    let bytes = class.as_bytes();
    let natural = match bytes.first() {
        Some(b'C') => 0.0,
        Some(b'D') => 2.0,
        Some(b'E') => 4.0,
        Some(b'F') => 5.0,
        Some(b'G') => 7.0,
        Some(b'A') => 9.0,
        _ => 11.0,
    };
    match bytes.get(1) {
        Some(b'#') => natural + 1.0,
        Some(b'b') => natural - 1.0,
        _ => natural,
    }
}

/// The octave an octave text (`-1`, `3`) writes.
pub(super) fn octave(text: &str) -> f64 {
    match text.strip_prefix('-') {
        Some(digits) => -numbers::uint(digits),
        None => numbers::uint(text),
    }
}

/// The MIDI pitch, unchecked, of a pitch class in an octave: C3 is 60.
pub(super) fn midi_pitch(class: &str, octave: f64) -> f64 {
    (octave + 2.0) * 12.0 + pitch_class_value(class)
}

/// A `bar_spec` text (`5` or `5-8`).
pub(super) fn bar_spec(text: &str) -> BarSpec {
    match text.find('-') {
        Some(i) => BarSpec::Range {
            first: numbers::uint(&text[..i]),
            last: numbers::uint(&text[i + 1..]),
        },
        None => BarSpec::Single {
            bar: numbers::uint(text),
        },
    }
}

/// A `/*` comment with no `*/` after it.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct UnclosedComment;

/// Where the comment that starts at byte `i` ends: `#` and `//` run to the line break
/// (which is not part of them), `/* … */` past its close. `None` when no comment starts
/// at `i`. The notation and the transforms language share this comment syntax.
pub(crate) fn comment_end(bytes: &[u8], i: usize) -> Option<Result<usize, UnclosedComment>> {
    let line_end = |from: usize| {
        bytes[from.min(bytes.len())..]
            .iter()
            .position(|&b| b == b'\n' || b == b'\r')
            .map_or(bytes.len(), |p| from + p)
    };
    match (bytes.get(i)?, bytes.get(i + 1)) {
        (b'#', _) => Some(Ok(line_end(i + 1))),
        (b'/', Some(b'/')) => Some(Ok(line_end(i + 2))),
        (b'/', Some(b'*')) => Some(
            bytes[i + 2..]
                .windows(2)
                .position(|w| w == b"*/")
                .map(|close| i + 2 + close + 2)
                .ok_or(UnclosedComment),
        ),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{comment_end, UnclosedComment};

    #[test]
    fn comments_end_before_the_line_break_or_after_their_close() {
        let text = b"C3 # kick\nD3 // snare\r\nE3 /* hat */ F3 /* open";
        assert_eq!(comment_end(text, 0), None);
        assert_eq!(comment_end(text, 3), Some(Ok(9)));
        assert_eq!(comment_end(text, 13), Some(Ok(21)));
        assert_eq!(comment_end(text, 26), Some(Ok(35)));
        assert_eq!(comment_end(text, 39), Some(Err(UnclosedComment)));
        assert_eq!(comment_end(b"/", 0), None, "a lone slash is not a comment");
        assert_eq!(comment_end(b"#", 0), Some(Ok(1)));
        assert_eq!(comment_end(b"", 0), None);
    }
}
