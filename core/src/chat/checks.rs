//! What the page answers itself, without the device: tool calls naming no offered tool
//! or carrying arguments that are not one JSON object, text that is a tool call written
//! out (a model without tool support), and the repetition guard.

use super::types::ToolDef;
use serde_json::Value;

/// Why a call is answered by the page: the result text the model receives.
pub fn refuse(
    name: &str,
    arguments: &str,
    offered: &[ToolDef],
    disabled: &[String],
) -> Option<String> {
    if disabled.iter().any(|d| d == name) {
        return Some(format!(
            "UNKNOWN_TOOL: \"{name}\" is not available in this conversation"
        ));
    }
    if !offered.iter().any(|t| t.name == name) {
        let names: Vec<&str> = offered.iter().map(|t| t.name.as_str()).collect();
        return Some(format!(
            "UNKNOWN_TOOL: no tool named \"{}\". Tools: {}",
            clip(name),
            names.join(", ")
        ));
    }
    if arguments.trim().is_empty() {
        return None;
    }
    match serde_json::from_str::<Value>(arguments) {
        Err(e) => Some(format!(
            "BAD_INPUT: the arguments are not valid JSON ({e} at offset {}); send one JSON object",
            offset(arguments, e.line(), e.column())
        )),
        Ok(Value::Object(_)) => None,
        Ok(_) => Some("BAD_INPUT: the arguments must be a JSON object".into()),
    }
}

/// A name quoted back to the model, kept short.
fn clip(name: &str) -> String {
    name.chars().take(100).collect()
}

/// The byte offset of a (line, column) position of serde_json.
fn offset(text: &str, line: usize, column: usize) -> usize {
    let before: usize = text
        .split('\n')
        .take(line.saturating_sub(1))
        .map(|l| l.len() + 1)
        .sum();
    (before + column).min(text.len())
}

/// True when answer text looks like a tool call written as text: what models without
/// structured tool support produce.
pub fn looks_like_text_tool_call(text: &str) -> bool {
    let t = text.trim();
    if t.contains("<tool_call>") || t.contains("<|tool_call") || t.contains("[TOOL_CALLS]") {
        return true;
    }
    let bare = t
        .trim_start_matches("```json")
        .trim_start_matches("```")
        .trim_end_matches("```")
        .trim();
    matches!(serde_json::from_str::<Value>(bare), Ok(Value::Object(o)) if o.contains_key("name") && o.contains_key("arguments"))
}

/// One call as the repetition guard sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attempt {
    /// Tool name.
    pub name: String,
    /// Arguments, canonical (parsed and re-written) when they are JSON.
    pub arguments: String,
    /// The call failed.
    pub failed: bool,
    /// The tool is read-only.
    pub read: bool,
}

impl Attempt {
    /// The attempt of a call.
    pub fn new(name: &str, arguments: &str, failed: bool, read: bool) -> Attempt {
        let canonical = serde_json::from_str::<Value>(arguments)
            .map(|v| v.to_string())
            .unwrap_or_else(|_| arguments.to_string());
        Attempt {
            name: name.into(),
            arguments: canonical,
            failed,
            read,
        }
    }
}

/// Failing calls repeated this many rounds in a row pause the turn.
pub const FAILING_REPEATS: usize = 3;
/// Reads repeated this many rounds in a row pause the turn.
pub const READ_REPEATS: usize = 5;

/// The reason to pause, when the last rounds of a turn (one list of attempts per
/// round, oldest first) repeat one call: identical and failing three rounds in a row,
/// or an identical read five rounds in a row.
pub fn repetition(rounds: &[Vec<Attempt>]) -> Option<String> {
    let last = rounds.last()?;
    for a in last {
        let same = |r: &Vec<Attempt>| {
            r.iter()
                .find(|b| b.name == a.name && b.arguments == a.arguments)
                .cloned()
        };
        let run: Vec<Attempt> = rounds.iter().rev().map_while(same).collect();
        if run.len() >= FAILING_REPEATS && run[..FAILING_REPEATS].iter().all(|b| b.failed) {
            return Some(format!(
                "the model repeated a failing call three times ({} with the same arguments)",
                a.name
            ));
        }
        if a.read && run.len() >= READ_REPEATS {
            return Some(format!(
                "the model asked for the same read five times in a row ({})",
                a.name
            ));
        }
    }
    None
}
