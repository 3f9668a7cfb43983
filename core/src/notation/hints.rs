//! The teaching syntax errors of bar|beat 2 (docs/notation.md, "Errors that say
//! what to write"): after a syntax error, the failing token is matched against the
//! mistakes models make, in a fixed order, and the first that fits replaces the
//! generic `Expected …` text with what went wrong and how to write it. Runs only
//! after a failure; it never changes what parses.

use super::extras::Failure;
use super::grammar::{Grammar, Rule};
use super::hint_scan::{
    closer, digits, digits_dots, is_chord_symbol, is_note_value_without_denominator,
    only_separators, posint, with_decimals, zero_denominator,
};
use super::position::found_text;

/// What the hints know about one failure.
struct Site<'t> {
    text: &'t str,
    /// The failure position `F` (bytes).
    at: usize,
    /// The character at `F`.
    c: Option<char>,
    element: bool,
    separator: bool,
    /// The failing token `T` and the part of it before `F`.
    token: &'t str,
    head: &'t str,
    /// The text from `F` on.
    rest: &'t str,
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n')
}

/// Whether the whole of `x` is one bar|beat 2 element (value checks not run).
pub(super) fn is_one_element(x: &str) -> bool {
    match Grammar::parse(Rule::element2_one, x) {
        Ok(mut pairs) => pairs.next().is_some_and(|p| p.as_span().end() == x.len()),
        Err(_) => false,
    }
}

impl<'t> Site<'t> {
    fn new(text: &'t str, failure: Failure, at: usize) -> Self {
        let bytes = text.as_bytes();
        let end = bytes[at..]
            .iter()
            .position(|&b| is_space(b))
            .map_or(bytes.len(), |p| at + p);
        let start = match failure {
            Failure::Separator(s)
                if !matches!(bytes.get(at.wrapping_sub(1)), Some(b']' | b')')) =>
            {
                let run = bytes[..at]
                    .iter()
                    .rposition(|&b| is_space(b))
                    .map_or(0, |p| p + 1);
                run.max(s)
            }
            _ => at,
        };
        Site {
            text,
            at,
            c: text[at..].chars().next(),
            element: failure == Failure::Element,
            separator: matches!(failure, Failure::Separator(_)),
            token: &text[start..end],
            head: &text[start..at],
            rest: &text[at..],
        }
    }

    /// The last character before `F` that is not a space or tab is a comma.
    fn after_comma(&self) -> bool {
        self.text[..self.at]
            .trim_end_matches([' ', '\t'])
            .ends_with(',')
    }

    fn position_token(&self) -> bool {
        self.head.contains('|')
    }

    /// The previous word `P` (for a detached suffix or step).
    fn previous_word(&self) -> &'t str {
        let before =
            self.text[..self.at - self.head.len()].trim_end_matches([' ', '\t', '\r', '\n']);
        let start = before.bytes().rposition(is_space).map_or(0, |p| p + 1);
        &before[start..]
    }
}

/// The hint for a syntax error of `failure` at byte `at`, if one of the known
/// mistakes fits; `None` keeps the core text.
pub(super) fn hint(text: &str, failure: Failure, at: usize) -> Option<String> {
    if failure == Failure::Unclosed {
        return Some("a /* comment is never closed: add */".into());
    }
    let s = Site::new(text, failure, at);
    brackets(&s)
        .or_else(|| note_values(&s))
        .or_else(|| positions(&s))
        .or_else(|| words(&s))
        .or_else(|| tokens(&s))
}

/// Unusual spaces, stray closers and everything about `[ ]` and `( )`.
fn brackets(s: &Site) -> Option<String> {
    let c = s.c?;
    if matches!(
        c as u32,
        0xA0 | 0x1680 | 0x2000..=0x200B | 0x2028 | 0x2029 | 0x202F | 0x205F | 0x3000 | 0xFEFF
    ) {
        return Some(format!(
            "U+{:04X} is not a separator: use a space, tab or line break",
            c as u32
        ));
    }
    if c == ']' || c == ')' {
        let opener = if c == ']' { '[' } else { '(' };
        return Some(format!(
            "\"{c}\" closes nothing: remove it or add the \"{opener}\" it belongs to"
        ));
    }
    if !s.element || !(c == '[' || c == '(') {
        return None;
    }
    let Some(close) = closer(s.rest) else {
        let closer = if c == '[' { ']' } else { ')' };
        return Some(format!(
            "\"{c}\" is never closed: add \"{closer}\" after the last item"
        ));
    };
    let inside = &s.rest[1..close];
    if let Some(m) = zero_denominator(&s.rest[..close]) {
        return Some(divides_by_zero(m));
    }
    Some(match (c, only_separators(inside)) {
        ('[', true) => "an empty [ ] has nothing to cycle: put at least one item inside, e.g. [C3 E3 G3]".into(),
        (_, true) => "an empty ( ) chord has no notes: write e.g. (C3 E3 G3)".into(),
        ('[', false) => "a [ ] pattern lists items of a single kind, separated by spaces: notes and (chords) [C3 (E3 G3)], velocities [v80 v100], durations [n/4 n/8] or probabilities [p1 p0.5]; patterns cannot be nested".into(),
        _ => "a ( ) chord lists note names separated by spaces, e.g. (C3 E3 G3); it cannot hold other items or be nested".into(),
    })
}

fn divides_by_zero(m: &str) -> String {
    format!("{m} divides by zero: the number after \"/\" must be 1 or more, e.g. n/4, n/8, n/12")
}

/// Note values divided by zero, mixed with bar counts, or without a denominator.
fn note_values(s: &Site) -> Option<String> {
    if let Some(m) = zero_denominator(s.token) {
        return Some(divides_by_zero(m));
    }
    if let Some(body) = s.token.strip_prefix('n') {
        let num = digits_dots(body);
        if let Some(den_text) = body[num..].strip_prefix('/') {
            let den = digits(den_text);
            let word = &den_text[den..];
            let bars = if word.starts_with("bars") {
                4
            } else if word.starts_with("bar") {
                3
            } else {
                0
            };
            if den > 0 && bars > 0 {
                let m = &s.token[..1 + num + 1 + den + bars];
                return Some(format!(
                    "{m} is neither a note value nor a bar count: write n{}/{}, or whole bars as 2bar",
                    &body[..num],
                    &den_text[..den]
                ));
            }
        }
    }
    if s.element && is_note_value_without_denominator(s.token) {
        return Some(format!(
            "{} has no denominator: a note value is a fraction of a whole note, e.g. n/1 (whole), n/4 (quarter), n3/8 (dotted quarter)",
            s.token
        ));
    }
    None
}

/// Bars and beats from 0, negative beats, spaced pipes, and what follows a position.
fn positions(s: &Site) -> Option<String> {
    let zeros = s.rest.bytes().take_while(u8::is_ascii_digit).count();
    if s.rest.starts_with('0')
        && s.rest.as_bytes().get(zeros) == Some(&b'|')
        && (s.element || s.after_comma())
    {
        return Some(format!(
            "bar numbers start at 1, so the first bar is 1|1 (got bar {})",
            &s.rest[..zeros]
        ));
    }
    if let Some(beat) = zero_beat(s) {
        let beat = beat.strip_suffix('.').unwrap_or(beat);
        return Some(format!(
            "beat numbers start at 1, so the first beat is 1|1; a note before it is a pickup such as 1|1-n/4 (got beat {beat})"
        ));
    }
    if s.element {
        if let Some(m) = spaced_pipe(s.rest) {
            let compact: String = m.chars().filter(|c| *c != ' ' && *c != '\t').collect();
            return Some(format!(
                "spaces split \"{m}\" into several items: write {compact}"
            ));
        }
    }
    if !(s.separator && s.position_token()) {
        return None;
    }
    let t = s.token;
    match s.c? {
        '-' if posint(&s.rest[1..]).is_some_and(|n| s.rest.as_bytes().get(1 + n) == Some(&b'|')) => Some(format!(
            "a range such as {t} is not a position: write each position, or select the span with a transform time selector"
        )),
        '+' | '-' => Some(format!(
            "an offset after a beat is a note value with its n, e.g. 1|1+n/12 (an eighth-note triplet after beat 1) or 1|2-n/16 (got {t})"
        )),
        'x' | '@' => Some(format!(
            "a repeat is written beat, x, count and an optional @step, e.g. 1|1x4@n/4 (four notes, one quarter note apart); the count is 1 or more (got {t})"
        )),
        ',' => Some(format!(
            "a comma in a beat list needs a beat after it, as in 1|1,2,3 (got {t})"
        )),
        _ => None,
    }
}

/// The beat text of a beat written as 0, 0.5 or -1.
fn zero_beat<'t>(s: &Site<'t>) -> Option<&'t str> {
    if s.element {
        if let Some(n) = posint(s.token) {
            let after = &s.token[n..];
            if let Some(beat) = after.strip_prefix('|') {
                if beat.starts_with('0') {
                    return Some(&beat[..with_decimals(beat, digits(beat))]);
                }
                if beat.starts_with('-') && beat.as_bytes().get(1).is_some_and(u8::is_ascii_digit) {
                    return Some(&beat[..1 + digits_dots(&beat[1..])]);
                }
            }
        }
    }
    if s.after_comma() && s.rest.starts_with('0') {
        return Some(&s.rest[..with_decimals(s.rest, digits(s.rest))]);
    }
    None
}

/// `bar | beat` with spaces or tabs around the pipe, at the start of `rest`.
fn spaced_pipe(rest: &str) -> Option<&str> {
    let bar = posint(rest)?;
    let hs = |s: &str| s.bytes().take_while(|b| *b == b' ' || *b == b'\t').count();
    let gap1 = hs(&rest[bar..]);
    let after = &rest[bar + gap1..];
    let after = after.strip_prefix('|')?;
    let gap2 = hs(after);
    let beat_text = &after[gap2..];
    let beat = with_decimals(beat_text, posint(beat_text)?);
    if gap1 + gap2 == 0 {
        return None;
    }
    Some(&rest[..bar + gap1 + 1 + gap2 + beat])
}

/// Missing beats, dots and colons for pipes, MIDI numbers, bare fractions, chord
/// symbols, detached suffixes and steps, missing octaves.
fn words(s: &Site) -> Option<String> {
    let t = s.token;
    if s.element {
        if let Some(n) = posint(t).filter(|&n| t.as_bytes().get(n) == Some(&b'|')) {
            let bar = &t[..n];
            return Some(format!(
                "\"{bar}|\" is missing its beat: write e.g. {bar}|1"
            ));
        }
        let n = digits(t);
        if n > 0 && matches!(t.as_bytes().get(n), Some(b'.' | b':')) && digits(&t[n + 1..]) > 0 {
            let m = &t[..n + 1 + digits(&t[n + 1..])];
            let sep = &t[n..n + 1];
            return Some(format!(
                "bar and beat are joined by a pipe, as in 1|1; \"{sep}\" does not separate them (got {m})"
            ));
        }
        if n > 0 && n == t.len() {
            return Some(format!(
                "pitches are note names such as C3 (middle C); MIDI numbers are not accepted (got {t})"
            ));
        }
        if bare_fraction(t) {
            return Some(format!(
                "durations and steps are note values with an n in front: write n{t}"
            ));
        }
    }
    if is_chord_symbol(t) {
        return Some(format!(
            "chord symbols such as {t} are not notes: spell out the chord's notes before a position, e.g. C3 E3 G3 1|1"
        ));
    }
    if s.element {
        let detached =
            t == "d" || t == "t" || ["@", "x", "+n", "-n"].iter().any(|p| t.starts_with(p));
        let p = s.previous_word();
        if detached && !p.is_empty() && is_one_element(&format!("{p}{t}")) {
            return Some(format!(
                "\"{t}\" belongs to the item before it: write {p}{t} without the space"
            ));
        }
        let mut chars = t.chars();
        let letter = chars
            .next()
            .is_some_and(|c| matches!(c, 'A'..='G' | 'a'..='g'));
        let rest = chars.as_str();
        if letter && (rest.is_empty() || matches!(rest, "#" | "b" | "B" | "♯" | "♭")) {
            return Some(format!(
                "\"{t}\" has no octave: write it with one, e.g. {t}3 (C3 is middle C)"
            ));
        }
    }
    None
}

/// `[0-9]*/[1-9][0-9]*[dt]?` as the whole of `t`.
fn bare_fraction(t: &str) -> bool {
    let num = digits(t);
    let Some(den) = t[num..].strip_prefix('/') else {
        return false;
    };
    let Some(d) = posint(den) else {
        return false;
    };
    matches!(&den[d..], "" | "d" | "t")
}

/// Commas between notes, bar copies, malformed state tokens, run-together items.
fn tokens(s: &Site) -> Option<String> {
    let t = s.token;
    if s.separator && s.c == Some(',') && !s.position_token() {
        return Some("commas only join the beats of one position (1|1,2,3); put spaces between notes and values".into());
    }
    if t.starts_with('@') {
        return Some(format!(
            "bar copies are @2= (from the previous bar), @2=1, @3-4=1, @5-8=1-2 or @clear (got {t})"
        ));
    }
    let starts = |letter: char, class: &str| {
        t.strip_prefix(letter)
            .is_some_and(|r| r.chars().next().is_none_or(|c| class.contains(c)))
    };
    if starts('v', "0123456789./-") {
        return Some(format!(
            "velocity is v with a whole number 0-127 (v90) or a range (v80-100) (got {t})"
        ));
    }
    if starts('p', "0123456789./-") {
        return Some(format!(
            "probability is p with a decimal from 0 to 1 (p0.5) (got {t})"
        ));
    }
    if starts('t', "0123456789./:+-") {
        return Some(format!(
            "a t duration is t with a number of beats (t1, t/2, t1.5); note values are written n/8 etc. (got {t})"
        ));
    }
    if starts('n', "0123456789./") {
        return Some(format!(
            "a note value is n and a fraction of a whole note: n/4 quarter, n/8 eighth, n3/8 dotted quarter, n/8t eighth-note triplet (got {t})"
        ));
    }
    if s.separator && element_at(s.rest) {
        let found = found_text(s.text, s.at);
        // `found_text` is ` but "{c}" found`; the hint wants the escaped character.
        let shown = found
            .trim_start_matches(" but \"")
            .trim_end_matches("\" found");
        return Some(format!(
            "two items run together: put a space before \"{shown}\""
        ));
    }
    None
}

/// Whether an element matches at the start of `rest`.
fn element_at(rest: &str) -> bool {
    Grammar::parse(Rule::element2_one, rest).is_ok()
}
