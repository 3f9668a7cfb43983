//! References that resolve: every document a text names exists in the repository, every
//! `§N.N` it cites is a numbered heading of that document, and no bare tag (`B7`, `Q3`)
//! stands in for words. The rules a citation points at are in `docs/design/`
//! (docs/design/README.md says how to cite them).

use std::collections::BTreeSet;
use std::path::{Component, Path, PathBuf};

/// The checker's own planted examples.
const CHECKER: [&str; 2] = ["core/tests/tidy.rs", "core/tests/tidy/"];

/// The one document allowed to use tags: it defines the correction ids the golden
/// transform vectors name.
const DEFINES_TAGS: &str = "docs/design/transforms.md";

/// Paths left out of the check: none, every text of the repository is checked.
pub const NOT_YET_CHECKED: [&str; 0] = [];

/// A text file of the repository: its path from the root, with `/`, and its text.
pub type TextFile = (String, String);

/// Every `file:line: problem` of `files`, where `exists` says whether a path relative
/// to the root is a file and `sections` lists the numbered headings of a document.
pub fn offenders(
    files: &[TextFile],
    exists: &dyn Fn(&str) -> bool,
    sections: &dyn Fn(&str) -> BTreeSet<String>,
) -> Vec<String> {
    let mut found = Vec::new();
    for (path, text) in files {
        if NOT_YET_CHECKED
            .iter()
            .chain(&CHECKER)
            .any(|p| path.starts_with(p))
        {
            continue;
        }
        // A comment wrapped over several lines cites its document once: a `§` binds to
        // the last document named on its line or the lines above it, up to a blank one.
        let mut carried: Option<String> = None;
        let mut in_fence = false;
        for (i, line) in text.lines().enumerate() {
            if path.ends_with(".md") && line.trim_start().starts_with("```") {
                in_fence = !in_fence;
            }
            if is_blank(line) {
                carried = None;
                continue;
            }
            // In a markdown document a bare `§` is a section of that document.
            let above = carried.as_deref().filter(|_| !path.ends_with(".md"));
            let prose = if in_fence { "" } else { prose(path, line) };
            let (problems, last) = line_problems(path, line, prose, above, exists, sections);
            for problem in problems {
                found.push(format!("{path}:{}: {problem}: {}", i + 1, line.trim()));
            }
            carried = last.or(carried);
        }
    }
    found
}

/// A line with nothing but a comment marker, or nothing at all.
fn is_blank(line: &str) -> bool {
    line.trim()
        .trim_start_matches(['/', '!', '*', '#', '-'])
        .trim()
        .is_empty()
}

/// The part of a line written in words, where a tag would stand for them: a markdown
/// line outside code, the comment of a source line; nothing of a data file.
fn prose<'a>(path: &str, line: &'a str) -> &'a str {
    if path.ends_with(".md") || path.ends_with(".txt") {
        return line;
    }
    if path.ends_with(".json") {
        return "";
    }
    let trimmed = line.trim_start();
    if trimmed.starts_with('*') || trimmed.starts_with("/*") {
        return line;
    }
    let hash = [".sh", ".toml", ".yml", ".yaml", "Makefile"]
        .iter()
        .any(|e| path.ends_with(e));
    let marker = if hash { "#" } else { "//" };
    // The first marker outside a string literal starts the comment.
    let mut quotes = 0;
    for (at, c) in line.char_indices() {
        if c == '"' {
            quotes += 1;
        } else if quotes % 2 == 0 && line[at..].starts_with(marker) {
            return &line[at..];
        }
    }
    ""
}

/// The problems of one line of `path`, and the last document it names. `carried` is
/// the document named last on the lines above in the same paragraph; `prose` is the
/// part of the line written in words.
fn line_problems(
    path: &str,
    line: &str,
    prose: &str,
    carried: Option<&str>,
    exists: &dyn Fn(&str) -> bool,
    sections: &dyn Fn(&str) -> BTreeSet<String>,
) -> (Vec<String>, Option<String>) {
    let mut problems = Vec::new();
    let documents = documents_named(line);
    for (_, name) in &documents {
        if resolve(path, name, exists).is_none() {
            problems.push(format!("`{name}` is not a file of the repository"));
        }
    }
    // The folder the specifications come from, spelled in parts so this checker is not
    // itself a text that names it.
    let outside = [["..", "/shared"].concat(), ["/work", "/shared"].concat()];
    for marker in &outside {
        if line.contains(marker) {
            problems.push(format!("`{marker}` is outside the repository"));
        }
    }
    for (at, number) in section_marks(line) {
        let cited = documents.iter().rev().find(|(end, _)| *end <= at);
        let document = match cited.map(|(_, name)| name.as_str()).or(carried) {
            Some(name) => resolve(path, name, exists),
            None if path.ends_with(".md") => Some(path.to_string()),
            None => {
                problems.push(format!("§{number} names no document on its line"));
                continue;
            }
        };
        if let Some(document) = document {
            if !sections(&document).contains(&number) {
                problems.push(format!("{document} has no numbered section {number}"));
            }
        }
    }
    for (end, name) in &documents {
        if bare_section_follows(&line[*end..]) {
            problems.push(format!("write the section after `{name}` as §N.N"));
        }
    }
    let tags = if path == DEFINES_TAGS {
        Vec::new()
    } else {
        bare_tags(prose)
    };
    for tag in tags {
        problems.push(format!(
            "`{tag}` is a tag defined nowhere; say what it means"
        ));
    }
    let last = documents.last().map(|(_, name)| name.clone());
    (problems, last)
}

/// Characters a document path is made of.
fn path_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '/')
}

/// Every `(end, name)` of a `*.md` path on the line, `end` being the byte after it.
/// Parts of URLs, names without a stem (`*.md`, `{x}.md`) and quoted bare file names
/// are left out.
fn documents_named(line: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (at, _) in line.match_indices(".md") {
        let end = at + 3;
        if line[end..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphanumeric())
        {
            continue; // `.mdx`, `.mdl`, …
        }
        let start = line[..at]
            .char_indices()
            .rev()
            .take_while(|(_, c)| path_char(*c))
            .last()
            .map_or(at, |(i, _)| i);
        let name = line[start..end].trim_start_matches('/');
        let word_start = line[..start]
            .rfind(char::is_whitespace)
            .map_or(0, |i| i + 1);
        let stem = name
            .trim_end_matches(".md")
            .rsplit('/')
            .next()
            .unwrap_or("");
        // A quoted bare file name is data (a fixture's file), not a citation.
        let quoted = line[..start].ends_with('"') && line[end..].starts_with('"');
        if stem.is_empty()
            || stem.ends_with('.')
            || line[word_start..end].contains("://")
            || (quoted && !name.contains('/'))
        {
            continue;
        }
        out.push((end, name.to_string()));
    }
    out
}

/// The root-relative path `name` (cited in `path`) points at: relative to the citing
/// file's folder or to any folder above it, up to the root.
fn resolve(path: &str, name: &str, exists: &dyn Fn(&str) -> bool) -> Option<String> {
    let mut folder = Path::new(path).parent().map(Path::to_path_buf);
    while let Some(dir) = folder {
        if let Some(candidate) = normalise(&dir.join(name)) {
            if exists(&candidate) {
                return Some(candidate);
            }
        }
        folder = dir.parent().map(Path::to_path_buf);
    }
    None
}

/// `a/b/../c` → `a/c`; `None` when it climbs out of the root.
fn normalise(path: &Path) -> Option<String> {
    let mut parts: Vec<String> = Vec::new();
    for component in path.components() {
        match component {
            Component::Normal(p) => parts.push(p.to_string_lossy().to_string()),
            Component::ParentDir => {
                parts.pop()?;
            }
            _ => {}
        }
    }
    Some(PathBuf::from(parts.join("/")).to_string_lossy().to_string())
}

/// Every `(byte offset, number)` of a `§N` or `§N.N…` on the line.
fn section_marks(line: &str) -> Vec<(usize, String)> {
    line.match_indices('§')
        .filter_map(|(at, mark)| {
            let number = section_number(&line[at + mark.len()..]);
            (!number.is_empty()).then_some((at, number))
        })
        .collect()
}

/// The leading `N`, `N.N`, `N.N.N` of `text` (a trailing `.` is punctuation).
fn section_number(text: &str) -> String {
    let raw: String = text
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    raw.trim_end_matches('.').to_string()
}

/// Whether the text after a document's name starts with a section number not marked
/// with `§`: a document's name followed by a number such as 1.9.
fn bare_section_follows(rest: &str) -> bool {
    let rest = rest.strip_prefix(')').unwrap_or(rest); // a markdown link's end
    let rest = rest.trim_start_matches([' ', '(', '"']);
    let number = section_number(rest);
    number.contains('.') && number.split('.').all(|p| !p.is_empty() && p.len() <= 2)
}

/// `B7`, `Q18`, … outside string literals: tags of a list no repository file defines.
/// Pitch names such as `B3` live inside quoted notation, which is skipped.
fn bare_tags(line: &str) -> Vec<String> {
    let mut tags = Vec::new();
    let mut quote: Option<char> = None;
    let mut escaped = false;
    let chars: Vec<(usize, char)> = line.char_indices().collect();
    for (k, &(at, c)) in chars.iter().enumerate() {
        let before = k.checked_sub(1).map(|j| chars[j].1);
        let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        match quote {
            Some(_) if escaped => escaped = false,
            Some(_) if c == '\\' => escaped = true,
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if matches!(c, '"' | '`') => quote = Some(c),
            // An apostrophe inside a word ("Live's") opens nothing.
            None if c == '\'' && !word(before) => quote = Some(c),
            None if matches!(c, 'B' | 'Q') => {
                let digits: String = line[at + 1..]
                    .chars()
                    .take_while(char::is_ascii_digit)
                    .collect();
                let after = line[at + 1 + digits.len()..].chars().next();
                if !digits.is_empty() && digits.len() <= 2 && !word(before) && !word(after) {
                    tags.push(format!("{c}{digits}"));
                }
            }
            None => {}
        }
    }
    tags
}

/// The numbers of a markdown document's numbered headings (`## 1.`, `### 1.2 …`).
pub fn numbered_headings(text: &str) -> BTreeSet<String> {
    text.lines()
        .filter(|l| l.starts_with('#'))
        .map(|l| section_number(l.trim_start_matches('#').trim_start()))
        .filter(|n| !n.is_empty())
        .collect()
}
