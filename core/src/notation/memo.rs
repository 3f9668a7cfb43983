//! The element memo behind [`ScanMode::Memoized`](super::ScanMode::Memoized).
//!
//! Matching an element is a pure function of its text, so a whole
//! whitespace-delimited word matched once is answered from here the next time
//! instead of asking the grammar again, with identical results. A time position is keyed
//! by its text after the bar number (`|1,3`), because the bar changes from line to
//! line while the beats repeat; its beat specs are kept in an arena so that
//! recalling them allocates nothing.

use super::ast::BeatSpec;
use super::extras::BeatExtra;
use super::item::Item;
use super::numbers;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

/// A memoised element: the item, and for time positions the beats in the arena.
#[derive(Clone, Copy)]
enum Memo {
    Item(Item),
    Beats(usize, usize),
}

/// FNV-1a: the memo keys are a few bytes long, where SipHash's setup dominates.
#[derive(Default)]
struct Fnv(u64);

impl std::hash::Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for &b in bytes {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
}

/// Memo keys (words of the scanned text) to their elements.
type FnvMap<'t> = HashMap<&'t str, Memo, BuildHasherDefault<Fnv>>;

/// The elements already matched in one text; see the module documentation.
#[derive(Default)]
pub(super) struct ElementMemo<'t> {
    /// Memo key → element.
    map: FnvMap<'t>,
    /// Beat specs of memoised time positions, one range per entry.
    arena: Vec<BeatSpec>,
    /// Their bar|beat 2 extras, parallel to `arena` (empty in the core dialect).
    extras: Vec<BeatExtra>,
}

impl<'t> ElementMemo<'t> {
    /// The beat specs at `start..end`, a range handed out by [`ElementMemo::recall`].
    pub(super) fn beats(&self, start: usize, end: usize) -> &[BeatSpec] {
        &self.arena[start..end]
    }

    /// The bar|beat 2 extras at `start..end` (empty in the core dialect).
    pub(super) fn extras(&self, start: usize, end: usize) -> &[BeatExtra] {
        self.extras.get(start..end).unwrap_or(&[])
    }

    /// The memoised element for the whole word `word`, if any, with — for a time
    /// position — the range of its beats (see [`ElementMemo::beats`]).
    pub(super) fn recall(&self, word: &str) -> Option<(Item, Option<(usize, usize)>)> {
        let (bar, key) = split_bar(word);
        match *self.map.get(key)? {
            Memo::Item(item) if bar.is_none() => Some((item, None)),
            Memo::Beats(start, stop) => {
                let bar = numbers::uint(bar?);
                Some((Item::TimePoints { bar }, Some((start, stop))))
            }
            Memo::Item(_) => None,
        }
    }

    /// Memoises `item`, matched from the whole word `word`; `beats` are its beat
    /// specs when it is a time position.
    pub(super) fn remember(
        &mut self,
        word: &'t str,
        item: Item,
        beats: &[BeatSpec],
        extras: &[BeatExtra],
    ) {
        let (bar, key) = split_bar(word);
        let memo = match item {
            Item::TimePoints { .. } if bar.is_some() => {
                let start = self.arena.len();
                self.arena.extend_from_slice(beats);
                if !extras.is_empty() {
                    self.extras.resize(start, BeatExtra::default());
                    self.extras.extend_from_slice(extras);
                }
                Memo::Beats(start, self.arena.len())
            }
            // Copies name bars, so their words rarely repeat: not worth a memo entry.
            Item::TimePoints { .. } | Item::BarCopy { .. } => return,
            _ => Memo::Item(item),
        };
        self.map.insert(key, memo);
    }
}

/// End of the whitespace-delimited word starting at `at`.
pub(super) fn word_end(bytes: &[u8], at: usize) -> usize {
    bytes[at..]
        .iter()
        .position(|&b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
        .map_or(bytes.len(), |p| at + p)
}

/// Splits `12|1,3` into the bar digits and the memo key `|1,3`; other words are
/// their own key. Only `[1-9][0-9]*|` counts as a bar prefix, as in the grammar.
fn split_bar(word: &str) -> (Option<&str>, &str) {
    let bytes = word.as_bytes();
    if bytes.first().is_some_and(|b| (b'1'..=b'9').contains(b)) {
        let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
        if bytes.get(digits) == Some(&b'|') {
            return (Some(&word[..digits]), &word[digits..]);
        }
    }
    (None, word)
}
