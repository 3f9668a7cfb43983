//! The import rules of ARCHITECTURE.md "Rules", checked from the source text.
//!
//! A file imports another when one of its `use` paths or inline paths (`crate::…`,
//! `super::…`, `self::…`) resolves to that file's module; `mod x;` declarations are
//! not imports. Each offence is reported with the file, the line and the path, so a
//! failure says which `use` to change.

use std::collections::{BTreeMap, BTreeSet};

/// A module path inside one crate, e.g. `["tools", "framework", "call"]`.
pub type Module = Vec<String>;

/// One import edge and where it was written.
#[derive(Clone, Debug)]
pub struct Edge {
    /// The importing file's module.
    pub from: Module,
    /// The imported file's module.
    pub to: Module,
    /// `file:line: path` of the first place the edge appears.
    pub place: String,
}

/// The module of a source file given relative to the crate's `src/`
/// (`tools/framework/mod.rs` → `tools::framework`, `lib.rs` → the crate root).
pub fn module_of(relative: &str) -> Module {
    let stem = relative.trim_end_matches(".rs");
    let mut parts: Module = stem.split('/').map(str::to_string).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// Every import edge between the given files (`(relative path, text)` under `src/`).
/// A `use` of a module also makes its name an alias: `use crate::tools;` followed by
/// `tools::session::connect::VERSION` imports `tools::session::connect`.
pub fn edges(files: &[(String, String)]) -> Vec<Edge> {
    let modules: BTreeSet<Module> = files.iter().map(|(p, _)| module_of(p)).collect();
    let mut out = Vec::new();
    for (path, text) in files {
        let from = module_of(path);
        let text = &inline_modules_flattened(text);
        let found = paths(text);
        let aliases: BTreeMap<String, Module> = found
            .iter()
            .filter_map(|p| {
                let alias = p.alias.clone()?;
                let abs = resolve(&from, &p.segments)?;
                modules.contains(&abs).then_some((alias, abs))
            })
            .collect();
        let mut seen = BTreeSet::new();
        let mut add = |line_no: usize, line: &str, abs: Module| {
            if let Some(to) = deepest_module(&modules, &abs) {
                if to != from && seen.insert(to.clone()) {
                    out.push(Edge {
                        from: from.clone(),
                        to,
                        place: format!("{path}:{line_no}: {}", line.trim()),
                    });
                }
            }
        };
        for p in &found {
            if let Some(abs) = resolve(&from, &p.segments) {
                add(p.line_no, &p.line, abs);
            }
        }
        for (line_no, line) in text.lines().enumerate() {
            let code = strip_comment(line);
            if code.trim_start().starts_with("use ") || code.contains(" use ") {
                continue;
            }
            for (alias, module) in &aliases {
                for segments in paths_after(code, &format!("{alias}::")) {
                    let mut abs = module.clone();
                    abs.extend(segments.into_iter().skip(1));
                    add(line_no + 1, line, abs);
                }
            }
        }
    }
    out
}

/// `text` with `super::` inside an inline module (`mod tests { … }` at the top level of
/// a file) read as `self::`: there `super` is the file's own module, and the checks
/// treat the inline module's imports as the file's.
fn inline_modules_flattened(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut inside = false;
    for line in text.lines() {
        if !inside && line.starts_with("mod ") && line.trim_end().ends_with('{') {
            inside = true;
        } else if inside && line == "}" {
            inside = false;
        }
        if inside {
            out.push_str(&line.replace("super::", "self::"));
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

/// One path found in a file.
struct Found {
    line_no: usize,
    line: String,
    segments: Vec<String>,
    /// The name a `use` binds (its last segment or its `as` name).
    alias: Option<String>,
}

/// Every crate-relative path in `text`, comments left out; brace groups of `use`
/// statements are expanded.
fn paths(text: &str) -> Vec<Found> {
    let mut out = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        let code = strip_comment(lines[i]);
        let trimmed = code.trim_start();
        let is_use = trimmed.starts_with("use ")
            || (trimmed.starts_with("pub") && trimmed.contains(" use "));
        if is_use {
            let start = i;
            let mut statement = code.to_string();
            while !statement.contains(';') && i + 1 < lines.len() {
                i += 1;
                statement.push(' ');
                statement.push_str(strip_comment(lines[i]));
            }
            let body = statement
                .split_once("use ")
                .map(|(_, b)| b)
                .unwrap_or("")
                .trim_end_matches(|c: char| c == ';' || c.is_whitespace());
            for (segments, alias) in expand(Vec::new(), body) {
                out.push(Found {
                    line_no: start + 1,
                    line: lines[start].to_string(),
                    segments,
                    alias,
                });
            }
        } else {
            for root in ["crate::", "super::", "self::"] {
                for segments in paths_after(code, root) {
                    out.push(Found {
                        line_no: i + 1,
                        line: lines[i].to_string(),
                        segments,
                        alias: None,
                    });
                }
            }
        }
        i += 1;
    }
    out
}

fn strip_comment(line: &str) -> &str {
    line.split("//").next().unwrap_or("")
}

/// The paths of a `use` tree with the name each binds: `a::{b, c::{d as e}}` →
/// `a::b` (b), `a::c::d` (e); `a::{self}` binds `a`.
fn expand(prefix: Vec<String>, tree: &str) -> Vec<(Vec<String>, Option<String>)> {
    let tree = tree.trim();
    if let Some(open) = tree.find('{') {
        let head: Vec<String> = tree[..open]
            .split("::")
            .filter(|s| !s.trim().is_empty())
            .map(|s| s.trim().to_string())
            .collect();
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        let mut base = prefix;
        base.extend(head);
        return split_top(inner)
            .into_iter()
            .flat_map(|item| expand(base.clone(), item))
            .collect();
    }
    let mut parts = tree.split(" as ");
    let path = parts.next().unwrap_or("").trim();
    let renamed = parts.next().map(|s| s.trim().to_string());
    let mut full = prefix;
    full.extend(
        path.split("::")
            .filter(|s| !s.is_empty())
            .map(str::to_string),
    );
    if full.last().map(String::as_str) == Some("self") {
        full.pop();
    }
    let alias = renamed
        .or_else(|| full.last().cloned())
        .filter(|a| a != "*" && a != "_");
    vec![(full, alias)]
}

fn split_top(inner: &str) -> Vec<&str> {
    let (mut depth, mut start, mut out) = (0, 0, Vec::new());
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&inner[start..]);
    out.into_iter().filter(|s| !s.trim().is_empty()).collect()
}

/// The paths starting with `root` (`crate::`, `super::`, an alias and `::`) in `code`,
/// each as its segments (the root's name first).
fn paths_after(code: &str, root: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find(root) {
        let before = rest[..at].chars().last();
        let tail = &rest[at..];
        let end = tail
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .unwrap_or(tail.len());
        if !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            out.push(
                tail[..end]
                    .split("::")
                    .filter(|s| !s.is_empty())
                    .map(str::to_string)
                    .collect(),
            );
        }
        rest = &tail[end.max(1)..];
    }
    out
}

/// The absolute module path a path starting with `crate`, `super` or `self` names.
fn resolve(from: &Module, path: &[String]) -> Option<Module> {
    let first = path.first()?;
    match first.as_str() {
        "crate" => Some(path[1..].to_vec()),
        "super" | "self" => {
            let mut base = from.clone();
            let mut rest = path;
            while let Some(head) = rest.first() {
                match head.as_str() {
                    "super" => {
                        base.pop();
                    }
                    "self" => {}
                    _ => break,
                }
                rest = &rest[1..];
            }
            base.extend(rest.iter().cloned());
            Some(base)
        }
        _ => None,
    }
}

fn deepest_module(modules: &BTreeSet<Module>, path: &Module) -> Option<Module> {
    (0..=path.len())
        .rev()
        .map(|n| path[..n].to_vec())
        .find(|m| modules.contains(m))
}

/// The strongly connected components of more than `limit` files, each as its sorted
/// modules joined by `::`.
pub fn circles_over(edges: &[Edge], limit: usize) -> Vec<Vec<String>> {
    let mut graph: BTreeMap<&Module, Vec<&Module>> = BTreeMap::new();
    for e in edges {
        graph.entry(&e.from).or_default().push(&e.to);
        graph.entry(&e.to).or_default();
    }
    let nodes: Vec<&Module> = graph.keys().copied().collect();
    let index: BTreeMap<&Module, usize> = nodes.iter().enumerate().map(|(i, m)| (*m, i)).collect();
    let adjacency: Vec<Vec<usize>> = nodes
        .iter()
        .map(|m| graph[m].iter().map(|t| index[t]).collect())
        .collect();
    components(&adjacency)
        .into_iter()
        .filter(|c| c.len() > limit)
        .map(|c| {
            let mut names: Vec<String> = c.iter().map(|&i| nodes[i].join("::")).collect();
            names.sort();
            names
        })
        .collect()
}

/// Tarjan's algorithm without recursion.
fn components(adjacency: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let n = adjacency.len();
    let (mut index, mut low) = (vec![usize::MAX; n], vec![0; n]);
    let (mut on_stack, mut stack, mut out) = (vec![false; n], Vec::new(), Vec::new());
    let mut next = 0;
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        let mut work = vec![(root, 0usize)];
        while let Some((v, child)) = work.pop() {
            if child == 0 {
                index[v] = next;
                low[v] = next;
                next += 1;
                stack.push(v);
                on_stack[v] = true;
            }
            if let Some(&w) = adjacency[v].get(child) {
                work.push((v, child + 1));
                if index[w] == usize::MAX {
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            if low[v] == index[v] {
                let mut component = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                out.push(component);
            }
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
        }
    }
    out
}
