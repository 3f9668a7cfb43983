//! Small linear matchers the bar|beat 2 hints use: the closer scan of brackets and
//! chords, chord symbols, and the few patterns of docs/notation.md's hint table. Each
//! reads the failing line once; none runs on the success path.

/// Bytes of the ASCII digit run at the start of `s`.
pub(super) fn digits(s: &str) -> usize {
    s.bytes().take_while(u8::is_ascii_digit).count()
}

/// Bytes of `[0-9.]*` at the start of `s`.
pub(super) fn digits_dots(s: &str) -> usize {
    s.bytes()
        .take_while(|b| b.is_ascii_digit() || *b == b'.')
        .count()
}

/// `[1-9][0-9]*` at the start of `s`: its length.
pub(super) fn posint(s: &str) -> Option<usize> {
    s.as_bytes().first().filter(|b| (b'1'..=b'9').contains(b))?;
    Some(digits(s))
}

/// `digits (\.[0-9]*)?` after a digit run of length `n` at the start of `s`.
pub(super) fn with_decimals(s: &str, n: usize) -> usize {
    match s.as_bytes().get(n) {
        Some(b'.') => n + 1 + digits(&s[n + 1..]),
        _ => n,
    }
}

/// Where the closer of the bracket or chord opening at byte 0 of `s` is: `Some(i)`
/// with `s[i]` the closer, or `None` when it is never closed. Comments are skipped
/// (`#` only where it cannot be an accidental); the other bracket kind is ignored.
pub(super) fn closer(s: &str) -> Option<usize> {
    let bytes = s.as_bytes();
    let (open, close) = if bytes.first() == Some(&b'[') {
        (b'[', b']')
    } else {
        (b'(', b')')
    };
    let mut depth = 1usize;
    let mut i = 1;
    let line_end = |from: usize| {
        bytes[from..]
            .iter()
            .position(|&b| b == b'\n' || b == b'\r')
            .map_or(bytes.len(), |p| from + p)
    };
    while i < bytes.len() {
        let b = bytes[i];
        let next = bytes.get(i + 1).copied();
        let line_comment = (b == b'/' && next == Some(b'/'))
            || (b == b'#' && !bytes[i - 1].is_ascii_alphabetic_note());
        if line_comment {
            i = line_end(i);
        } else if b == b'/' && next == Some(b'*') {
            let close_at = bytes[i + 2..].windows(2).position(|w| w == b"*/")?;
            i += 2 + close_at + 2;
        } else {
            if b == open {
                depth += 1;
            } else if b == close {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            i += 1;
        }
    }
    None
}

/// Whether a byte is a pitch letter, after which `#` is an accidental.
trait NoteLetter {
    fn is_ascii_alphabetic_note(&self) -> bool;
}

impl NoteLetter for u8 {
    fn is_ascii_alphabetic_note(&self) -> bool {
        matches!(self, b'A'..=b'G' | b'a'..=b'g')
    }
}

/// Whether only separators (whitespace and comments) fill `s`.
pub(super) fn only_separators(s: &str) -> bool {
    let bytes = s.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b' ' | b'\t' | b'\r' | b'\n' => i += 1,
            _ => match super::lexical::comment_end(bytes, i) {
                Some(Ok(end)) => i = end,
                _ => return false,
            },
        }
    }
    true
}

/// The first `n[0-9.]*/0+` in `s` not followed by a digit or `.` (a note value
/// dividing by zero).
pub(super) fn zero_denominator(s: &str) -> Option<&str> {
    for (i, _) in s.match_indices('n') {
        let rest = &s[i + 1..];
        let num = digits_dots(rest);
        let after = &rest[num..];
        if let Some(den) = after.strip_prefix('/') {
            let zeros = den.bytes().take_while(|&b| b == b'0').count();
            let follow = den.as_bytes().get(zeros);
            if zeros > 0 && !matches!(follow, Some(b'0'..=b'9' | b'.')) {
                return Some(&s[i..i + 1 + num + 1 + zeros]);
            }
        }
    }
    None
}

/// Accidentals a chord symbol may carry after its root.
fn accidental_len(s: &str) -> usize {
    match s.chars().next() {
        Some(c @ ('#' | 'b' | '♯' | '♭')) => c.len_utf8(),
        _ => 0,
    }
}

/// Whether the whole of `t` is a chord symbol (`Cmaj7`, `Am`, `F#m`, `G7/B`).
pub(super) fn is_chord_symbol(t: &str) -> bool {
    let Some(root) = t.chars().next().filter(|c| ('A'..='G').contains(c)) else {
        return false;
    };
    let after_root = &t[root.len_utf8()..];
    // The accidental is optional; try with and without it.
    [accidental_len(after_root), 0].iter().any(|&acc| {
        let s = &after_root[acc..];
        let s = &s[digits(s)..];
        if let Some(bass) = s.strip_prefix('/') {
            return is_bass(bass);
        }
        const QUALITIES: [&str; 11] = [
            "maj", "min", "dim", "aug", "sus", "add", "m", "M", "°", "ø", "+",
        ];
        let Some(q) = QUALITIES.iter().find(|q| s.starts_with(**q)) else {
            return false;
        };
        let rest = &s[q.len()..];
        let body_end = rest
            .char_indices()
            .find(|(_, c)| !(c.is_ascii_alphanumeric() || "#b♯♭+°ø".contains(*c)))
            .map_or(rest.len(), |(i, _)| i);
        let tail = &rest[body_end..];
        tail.is_empty() || tail.strip_prefix('/').is_some_and(is_bass)
    })
}

/// `[A-G][#b♯♭]?` as the whole of `s`.
fn is_bass(s: &str) -> bool {
    match s.chars().next() {
        Some(c) if ('A'..='G').contains(&c) => {
            let rest = &s[1..];
            rest.is_empty() || accidental_len(rest) == rest.len()
        }
        _ => false,
    }
}

/// Whether the whole of `t` is `n` followed by a number without a denominator:
/// `n([0-9]+(\.[0-9]*)?|\.[0-9]+)(\+[0-9]*/[0-9]+)?[dt]?`.
pub(super) fn is_note_value_without_denominator(t: &str) -> bool {
    let Some(s) = t.strip_prefix('n') else {
        return false;
    };
    let n = digits(s);
    let mut i = if n > 0 {
        with_decimals(s, n)
    } else if s.starts_with('.') && digits(&s[1..]) > 0 {
        1 + digits(&s[1..])
    } else {
        return false;
    };
    if let Some(mixed) = s[i..].strip_prefix('+') {
        let num = digits(mixed);
        let Some(den) = mixed[num..].strip_prefix('/') else {
            return false;
        };
        let d = digits(den);
        if d == 0 {
            return false;
        }
        i += 1 + num + 1 + d;
    }
    let rest = &s[i..];
    rest.is_empty() || rest == "d" || rest == "t"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closers_skip_comments_and_count_depth() {
        assert_eq!(closer("[C3 [D3] E3] x"), Some(11));
        assert_eq!(closer("[E3 1|1 // ]"), None);
        assert_eq!(
            closer("[C# ] ]"),
            Some(4),
            "# after a letter is an accidental"
        );
        assert_eq!(
            closer("[C3# ] ]\n"),
            None,
            "# after a digit starts a comment"
        );
        assert_eq!(closer("[C3 # ]\n]"), Some(8));
        assert_eq!(closer("(C3 /* ) */ )"), Some(12));
        assert_eq!(closer("[C3 (E3 G3] 1|1"), Some(10));
    }

    #[test]
    fn chord_symbols_and_note_values() {
        for yes in ["Cmaj7", "Am", "Am7", "F#m", "C7sus4", "G7/B", "Bbm", "C/E"] {
            assert!(is_chord_symbol(yes), "{yes}");
        }
        for no in ["Bb", "C7", "E+n/4", "C3", "c3m"] {
            assert!(!is_chord_symbol(no), "{no}");
        }
        assert!(is_note_value_without_denominator("n1"));
        assert!(is_note_value_without_denominator("n1+1/2"));
        assert!(is_note_value_without_denominator("n.5d"));
        assert!(!is_note_value_without_denominator("n/4"));
        assert_eq!(zero_denominator("[n/4 n1/0]"), Some("n1/0"));
        assert_eq!(zero_denominator("n/05"), None);
    }
}
