use super::*;
use proptest::prelude::*;

/// `parse` and the standard library agree, bit for bit, or both refuse.
fn agree(text: &str) {
    let ours = parse(text);
    let std = text.parse::<f64>().ok();
    match (ours, std) {
        (Some(a), Some(b)) if a.is_nan() && b.is_nan() => {}
        (Some(a), Some(b)) => assert_eq!(a.to_bits(), b.to_bits(), "{text:?}: {a:e} vs {b:e}"),
        (a, b) => assert_eq!(a, b, "{text:?}"),
    }
}

#[test]
fn reads_what_the_standard_library_reads() {
    for text in [
        "0",
        "-0",
        "+3",
        "2.5",
        ".5",
        "2.",
        "007",
        "1e3",
        "1E+3",
        "2.5e-3",
        "-.5e1",
        "inf",
        "-Infinity",
        "NaN",
        "0.1",
        "0.30000000000000004",
        "123456789012345678901234567890",
        "1.7976931348623157e308",
        "1.7976931348623158e308",
        "1.7976931348623159e308",
        "1e309",
        "2.2250738585072011e-308",
        "2.2250738585072014e-308",
        "4.9406564584124654e-324",
        "2.4703282292062327e-324",
        "2.4703282292062328e-324",
        "1e-400",
        "9007199254740993",
        "9007199254740992.5",
        "0.000000000000000000000000000001",
        "1e-7",
        "1e22",
        "1e23",
    ] {
        agree(text);
    }
}

#[test]
fn refuses_what_is_not_a_number() {
    for text in [
        "", "-", ".", "e3", "1e", "1e+", "1.2.3", "1 ", " 1", "0x10", "1_000", "--1", "∞",
    ] {
        assert_eq!(parse(text), None, "{text:?}");
        agree(text);
    }
}

#[test]
fn breaks_exact_ties_to_even() {
    // 2^53 + 1 lies halfway between 2^53 and 2^53 + 2.
    assert_eq!(parse("9007199254740993"), Some(9007199254740992.0));
    assert_eq!(parse("9007199254740995"), Some(9007199254740996.0));
}

#[test]
fn very_long_numbers_keep_their_rounding() {
    let long = format!("0.{}1", "0".repeat(5_000));
    agree(&long);
    let halfway = format!("9007199254740993{}", "0".repeat(900));
    agree(&format!("{halfway}e-900"));
    agree(&format!("{halfway}1e-901"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5_000))]

    #[test]
    fn agrees_on_the_shortest_form_of_any_double(bits in any::<u64>()) {
        let x = f64::from_bits(bits);
        agree(&format!("{x:e}"));
        agree(&format!("{x}"));
    }

    #[test]
    fn agrees_on_random_decimals(digits in "[0-9]{1,40}", point in 0usize..41, exponent in -360i32..330) {
        let point = point.min(digits.len());
        agree(&format!("{}.{}e{exponent}", &digits[..point], &digits[point..]));
    }

    #[test]
    fn fixed_writes_what_format_writes_away_from_ties(x in -1e6f64..1e6, places in 0u32..6) {
        let scaled = x * 10f64.powi(places as i32);
        prop_assume!((scaled - scaled.trunc()).abs() - 0.5 != 0.0);
        prop_assume!(((scaled - scaled.trunc()).abs() - 0.5).abs() > 1e-6);
        let std = format!("{x:.*}", places as usize);
        let std = if std.contains('.') {
            std.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            std
        };
        let std = if std == "-0" { "0".to_string() } else { std };
        prop_assert_eq!(fixed(x, places), std);
    }
}

#[test]
fn fixed_examples() {
    assert_eq!(fixed(2.50049, 3), "2.5");
    assert_eq!(fixed(-0.0001, 2), "0");
    assert_eq!(fixed(-1.25, 1), "-1.3");
    assert_eq!(fixed(3.0, 4), "3");
    assert_eq!(fixed(0.0625, 4), "0.0625");
    assert_eq!(fixed(1e300, 2), format!("1{}", "0".repeat(300)));
}
