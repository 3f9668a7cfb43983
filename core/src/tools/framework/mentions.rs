//! Tool names in the texts the model reads (instructions, the connect guide, prompts):
//! every mention must be a tool `tools/list` lists with the settings in force.
//!
//! Texts are written for the full catalogue and rendered for the one in force: a
//! block (paragraph, list item, heading) that names an absent tool is dropped, a block
//! tagged `[unless barline-x] ` is kept only while `barline-x` is absent (the fallback
//! advice), headings left without content go too, and numbered steps are renumbered.
//! So the texts stay right as tools are added, with no second list to maintain. The
//! same holds for parameters: a block naming a parameter the catalogue hides (small-model
//! mode drops some) goes too ([`parameters_mentioned`]).

const PREFIX: &str = "barline-";
const UNLESS: &str = "[unless ";

/// The tool names `text` mentions (`barline-` and lower-case letters, digits, `-`), in
/// order, repeats included.
pub fn mentioned(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find(PREFIX) {
        let tail = &rest[at..];
        let len = PREFIX.len()
            + tail[PREFIX.len()..]
                .find(|c: char| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'))
                .unwrap_or(tail.len() - PREFIX.len());
        let name = tail[..len].trim_end_matches('-');
        if name.len() > PREFIX.len() {
            out.push(name);
        }
        rest = &tail[len..];
    }
    out
}

/// The parameter names `text` may mention: the leading name of each `` `code` `` span
/// (`` `transforms` ``, `` `length: "2:0"` ``) and camel-case words (`locatorTime`). The
/// `available` of [`render`] answers for these too: false only for a parameter that the
/// catalogue in force hides (a word that is no parameter is available).
pub fn parameters_mentioned(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for span in text.split('`').skip(1).step_by(2) {
        let end = span
            .find(|c: char| !c.is_ascii_alphanumeric())
            .unwrap_or(span.len());
        if end > 0 && span.as_bytes()[0].is_ascii_alphabetic() {
            out.push(&span[..end]);
        }
    }
    for word in text.split(|c: char| !c.is_ascii_alphanumeric()) {
        let camel = word.chars().next().is_some_and(|c| c.is_ascii_lowercase())
            && word.chars().any(|c| c.is_ascii_uppercase());
        if camel {
            out.push(word);
        }
    }
    out
}

/// `text` rendered for the tools `available` accepts (see the module comment).
pub fn render(text: &str, available: &dyn Fn(&str) -> bool) -> String {
    let blocks = blocks(text);
    let mut kept: Vec<Block> = Vec::new();
    for mut block in blocks {
        if let Block::Text { lines, number } = &mut block {
            if let Some(rest) = lines[0].trim_start().strip_prefix(UNLESS) {
                let Some((tool, after)) = rest.split_once("] ") else {
                    continue;
                };
                if available(tool) {
                    continue;
                }
                let indent = lines[0].len() - lines[0].trim_start().len();
                lines[0] = format!("{}{after}", &lines[0][..indent]);
                *number = item_number(&lines[0]);
            }
            if !lines.iter().all(|l| {
                mentioned(l).into_iter().all(available)
                    && parameters_mentioned(l).into_iter().all(available)
            }) {
                continue;
            }
        }
        kept.push(block);
    }
    drop_empty_headings(&mut kept);
    write(&kept)
}

/// One unit of a text: a blank line, a heading, or a paragraph or list item.
enum Block {
    Blank,
    Heading {
        level: usize,
        line: String,
    },
    Text {
        lines: Vec<String>,
        number: Option<usize>,
    },
}

/// `Some(n)` for a numbered item line (`1. …`), after indentation.
fn item_number(line: &str) -> Option<usize> {
    let t = line.trim_start();
    let digits = t.find(|c: char| !c.is_ascii_digit())?;
    (digits > 0 && t[digits..].starts_with(". "))
        .then(|| t[..digits].parse().ok())
        .flatten()
}

fn is_item_start(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with("- ") || t.starts_with(UNLESS) || item_number(line).is_some()
}

fn heading_level(line: &str) -> Option<usize> {
    let hashes = line.len() - line.trim_start_matches('#').len();
    (hashes > 0 && line[hashes..].starts_with(' ')).then_some(hashes)
}

fn blocks(text: &str) -> Vec<Block> {
    let mut out: Vec<Block> = Vec::new();
    let mut open = false; // the last block is a Text that may continue
    for line in text.lines() {
        if line.trim().is_empty() {
            out.push(Block::Blank);
            open = false;
        } else if let Some(level) = heading_level(line) {
            out.push(Block::Heading {
                level,
                line: line.to_string(),
            });
            open = false;
        } else if open && !is_item_start(line) {
            if let Some(Block::Text { lines, .. }) = out.last_mut() {
                lines.push(line.to_string());
            }
        } else {
            out.push(Block::Text {
                lines: vec![line.to_string()],
                number: item_number(line),
            });
            open = true;
        }
    }
    out
}

/// Removes headings whose section (up to the next heading of the same or a higher
/// level) kept no text.
fn drop_empty_headings(blocks: &mut Vec<Block>) {
    let mut keep = vec![true; blocks.len()];
    for (i, block) in blocks.iter().enumerate() {
        if let Block::Heading { level, .. } = block {
            let has_text = blocks[i + 1..]
                .iter()
                .take_while(|b| !matches!(b, Block::Heading { level: l, .. } if l <= level))
                .any(|b| matches!(b, Block::Text { .. }));
            keep[i] = has_text;
        }
    }
    let mut i = 0;
    blocks.retain(|_| {
        i += 1;
        keep[i - 1]
    });
}

/// Joins the blocks, collapsing blank runs and renumbering each run of numbered items.
fn write(blocks: &[Block]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut next_number: Option<usize> = None;
    for block in blocks {
        match block {
            Block::Blank => {
                if out.last().is_some_and(|l| !l.is_empty()) {
                    out.push(String::new());
                }
            }
            Block::Heading { line, .. } => {
                next_number = None;
                out.push(line.clone());
            }
            Block::Text { lines, number } => {
                let mut lines = lines.clone();
                match number {
                    Some(n) => {
                        let want = next_number.unwrap_or(*n);
                        let t = lines[0].trim_start();
                        let indent = &lines[0][..lines[0].len() - t.len()];
                        let body = &t[t.find(". ").map_or(0, |i| i + 2)..];
                        lines[0] = format!("{indent}{want}. {body}");
                        next_number = Some(want + 1);
                    }
                    None => next_number = None,
                }
                out.extend(lines);
            }
        }
    }
    while out.last().is_some_and(String::is_empty) {
        out.pop();
    }
    let mut text = out.join("\n");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn only<'a>(names: &'a [&'a str]) -> impl Fn(&str) -> bool + 'a {
        move |n| names.contains(&n)
    }

    #[test]
    fn finds_mentions_and_ignores_the_bare_prefix() {
        assert_eq!(
            mentioned(
                "Call barline-read-clip, then barline-create-clip. Not barline- or barline-/x."
            ),
            vec!["barline-read-clip", "barline-create-clip"]
        );
    }

    #[test]
    fn drops_blocks_naming_absent_tools_and_their_empty_headings() {
        let text = "# Guide\n\n## A\n- keep me\n- use barline-x\n  (continued)\n\n## B\n- barline-y only\n\n## C\nplain\n";
        let out = render(text, &only(&["barline-z"]));
        assert_eq!(out, "# Guide\n\n## A\n- keep me\n\n## C\nplain\n");
    }

    #[test]
    fn unless_blocks_are_fallbacks_and_steps_are_renumbered() {
        let text = "Steps:\n1. Call barline-a.\n2. Call barline-b.\n[unless barline-b] 3. Call barline-a again.\n4. Done.\n";
        assert_eq!(
            render(text, &only(&["barline-a"])),
            "Steps:\n1. Call barline-a.\n2. Call barline-a again.\n3. Done.\n"
        );
        assert_eq!(
            render(text, &only(&["barline-a", "barline-b"])),
            "Steps:\n1. Call barline-a.\n2. Call barline-b.\n3. Done.\n"
        );
    }
}
