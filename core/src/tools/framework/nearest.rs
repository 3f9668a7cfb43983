//! Nearest names for an error's fix: a model that writes "EQ 8", "Fm" or "swng" should be
//! told the name it meant, not handed every name there is. Names are compared without
//! case, spaces or punctuation, digits read as words ("8" as "eight"), by edit distance,
//! with a name that contains the input (or is contained by it) counting as close.

use crate::sort;

/// Digits as the words device names spell them with.
const DIGITS: [&str; 10] = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
];

/// `text` lower-cased, letters and digits only, each digit spelled as a word.
fn key(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars().map(crate::case::lower_char) {
        if let Some(d) = c.to_digit(10) {
            out.push_str(DIGITS[d as usize]);
        } else if c.is_alphanumeric() {
            out.push(c);
        }
    }
    out
}

/// Edit distance (insertions, deletions, substitutions) between `a` and `b`, in chars.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let here = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != *cb))
                .min(row[j] + 1)
                .min(here + 1);
            prev = here;
        }
    }
    row[b.len()]
}

/// Up to `max` names of `candidates` close to `input`, closest first (ties in the
/// candidates' order); empty when none is close enough to be a likely meaning.
pub fn nearest<'a>(input: &str, candidates: &[&'a str], max: usize) -> Vec<&'a str> {
    let k = key(input);
    if k.is_empty() {
        return Vec::new();
    }
    let mut scored: Vec<(usize, usize, &'a str)> = candidates
        .iter()
        .enumerate()
        .filter_map(|(i, c)| {
            let ck = key(c);
            let d = if ck == k {
                0
            } else if ck.starts_with(&k) || k.starts_with(&ck) {
                1
            } else if ck.contains(&k) || k.contains(&ck) {
                2
            } else {
                distance(&k, &ck) + 1
            };
            // Allow about a third of the longer name to differ.
            let allowed = 1 + k.chars().count().max(ck.chars().count()) / 3;
            (d <= allowed).then_some((d, i, *c))
        })
        .collect();
    sort::sort(&mut scored);
    scored.into_iter().take(max).map(|(_, _, c)| c).collect()
}

/// `"A"`, `"A" or "B"`, `"A", "B" or "C"`: names quoted for a hint.
pub fn or_list(names: &[&str]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("\"{n}\"")).collect();
    match quoted.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_read_as_words_and_case_and_spaces_do_not_count() {
        let names = ["EQ Three", "EQ Eight", "Echo", "Compressor"];
        assert_eq!(nearest("EQ 8", &names, 3)[0], "EQ Eight");
        assert_eq!(nearest("eq eight", &names, 3)[0], "EQ Eight");
        assert_eq!(nearest("compresor", &names, 3), ["Compressor"]);
    }

    #[test]
    fn nothing_close_gives_nothing() {
        assert!(nearest("Wobble", &["EQ Eight", "Compressor"], 3).is_empty());
        assert!(nearest("", &["EQ Eight"], 3).is_empty());
    }

    #[test]
    fn or_list_joins_names() {
        assert_eq!(or_list(&["a"]), "\"a\"");
        assert_eq!(or_list(&["a", "b", "c"]), "\"a\", \"b\" or \"c\"");
    }
}
