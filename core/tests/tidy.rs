#![cfg(not(target_arch = "wasm32"))]
//! Invariants of the repository, enforced rather than remembered (ARCHITECTURE.md):
//!
//! - the wasm-bindgen crate is used only in the wasm entry folders (`core/src/wasm/`, and
//!   `core/fake-live/src/wasm/` for the fake Live Set's crate) and by the wasm tests that
//!   drive those exports (`core/tests/wasm_*`);
//! - node-host's sources build no JSON-RPC message themselves: no `jsonrpc` key, no
//!   `-32xxx` error code, no `"2.0"` envelope (core builds them);
//! - one Node version everywhere: `.nvmrc`, package.json `engines`, the bootstrap check
//!   and node-host's start check all say the same major version;
//! - references resolve: a document a text names is a file of the repository, a `§N.N`
//!   it cites is a numbered heading there, and no bare `B7`/`Q3` tag stands for words
//!   (`tidy/citations.rs`; docs/design/README.md says how to cite);
//! - the import rules of ARCHITECTURE.md "Rules" (`tidy/imports.rs`): no import circle
//!   of more than 3 files in `core/src` or `core/fake-live/src`, and every layer imports
//!   only the layers below it;
//! - the tools count lists only through `lom::count` (`tidy/counting.rs`);
//! - functions of at most 80 lines and files of at most 400 in `core/src` and
//!   `core/fake-live/src` (`tidy/sizes.rs`).

#[path = "tidy/citations.rs"]
mod citations;
#[path = "tidy/counting.rs"]
mod counting;
#[path = "tidy/imports.rs"]
mod imports;
#[path = "tidy/sizes.rs"]
mod sizes;

use std::fs;
use std::path::{Path, PathBuf};

/// The repository root (the crate is `core/`).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("core/ has a parent")
        .to_path_buf()
}

/// Files under `dir` whose name ends with one of `extensions`, skipping build output,
/// dependencies and hidden folders. Paths are relative to the root, with `/`.
fn files(dir: &Path, extensions: &[&str]) -> Vec<(String, String)> {
    let root = root();
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().to_string();
            if path.is_dir() {
                let skip = name.starts_with('.')
                    || ["target", "node_modules", "dist", "test-output"].contains(&name.as_str());
                if !skip {
                    stack.push(path);
                }
            } else if extensions.iter().any(|e| name.ends_with(e)) {
                let relative = path
                    .strip_prefix(&root)
                    .unwrap_or(&path)
                    .to_string_lossy()
                    .replace('\\', "/");
                if let Ok(text) = fs::read_to_string(&path) {
                    out.push((relative, text));
                }
            }
        }
    }
    out.sort();
    out
}

/// Places where the wasm-bindgen crate may be named.
const BINDGEN_ALLOWED: [&str; 3] = [
    "core/src/wasm/",
    "core/fake-live/src/wasm/",
    "core/tests/wasm_",
];

/// Every `file:line: text` where `needle` appears outside the allowed places.
fn bindgen_outside_wasm(files: &[(String, String)]) -> Vec<String> {
    // Spelled in two parts so this file does not name it.
    let needle = ["wasm", "_bindgen"].concat();
    let mut found = Vec::new();
    for (path, text) in files {
        if BINDGEN_ALLOWED.iter().any(|a| path.starts_with(a)) {
            continue;
        }
        for (i, line) in text.lines().enumerate() {
            if line.contains(&needle) {
                found.push(format!("{path}:{}: {}", i + 1, line.trim()));
            }
        }
    }
    found
}

/// Every `file:line: text` of node-host's sources that spells a JSON-RPC literal.
fn json_rpc_literals(files: &[(String, String)]) -> Vec<String> {
    let mut found = Vec::new();
    for (path, text) in files {
        for (i, line) in text.lines().enumerate() {
            if has_json_rpc_literal(line) {
                found.push(format!("{path}:{}: {}", i + 1, line.trim()));
            }
        }
    }
    found
}

/// A `jsonrpc` key or word, a `-32xxx` error code, or a `"2.0"` / `'2.0'` version.
fn has_json_rpc_literal(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    let word = lower.match_indices("jsonrpc").any(|(at, _)| {
        let before = lower[..at].chars().next_back();
        let after = lower[at + "jsonrpc".len()..].chars().next();
        let ident = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
        !ident(before) && !ident(after)
    });
    let code = line.match_indices("-32").any(|(at, _)| {
        let digits: String = line[at + 3..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        digits.len() == 3
    });
    word || code || line.contains("\"2.0\"") || line.contains("'2.0'")
}

#[test]
fn the_bindgen_crate_is_used_only_in_the_wasm_entry_folders() {
    let root = root();
    let found = bindgen_outside_wasm(&files(&root, &[".rs"]));
    assert!(
        found.is_empty(),
        "wasm-bindgen is named outside {BINDGEN_ALLOWED:?}; move the export into a wasm/ \
         folder and call plain Rust from it:\n{}",
        found.join("\n")
    );
}

#[test]
fn node_host_sources_spell_no_json_rpc_message() {
    let found = json_rpc_literals(&files(&root().join("node-host/src"), &[".mjs", ".js"]));
    assert!(
        found.is_empty(),
        "node-host/src builds JSON-RPC itself; ask core for the message instead \
         (bridge::client, NodeCore):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_checks_catch_what_they_look_for() {
    let planted = |path: &str, text: &str| vec![(path.to_string(), text.to_string())];
    let use_line = ["use ", "wasm", "_bindgen::prelude::*;"].concat();
    assert_eq!(
        bindgen_outside_wasm(&planted("core/src/notation/x.rs", &use_line)).len(),
        1
    );
    assert!(bindgen_outside_wasm(&planted("core/src/wasm/x.rs", &use_line)).is_empty());
    assert!(bindgen_outside_wasm(&planted("core/fake-live/src/wasm/x.rs", &use_line)).is_empty());
    for line in [
        r#"write({ jsonrpc: "2.0", id })"#,
        r#"m["jsonrpc"]"#,
        "error: { code: -32600 }",
        "const v = '2.0';",
    ] {
        assert!(has_json_rpc_literal(line), "{line}");
    }
    for line in [
        "// one JSON-RPC message per line",
        "core.rpcRequest(id, method, params)",
        "port -3200",
    ] {
        assert!(!has_json_rpc_literal(line), "{line}");
    }
}

#[test]
fn one_node_version_everywhere() {
    let root = root();
    let read = |p: &str| fs::read_to_string(root.join(p)).unwrap_or_else(|e| panic!("{p}: {e}"));
    let major = read(".nvmrc").trim().to_string();
    assert_eq!(major, "20", ".nvmrc");
    let package: serde_json::Value =
        serde_json::from_str(&read("package.json")).expect("package.json");
    assert_eq!(
        package["engines"]["node"],
        format!("{major}.x"),
        "package.json engines"
    );
    assert!(
        read("scripts/bootstrap.sh").contains(&format!("NODE_MAJOR={major} ")),
        "scripts/bootstrap.sh checks another Node version"
    );
    assert!(
        read("node-host/src/main.mjs").contains(&format!("const NODE_MAJOR = {major};")),
        "node-host/src/main.mjs checks another Node version"
    );
    assert!(
        read("README.md").contains(&format!("Node {major}")),
        "README.md"
    );
}

/// Integration tests that use native-only test equipment (the fake Live Set, the shared
/// support modules, the JSON Schema validator) but would also be compiled for wasm32 by
/// `wasm-pack test`, where those crates do not exist.
fn ungated_native_tests(files: &[(String, String)]) -> Vec<String> {
    const GATE: &str = "#![cfg(not(target_arch = \"wasm32\"))]";
    files
        .iter()
        .filter(|(path, _)| {
            path.starts_with("core/tests/") && !path["core/tests/".len()..].contains('/')
        })
        .filter(|(_, text)| {
            [
                "mod support;",
                "barline_fake_live",
                "jsonschema",
                "proptest",
            ]
            .iter()
            .any(|needle| text.contains(needle))
        })
        .filter(|(_, text)| !text.contains(GATE))
        .map(|(path, _)| path.clone())
        .collect()
}

/// Unit-test files of `core/src` that use a native-only crate, whose `mod` line in the
/// parent module is not gated out of wasm32 on the line before it.
fn ungated_native_unit_tests(files: &[(String, String)]) -> Vec<String> {
    let text_of = |path: &str| {
        files
            .iter()
            .find(|(p, _)| p == path)
            .map(|(_, t)| t.as_str())
    };
    let mut found = Vec::new();
    for (path, text) in files {
        if !path.starts_with("core/src/")
            || !["use proptest", "pest_derive::"]
                .iter()
                .any(|n| text.contains(n))
        {
            continue;
        }
        let Some((dir, file)) = path.trim_end_matches(".rs").rsplit_once('/') else {
            continue;
        };
        let parents = [format!("{dir}/mod.rs"), format!("{dir}.rs")];
        let declared = parents.iter().filter_map(|p| text_of(p)).any(|parent| {
            let lines: Vec<&str> = parent.lines().collect();
            lines.iter().enumerate().any(|(i, line)| {
                line.trim() == format!("mod {file};")
                    && i > 0
                    && lines[i - 1].contains("not(target_arch = \"wasm32\")")
            })
        });
        if !declared {
            found.push(path.clone());
        }
    }
    found
}

#[test]
fn native_only_tests_are_gated_out_of_the_wasm_test_build() {
    let all = files(&root(), &[".rs"]);
    let found = ungated_native_unit_tests(&all);
    assert!(
        found.is_empty(),
        "these unit tests use native-only crates; declare them with \
         #[cfg(all(test, not(target_arch = \"wasm32\")))] so `wasm-pack test` can build:\n{}",
        found.join("\n")
    );
    let planted = |parent: &str| {
        vec![
            (
                "core/src/x/tests.rs".to_string(),
                "use proptest::prelude::*;\n".to_string(),
            ),
            ("core/src/x.rs".to_string(), parent.to_string()),
        ]
    };
    assert_eq!(
        ungated_native_unit_tests(&planted("#[cfg(test)]\nmod tests;\n")),
        ["core/src/x/tests.rs"]
    );
    let gated = "#[cfg(all(test, not(target_arch = \"wasm32\")))]\nmod tests;\n";
    assert!(ungated_native_unit_tests(&planted(gated)).is_empty());

    let found = ungated_native_tests(&all);
    assert!(
        found.is_empty(),
        "these tests use native-only crates; start them with \
         #![cfg(not(target_arch = \"wasm32\"))] so `wasm-pack test` can build:\n{}",
        found.join("\n")
    );
    let planted = vec![(
        "core/tests/x.rs".to_string(),
        "mod support;\nuse barline_fake_live::FakeLive;\n".to_string(),
    )];
    assert_eq!(ungated_native_tests(&planted), ["core/tests/x.rs"]);
}

/// The repository's text files: sources, scripts, docs, data.
fn text_files() -> Vec<(String, String)> {
    let extensions = [
        ".rs", ".mjs", ".js", ".md", ".sh", ".toml", ".pest", ".html", ".css", ".yml", ".yaml",
        ".txt", "Makefile", ".json",
    ];
    files(&root(), &extensions)
        .into_iter()
        .filter(|(path, _)| !path.ends_with("package-lock.json"))
        .collect()
}

#[test]
fn citations_name_documents_and_sections_of_the_repository() {
    let root = root();
    let exists = |p: &str| root.join(p).is_file();
    let sections = |p: &str| {
        citations::numbered_headings(&fs::read_to_string(root.join(p)).unwrap_or_default())
    };
    let found = citations::offenders(&text_files(), &exists, &sections);
    assert!(
        found.is_empty(),
        "{} citations do not resolve. Cite a file of the repository and a numbered \
         section of it (`docs/design/<document>.md §N.N`, see docs/design/README.md), \
         and write out what a tag means:\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn the_citation_check_catches_what_it_looks_for() {
    let section = '\u{a7}';
    let doc = "docs/design/x.md";
    let exists = |p: &str| p == doc;
    let sections = |p: &str| {
        assert_eq!(p, doc);
        citations::numbered_headings("# X\n## 1. One\n### 1.2 Two\n#### Notes\n")
    };
    let check = |path: &str, line: &str| {
        let files = vec![(path.to_string(), line.to_string())];
        citations::offenders(&files, &exists, &sections).len()
    };
    let missing = ["spec/tools", ".md"].concat();
    assert_eq!(
        check("core/src/a.rs", &format!("// ({missing} {section}1.9)")),
        1
    );
    assert_eq!(
        check("core/src/a.rs", &format!("// ({doc} {section}1.2)")),
        0
    );
    assert_eq!(check("core/src/a.rs", &format!("// ({doc} {section}1)")), 0);
    assert_eq!(
        check("core/src/a.rs", &format!("// ({doc} {section}1.3)")),
        1
    );
    assert_eq!(check("core/src/a.rs", &format!("// ({doc} 1.2)")), 1);
    assert_eq!(check("core/src/a.rs", &format!("// ({section}1.2)")), 1);
    assert_eq!(
        check("core/src/a.rs", &format!("// ({doc}\n// {section}1.2)")),
        0
    );
    assert_eq!(
        check("core/src/a.rs", &format!("// ({doc})\n//\n// {section}1.2")),
        1
    );
    assert_eq!(check("docs/design/x.md", &format!("see {section}1.2")), 0);
    assert_eq!(check("docs/design/y.md", "[x](x.md)"), 0);
    assert_eq!(check("docs/y.md", "[x](design/x.md)"), 0);
    assert_eq!(
        check("core/src/a.rs", &["// see ..", "/shared/x"].concat()),
        1
    );
    assert_eq!(
        check("core/src/a.rs", &["// bad input (", "B8)"].concat()),
        1
    );
    assert_eq!(
        check("core/src/a.rs", &["// open question ", "Q18."].concat()),
        1
    );
    assert_eq!(check("core/src/a.rs", "let notes = \"C3 E3 G3 B3\";"), 0);
    assert_eq!(check("core/tests/a.rs", "let file = \"readme.md\";"), 0);
    assert_eq!(check("core/tests/a.rs", "B2 1|1 C3 1|2\n"), 0);
    assert_eq!(check("docs/a.md", "```barbeat\nB2 1|1\n```\nsee B2\n"), 1);
    assert_eq!(check("scripts/a.sh", &["echo B2 # ", "B8"].concat()), 1);
    assert_eq!(
        check("core/src/a.rs", "// https://example.org/README.md"),
        0
    );
    assert_eq!(
        check("core/fake-live/src/a.rs", &["// (", "B8)"].concat()),
        1
    );
}

/// The `.rs` files of a crate's `src/`, with paths relative to it.
fn crate_sources(src: &str) -> Vec<(String, String)> {
    let prefix = format!("{src}/");
    files(&root().join(src), &[".rs"])
        .into_iter()
        .map(|(p, text)| (p.trim_start_matches(&prefix).to_string(), text))
        .collect()
}

/// Largest import circle a crate may have (ARCHITECTURE.md "Rules").
const MAX_CIRCLE: usize = 3;

#[test]
fn no_import_circle_has_more_than_three_files() {
    for src in ["core/src", "core/fake-live/src"] {
        let edges = imports::edges(&crate_sources(src));
        let circles = imports::circles_over(&edges, MAX_CIRCLE);
        assert!(
            circles.is_empty(),
            "{src} has import circles of more than {MAX_CIRCLE} files; move what the \
             files share into a module below them:\n{}",
            circles
                .iter()
                .map(|c| format!("{} files: {}", c.len(), c.join(", ")))
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
}

/// Tool families: the folders under `tools/` that hold tools.
const DOMAINS: [&str; 8] = [
    "live_set",
    "track",
    "scene",
    "clip",
    "device",
    "control",
    "operations",
    "session",
];

/// The tool a module belongs to (`tools::clip::update_clip::plan` → `clip::update_clip`),
/// for modules inside a tool family.
fn tool_of(m: &[String]) -> Option<(String, String)> {
    match m {
        [tools, domain, tool, ..] if tools == "tools" && DOMAINS.contains(&domain.as_str()) => {
            Some((domain.clone(), tool.clone()))
        }
        _ => None,
    }
}

fn starts(m: &[String], prefix: &[&str]) -> bool {
    m.len() >= prefix.len() && m.iter().zip(prefix).all(|(a, b)| a == b)
}

/// Why the edge `from → to` breaks the layer rules, if it does.
fn layer_offence(from: &[String], to: &[String]) -> Option<&'static str> {
    let top = |m: &[String]| m.first().cloned().unwrap_or_default();
    let (ft, tt) = (top(from), top(to));
    let pure = ["notation", "transforms", "midi", "live"];
    let above = ["tools", "mcp", "bridge", "relay", "wasm"];
    if pure.contains(&ft.as_str()) && above.contains(&tt.as_str()) {
        return Some("notation, transforms, midi and live import nothing from tools, mcp, bridge, relay or wasm");
    }
    if ft == "bridge" && ["tools", "relay", "wasm"].contains(&tt.as_str()) {
        return Some(
            "bridge/ frames messages and knows no tool: tool calls on the wire are relay/'s",
        );
    }
    if starts(from, &["tools", "framework"])
        && tt == "tools"
        && !starts(to, &["tools", "framework"])
    {
        return Some("tools/framework imports nothing from the rest of tools/");
    }
    if starts(from, &["tools", "common"])
        && tt == "tools"
        && !starts(to, &["tools", "common"])
        && !starts(to, &["tools", "framework"])
    {
        return Some("tools/common imports only tools/framework and itself");
    }
    if tt == "tools" && to.len() == 1 && ft == "tools" && !starts(from, &["tools", "catalogue"]) {
        return Some("inside tools/, only the catalogue reaches the runner in tools/mod.rs");
    }
    if let (Some(own), Some(target)) = (tool_of(from), tool_of(to)) {
        if own == target && to.len() == 3 && from.len() > 3 {
            return Some("a tool's steps import shared types from a sibling (args.rs, plan.rs), never from the tool's mod.rs");
        }
    }
    if let Some(target) = tool_of(to) {
        let allowed = tool_of(from) == Some(target)
            || starts(from, &["tools", "catalogue"])
            || starts(from, &["tools", "testing"])
            || from == ["tools"];
        if !allowed {
            return Some("a tool module is imported only by its own steps, the catalogue and the test facade; move what is shared to tools/common");
        }
    }
    None
}

/// Every edge of `core/src` that breaks the layer rules, with the place it is written.
fn layer_offenders(edges: &[imports::Edge]) -> Vec<String> {
    edges
        .iter()
        .filter_map(|e| layer_offence(&e.from, &e.to).map(|why| format!("{} ({why})", e.place)))
        .collect()
}

#[test]
fn every_layer_imports_only_the_layers_below_it() {
    let edges = imports::edges(&crate_sources("core/src"));
    let found = layer_offenders(&edges);
    assert!(
        found.is_empty(),
        "{} imports break the layer rules of ARCHITECTURE.md:\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn the_import_checks_catch_what_they_look_for() {
    let file = |path: &str, text: &str| (path.to_string(), text.to_string());
    let sources = vec![
        file("lib.rs", "pub mod tools;\n"),
        file("tools/mod.rs", "pub mod catalogue;\n"),
        file(
            "tools/framework/call.rs",
            "use crate::tools::common::names;\n",
        ),
        file(
            "tools/common/names.rs",
            "fn f() { crate::tools::framework::call::x(); }\n",
        ),
        file(
            "tools/clip/read_clip.rs",
            "use crate::tools::clip::update_clip::{plan::Plan, Tool};\n",
        ),
        file("tools/clip/update_clip/mod.rs", "use self::plan;\n"),
        file(
            "tools/clip/update_clip/plan.rs",
            "use super::super::read_clip;\n",
        ),
        file(
            "tools/clip/update_clip/args.rs",
            "use crate::tools::clip::update_clip::UpdateClip;\n",
        ),
        file(
            "tools/clip/update_clip/audio.rs",
            "#[cfg(test)]\nmod tests {\n    use super::*;\n}\n",
        ),
        file(
            "tools/catalogue/mod.rs",
            "use crate::tools::clip::read_clip::ReadClip;\n",
        ),
        file(
            "notation/mod.rs",
            "use crate::tools::framework::call; // crate::mcp\n",
        ),
    ];
    let edges = imports::edges(&sources);
    let found = layer_offenders(&edges);
    let at = |place: &str| found.iter().filter(|f| f.starts_with(place)).count();
    assert_eq!(at("tools/framework/call.rs:1"), 1, "{found:?}");
    assert_eq!(at("tools/common/names.rs"), 0, "{found:?}");
    assert_eq!(at("tools/clip/read_clip.rs:1"), 2, "{found:?}");
    assert_eq!(at("tools/clip/update_clip/mod.rs"), 0, "{found:?}");
    assert_eq!(at("tools/clip/update_clip/plan.rs:1"), 1, "{found:?}");
    assert_eq!(at("tools/clip/update_clip/args.rs:1"), 1, "{found:?}");
    assert_eq!(at("tools/clip/update_clip/audio.rs"), 0, "{found:?}");
    assert_eq!(at("tools/catalogue/mod.rs"), 0, "{found:?}");
    assert_eq!(at("notation/mod.rs:1"), 1, "{found:?}");
    let circles = imports::circles_over(&edges, 1);
    assert_eq!(circles.len(), 2, "{circles:?}");
    assert!(circles
        .iter()
        .any(|c| c.len() == 3 && c.contains(&"tools::clip::read_clip".to_string())));
    assert!(imports::circles_over(&edges, MAX_CIRCLE).is_empty());
}

#[test]
fn functions_and_files_stay_short_enough_to_read_in_one_sitting() {
    for src in ["core/src", "core/fake-live/src"] {
        let files = crate_sources(src);
        let long = [sizes::long_functions(&files), sizes::long_files(&files)].concat();
        assert!(
            long.is_empty(),
            "in {src}, over {} lines per function or {} per file (split them into steps):\n{}",
            sizes::MAX_FUNCTION_LINES,
            sizes::MAX_FILE_LINES,
            long.join("\n")
        );
    }
}

#[test]
fn the_size_check_catches_what_it_looks_for() {
    let body = "    let x = 1;\n".repeat(79);
    let long = format!("pub(crate) fn long(a: u8) -> u8 {{\n{body}}}\n");
    let short = format!("fn short() {{\n{}}}\n", "    x();\n".repeat(78));
    let files = vec![
        ("a.rs".to_string(), long),
        ("b.rs".to_string(), short),
        ("c.rs".to_string(), "fn f();\n".repeat(401)),
    ];
    assert_eq!(sizes::long_functions(&files), ["a.rs:1 long (81 lines)"]);
    assert_eq!(sizes::long_files(&files), ["c.rs (401 lines)"]);
}

/// Standard-library calls that link large tables into the device's `v8` WebAssembly, and
/// the crate's own replacement for each (ARCHITECTURE.md, `case.rs` and `decimal.rs`).
const HEAVY_CALLS: [(&str, &str); 4] = [
    ("to_lowercase(", "crate::case::lower"),
    ("to_uppercase(", "a fold of your own (see crate::case)"),
    ("parse::<f64>", "crate::decimal::parse"),
    ("parse::<f32>", "crate::decimal::parse"),
];

/// Every `file:line: text` of non-test code that makes a [`HEAVY_CALLS`] call. Test code
/// (a `tests.rs` file, or what follows `#[cfg(test)]` in a file) may use them.
fn heavy_calls(files: &[(String, String)]) -> Vec<String> {
    let mut found = Vec::new();
    for (path, text) in files {
        if path.ends_with("tests.rs") || path.contains("/tests/") {
            continue;
        }
        for (i, line) in text.lines().enumerate() {
            let code = line.trim_start();
            if code.starts_with("#[cfg(test)]") {
                break;
            }
            if code.starts_with("//") {
                continue;
            }
            if let Some((call, instead)) = HEAVY_CALLS.iter().find(|(c, _)| code.contains(c)) {
                found.push(format!("{path}:{}: {call} (use {instead})", i + 1));
            }
        }
    }
    found
}

#[test]
fn the_core_avoids_calls_that_link_large_tables() {
    let found = heavy_calls(&crate_sources("core/src"));
    assert!(
        found.is_empty(),
        "these calls add kilobytes of tables to the device's v8 binary:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_heavy_call_check_catches_what_it_looks_for() {
    let files = vec![
        (
            "a.rs".to_string(),
            "let n = t.parse::<f64>();\n".to_string(),
        ),
        (
            "b.rs".to_string(),
            "// s.to_lowercase()\n#[cfg(test)]\nx.to_lowercase();\n".to_string(),
        ),
        ("c/tests.rs".to_string(), "x.to_uppercase();\n".to_string()),
        (
            "d.rs".to_string(),
            "let k = name.to_lowercase();\n".to_string(),
        ),
    ];
    assert_eq!(
        heavy_calls(&files),
        [
            "a.rs:1: parse::<f64> (use crate::decimal::parse)",
            "d.rs:1: to_lowercase( (use crate::case::lower)"
        ]
    );
}
