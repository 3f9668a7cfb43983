//! pest, run on `grammar.pest`, as the reference the hand-written matcher must agree
//! with: for every entry rule and any text, both match or both refuse, with the same
//! rules at the same spans in the same nesting.

use super::{Grammar, Pairs, Rule};
use pest::Parser as _;
use proptest::prelude::*;

mod reference {
    #[derive(pest_derive::Parser)]
    #[grammar = "notation/grammar/grammar.pest"]
    pub(super) struct PestGrammar;
}

use reference::{PestGrammar, Rule as PestRule};

/// The entry rules the notation calls, in both enums.
const ENTRIES: [(Rule, PestRule); 6] = [
    (Rule::element_one, PestRule::element_one),
    (Rule::element2_one, PestRule::element2_one),
    (Rule::number_text, PestRule::number_text),
    (Rule::pitch, PestRule::pitch),
    (Rule::time_position, PestRule::time_position),
    (Rule::time_length, PestRule::time_length),
];

/// A tree as (depth, rule name, start, end) in pre-order.
type Flat = Vec<(usize, String, usize, usize)>;

fn flatten_ours(pairs: Pairs<'_>, depth: usize, out: &mut Flat) {
    for pair in pairs {
        let span = pair.as_span();
        out.push((
            depth,
            format!("{:?}", pair.as_rule()),
            span.start(),
            span.end(),
        ));
        flatten_ours(pair.into_inner(), depth + 1, out);
    }
}

fn flatten_pest(pairs: pest::iterators::Pairs<'_, PestRule>, depth: usize, out: &mut Flat) {
    for pair in pairs {
        let span = pair.as_span();
        out.push((
            depth,
            format!("{:?}", pair.as_rule()),
            span.start(),
            span.end(),
        ));
        flatten_pest(pair.into_inner(), depth + 1, out);
    }
}

fn ours(rule: Rule, text: &str) -> Option<Flat> {
    let pairs = Grammar::parse(rule, text).ok()?;
    let mut flat = Vec::new();
    flatten_ours(pairs, 0, &mut flat);
    Some(flat)
}

fn pest(rule: PestRule, text: &str) -> Option<Flat> {
    let pairs = PestGrammar::parse(rule, text).ok()?;
    let mut flat = Vec::new();
    flatten_pest(pairs, 0, &mut flat);
    Some(flat)
}

fn assert_agree(text: &str) {
    for (rule, pest_rule) in ENTRIES {
        assert_eq!(
            ours(rule, text),
            pest(pest_rule, text),
            "{rule:?} on {text:?}"
        );
    }
}

#[test]
fn agrees_on_every_kind_of_element() {
    let texts = [
        "C3",
        "C#-2",
        "Bb10",
        "c3",
        "eb3",
        "F♯2",
        "G♭-1",
        "Cb",
        "H3",
        "1|1",
        "2|1.5,3x4@n/8",
        "1|4+1/3",
        "1|3/2",
        "1|1x4@1/4",
        "1|1+n/8",
        "1|2-n/16d",
        "1|1, 2|3 ,",
        "1|1,",
        "1|1 ,",
        "3|2x2@1bar+n/4",
        "v80",
        "v80-100",
        "v-1",
        "p0.5",
        "p.5",
        "p1.",
        "t2:1.5",
        "t/4",
        "t1+1/2",
        "n/4",
        "n3/8d",
        "n2bar",
        "n2bars",
        "n.5/4t",
        "2bar",
        "1bar-n/16",
        "1bars+n/3/4",
        "@1=",
        "@2-4=1",
        "@clear",
        "@clear=",
        "[C3 (E3 G3)]",
        "[ v80 v100 ]",
        "[C3 // c\n D3]",
        "[C3 /* x */ D3]",
        "(C3 E3",
        "(C3\tE3)",
        "[#x\nC3]",
        "1|",
        "|1",
        "0|1",
        "1|0",
        "",
        "bar",
        "n",
        "n/",
        "n1/0",
        "1|1x",
        "1|1x0",
        "1|1x2@",
        "1|1x2@0",
        "2.5",
        "2+1/3",
        "/4",
        ".5",
        "1.",
        "3/0",
        "1|1 x",
        "1|1+n/4x2@n/8",
        "1|2.5+n/4",
        "C3C3",
        "1bar+",
        "1bar+n",
    ];
    for text in texts {
        assert_agree(text);
    }
}

/// Pieces random texts are made of: the grammar's literals, digits and separators.
const PIECES: &[&str] = &[
    "C", "D", "E", "F", "G", "A", "B", "a", "c", "g", "h", "#", "b", "♯", "♭", "-", "+", "0", "1",
    "2", "9", "10", ".", "/", "|", ",", "x", "@", "=", "n", "t", "d", "v", "p", ":", "[", "]", "(",
    ")", " ", "\t", "\n", "\r", "bar", "bars", "clear", "//", "/*", "*/", "é",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    #[test]
    fn agrees_with_pest_on_random_text(pieces in prop::collection::vec(prop::sample::select(PIECES), 0..10)) {
        assert_agree(&pieces.concat());
    }
}
