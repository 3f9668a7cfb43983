//! Lower-casing for case-insensitive comparisons of names (devices, parameters,
//! samples, arguments), without the standard library's Unicode case tables.
//!
//! `str::to_lowercase` links about 18 KB of tables and code into the WebAssembly, and
//! the `v8` build is compiled on Live's main thread when the device loads
//! (docs/design/v8-core.md, "Numbers"). Names in a Live Set are nearly always Latin,
//! Greek or Cyrillic, so those scripts' simple one-to-one mappings are folded here;
//! letters of other scripts compare as written. The comparisons this serves are
//! searches and suggestions, never identity, so the cost of an unfolded letter is a
//! missed case-insensitive match.

/// `c` lower-cased if it is an upper-case letter of the Latin (Basic, Latin-1,
/// Extended-A), Greek or Cyrillic blocks; otherwise `c`.
pub fn lower_char(c: char) -> char {
    let u = c as u32;
    let even = u & 1 == 0;
    let lowered = match u {
        0x41..=0x5A | 0xC0..=0xD6 | 0xD8..=0xDE | 0x391..=0x3A1 | 0x3A3..=0x3AB => u + 0x20,
        0x410..=0x42F => u + 0x20,
        0x400..=0x40F => u + 0x50,
        // Latin Extended-A pairs letters upper then lower, from an even or an odd start.
        0x100..=0x12F | 0x132..=0x137 | 0x14A..=0x177 if even => u + 1,
        0x139..=0x148 | 0x179..=0x17E if !even => u + 1,
        0x130 => 0x69, // İ: its simple lower-case form is i
        0x178 => 0xFF, // Ÿ
        0x386 => 0x3AC,
        0x388..=0x38A => u + 0x25,
        0x38C => 0x3CC,
        0x38E | 0x38F => u + 0x3F,
        0x370..=0x373 | 0x376 | 0x3D8..=0x3EF | 0x3FA if even => u + 1,
        0x3F7 => 0x3F8,
        0x37F => 0x3F3,
        0x3CF => 0x3D7,
        0x3F4 => 0x3B8,
        0x3F9 => 0x3F2,
        0x3FD..=0x3FF => u - 0x82,
        0x460..=0x481 | 0x48A..=0x4BF | 0x4D0..=0x52F if even => u + 1,
        0x4C1..=0x4CD if !even => u + 1,
        0x4C0 => 0x4CF,
        _ => u,
    };
    char::from_u32(lowered).unwrap_or(c)
}

/// `text` with every letter [`lower_char`] folds lower-cased.
pub fn lower(text: &str) -> String {
    text.chars().map(lower_char).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_latin_greek_and_cyrillic_names() {
        assert_eq!(lower("Grand Piano"), "grand piano");
        assert_eq!(lower("ÉCHANTILLON Ÿ"), "échantillon ÿ");
        assert_eq!(lower("ŁÓDŹ ĄĘ"), "łódź ąę");
        assert_eq!(lower("ΣΑΞ Ά"), "σαξ ά");
        assert_eq!(lower("БАС Ё Ґ"), "бас ё ґ");
        assert_eq!(lower("İ"), "i");
    }

    #[test]
    fn leaves_everything_else_as_written() {
        assert_eq!(lower("808 × 2 ß ﬁ 日本 ＡＢ"), "808 × 2 ß ﬁ 日本 ＡＢ");
        assert_eq!(lower("already lower"), "already lower");
    }

    /// Every letter folded here folds as the standard library folds it.
    #[test]
    fn agrees_with_the_standard_library_where_it_folds() {
        for u in 0..0x1_0000u32 {
            let Some(c) = char::from_u32(u) else { continue };
            let ours = lower_char(c);
            // İ lower-cases to two letters (i and a dot above); it folds to i here.
            if ours != c && u != 0x130 {
                assert_eq!(c.to_lowercase().to_string(), ours.to_string(), "U+{u:04X}");
            }
        }
    }

    /// In the blocks folded here, every letter the standard library lower-cases to one
    /// letter is folded (the scripts named in the module documentation are complete).
    #[test]
    fn folds_every_simple_upper_case_letter_of_its_blocks() {
        let blocks = [0x41..=0x5A, 0xC0..=0x17F, 0x370..=0x3FF, 0x400..=0x52F];
        for u in blocks.into_iter().flatten() {
            let Some(c) = char::from_u32(u) else { continue };
            let mut std = c.to_lowercase();
            if let (Some(one), None) = (std.next(), std.next()) {
                assert_eq!(lower_char(c), one, "U+{u:04X}");
            }
        }
    }
}
