//! Valid JSON that the parser cannot hold: a lone UTF-16 surrogate escape (`"\uD800"`,
//! allowed by the JSON grammar but no Unicode text) and a number beyond `f64`
//! (`1e400`). Such a body is still a request with an id, so it gets an answer about
//! the value rather than a parse error with `id: null`: the surrogate becomes U+FFFD
//! and the number the largest finite one of its sign, which argument validation then
//! names as out of range.

/// The body with lone surrogate escapes and overflowing numbers replaced, or `None`
/// when there was nothing to replace (the parse error stands).
pub fn repair(body: &str) -> Option<String> {
    let b = body.as_bytes();
    let mut out = String::with_capacity(body.len());
    let mut changed = false;
    let (mut i, mut start) = (0, 0);
    let mut in_string = false;
    while i < b.len() {
        let c = b[i];
        if in_string {
            if c == b'"' {
                in_string = false;
            } else if c == b'\\' && b.get(i + 1) == Some(&b'u') {
                if let Some(unit) = hex4(b, i + 2) {
                    let paired = (0xD800..0xDC00).contains(&unit)
                        && b.get(i + 6) == Some(&b'\\')
                        && b.get(i + 7) == Some(&b'u')
                        && hex4(b, i + 8).is_some_and(|u| (0xDC00..0xE000).contains(&u));
                    if paired {
                        i += 12;
                        continue;
                    }
                    if (0xD800..0xE000).contains(&unit) {
                        out.push_str(&body[start..i]);
                        out.push_str("\\uFFFD");
                        (i, start, changed) = (i + 6, i + 6, true);
                        continue;
                    }
                }
                i += 2;
                continue;
            } else if c == b'\\' {
                i += 2;
                continue;
            }
            i += 1;
            continue;
        }
        if c == b'"' {
            in_string = true;
            i += 1;
        } else if c == b'-' || c.is_ascii_digit() {
            let end = i + b[i..]
                .iter()
                .take_while(|x| x.is_ascii_digit() || matches!(x, b'-' | b'+' | b'.' | b'e' | b'E'))
                .count();
            let token = &body[i..end];
            if crate::decimal::parse(token).is_some_and(f64::is_infinite) {
                out.push_str(&body[start..i]);
                out.push_str(if c == b'-' {
                    "-1.7976931348623157e308"
                } else {
                    "1.7976931348623157e308"
                });
                (start, changed) = (end, true);
            }
            i = end;
        } else {
            i += 1;
        }
    }
    out.push_str(&body[start..]);
    changed.then_some(out)
}

fn hex4(b: &[u8], at: usize) -> Option<u32> {
    let digits = b.get(at..at + 4)?;
    let text = std::str::from_utf8(digits).ok()?;
    u32::from_str_radix(text, 16).ok()
}

#[cfg(test)]
mod tests {
    use super::repair;
    use serde_json::Value;

    #[test]
    fn lone_surrogates_and_huge_numbers_become_parseable() {
        let body = r#"{"id":7,"s":"a\uD800b\uDC00\uD83C\uDFB9","n":1e400,"m":-2E999,"k":"1e400"}"#;
        let fixed = repair(body).unwrap();
        let v: Value = serde_json::from_str(&fixed).unwrap();
        assert_eq!(v["id"], 7);
        assert_eq!(v["s"], "a\u{FFFD}b\u{FFFD}🎹");
        assert_eq!(v["n"].as_f64(), Some(f64::MAX));
        assert_eq!(v["m"].as_f64(), Some(f64::MIN));
        assert_eq!(v["k"], "1e400", "text inside strings is left alone");
    }

    #[test]
    fn ordinary_bodies_are_left_alone() {
        assert_eq!(repair(r#"{"a":"\"\\u0041","b":[1,2.5e3]}"#), None);
    }
}
