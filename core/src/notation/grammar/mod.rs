//! The bar|beat grammar (`grammar.pest`, docs/design/notation.md §3.2) as a hand-written
//! PEG matcher, and the tree of matched rules it returns.
//!
//! `grammar.pest` stays the grammar's text: a test (`oracle.rs`) runs pest on it and
//! checks that this matcher returns the same rules at the same spans for random input.
//! The matcher replaced pest's generated parser because the device compiles the core on
//! Live's main thread: pest's code was 60 KB of the `v8` WebAssembly (about 6 %), this
//! is a few kilobytes (docs/design/v8-core.md, "Numbers").
//!
//! The tree keeps pest's shape so the converters read it the same way: a rule written
//! `{}` or `$` yields a [`Pair`] with the pairs of the rules it matched inside; `@`
//! yields a pair with none inside; `_` yields nothing, its rules' pairs go to the rule
//! around it; `EOI` yields a pair; `SOI` does not.

mod matcher;
mod rules;

// pest is a native dev-dependency: the wasm test build (`wasm-pack test`) has no oracle.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod oracle;

use std::rc::Rc;

/// The rules a [`Pair`] can name: the grammar's non-silent rules, plus `EOI`.
#[allow(non_camel_case_types, clippy::upper_case_acronyms)] // the names pest gives them
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rule {
    EOI,
    element_one,
    bar_copy,
    clear,
    bar_spec,
    time_points,
    bar,
    beat_spec,
    beat,
    count,
    step,
    probability,
    velocity,
    duration,
    dur_bars,
    pitch,
    pitch_class,
    octave,
    number_text,
    decimal_text,
    uint_text,
    element2_one,
    time_points2,
    restated,
    trailing_comma,
    beat_spec2,
    beat_core,
    beat_offset,
    beat_plain,
    sign,
    note_value,
    nv_body,
    nv_num,
    nv_den,
    nv_suffix,
    bar_value,
    bar_count,
    pitch2,
    letter2,
    accidental2,
    bracket,
    chord,
    time_position,
    time_length,
}

/// One matched rule in a tree (pre-order): `after` is the index just past its inner
/// rules, so the next sibling.
#[derive(Clone, Copy, Debug)]
struct Node {
    rule: Rule,
    start: u32,
    end: u32,
    after: u32,
}

/// The text did not match the rule at its start.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct NoMatch;

/// The grammar's entry points.
pub(crate) struct Grammar;

impl Grammar {
    /// Matches `rule` at the start of `text` (the rest of `text` may stay unmatched,
    /// unless the rule ends in `EOI`); the result holds the one pair of `rule`.
    ///
    /// Only the entry rules the notation calls are accepted (`element_one`,
    /// `element2_one`, `number_text`, `pitch`, `time_position`, `time_length`); any other
    /// rule answers [`NoMatch`].
    pub(crate) fn parse(rule: Rule, text: &str) -> Result<Pairs<'_>, NoMatch> {
        // Spans are `u32`. A request body is far smaller (the MCP server answers 413
        // past its limit), so no text this long arrives; refusing it keeps offsets exact.
        if text.len() > u32::MAX as usize {
            return Err(NoMatch);
        }
        let nodes = rules::match_rule(rule, text).ok_or(NoMatch)?;
        let stop = nodes.len();
        Ok(Pairs {
            text,
            nodes: Rc::new(nodes),
            next: 0,
            stop,
        })
    }
}

/// Byte offsets of a pair in the matched text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Span {
    start: usize,
    end: usize,
}

impl Span {
    /// Offset of the first byte.
    pub(crate) fn start(&self) -> usize {
        self.start
    }

    /// Offset just past the last byte.
    pub(crate) fn end(&self) -> usize {
        self.end
    }
}

/// A matched rule: what it is, where it is, and what it matched inside.
#[derive(Clone, Debug)]
pub(crate) struct Pair<'t> {
    text: &'t str,
    nodes: Rc<Vec<Node>>,
    index: usize,
}

impl<'t> Pair<'t> {
    fn node(&self) -> Node {
        self.nodes[self.index]
    }

    /// The rule matched.
    pub(crate) fn as_rule(&self) -> Rule {
        self.node().rule
    }

    /// Where it matched.
    pub(crate) fn as_span(&self) -> Span {
        let node = self.node();
        Span {
            start: node.start as usize,
            end: node.end as usize,
        }
    }

    /// The text it matched.
    pub(crate) fn as_str(&self) -> &'t str {
        let span = self.as_span();
        &self.text[span.start..span.end]
    }

    /// The pairs of the rules it matched inside, in order.
    pub(crate) fn into_inner(self) -> Pairs<'t> {
        let node = self.node();
        Pairs {
            text: self.text,
            next: self.index + 1,
            stop: node.after as usize,
            nodes: self.nodes,
        }
    }
}

/// Sibling pairs, in text order.
#[derive(Clone, Debug)]
pub(crate) struct Pairs<'t> {
    text: &'t str,
    nodes: Rc<Vec<Node>>,
    next: usize,
    stop: usize,
}

impl<'t> Iterator for Pairs<'t> {
    type Item = Pair<'t>;

    fn next(&mut self) -> Option<Pair<'t>> {
        if self.next >= self.stop {
            return None;
        }
        let pair = Pair {
            text: self.text,
            nodes: Rc::clone(&self.nodes),
            index: self.next,
        };
        self.next = self.nodes[self.next].after as usize;
        Some(pair)
    }
}
