//! Inline markdown: code spans, emphasis, links and images, every other character
//! escaped. Nothing from the input reaches the output unescaped.

/// Deepest nesting of emphasis inside emphasis before the rest is shown as text.
const MAX_DEPTH: usize = 8;

/// Escapes text for HTML content and attribute values.
pub fn escape(text: &str, out: &mut String) {
    for c in text.chars() {
        escape_char(c, out);
    }
}

fn escape_char(c: char, out: &mut String) {
    match c {
        '&' => out.push_str("&amp;"),
        '<' => out.push_str("&lt;"),
        '>' => out.push_str("&gt;"),
        '"' => out.push_str("&quot;"),
        '\'' => out.push_str("&#39;"),
        c => out.push(c),
    }
}

/// Renders one block's inline content.
pub fn render(text: &str, out: &mut String) {
    let chars: Vec<char> = text.chars().collect();
    inline(&chars, out, 0);
}

fn inline(s: &[char], out: &mut String, depth: usize) {
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        if c == '\\' && i + 1 < s.len() && s[i + 1].is_ascii_punctuation() {
            escape_char(s[i + 1], out);
            i += 2;
            continue;
        }
        if c == '`' {
            if let Some(end) = find(s, i + 1, &['`']) {
                out.push_str("<code>");
                escape(&s[i + 1..end].iter().collect::<String>(), out);
                out.push_str("</code>");
                i = end + 1;
                continue;
            }
        }
        if c == '!' && s.get(i + 1) == Some(&'[') {
            if let Some((label, url, end)) = link_at(s, i + 1) {
                // Images are never loaded: their alt text and address are shown.
                out.push_str("<span class=\"md-image\">[image: ");
                escape(&label.iter().collect::<String>(), out);
                out.push_str("] ");
                escape(&url, out);
                out.push_str("</span>");
                i = end;
                continue;
            }
        }
        if c == '[' {
            if let Some((label, url, end)) = link_at(s, i) {
                link(&label, &url, out, depth);
                i = end;
                continue;
            }
        }
        if (c == '*' || c == '_') && depth < MAX_DEPTH {
            let double = s.get(i + 1) == Some(&c);
            let marker: &[char] = if double { &[c, c] } else { &[c] };
            let start = i + marker.len();
            if start < s.len() && !s[start].is_whitespace() {
                if let Some(end) = find(s, start, marker) {
                    if end > start && !s[end - 1].is_whitespace() {
                        let tag = if double { "strong" } else { "em" };
                        out.push_str(&format!("<{tag}>"));
                        inline(&s[start..end], out, depth + 1);
                        out.push_str(&format!("</{tag}>"));
                        i = end + marker.len();
                        continue;
                    }
                }
            }
        }
        escape_char(c, out);
        i += 1;
    }
}

/// How far a closing marker is looked for. Unbounded, text of many unclosed markers
/// would take quadratic time; constructs longer than this show as text.
const MAX_SPAN: usize = 1024;

/// The first position at or after `from`, within [`MAX_SPAN`], where `marker` occurs.
fn find(s: &[char], from: usize, marker: &[char]) -> Option<usize> {
    let end = s
        .len()
        .saturating_sub(marker.len() - 1)
        .min(from.saturating_add(MAX_SPAN));
    (from..end).find(|&j| s[j..j + marker.len()] == *marker)
}

/// `[label](url)` starting at `s[at] == '['`: the label, the URL and the index after.
fn link_at(s: &[char], at: usize) -> Option<(Vec<char>, String, usize)> {
    let close = find(s, at + 1, &[']'])?;
    if s.get(close + 1) != Some(&'(') {
        return None;
    }
    // Parentheses inside the address nest (`https://e.example/a_(b)`).
    let mut depth = 0usize;
    let limit = s.len().min(close + 2 + MAX_SPAN);
    let end = (close + 2..limit).find(|&j| match s[j] {
        '(' => {
            depth += 1;
            false
        }
        ')' if depth == 0 => true,
        ')' => {
            depth -= 1;
            false
        }
        _ => false,
    })?;
    let url: String = s[close + 2..end].iter().collect();
    Some((s[at + 1..close].to_vec(), url.trim().to_string(), end + 1))
}

/// A link is kept only for an `http:` or `https:` address; it opens in a new tab
/// without access to this page.
fn link(label: &[char], url: &str, out: &mut String, depth: usize) {
    let lower = url.to_ascii_lowercase();
    let safe = (lower.starts_with("https://") || lower.starts_with("http://"))
        && !url.chars().any(|c| c.is_whitespace() || c.is_control());
    if safe {
        out.push_str("<a href=\"");
        escape(url, out);
        out.push_str("\" target=\"_blank\" rel=\"noopener noreferrer\">");
        inline(label, out, depth + 1);
        out.push_str("</a>");
    } else {
        inline(label, out, depth + 1);
    }
}
