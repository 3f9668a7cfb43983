//! The scanner: turns text into validated elements, one at a time
//! (docs/design/notation.md §5.2, §7.1).
//!
//! Separators are skipped by hand; the grammar (`grammar/`) matches elements. Each
//! element's value checks (docs/design/notation.md §3.3) run as soon as it is handed
//! out, so a value error before a syntax error wins and nothing after a syntax error is
//! ever checked (docs/design/notation.md §5.1). Error positions come from the scan
//! itself — where it stopped — never from the grammar's furthest attempt. In
//! [`ScanMode::Memoized`] a word matched before comes from the element memo (`memo.rs`)
//! instead of the grammar.

use super::ast::BeatSpec;
use super::dialect::Dialect;
use super::error::{ErrorKind, NotationError, EXPECTED_ELEMENT, EXPECTED_SEPARATOR};
use super::extras::{Extended, Failure};
use super::grammar::Grammar;
pub(crate) use super::grammar::Rule;
pub(crate) use super::item::Item;
pub(crate) use super::lexical::{comment_end, UnclosedComment};
use super::memo::{word_end, ElementMemo};
use super::note::Meter;
use super::numbers;
use super::position::{source_position, syntax_error};
use std::ops::Range;

/// How the scanner obtains each element from the grammar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScanMode {
    /// One grammar match per element, exactly as docs/design/notation.md §7.1 describes.
    PerElement,
    /// Like `PerElement`, but an element whose text (a whole whitespace-delimited
    /// word) was matched before is taken from a memo instead of matching it again.
    /// Matching is a pure function of the word, so results are identical; a time
    /// position is memoised by its text after the bar number (`|1,3`), because the
    /// bar changes from line to line while the beats repeat.
    Memoized,
}

/// Walks the text element by element; see the module documentation.
pub(crate) struct Scanner<'t> {
    text: &'t str,
    mode: ScanMode,
    /// Byte offset just after the last matched element (or 0 before the first).
    pos: usize,
    started: bool,
    finished: bool,
    /// Beats of the last time position, when it came from the grammar.
    pub(super) beats: Vec<BeatSpec>,
    /// Where the last time position's beats are: `None` = `beats`, else the memo's
    /// arena (see [`ElementMemo::beats`]).
    beats_in_arena: Option<(usize, usize)>,
    /// Elements already matched, for [`ScanMode::Memoized`].
    memo: ElementMemo<'t>,
    /// Byte offset where the last matched element started (for separator hints).
    last_start: usize,
    /// The dialect read; bar|beat 2 also needs the meter for note values.
    pub(super) dialect: Dialect,
    pub(super) meter: Meter,
    /// Parts of the last bar|beat 2 element (brackets, chords, list extras).
    pub(super) ext: Extended,
}

impl<'t> Scanner<'t> {
    /// A scanner at the start of `text`.
    pub(crate) fn new(text: &'t str, mode: ScanMode) -> Self {
        Scanner {
            text,
            mode,
            pos: 0,
            started: false,
            finished: false,
            beats: Vec::new(),
            beats_in_arena: None,
            memo: ElementMemo::default(),
            last_start: 0,
            dialect: Dialect::V146,
            meter: Meter::default(),
            ext: Extended::default(),
        }
    }

    /// A scanner reading `dialect`; bar|beat 2 computes note values in `meter`.
    pub(crate) fn with_dialect(
        text: &'t str,
        mode: ScanMode,
        dialect: Dialect,
        meter: Meter,
    ) -> Self {
        Scanner {
            dialect,
            meter,
            ..Scanner::new(text, mode)
        }
    }

    /// The list extras (restated bars, spec texts) of the last time position in
    /// bar|beat 2; empty in the core dialect.
    pub(crate) fn extras(&self) -> &[super::extras::BeatExtra] {
        match self.beats_in_arena {
            Some((start, end)) => self.memo.extras(start, end),
            None => &self.ext.extras,
        }
    }

    /// The beat specs of the last `Item::TimePoints` returned.
    pub(crate) fn beats(&self) -> &[BeatSpec] {
        match self.beats_in_arena {
            Some((start, end)) => self.memo.beats(start, end),
            None => &self.beats,
        }
    }

    /// The next element and its byte range, `Ok(None)` at the end of valid input, or
    /// the first syntax/value error.
    pub(crate) fn next_item(&mut self) -> Result<Option<(Item, Range<usize>)>, NotationError> {
        if self.finished {
            return Ok(None);
        }
        let at = self.skip_separator(self.pos)?;
        if at == self.text.len() {
            self.finished = true;
            return Ok(None);
        }
        let v2 = self.dialect == Dialect::V2;
        if at == self.pos && self.started && !(v2 && self.text.as_bytes()[at] == b'[') {
            // An element ended and neither a separator nor the end follows.
            return Err(self.syntax(Failure::Separator(self.last_start), at));
        }
        self.started = true;
        let word_end = word_end(self.text.as_bytes(), at);
        // In bar|beat 2 a time position may continue after spaces with a comma
        // (`1|1 , 3`), so a memoised position only stands for a word that no comma
        // follows on its line.
        let continues = v2 && {
            let rest = &self.text.as_bytes()[word_end..];
            let spaces = rest
                .iter()
                .take_while(|b| matches!(b, b' ' | b'\t'))
                .count();
            spaces > 0 && rest.get(spaces) == Some(&b',')
        };
        if self.mode == ScanMode::Memoized {
            let recalled = self.memo.recall(&self.text[at..word_end]);
            if let Some((item, beats_in_arena)) =
                recalled.filter(|(item, _)| !(continues && matches!(item, Item::TimePoints { .. })))
            {
                self.last_start = at;
                self.beats_in_arena = beats_in_arena;
                self.pos = word_end;
                return Ok(Some((item, at..word_end)));
            }
        }
        let rule = if v2 {
            Rule::element2_one
        } else {
            Rule::element_one
        };
        let pair = match Grammar::parse(rule, &self.text[at..]) {
            Ok(mut outer) => outer.next().and_then(|wrapper| wrapper.into_inner().next()),
            Err(_) => None,
        };
        let Some(pair) = pair else {
            return Err(self.syntax(Failure::Element, at));
        };
        let end = at + pair.as_span().end();
        self.beats_in_arena = None;
        self.last_start = at;
        let item = if v2 {
            self.convert2(pair, at)?
        } else {
            self.convert(pair, at)?
        };
        self.pos = end;
        let memoisable = !matches!(item, Item::Chord | Item::Bracket | Item::Deferred);
        if self.mode == ScanMode::Memoized && end == word_end && memoisable {
            self.memo.remember(
                &self.text[at..word_end],
                item,
                &self.beats,
                &self.ext.extras,
            );
        }
        Ok(Some((item, at..end)))
    }

    /// Skips one separator (possibly empty) from `from`; an unclosed block comment is
    /// the syntax error of docs/design/notation.md §5.2 at the end of the input.
    fn skip_separator(&self, from: usize) -> Result<usize, NotationError> {
        let bytes = self.text.as_bytes();
        let mut i = from;
        while i < bytes.len() {
            match bytes[i] {
                b' ' | b'\t' | b'\r' | b'\n' => i += 1,
                _ => match comment_end(bytes, i) {
                    Some(Ok(end)) => i = end,
                    Some(Err(UnclosedComment)) => {
                        return Err(self.syntax(Failure::Unclosed, bytes.len()))
                    }
                    None => break,
                },
            }
        }
        Ok(i)
    }

    /// The syntax error of `failure` at byte `at`: the core text, or in bar|beat 2
    /// the targeted hint when one applies.
    pub(super) fn syntax(&self, failure: Failure, at: usize) -> NotationError {
        let expected = match failure {
            Failure::Element => EXPECTED_ELEMENT,
            _ => EXPECTED_SEPARATOR,
        };
        if self.dialect == Dialect::V2 {
            if let Some(hint) = super::hints::hint(self.text, failure, at) {
                return self.hinted(at, &hint);
            }
        }
        syntax_error(self.text, at, expected)
    }

    /// The text being scanned.
    pub(super) fn text_of(&self) -> &'t str {
        self.text
    }

    /// Value of a beat (mixed, fraction or decimal); a fraction must be ≥ 1.
    pub(super) fn beat_value(&self, text: &str, start: usize) -> Result<f64, NotationError> {
        if text.contains('+') {
            Ok(numbers::number(text))
        } else if text.contains('/') {
            let value = numbers::fraction(text);
            if value < 1.0 {
                return Err(self.value_error(
                    start,
                    format!("Beat position must be 1 or greater (got {text})"),
                ));
            }
            Ok(value)
        } else {
            Ok(numbers::decimal(text))
        }
    }

    /// A value error (3.3) for the token starting at byte `start`.
    pub(super) fn value_error(&self, start: usize, message: String) -> NotationError {
        NotationError {
            kind: ErrorKind::Value,
            message,
            position: Some(source_position(self.text, start)),
            expected: &[],
            warnings: Vec::new(),
        }
    }
}

/// The value of `text` when the whole of it is one `number` of the grammar (docs/design/notation.md §2.3:
/// `3`, `2.5`, `.5`, `4/3`, `/4`, `2+1/3`), else `None`. Tool time values use this so
/// the notation and the tools share one number grammar.
pub(crate) fn whole_number(text: &str) -> Option<f64> {
    let pair = Grammar::parse(Rule::number_text, text).ok()?.next()?;
    (pair.as_str().len() == text.len()).then(|| numbers::number(text))
}
