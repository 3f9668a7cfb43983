//! The user's notation guide (`docs/notation.md`) says only what the engine does: every
//! ```` ```barbeat ```` block (optionally ```` ```barbeat 6/8 ````) is interpreted in the
//! core dialect, every ```` ```barbeat2 ```` block in bar|beat 2, and each is
//! compared with the blocks that follow it: ```` ```notes ```` (a table whose header
//! names the columns: pitch, start, duration, velocity, probability, deviation),
//! ```` ```warnings ```` (one per line, exact) or ```` ```error ```` (exact).

use barline_core::notation::{interpret, Dialect, InterpretOptions, Note};
use std::path::PathBuf;

/// One fenced block: its info string and its lines.
struct Block {
    info: String,
    line: usize,
    body: Vec<String>,
}

fn blocks(text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut open: Option<Block> = None;
    for (i, line) in text.lines().enumerate() {
        let fence = line.trim_start().starts_with("```") && !line.contains("````");
        match (&mut open, fence) {
            (None, true) => {
                open = Some(Block {
                    info: line.trim().trim_start_matches('`').trim().to_string(),
                    line: i + 1,
                    body: Vec::new(),
                })
            }
            (Some(_), true) => out.extend(open.take()),
            (Some(b), false) => b.body.push(line.to_string()),
            (None, false) => {}
        }
    }
    out
}

/// The notes a `notes` block lists, in order.
fn table(block: &Block) -> Vec<Note> {
    let mut rows = block.body.iter().filter(|l| !l.trim().is_empty());
    let header: Vec<&str> = rows
        .next()
        .expect("a header row")
        .split_whitespace()
        .collect();
    rows.map(|row| {
        let cells: Vec<f64> = row
            .split_whitespace()
            .map(|c| {
                c.parse()
                    .unwrap_or_else(|_| panic!("line {}: {c:?} is not a number", block.line))
            })
            .collect();
        assert_eq!(
            cells.len(),
            header.len(),
            "line {}: row {row:?}",
            block.line
        );
        let get = |name: &str, default: f64| {
            header
                .iter()
                .position(|h| *h == name)
                .map_or(default, |i| cells[i])
        };
        Note {
            pitch: get("pitch", f64::NAN) as u8,
            start_time: get("start", f64::NAN),
            duration: get("duration", 1.0),
            velocity: get("velocity", 100.0) as u8,
            probability: get("probability", 1.0),
            velocity_deviation: get("deviation", 0.0) as u8,
        }
    })
    .collect()
}

fn same(a: &[Note], b: &[Note]) -> bool {
    let close = |x: f64, y: f64| (x - y).abs() <= 1e-6;
    a.len() == b.len()
        && a.iter().zip(b).all(|(a, b)| {
            a.pitch == b.pitch
                && a.velocity == b.velocity
                && a.velocity_deviation == b.velocity_deviation
                && close(a.start_time, b.start_time)
                && close(a.duration, b.duration)
                && close(a.probability, b.probability)
        })
}

fn render(notes: &[Note]) -> String {
    let mut s = String::from("pitch start duration velocity probability deviation\n");
    for n in notes {
        s += &format!(
            "{} {} {} {} {} {}\n",
            n.pitch, n.start_time, n.duration, n.velocity, n.probability, n.velocity_deviation
        );
    }
    s
}

#[test]
fn every_example_of_the_notation_guide_is_what_the_engine_does() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/notation.md");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let all = blocks(&text);
    let mut checked = 0;
    let mut failures = Vec::new();
    for (i, block) in all.iter().enumerate() {
        let mut info = block.info.split_whitespace();
        let dialect = match info.next() {
            Some("barbeat") => Dialect::V146,
            Some("barbeat2") => Dialect::V2,
            _ => continue,
        };
        let options = match info.next() {
            Some(ts) => {
                let (n, d) = ts.split_once('/').expect("time signature n/d");
                InterpretOptions::time_signature(n.parse().unwrap(), d.parse().unwrap())
            }
            None => InterpretOptions::default(),
        }
        .with_dialect(dialect);
        let input = block.body.join("\n");
        let expected: Vec<&Block> = all[i + 1..]
            .iter()
            .take_while(|b| !b.info.starts_with("barbeat"))
            .filter(|b| ["notes", "warnings", "error"].contains(&b.info.as_str()))
            .collect();
        assert!(
            !expected.is_empty(),
            "line {}: an example without its result",
            block.line
        );
        let find = |kind: &str| expected.iter().find(|b| b.info == kind);
        let lines = |b: &Block| -> Vec<String> {
            b.body.iter().filter(|l| !l.is_empty()).cloned().collect()
        };
        let problem = match (interpret(&input, &options), find("error")) {
            (Ok(got), None) => {
                let want_notes = find("notes").map(|b| table(b)).unwrap_or_default();
                let want_warnings = find("warnings").map(|b| lines(b)).unwrap_or_default();
                if !same(&got.notes, &want_notes) {
                    Some(format!("notes:\n{}", render(&got.notes)))
                } else if got.warnings != want_warnings {
                    Some(format!("warnings: {:?}", got.warnings))
                } else {
                    None
                }
            }
            (Err(e), Some(b)) => {
                (lines(b) != [e.message.clone()]).then(|| format!("error: {}", e.message))
            }
            (Ok(got), Some(_)) => Some(format!("no error; notes:\n{}", render(&got.notes))),
            (Err(e), None) => Some(format!("error: {}", e.message)),
        };
        if let Some(p) = problem {
            failures.push(format!(
                "docs/notation.md:{} {input:?} gives {p}",
                block.line
            ));
        }
        checked += 1;
    }
    assert!(checked >= 15, "only {checked} examples found");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
