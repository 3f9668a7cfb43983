//! Pan labels as Live shows them: `C` at the centre, `12L` … `50L` to the left and
//! `1R` … `50R` to the right, 50 steps per side over the −1…1 parameter range. Used
//! wherever a pan value is shown or accepted as text (track mixers, device panning
//! parameters), so every tool spells and reads it the same way.

/// Steps per side: `50L` is −1, `50R` is 1.
pub const STEPS: f64 = 50.0;

/// The label of a pan value in −1…1 (values outside are clamped): `-0.24` → `"12L"`,
/// `0` → `"C"`, `0.6` → `"30R"`.
pub fn label(value: f64) -> String {
    let v = if value.is_finite() {
        value.clamp(-1.0, 1.0)
    } else {
        0.0
    };
    let steps = (v.abs() * STEPS).round() as i64;
    match steps {
        0 => "C".to_string(),
        n if v < 0.0 => format!("{n}L"),
        n => format!("{n}R"),
    }
}

/// The value of a pan label (`"12L"`, `"C"`, `"30R"`; case-insensitive, surrounding
/// spaces ignored, at most 50 steps per side); `None` when the text is not a pan label.
pub fn parse(text: &str) -> Option<f64> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("c") {
        return Some(0.0);
    }
    let (at, side) = t.char_indices().last()?;
    let sign = match side {
        'L' | 'l' => -1.0,
        'R' | 'r' => 1.0,
        _ => return None,
    };
    let digits = &t[..at];
    if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let steps: f64 = digits.parse::<u8>().ok()?.into();
    (steps <= STEPS).then_some(sign * steps / STEPS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_follow_live_spelling() {
        assert_eq!(label(0.0), "C");
        assert_eq!(label(-0.24), "12L");
        assert_eq!(label(0.6), "30R");
        assert_eq!(label(-1.0), "50L");
        assert_eq!(label(1.0), "50R");
        assert_eq!(label(0.004), "C");
        assert_eq!(label(7.0), "50R");
        assert_eq!(label(f64::NAN), "C");
    }

    #[test]
    fn labels_parse_back() {
        assert_eq!(parse("C"), Some(0.0));
        assert_eq!(parse(" c "), Some(0.0));
        assert_eq!(parse("12L"), Some(-0.24));
        assert_eq!(parse("30r"), Some(0.6));
        assert_eq!(parse("50L"), Some(-1.0));
        for bad in ["", "L", "51R", "-3L", "3", "3X", "1.5L", "100L", "é", "0LL"] {
            assert_eq!(parse(bad), None, "{bad}");
        }
        for n in -50..=50 {
            let v = f64::from(n) / 50.0;
            assert_eq!(parse(&label(v)), Some(v), "{v}");
        }
    }
}
