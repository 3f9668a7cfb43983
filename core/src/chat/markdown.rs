//! The safe markdown subset the page shows model text in: paragraphs, headings,
//! emphasis, inline code, fenced code blocks, lists, block quotes, tables, rules and
//! `http(s)` links. Every character of the input is escaped; raw HTML shows as text;
//! images show as their alt text and address and are never loaded. Linear in the
//! input, so a megabyte of text renders at once.

use super::markdown_inline::{escape, render as inline};

/// Deepest block quote nesting rendered as quotes.
const MAX_QUOTE_DEPTH: usize = 8;

/// Renders model text to HTML.
pub fn to_html(text: &str) -> String {
    let lines: Vec<&str> = text
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect();
    let mut out = String::with_capacity(text.len() + text.len() / 4);
    blocks(&lines, &mut out, 0);
    out
}

fn blocks(lines: &[&str], out: &mut String, depth: usize) {
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let t = line.trim_start();
        if t.is_empty() {
            i += 1;
        } else if let Some(fence) = fence_of(t) {
            i = code_block(lines, i, fence, out);
        } else if let Some((level, rest)) = heading(t) {
            let h = (level + 2).min(6);
            out.push_str(&format!("<h{h}>"));
            inline(rest.trim_end_matches('#').trim(), out);
            out.push_str(&format!("</h{h}>"));
            i += 1;
        } else if is_rule(t) {
            out.push_str("<hr>");
            i += 1;
        } else if t.starts_with('>') {
            let start = i;
            while i < lines.len() && lines[i].trim_start().starts_with('>') {
                i += 1;
            }
            let inner: Vec<&str> = lines[start..i]
                .iter()
                .map(|l| {
                    let l = l.trim_start().trim_start_matches('>');
                    l.strip_prefix(' ').unwrap_or(l)
                })
                .collect();
            out.push_str("<blockquote>");
            if depth < MAX_QUOTE_DEPTH {
                blocks(&inner, out, depth + 1);
            } else {
                paragraph(&inner, out);
            }
            out.push_str("</blockquote>");
        } else if list_item(t).is_some() {
            i = list(lines, i, out);
        } else if i + 1 < lines.len() && t.contains('|') && is_table_rule(lines[i + 1]) {
            i = table(lines, i, out);
        } else {
            let start = i;
            while i < lines.len() && continues_paragraph(lines[i]) {
                i += 1;
            }
            paragraph(&lines[start..i.max(start + 1)], out);
            i = i.max(start + 1);
        }
    }
}

fn continues_paragraph(line: &str) -> bool {
    let t = line.trim_start();
    !t.is_empty()
        && fence_of(t).is_none()
        && heading(t).is_none()
        && !is_rule(t)
        && !t.starts_with('>')
        && list_item(t).is_none()
}

fn paragraph(lines: &[&str], out: &mut String) {
    out.push_str("<p>");
    inline(
        &lines
            .iter()
            .map(|l| l.trim())
            .collect::<Vec<_>>()
            .join("\n"),
        out,
    );
    out.push_str("</p>");
}

fn fence_of(t: &str) -> Option<&'static str> {
    if t.starts_with("```") {
        Some("```")
    } else if t.starts_with("~~~") {
        Some("~~~")
    } else {
        None
    }
}

/// A fenced block; an unclosed fence runs to the end of the text.
fn code_block(lines: &[&str], at: usize, fence: &str, out: &mut String) -> usize {
    let lang: String = lines[at].trim_start()[fence.len()..]
        .trim()
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .take(32)
        .collect();
    let mut i = at + 1;
    let mut body = Vec::new();
    while i < lines.len() && !lines[i].trim_start().starts_with(fence) {
        body.push(lines[i]);
        i += 1;
    }
    if lang.is_empty() {
        out.push_str("<pre><code>");
    } else {
        out.push_str(&format!("<pre><code class=\"language-{lang}\">"));
    }
    escape(&body.join("\n"), out);
    out.push_str("</code></pre>");
    (i + 1).min(lines.len())
}

fn heading(t: &str) -> Option<(usize, &str)> {
    let level = t.chars().take_while(|c| *c == '#').count();
    if (1..=6).contains(&level) && t[level..].starts_with(' ') {
        Some((level, &t[level + 1..]))
    } else {
        None
    }
}

fn is_rule(t: &str) -> bool {
    let s: String = t.chars().filter(|c| !c.is_whitespace()).collect();
    s.len() >= 3
        && (s.chars().all(|c| c == '-')
            || s.chars().all(|c| c == '*')
            || s.chars().all(|c| c == '_'))
}

/// `(ordered, content)` when the line starts a list item.
fn list_item(t: &str) -> Option<(bool, &str)> {
    for m in ["- ", "* ", "+ "] {
        if let Some(rest) = t.strip_prefix(m) {
            return Some((false, rest));
        }
    }
    let digits = t.chars().take_while(char::is_ascii_digit).count();
    if (1..=9).contains(&digits) {
        let rest = &t[digits..];
        if rest.starts_with(". ") || rest.starts_with(") ") {
            return Some((true, &rest[2..]));
        }
    }
    None
}

fn list(lines: &[&str], at: usize, out: &mut String) -> usize {
    let ordered = list_item(lines[at].trim_start()).is_some_and(|(o, _)| o);
    out.push_str(if ordered { "<ol>" } else { "<ul>" });
    let mut i = at;
    while i < lines.len() {
        let Some((o, first)) = list_item(lines[i].trim_start()) else {
            break;
        };
        if o != ordered {
            break;
        }
        let mut text = vec![first];
        i += 1;
        // Indented lines continue the item (nested items are shown inline).
        while i < lines.len() && lines[i].starts_with("  ") && !lines[i].trim().is_empty() {
            text.push(lines[i].trim());
            i += 1;
        }
        out.push_str("<li>");
        inline(&text.join("\n"), out);
        out.push_str("</li>");
    }
    out.push_str(if ordered { "</ol>" } else { "</ul>" });
    i
}

fn cells(line: &str) -> Vec<&str> {
    let t = line.trim();
    let t = t.strip_prefix('|').unwrap_or(t);
    let t = t.strip_suffix('|').unwrap_or(t);
    t.split('|').map(str::trim).collect()
}

fn is_table_rule(line: &str) -> bool {
    let c = cells(line);
    line.contains('-')
        && c.iter()
            .all(|c| !c.is_empty() && c.chars().all(|ch| matches!(ch, '-' | ':' | ' ')))
}

fn table(lines: &[&str], at: usize, out: &mut String) -> usize {
    out.push_str("<div class=\"md-table\"><table><thead><tr>");
    for c in cells(lines[at]) {
        out.push_str("<th>");
        inline(c, out);
        out.push_str("</th>");
    }
    out.push_str("</tr></thead><tbody>");
    let mut i = at + 2;
    while i < lines.len() && lines[i].contains('|') && !lines[i].trim().is_empty() {
        out.push_str("<tr>");
        for c in cells(lines[i]) {
            out.push_str("<td>");
            inline(c, out);
            out.push_str("</td>");
        }
        out.push_str("</tr>");
        i += 1;
    }
    out.push_str("</tbody></table></div>");
    i
}
