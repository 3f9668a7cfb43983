//! Counting in the tools goes through one helper, `lom::count` in
//! `core/src/tools/framework/lom.rs`, which counts the id list `get` answers.

use super::{files, root};

/// Places in `sources` (path, text) under core/src/tools that count a list with
/// `getcount` instead of going through `lom::count` (the one counting helper, in
/// `tools/framework/lom.rs`).
fn getcount_offenders(sources: &[(String, String)]) -> Vec<String> {
    let mut out = Vec::new();
    for (path, text) in sources {
        if !path.starts_with("core/src/tools/") || path.ends_with("tools/framework/lom.rs") {
            continue;
        }
        for (i, line) in text.lines().enumerate() {
            if line.contains("get_count") || line.contains("getcount") {
                out.push(format!("{path}:{}", i + 1));
            }
        }
    }
    out
}

#[test]
fn tools_count_only_through_lom_count() {
    // Counts come from the id list `get` answers: `getcount` is resolved through an
    // object's path, which an object built from an id may not have (issue 20).
    let found = getcount_offenders(&files(&root().join("core/src/tools"), &[".rs"]));
    assert!(found.is_empty(), "use lom::count: {found:?}");
    let planted = [
        (
            "core/src/tools/track/x.rs".to_string(),
            "let n = live.get_count(song, \"tracks\")?;\n".to_string(),
        ),
        (
            "core/src/tools/framework/lom.rs".to_string(),
            "live.get_count(id, c)\n".to_string(),
        ),
        (
            "core/src/live/port.rs".to_string(),
            "fn get_count()\n".to_string(),
        ),
    ];
    assert_eq!(
        getcount_offenders(&planted),
        ["core/src/tools/track/x.rs:1"]
    );
}
