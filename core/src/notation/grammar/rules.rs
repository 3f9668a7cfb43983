//! The rules of `grammar.pest`, one method each, in the file's order.
//!
//! PEG as pest runs it: a choice takes its first alternative that matches, `?` `*` `+`
//! take as much as they can and never give it back, and a failed rule leaves position
//! and tree as they were. Every method keeps that last promise itself, or is built from
//! [`Matcher::attempt`] and [`Matcher::emit`], which do. Silent (`_`) rules push no node;
//! atomic (`@`) rules match through the text-only pieces of `matcher.rs`, which push none.

use super::matcher::Matcher;
use super::{Node, Rule};

/// Matches `rule` at the start of `text`; the tree in pre-order, or `None`.
pub(super) fn match_rule(rule: Rule, text: &str) -> Option<Vec<Node>> {
    let mut m = Matcher {
        text,
        pos: 0,
        nodes: Vec::new(),
    };
    let matched = match rule {
        Rule::element_one => m.emit(rule, Matcher::element),
        Rule::element2_one => m.emit(rule, Matcher::element2),
        Rule::number_text => m.emit(rule, |m| m.number()),
        Rule::pitch => m.pitch(),
        Rule::time_position => m.emit(rule, |m| {
            m.bar() && m.eat("|") && m.beat2() && m.emit(Rule::EOI, |m| m.rest().is_empty())
        }),
        Rule::time_length => m.emit(rule, |m| {
            (m.bar_value() || m.note_value()) && m.emit(Rule::EOI, |m| m.rest().is_empty())
        }),
        _ => false,
    };
    matched.then_some(m.nodes)
}

impl Matcher<'_> {
    // ---- elements -------------------------------------------------------------------

    fn element(&mut self) -> bool {
        self.bar_copy()
            || self.time_points()
            || self.probability()
            || self.velocity()
            || self.duration()
            || self.pitch()
    }

    /// `bar_copy = ${ clear | "@" ~ bar_spec ~ "=" ~ bar_spec? }`
    fn bar_copy(&mut self) -> bool {
        self.emit(Rule::bar_copy, |m| {
            m.emit(Rule::clear, |m| m.eat("@clear"))
                || (m.eat("@") && m.bar_spec() && m.eat("=") && m.maybe(Matcher::bar_spec))
        })
    }

    /// `bar_spec = @{ posint ~ "-" ~ posint | posint }`
    fn bar_spec(&mut self) -> bool {
        self.emit(Rule::bar_spec, |m| {
            m.attempt(|m| m.posint() && m.eat("-") && m.posint()) || m.posint()
        })
    }

    /// `time_points = ${ bar ~ "|" ~ beat_spec ~ ("," ~ beat_spec)* }`
    fn time_points(&mut self) -> bool {
        self.emit(Rule::time_points, |m| {
            let head = m.bar() && m.eat("|") && m.beat_spec();
            if head {
                m.repeat(|m| m.eat(",") && m.beat_spec());
            }
            head
        })
    }

    fn bar(&mut self) -> bool {
        self.emit(Rule::bar, Matcher::posint)
    }

    /// `beat_spec = ${ beat ~ "x" ~ count ~ ("@" ~ step)? | beat }`
    fn beat_spec(&mut self) -> bool {
        self.emit(Rule::beat_spec, |m| {
            m.attempt(|m| {
                let repeat = m.beat() && m.eat("x") && m.count();
                if repeat {
                    m.attempt(|m| m.eat("@") && m.emit(Rule::step, Matcher::number));
                }
                repeat
            }) || m.beat()
        })
    }

    /// `beat = @{ posint "+" fraction | nonzero-digits "/" nonzero-digits | plain }`
    fn beat(&mut self) -> bool {
        self.emit(Rule::beat, |m| m.beat_core_text() || m.beat_plain_text())
    }

    fn count(&mut self) -> bool {
        self.emit(Rule::count, Matcher::posint)
    }

    /// `probability = ${ "p" ~ decimal_text }`
    fn probability(&mut self) -> bool {
        self.emit(Rule::probability, |m| {
            m.eat("p") && m.emit(Rule::decimal_text, Matcher::decimal)
        })
    }

    /// `velocity = ${ "v" ~ uint_text ~ "-" ~ uint_text | "v" ~ uint_text }`
    fn velocity(&mut self) -> bool {
        self.emit(Rule::velocity, |m| {
            let uint_text = |m: &mut Self| m.emit(Rule::uint_text, Matcher::uint);
            m.attempt(|m| m.eat("v") && uint_text(m) && m.eat("-") && uint_text(m))
                || (m.eat("v") && uint_text(m))
        })
    }

    /// `duration = ${ "t" ~ dur_bars ~ ":" ~ number_text | "t" ~ number_text }`
    fn duration(&mut self) -> bool {
        self.emit(Rule::duration, |m| {
            let number_text = |m: &mut Self| m.emit(Rule::number_text, Matcher::number);
            m.attempt(|m| {
                m.eat("t") && m.emit(Rule::dur_bars, Matcher::uint) && m.eat(":") && number_text(m)
            }) || (m.eat("t") && number_text(m))
        })
    }

    /// `pitch = ${ pitch_class ~ octave }`
    fn pitch(&mut self) -> bool {
        self.emit(Rule::pitch, |m| {
            m.emit(Rule::pitch_class, |m| {
                const CLASSES: [&str; 17] = [
                    "C#", "Db", "D#", "Eb", "F#", "Gb", "G#", "Ab", "A#", "Bb", "C", "D", "E", "F",
                    "G", "A", "B",
                ];
                CLASSES.iter().any(|class| m.eat(class))
            }) && m.octave()
        })
    }

    /// `octave = @{ "-"? ~ uint }`
    fn octave(&mut self) -> bool {
        self.emit(Rule::octave, |m| {
            m.eat("-");
            m.uint()
        })
    }

    // ---- bar|beat 2 -----------------------------------------------------------------

    fn element2(&mut self) -> bool {
        self.bar_copy()
            || self.time_points2()
            || self.probability()
            || self.velocity()
            || self.duration()
            || self.note_value()
            || self.bar_value()
            || self.bracket()
            || self.chord()
            || self.pitch2()
    }

    /// `time_points2 = ${ bar ~ "|" ~ beat_spec2 ~ list_tail* ~ (hs? ~ trailing_comma)? }`
    fn time_points2(&mut self) -> bool {
        self.emit(Rule::time_points2, |m| {
            let head = m.bar() && m.eat("|") && m.beat_spec2();
            if head {
                m.repeat(Matcher::list_tail);
                m.attempt(|m| {
                    m.hs();
                    m.emit(Rule::trailing_comma, |m| m.eat(","))
                });
            }
            head
        })
    }

    /// `list_tail = _{ hs? ~ "," ~ hs? ~ (restated | beat_spec2) }`
    fn list_tail(&mut self) -> bool {
        self.hs();
        if !self.eat(",") {
            return false;
        }
        self.hs();
        self.emit(Rule::restated, |m| m.bar() && m.eat("|") && m.beat_spec2()) || self.beat_spec2()
    }

    /// `hs = _{ (" " | "\t")+ }`, optional wherever it is used.
    fn hs(&mut self) {
        while self.eat(" ") || self.eat("\t") {}
    }

    /// `beat_spec2 = ${ beat2 ~ "x" ~ count ~ ("@" ~ step2)? | beat2 }`
    fn beat_spec2(&mut self) -> bool {
        self.emit(Rule::beat_spec2, |m| {
            m.attempt(|m| {
                let repeat = m.beat2() && m.eat("x") && m.count();
                if repeat {
                    m.attempt(|m| {
                        m.eat("@")
                            && (m.bar_value()
                                || m.note_value()
                                || m.emit(Rule::step, Matcher::number))
                    });
                }
                repeat
            }) || m.beat2()
        })
    }

    /// `beat2 = _{ beat_core | beat_offset | beat_plain }`
    fn beat2(&mut self) -> bool {
        self.emit(Rule::beat_core, Matcher::beat_core_text)
            || self.emit(Rule::beat_offset, |m| {
                m.beat_plain() && m.sign() && m.eat("n") && m.nv_body()
            })
            || self.beat_plain()
    }

    fn beat_plain(&mut self) -> bool {
        self.emit(Rule::beat_plain, Matcher::beat_plain_text)
    }

    /// `sign = @{ "+" | "-" }`
    fn sign(&mut self) -> bool {
        self.emit(Rule::sign, |m| m.eat("+") || m.eat("-"))
    }

    /// `note_value = ${ "n" ~ bar_count ~ bars_word | "n" ~ nv_body }`
    fn note_value(&mut self) -> bool {
        self.emit(Rule::note_value, |m| {
            m.attempt(|m| m.eat("n") && m.bar_count() && m.bars_word())
                || (m.eat("n") && m.nv_body())
        })
    }

    /// `nv_body = ${ nv_num? ~ "/" ~ nv_den ~ nv_suffix? }`
    fn nv_body(&mut self) -> bool {
        self.emit(Rule::nv_body, |m| {
            m.emit(Rule::nv_num, |m| {
                let whole = m.uint();
                if whole && m.eat(".") {
                    m.digits();
                }
                whole
            });
            m.eat("/")
                && m.emit(Rule::nv_den, Matcher::posint)
                && m.maybe(|m| m.emit(Rule::nv_suffix, |m| m.eat("d") || m.eat("t")))
        })
    }

    /// `bar_value = ${ bar_count ~ bars_word ~ (sign ~ "n" ~ nv_body)? }`
    fn bar_value(&mut self) -> bool {
        self.emit(Rule::bar_value, |m| {
            let bars = m.bar_count() && m.bars_word();
            if bars {
                m.attempt(|m| m.sign() && m.eat("n") && m.nv_body());
            }
            bars
        })
    }

    fn bar_count(&mut self) -> bool {
        self.emit(Rule::bar_count, Matcher::posint)
    }

    fn bars_word(&mut self) -> bool {
        self.eat("bars") || self.eat("bar")
    }

    /// `pitch2 = ${ letter2 ~ accidental2? ~ octave }`
    fn pitch2(&mut self) -> bool {
        self.emit(Rule::pitch2, |m| {
            m.emit(Rule::letter2, |m| {
                m.byte_if(|b| matches!(b, b'A'..=b'G' | b'a'..=b'g'))
            }) && m.maybe(|m| {
                m.emit(Rule::accidental2, |m| {
                    ["#", "♯", "b", "B", "♭"].iter().any(|a| m.eat(a))
                })
            }) && m.octave()
        })
    }

    /// `bracket = ${ "[" ~ sep? ~ b_item ~ (sep ~ b_item)* ~ sep? ~ "]" }`
    fn bracket(&mut self) -> bool {
        self.emit(Rule::bracket, |m| m.delimited("[", Matcher::b_item, "]"))
    }

    fn b_item(&mut self) -> bool {
        self.chord()
            || self.probability()
            || self.velocity()
            || self.duration()
            || self.note_value()
            || self.bar_value()
            || self.pitch2()
    }

    /// `chord = ${ "(" ~ sep? ~ pitch2 ~ (sep ~ pitch2)* ~ sep? ~ ")" }`
    fn chord(&mut self) -> bool {
        self.emit(Rule::chord, |m| m.delimited("(", Matcher::pitch2, ")"))
    }

    /// `open ~ sep? ~ item ~ (sep ~ item)* ~ sep? ~ close`: the body of a bracket or a
    /// chord.
    fn delimited(&mut self, open: &str, item: fn(&mut Self) -> bool, close: &str) -> bool {
        if !self.eat(open) {
            return false;
        }
        self.sep();
        if !item(self) {
            return false;
        }
        self.repeat(|m| m.sep() && item(m));
        self.sep();
        self.eat(close)
    }
}
