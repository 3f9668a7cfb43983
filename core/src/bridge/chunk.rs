//! Splitting text into string atoms: bounded in UTF-8 bytes, whole code points only,
//! and never a chunk that some layer could read as a number.

use super::BridgeError;

/// True when `text` could be taken for a number by Max's atom parser or by a
/// JavaScript-style conversion (`Number(text)`): decimal and exponent forms, hex, octal
/// and binary literals, `Infinity`/`NaN`, surrounding whitespace, and text that is
/// only whitespace (which `Number` reads as 0). Such text must never travel as a
/// chunk: a re-parse would turn `1.50` into `1.5`.
pub fn looks_like_number(text: &str) -> bool {
    let t = text.trim_matches(|c: char| c.is_whitespace());
    if t.is_empty() {
        return true;
    }
    let unsigned = t.strip_prefix(['+', '-']).unwrap_or(t);
    let lower = unsigned.to_ascii_lowercase();
    if matches!(lower.as_str(), "inf" | "infinity" | "nan") {
        return true;
    }
    if let Some(rest) = lower
        .strip_prefix("0x")
        .or_else(|| lower.strip_prefix("0o"))
        .or_else(|| lower.strip_prefix("0b"))
    {
        return !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_hexdigit());
    }
    is_decimal(unsigned.as_bytes())
}

/// `digits [. digits] [e [sign] digits]` with at least one mantissa digit.
fn is_decimal(b: &[u8]) -> bool {
    let mut i = 0;
    let int_digits = count_digits(&b[i..]);
    i += int_digits;
    let mut frac_digits = 0;
    if b.get(i) == Some(&b'.') {
        i += 1;
        frac_digits = count_digits(&b[i..]);
        i += frac_digits;
    }
    if int_digits + frac_digits == 0 {
        return false;
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        let exp_digits = count_digits(&b[i..]);
        if exp_digits == 0 {
            return false;
        }
        i += exp_digits;
    }
    i == b.len()
}

fn count_digits(b: &[u8]) -> usize {
    b.iter().take_while(|c| c.is_ascii_digit()).count()
}

/// Largest char boundary of `text` at or below `at`.
fn floor_boundary(text: &str, at: usize) -> usize {
    let mut i = at.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Char boundary one code point before `at` (`at` > 0).
fn prev_boundary(text: &str, at: usize) -> usize {
    floor_boundary(text, at - 1)
}

/// How many code points a boundary may move to avoid a numeric-looking chunk. Numbers
/// inside JSON are short; a longer numeric run at a chunk edge is reported as an error.
const MAX_SHIFT: usize = 64;

/// Splits `text` into chunks of at most `max_bytes` UTF-8 bytes (`max_bytes` ≥ 4, so
/// every code point fits), on code-point boundaries, none of which looks like a number
/// ([`looks_like_number`]). Joining the chunks gives `text` back; the empty text has no
/// chunks. A boundary that would produce a numeric-looking chunk is moved by up to
/// [`MAX_SHIFT`] code points: first by ending the chunk earlier, else by starting it
/// earlier (borrowing the previous chunk's tail). Fails only when a run of
/// number-like characters is too long for either move.
pub fn split_chunks(text: &str, max_bytes: usize) -> Result<Vec<&str>, BridgeError> {
    let max_bytes = max_bytes.max(4);
    let mut bounds: Vec<usize> = vec![0];
    let mut start = 0;
    while start < text.len() {
        let end = floor_boundary(text, start + max_bytes);
        if !looks_like_number(&text[start..end]) {
            bounds.push(end);
            start = end;
            continue;
        }
        if let Some(e) = shrink_end(text, start, end, max_bytes) {
            bounds.push(e);
            start = e;
            continue;
        }
        match borrow_start(text, &bounds, max_bytes) {
            Some(new_start) => {
                // The previous chunk now ends at `new_start`; the current chunk starts there.
                let last = bounds.len() - 1;
                bounds[last] = new_start;
                let e = floor_boundary(text, new_start + max_bytes);
                bounds.push(e);
                start = e;
            }
            None => return Err(BridgeError::NumericChunk { offset: start }),
        }
    }
    Ok(bounds.windows(2).map(|w| &text[w[0]..w[1]]).collect())
}

/// Ends the chunk `[start, end)` earlier so it no longer reads as a number. An end that
/// would leave a numeric last chunk is passed over: that chunk could only borrow from
/// this shortened one, which may be too short to lend (`"…+0"` split as `"+"`, `"0"`).
fn shrink_end(text: &str, start: usize, end: usize, max_bytes: usize) -> Option<usize> {
    let mut e = end;
    for _ in 0..MAX_SHIFT {
        if e <= start {
            return None;
        }
        e = prev_boundary(text, e);
        let rest = &text[e..];
        let numeric_tail = rest.len() <= max_bytes && looks_like_number(rest);
        if e > start && !looks_like_number(&text[start..e]) && !numeric_tail {
            return Some(e);
        }
    }
    None
}

/// Moves the start of the current chunk back into the previous chunk so that both the
/// shortened previous chunk and the new chunk (as long as the limit allows) read as
/// text. `bounds` ends with the current start; the previous chunk is
/// `[bounds[n-2], bounds[n-1])`.
fn borrow_start(text: &str, bounds: &[usize], max_bytes: usize) -> Option<usize> {
    let n = bounds.len();
    if n < 2 {
        return None;
    }
    let prev_start = bounds[n - 2];
    let mut s = bounds[n - 1];
    for _ in 0..MAX_SHIFT {
        s = prev_boundary(text, s);
        if s <= prev_start {
            return None;
        }
        let e = floor_boundary(text, s + max_bytes);
        if !looks_like_number(&text[prev_start..s]) && !looks_like_number(&text[s..e]) {
            return Some(s);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_recognised() {
        for t in [
            "1", "-1", "+1.5", "1.", ".5", "1e5", "1E-5", " 12 ", "0x1F", "Infinity", "nan", "",
            "  ",
        ] {
            assert!(looks_like_number(t), "{t:?}");
        }
        for t in ["1e", "-", "1.2.3", "{\"a\":1}", "12abc", "e5", "0x", "1,5"] {
            assert!(!looks_like_number(t), "{t:?}");
        }
    }

    #[test]
    fn a_numeric_tail_borrows_from_the_previous_chunk() {
        let text = "abcdefgh12";
        let chunks = split_chunks(text, 8).unwrap();
        assert_eq!(chunks.concat(), text);
        assert!(chunks.iter().all(|c| !looks_like_number(c)), "{chunks:?}");
    }

    #[test]
    fn a_numeric_head_ends_earlier() {
        let text = "123e4567x";
        let chunks = split_chunks(text, 8).unwrap();
        assert_eq!(chunks.concat(), text);
        assert!(chunks.iter().all(|c| !looks_like_number(c)), "{chunks:?}");
    }

    #[test]
    fn a_shortened_chunk_never_strands_a_numeric_tail() {
        // Found by the framing property test: ending "…++0" early at "+" left "0" alone.
        let text = "]:{\"[}\u{1F300}:{\u{4E00}\u{4E00}ee+][:[a0-e0{\u{1F300}\u{1D400}\u{1F300}\u{1D400}\u{1D400}++0+0";
        for max in 4..64 {
            let chunks = split_chunks(text, max).unwrap_or_else(|e| panic!("max {max}: {e}"));
            assert_eq!(chunks.concat(), text);
            assert!(chunks.iter().all(|c| !looks_like_number(c)), "{chunks:?}");
        }
    }

    #[test]
    fn an_all_digit_text_cannot_be_chunked() {
        assert!(matches!(
            split_chunks("123456789012", 8),
            Err(BridgeError::NumericChunk { .. })
        ));
    }
}
