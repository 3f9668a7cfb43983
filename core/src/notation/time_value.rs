//! Time values of the tools in bar|beat 2 forms (docs/notation.md, "Time values
//! in tools"): a tool's position or length written as the notation writes it, read
//! by the notation's own rules so that `n/4` or `1bar+n/8` means the same in a
//! tool argument as in a clip's notes.

use super::dialect::Dialect;
use super::grammar::{Grammar, Rule};
use super::note::Meter;
use super::numbers;
use super::parser::{ScanMode, Scanner};

/// The meter of a time signature `numerator/denominator` (both ≥ 1).
fn meter(numerator: u32, denominator: u32) -> Option<Meter> {
    (numerator >= 1 && denominator >= 1)
        .then(|| Meter::new(Some(numerator), Some(denominator)).ok())
        .flatten()
}

/// Live beats of a length written as a bar value or a note value: `4bar`, `2bars`,
/// `1bar+n3/4`, `1bar-n/16`, `n/4`, `n3/8`, `n/8t`, `n2bar`, in the time signature
/// `numerator/denominator`. `None` when `text` (surrounding whitespace aside) is not
/// one of these forms, or when the length would be negative.
pub fn length_value(text: &str, numerator: u32, denominator: u32) -> Option<f64> {
    let meter = meter(numerator, denominator)?;
    let text = text.trim();
    let pair = Grammar::parse(Rule::time_length, text).ok()?.next()?;
    let value = pair.into_inner().next()?;
    let scanner = Scanner::with_dialect(text, ScanMode::PerElement, Dialect::V2, meter);
    let musical = match value.as_rule() {
        Rule::bar_value => scanner.bar_value(value),
        _ => scanner.note_value(value),
    };
    (musical >= 0.0 && musical.is_finite()).then_some(musical * meter.scale)
}

/// Live beats from 1|1 of a position `bar|beat` whose beat may carry a bar|beat 2
/// offset (`1|1+n/8`, `2|1-n/16`) besides the core forms (`3|2.5`, `1|4/3`,
/// `1|2+1/3`). `None` when `text` is not such a position, or when it lies before
/// 1|1 (no tool position does).
pub fn position_value(text: &str, numerator: u32, denominator: u32) -> Option<f64> {
    let meter = meter(numerator, denominator)?;
    let text = text.trim();
    let pair = Grammar::parse(Rule::time_position, text).ok()?.next()?;
    let mut parts = pair.into_inner();
    let bar = numbers::uint(parts.next()?.as_str());
    let beat_pair = parts.next()?;
    let beat = match beat_pair.as_rule() {
        Rule::beat_offset => {
            let scanner = Scanner::with_dialect(text, ScanMode::PerElement, Dialect::V2, meter);
            let mut inner = beat_pair.into_inner();
            let plain = numbers::decimal(inner.next()?.as_str());
            let minus = inner.next()?.as_str() == "-";
            let offset = scanner.whole(inner.next()?) * meter.beat_unit();
            if minus {
                plain - offset
            } else {
                plain + offset
            }
        }
        Rule::beat_core if !beat_pair.as_str().contains('+') => {
            Some(numbers::fraction(beat_pair.as_str())).filter(|b| *b >= 1.0)?
        }
        Rule::beat_core => numbers::number(beat_pair.as_str()),
        _ => numbers::decimal(beat_pair.as_str()),
    };
    let musical = (bar - 1.0) * meter.beats_per_bar + (beat - 1.0);
    (musical >= 0.0 && musical.is_finite()).then_some(musical * meter.scale)
}

#[cfg(test)]
mod tests {
    use super::{length_value, position_value};

    #[test]
    fn lengths_in_bar_and_note_values() {
        assert_eq!(length_value("4bar", 4, 4), Some(16.0));
        assert_eq!(length_value(" 2bars ", 3, 4), Some(6.0));
        assert_eq!(length_value("1bar+n3/4", 4, 4), Some(7.0));
        assert_eq!(length_value("1bar-n/16", 4, 4), Some(3.75));
        assert_eq!(length_value("1bar", 6, 8), Some(3.0));
        assert_eq!(length_value("n/4", 6, 8), Some(1.0));
        assert_eq!(length_value("n/8t", 4, 4), Some(1.0 / 3.0));
        assert_eq!(length_value("n2bar", 3, 4), Some(6.0));
        assert_eq!(length_value("1bar-n5/4", 4, 4), None, "negative");
        for bad in ["4", "4:0", "n4", "4 bar", "4BAR", "", "n/0", "1bar+n/4 x"] {
            assert_eq!(length_value(bad, 4, 4), None, "{bad}");
        }
    }

    #[test]
    fn positions_with_offsets() {
        assert_eq!(position_value("1|1+n/8", 4, 4), Some(0.5));
        assert_eq!(position_value("2|1-n/16", 4, 4), Some(3.75));
        assert_eq!(position_value("1|1+n/8", 6, 8), Some(0.5));
        assert_eq!(position_value("3|2.5", 4, 4), Some(9.5));
        assert_eq!(position_value("1|4/3", 4, 4), Some(4.0 / 3.0 - 1.0));
        assert_eq!(
            position_value("1|2+1/3", 4, 4),
            Some((2.0 + 1.0 / 3.0) - 1.0)
        );
        assert_eq!(position_value("1|1-n/4", 4, 4), None, "before 1|1");
        for bad in ["0|1", "1|0", "1|2/3", "1|1,2", "1|1x2", "1|1+1", "1"] {
            assert_eq!(position_value(bad, 4, 4), None, "{bad}");
        }
    }
}
