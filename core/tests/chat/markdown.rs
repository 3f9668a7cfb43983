//! The chat page's markdown renderer against hostile model text: no raw HTML, no
//! script, no image that loads, no `javascript:` link, whatever the input; the safe
//! subset renders.
#![cfg(all(feature = "chat", not(target_arch = "wasm32")))]

use barline_core::chat::markdown::to_html;

/// Tags the renderer may produce; anything else in the output came from the input.
const TAGS: [&str; 27] = [
    "p",
    "h3",
    "h4",
    "h5",
    "h6",
    "em",
    "strong",
    "code",
    "pre",
    "ul",
    "ol",
    "li",
    "blockquote",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "hr",
    "a",
    "span",
    "div",
    "br",
    "h1",
    "h2",
    "img-never",
];

fn assert_safe(html: &str) {
    let mut rest = html;
    while let Some(i) = rest.find('<') {
        let tag: String = rest[i + 1..]
            .trim_start_matches('/')
            .chars()
            .take_while(char::is_ascii_alphanumeric)
            .collect();
        assert!(
            TAGS.contains(&tag.as_str()) && tag != "img-never",
            "unexpected tag <{tag}> in {html}"
        );
        rest = &rest[i + 1..];
    }
    let lower = html.to_ascii_lowercase();
    assert!(!lower.contains("<script") && !lower.contains("<img") && !lower.contains("<iframe"));
    assert!(!lower.contains("href=\"javascript") && !lower.contains("href=\"data:"));
    assert!(
        !lower.contains(" on") || !lower.contains("=\"alert"),
        "no event handler attributes: {html}"
    );
}

#[test]
fn hostile_text_is_shown_as_text() {
    for text in [
        "<script>alert(1)</script>",
        "<img src=x onerror=alert(1)>",
        "![cat](https://example.com/cat.png)",
        "[click](javascript:alert(1))",
        "[x](JAVASCRIPT:alert(1))",
        "[x](data:text/html,<script>alert(1)</script>)",
        "**<b>bold</b>**",
        "`<code>` and ```\n</pre><script>x</script>\n```",
        "> <iframe src=x>",
        "| <a> | b |\n|---|---|\n| <img> | [y](https://ok.example/\"onmouseover=\"alert(1)) |",
        "[a](https://e.example/\" onclick=\"alert(1))",
        "<<<>>>&&&\"'",
        "***__**__*_*_`",
        "```unclosed\n<script>",
        "- <li>x\n  - y\n1. <ol>",
    ] {
        let html = to_html(text);
        assert_safe(&html);
    }
    assert_eq!(
        to_html("<script>alert(1)</script>"),
        "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>"
    );
    assert_eq!(
        to_html("![cat](https://example.com/cat.png)"),
        "<p><span class=\"md-image\">[image: cat] https://example.com/cat.png</span></p>"
    );
    assert_eq!(to_html("[click](javascript:alert(1))"), "<p>click</p>");
}

#[test]
fn the_safe_subset_renders() {
    let html = to_html("## Beat\n\nA **kick** and *snare*, see [docs](https://example.com/a?b=1&c=2).\n\n```barbeat\nC1 1|1,3\n```\n\n| bar | notes |\n|---|---|\n| 1 | 4 |\n\n- one\n- two\n\n1. first\n\n> quoted\n\n---");
    assert!(
        html.starts_with("<h4>Beat</h4><p>A <strong>kick</strong> and <em>snare</em>, see "),
        "{html}"
    );
    assert!(html.contains("<a href=\"https://example.com/a?b=1&amp;c=2\" target=\"_blank\" rel=\"noopener noreferrer\">docs</a>"));
    assert!(html.contains("<pre><code class=\"language-barbeat\">C1 1|1,3</code></pre>"));
    assert!(html.contains("<table><thead><tr><th>bar</th><th>notes</th></tr></thead><tbody><tr><td>1</td><td>4</td></tr></tbody></table>"));
    assert!(html.contains("<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol>"));
    assert!(html.contains("<blockquote><p>quoted</p></blockquote><hr>"));
}

#[test]
fn a_megabyte_of_text_renders_linearly_and_safely() {
    let chunk = "**a** <b> [x](javascript:y) `c` | d |\n";
    let big = chunk.repeat(1_000_000 / chunk.len());
    let html = to_html(&big);
    assert_safe(&html);
    let nested = "> ".repeat(500) + "deep";
    assert_safe(&to_html(&nested));
    let stars = "*".repeat(100_000);
    assert_safe(&to_html(&"*a [b](".repeat(20_000)));
    assert_safe(&to_html(&stars));
}
