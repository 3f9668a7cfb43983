//! The committed `tools/list` snapshots (normal and small-model mode): any change to a
//! tool's name, description or schemas shows up as a diff in review. Regenerate with
//! `BARLINE_UPDATE_SNAPSHOTS=1 cargo test --test tools list_snapshot::`.

use barline_core::tools::catalogue::{self, CatalogueOptions};
use serde_json::Value;
use std::path::PathBuf;

fn snapshot_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(name)
}

/// Compares `value` with the committed file, or rewrites it when asked to.
fn check(name: &str, value: &Value) {
    let text = serde_json::to_string_pretty(value).unwrap() + "\n";
    let path = snapshot_path(name);
    if std::env::var_os("BARLINE_UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, &text).unwrap();
        return;
    }
    let old = std::fs::read_to_string(&path).unwrap_or_default();
    if old == text {
        return;
    }
    let (a, b): (Vec<&str>, Vec<&str>) = (old.lines().collect(), text.lines().collect());
    let first = (0..a.len().max(b.len()))
        .find(|i| a.get(*i) != b.get(*i))
        .unwrap_or(0);
    let from = first.saturating_sub(3);
    let show = |lines: &[&str]| {
        lines
            .iter()
            .enumerate()
            .skip(from)
            .take(25)
            .map(|(i, l)| format!("{:>5} {l}\n", i + 1))
            .collect::<String>()
    };
    let diff = format!(
        "first difference at line {}\n--- committed:\n{}+++ generated:\n{}",
        first + 1,
        show(&a),
        show(&b)
    );
    panic!(
        "tools/list changed ({name}); review the diff, then run with BARLINE_UPDATE_SNAPSHOTS=1 to accept it:\n{diff}"
    );
}

#[test]
fn tools_list_matches_the_committed_snapshot() {
    let opts = CatalogueOptions {
        modern: true,
        ..Default::default()
    };
    check("tools-list.json", &Value::Array(catalogue::list(opts)));
}

#[test]
fn small_model_tools_list_matches_the_committed_snapshot() {
    let opts = CatalogueOptions {
        modern: true,
        small_model: true,
        ..Default::default()
    };
    check(
        "tools-list-small.json",
        &Value::Array(catalogue::list(opts)),
    );
}
