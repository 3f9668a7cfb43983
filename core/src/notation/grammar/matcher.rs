//! The matching machinery under the rules (`rules.rs`): position and tree, putting
//! rules together with PEG's backtracking, separators, and the atomic pieces of
//! numbers that match text only.
//!
//! Every method here either matches and moves on, or fails and leaves position and
//! tree exactly as it found them.

use super::{Node, Rule};

/// Position and tree of one match in progress.
pub(super) struct Matcher<'t> {
    pub(super) text: &'t str,
    pub(super) pos: usize,
    pub(super) nodes: Vec<Node>,
}

impl<'t> Matcher<'t> {
    // ---- how rules are put together -------------------------------------------------

    /// Runs `body`; when it fails, puts position and tree back.
    pub(super) fn attempt(&mut self, body: impl FnOnce(&mut Self) -> bool) -> bool {
        let (pos, len) = (self.pos, self.nodes.len());
        if body(self) {
            return true;
        }
        self.pos = pos;
        self.nodes.truncate(len);
        false
    }

    /// A rule that yields a pair: `body` matched inside a node of `rule`.
    pub(super) fn emit(&mut self, rule: Rule, body: fn(&mut Self) -> bool) -> bool {
        let at = self.nodes.len();
        self.nodes.push(Node {
            rule,
            start: self.pos as u32,
            end: 0,
            after: 0,
        });
        let matched = self.attempt(body);
        if matched {
            let after = self.nodes.len() as u32;
            let node = &mut self.nodes[at];
            node.end = self.pos as u32;
            node.after = after;
        } else {
            self.nodes.truncate(at);
        }
        matched
    }

    /// `part?`: matches `part` if it can, and always succeeds.
    pub(super) fn maybe(&mut self, part: fn(&mut Self) -> bool) -> bool {
        part(self);
        true
    }

    /// `body*`: as many matches as there are.
    pub(super) fn repeat(&mut self, body: impl Fn(&mut Self) -> bool) {
        while self.attempt(&body) {}
    }

    // ---- separators -----------------------------------------------------------------

    /// `sep = (ws_char | comment)+`
    pub(super) fn sep(&mut self) -> bool {
        let start = self.pos;
        while self.ws_char() || self.comment() {}
        self.pos > start
    }

    fn ws_char(&mut self) -> bool {
        self.eat(" ") || self.eat("\t") || self.eat("\r") || self.eat("\n")
    }

    /// Line comments run to the line's end (not included); a block comment must close.
    fn comment(&mut self) -> bool {
        if self.eat("//") || self.eat("#") {
            let rest = self.rest();
            self.pos += rest.find(['\r', '\n']).unwrap_or(rest.len());
            return true;
        }
        match self.rest().strip_prefix("/*").and_then(|r| r.find("*/")) {
            Some(close) => {
                self.pos += 2 + close + 2;
                true
            }
            None => false,
        }
    }

    // ---- atomic pieces: text only, no nodes ---------------------------------------

    /// The text not matched yet.
    pub(super) fn rest(&self) -> &'t str {
        &self.text[self.pos..]
    }

    /// Matches `literal` exactly.
    pub(super) fn eat(&mut self, literal: &str) -> bool {
        let matched = self.rest().starts_with(literal);
        if matched {
            self.pos += literal.len();
        }
        matched
    }

    /// Matches one ASCII byte that `accept`s.
    pub(super) fn byte_if(&mut self, accept: fn(u8) -> bool) -> bool {
        let matched = self
            .text
            .as_bytes()
            .get(self.pos)
            .is_some_and(|&b| accept(b));
        if matched {
            self.pos += 1;
        }
        matched
    }

    /// `ASCII_DIGIT*`; whether any matched.
    pub(super) fn digits(&mut self) -> bool {
        let start = self.pos;
        while self.byte_if(|b| b.is_ascii_digit()) {}
        self.pos > start
    }

    /// `uint = _{ ASCII_DIGIT+ }`
    pub(super) fn uint(&mut self) -> bool {
        self.digits()
    }

    /// `posint = _{ ASCII_NONZERO_DIGIT ~ ASCII_DIGIT* }`
    pub(super) fn posint(&mut self) -> bool {
        let first = self.byte_if(|b| matches!(b, b'1'..=b'9'));
        if first {
            self.digits();
        }
        first
    }

    /// `fraction = _{ ASCII_DIGIT* ~ "/" ~ ASCII_NONZERO_DIGIT ~ ASCII_DIGIT* }`
    pub(super) fn fraction(&mut self) -> bool {
        self.attempt(|m| {
            m.digits();
            m.eat("/") && m.posint()
        })
    }

    /// `decimal = _{ ASCII_DIGIT+ ~ ("." ~ ASCII_DIGIT*)? | "." ~ ASCII_DIGIT+ }`
    pub(super) fn decimal(&mut self) -> bool {
        if self.digits() {
            if self.eat(".") {
                self.digits();
            }
            return true;
        }
        self.attempt(|m| m.eat(".") && m.digits())
    }

    /// `number = _{ uint ~ "+" ~ fraction | fraction | decimal }`
    pub(super) fn number(&mut self) -> bool {
        self.attempt(|m| m.uint() && m.eat("+") && m.fraction())
            || self.fraction()
            || self.decimal()
    }

    /// `posint "+" fraction | ASCII_NONZERO_DIGIT ASCII_DIGIT* "/" ASCII_NONZERO_DIGIT
    /// ASCII_DIGIT*`: the text of `beat_core`, and the first two forms of `beat`.
    pub(super) fn beat_core_text(&mut self) -> bool {
        self.attempt(|m| m.posint() && m.eat("+") && m.fraction())
            || self.attempt(|m| m.posint() && m.eat("/") && m.posint())
    }

    /// `ASCII_NONZERO_DIGIT ~ ASCII_DIGIT* ~ ("." ~ ASCII_DIGIT*)?`: `beat_plain`.
    pub(super) fn beat_plain_text(&mut self) -> bool {
        let whole = self.posint();
        if whole && self.eat(".") {
            self.digits();
        }
        whole
    }
}
