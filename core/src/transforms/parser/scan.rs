//! Space, comments, literals and keywords: the terminals every rule is built from.

use super::{Label, Parser};
use crate::notation::{comment_end, UnclosedComment};

impl<'t> Parser<'t> {
    /// `_`: spaces, tabs and comments. An unclosed `/*` notes `"*/"` at the end and
    /// is not skipped.
    pub(super) fn skip_inline(&mut self, mut i: usize) -> usize {
        let b = self.b;
        while i < b.len() {
            match b[i] {
                b' ' | b'\t' => i += 1,
                _ => match comment_end(b, i) {
                    Some(Ok(end)) => i = end,
                    Some(Err(UnclosedComment)) => {
                        self.note(b.len(), Label::CommentClose);
                        return i;
                    }
                    None => return i,
                },
            }
        }
        i
    }

    /// `BLANK`: inline space, comments and line breaks.
    pub(super) fn skip_blank(&mut self, mut i: usize) -> usize {
        loop {
            i = self.skip_inline(i);
            if i < self.b.len() && matches!(self.b[i], b'\r' | b'\n') {
                i += 1;
            } else {
                return i;
            }
        }
    }

    /// `lit` written at `at`: the position after it.
    pub(super) fn literal(&self, at: usize, lit: &str) -> Option<usize> {
        self.b[at..]
            .starts_with(lit.as_bytes())
            .then_some(at + lit.len())
    }

    /// A literal that is noted under `label` when it fails.
    pub(super) fn expect(&mut self, at: usize, lit: &str, label: Label) -> Option<usize> {
        let found = self.literal(at, lit);
        self.or_note(at, label, found)
    }

    /// The first of `words` written at `at`, each spelled by `name`.
    pub(super) fn keyword<T: Copy>(
        &self,
        at: usize,
        words: &[T],
        name: fn(T) -> &'static str,
    ) -> Option<(T, usize)> {
        words
            .iter()
            .find_map(|&word| self.literal(at, name(word)).map(|end| (word, end)))
    }

    /// A keyword that is noted under `label` when none of `words` is written at `at`.
    pub(super) fn expect_keyword<T: Copy>(
        &mut self,
        at: usize,
        words: &[T],
        name: fn(T) -> &'static str,
        label: Label,
    ) -> Option<(T, usize)> {
        let found = self.keyword(at, words, name);
        self.or_note(at, label, found)
    }

    /// `_ lit` after `end`: the position after `lit`.
    pub(super) fn spaced(&mut self, end: usize, lit: &str, label: Label) -> Option<usize> {
        let at = self.skip_inline(end);
        self.expect(at, lit, label)
    }

    /// `_ lit _` after `end`: where what follows the separator starts.
    pub(super) fn separator(&mut self, end: usize, lit: &str, label: Label) -> Option<usize> {
        let after = self.spaced(end, lit, label)?;
        Some(self.skip_inline(after))
    }

    /// `_ "," _` before a further argument.
    pub(super) fn comma(&mut self, end: usize) -> Option<usize> {
        self.separator(end, ",", Label::Comma)
    }
}
