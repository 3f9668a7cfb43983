//! The teaching errors of bar|beat 2 (docs/notation.md, "Errors that say what to
//! write"): one test per mistake, each checking the position and the whole text
//! after the position prefix, which names the problem and the fix in at most 200
//! characters. The core dialect keeps its generic texts.

use barline_core::notation::{interpret, Dialect, ErrorKind, InterpretOptions};

/// The error of `text` in bar|beat 2 (4/4): its UTF-16 offset and the text after
/// the position prefix.
fn error_in_v2(text: &str) -> (usize, String) {
    let options = InterpretOptions::time_signature(4, 4).with_dialect(Dialect::V2);
    let e = interpret(text, &options).expect_err(text);
    assert_eq!(e.kind, ErrorKind::Syntax, "{text}: {}", e.message);
    let p = e.position.expect("positioned");
    let prefix = format!(
        "bar|beat syntax error at position {} (line {}, column {}): ",
        p.offset, p.line, p.column
    );
    let tail = e
        .message
        .strip_prefix(&prefix)
        .expect("core prefix")
        .to_string();
    assert!(
        tail.chars().count() <= 200,
        "{text}: {} characters",
        tail.len()
    );
    (p.offset, tail)
}

macro_rules! mistake {
    ($name:ident, $text:expr, $offset:expr, $tail:expr) => {
        #[test]
        fn $name() {
            assert_eq!(error_in_v2($text), ($offset, $tail.to_string()));
        }
    };
}

mistake!(
    unclosed_comment,
    "C3 1|1 /* bar 2",
    15,
    "a /* comment is never closed: add */"
);
mistake!(
    no_break_space,
    "C3\u{a0}1|1",
    2,
    "U+00A0 is not a separator: use a space, tab or line break"
);
mistake!(
    stray_paren,
    "C3 E3) 1|1",
    5,
    "\")\" closes nothing: remove it or add the \"(\" it belongs to"
);
mistake!(
    unclosed_bracket,
    "[C3 E3 1|1",
    0,
    "\"[\" is never closed: add \"]\" after the last item"
);
mistake!(
    zero_denominator_in_bracket,
    "[n/4 n1/0] C3 1|1",
    0,
    "n1/0 divides by zero: the number after \"/\" must be 1 or more, e.g. n/4, n/8, n/12"
);
mistake!(
    empty_bracket,
    "C3 [] 1|1",
    3,
    "an empty [ ] has nothing to cycle: put at least one item inside, e.g. [C3 E3 G3]"
);
mistake!(
    empty_chord,
    "() 1|1",
    0,
    "an empty ( ) chord has no notes: write e.g. (C3 E3 G3)"
);
mistake!(nested_bracket, "[C3 [D3 E3]] 1|1", 0, "a [ ] pattern lists items of a single kind, separated by spaces: notes and (chords) [C3 (E3 G3)], velocities [v80 v100], durations [n/4 n/8] or probabilities [p1 p0.5]; patterns cannot be nested");
mistake!(chord_with_velocity, "(C3 v90) 1|1", 0, "a ( ) chord lists note names separated by spaces, e.g. (C3 E3 G3); it cannot hold other items or be nested");
mistake!(
    zero_denominator,
    "n/0 C3 1|1",
    0,
    "n/0 divides by zero: the number after \"/\" must be 1 or more, e.g. n/4, n/8, n/12"
);
mistake!(
    note_value_and_bars,
    "n/1bar C3 1|1",
    3,
    "n/1bar is neither a note value nor a bar count: write n/1, or whole bars as 2bar"
);
mistake!(note_value_without_denominator, "n1 C3 1|1", 0, "n1 has no denominator: a note value is a fraction of a whole note, e.g. n/1 (whole), n/4 (quarter), n3/8 (dotted quarter)");
mistake!(
    bar_zero,
    "C3 0|1",
    3,
    "bar numbers start at 1, so the first bar is 1|1 (got bar 0)"
);
mistake!(beat_zero, "C3 1|0", 3, "beat numbers start at 1, so the first beat is 1|1; a note before it is a pickup such as 1|1-n/4 (got beat 0)");
mistake!(beat_zero_in_list, "C3 1|1,0.5", 7, "beat numbers start at 1, so the first beat is 1|1; a note before it is a pickup such as 1|1-n/4 (got beat 0.5)");
mistake!(negative_beat, "C3 1|-1", 3, "beat numbers start at 1, so the first beat is 1|1; a note before it is a pickup such as 1|1-n/4 (got beat -1)");
mistake!(
    spaced_pipe,
    "C3 1 | 1",
    3,
    "spaces split \"1 | 1\" into several items: write 1|1"
);
mistake!(position_range, "C3 1|1-2|1", 6, "a range such as 1|1-2|1 is not a position: write each position, or select the span with a transform time selector");
mistake!(offset_without_n, "C3 1|2+1", 6, "an offset after a beat is a note value with its n, e.g. 1|1+n/12 (an eighth-note triplet after beat 1) or 1|2-n/16 (got 1|2+1)");
mistake!(repeat_count_zero, "C3 1|1x0", 6, "a repeat is written beat, x, count and an optional @step, e.g. 1|1x4@n/4 (four notes, one quarter note apart); the count is 1 or more (got 1|1x0)");
mistake!(
    double_comma,
    "C3 1|1,2,,3",
    9,
    "a comma in a beat list needs a beat after it, as in 1|1,2,3 (got 1|1,2,,3)"
);
mistake!(
    missing_beat,
    "D3 1|",
    3,
    "\"1|\" is missing its beat: write e.g. 1|1"
);
mistake!(
    dot_for_pipe,
    "C3 1.1",
    3,
    "bar and beat are joined by a pipe, as in 1|1; \".\" does not separate them (got 1.1)"
);
mistake!(
    midi_number,
    "C3 60 1|1",
    3,
    "pitches are note names such as C3 (middle C); MIDI numbers are not accepted (got 60)"
);
mistake!(
    bare_fraction,
    "3/8 C3 1|1",
    0,
    "durations and steps are note values with an n in front: write n3/8"
);
mistake!(chord_symbol, "Cmaj7 1|1", 0, "chord symbols such as Cmaj7 are not notes: spell out the chord's notes before a position, e.g. C3 E3 G3 1|1");
mistake!(
    detached_suffix,
    "C3 1|1 n/4 d",
    11,
    "\"d\" belongs to the item before it: write n/4d without the space"
);
mistake!(
    detached_step,
    "C3 1|1x4 @n/4",
    9,
    "\"@n/4\" belongs to the item before it: write 1|1x4@n/4 without the space"
);
mistake!(
    missing_octave,
    "C3 Eb 1|1",
    3,
    "\"Eb\" has no octave: write it with one, e.g. Eb3 (C3 is middle C)"
);
mistake!(
    comma_between_notes,
    "C3,E3 1|1",
    2,
    "commas only join the beats of one position (1|1,2,3); put spaces between notes and values"
);
mistake!(
    bad_bar_copy,
    "C3 1|1 @x",
    7,
    "bar copies are @2= (from the previous bar), @2=1, @3-4=1, @5-8=1-2 or @clear (got @x)"
);
mistake!(
    decimal_velocity,
    "v8.5 C3 1|1",
    2,
    "velocity is v with a whole number 0-127 (v90) or a range (v80-100) (got v8.5)"
);
mistake!(
    negative_probability,
    "p-1 C3 1|1",
    0,
    "probability is p with a decimal from 0 to 1 (p0.5) (got p-1)"
);
mistake!(negative_t_duration, "C3 t-1 1|1", 3, "a t duration is t with a number of beats (t1, t/2, t1.5); note values are written n/8 etc. (got t-1)");
mistake!(note_value_with_dots, "n/4.. C3 1|1", 3, "a note value is n and a fraction of a whole note: n/4 quarter, n/8 eighth, n3/8 dotted quarter, n/8t eighth-note triplet (got n/4..)");
mistake!(
    items_run_together,
    "C3E3 1|1",
    2,
    "two items run together: put a space before \"E\""
);
mistake!(
    mixed_bracket,
    "[v80 C3] 1|1",
    5,
    "one [ ] pattern cannot mix kinds: it starts with a velocity, but \"C3\" is a note"
);

/// The forms models write most, which the core refuses, are plain bar|beat 2.
#[test]
fn lower_case_pitches_and_spaces_after_commas_are_valid_in_dialect_2() {
    let v2 = InterpretOptions::time_signature(4, 4).with_dialect(Dialect::V2);
    let lower = interpret("c3 1|1, 3", &v2).expect("valid in bar|beat 2");
    assert_eq!(lower.notes.len(), 2);
    assert_eq!(lower.notes[0].pitch, 60);
    assert_eq!(lower.notes[1].start_time, 2.0);
    // The core dialect keeps its own generic text (the default of the library).
    let core = interpret("c3 1|1", &InterpretOptions::time_signature(4, 4)).unwrap_err();
    assert!(core.message.ends_with(
        "Expected bar copy operation, time position, probability value, velocity value, duration value but \"c\" found"
    ));
    let core = interpret("C3 1|1, 3", &InterpretOptions::time_signature(4, 4)).unwrap_err();
    assert!(
        core.message
            .ends_with("Expected valid syntax but \",\" found"),
        "{}",
        core.message
    );
}
