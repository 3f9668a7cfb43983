//! The `params` argument of update-device (docs/design/tool-rules.md §16): `name=value`
//! lines with comments, and finding the parameter a key names (name, `"name
//! (original_name)"` or id). Interpreting the value is `param_value/`.

use crate::live::{LiveId, LivePort};
use crate::tools::common::device::param_value::display_name;
use crate::tools::framework::error::{quoted, ToolError};
use crate::tools::framework::lom;

/// Finds a parameter of a device by `params` key: digits are an id, other keys match
/// `name` or `"name (original_name)"` case-insensitively.
pub fn find(
    live: &mut dyn LivePort,
    params: &[LiveId],
    key: &str,
) -> Result<Option<LiveId>, ToolError> {
    let key = key.trim();
    if !key.is_empty() && key.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(params.iter().copied().find(|p| p.to_string() == key));
    }
    for &p in params {
        let name = lom::text(live, p, "name")?;
        if name.eq_ignore_ascii_case(key) || display_name(live, p)?.eq_ignore_ascii_case(key) {
            return Ok(Some(p));
        }
    }
    Ok(None)
}

/// One `params` assignment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assignment {
    /// The key before the first `=`, trimmed.
    pub key: String,
    /// The value, trimmed.
    pub value: String,
}

/// Most assignments one `params` text may hold.
pub const MAX_ASSIGNMENTS: usize = 1_000;

/// Parses `params` text (docs/design/tool-rules.md §16): one `name=value` per line; blank
/// lines and lines starting with `//` are ignored; ` //` starts a trailing comment; a
/// line without `=` is skipped with a warning. More than [`MAX_ASSIGNMENTS`] is
/// BAD_INPUT.
pub fn parse_params(text: &str, warnings: &mut Vec<String>) -> Result<Vec<Assignment>, ToolError> {
    let mut out = Vec::new();
    for line in text.lines() {
        let line = match line.find(" //") {
            Some(i) => &line[..i],
            None => line,
        };
        let line = line.trim();
        if line.is_empty() || line.starts_with("//") {
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            warnings.push(format!("skipped line without \"=\": {}", quoted(line)));
            continue;
        };
        if out.len() == MAX_ASSIGNMENTS {
            return Err(ToolError::bad_input(format!(
                "params has more than {MAX_ASSIGNMENTS} assignments; split it over several calls"
            )));
        }
        out.push(Assignment {
            key: key.trim().to_string(),
            value: value.trim().to_string(),
        });
    }
    Ok(out)
}
