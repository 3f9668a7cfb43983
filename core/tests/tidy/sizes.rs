//! Sizes a newcomer reads in one sitting: functions of at most 80 lines and files of at
//! most 400 in the crates' sources, measured from the source text.

/// Longest function, in lines from its `fn` line to its closing brace.
pub const MAX_FUNCTION_LINES: usize = 80;
/// Longest source file, in lines.
pub const MAX_FILE_LINES: usize = 400;

/// `file:line name (n lines)` for every function longer than the limit. A function
/// ends at the first line that is its own indentation followed by `}`, as `cargo fmt`
/// writes it.
pub fn long_functions(files: &[(String, String)]) -> Vec<String> {
    let mut out = Vec::new();
    for (path, text) in files {
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let Some(name) = function_name(line) else {
                continue;
            };
            let indent = &line[..line.len() - line.trim_start().len()];
            let close = format!("{indent}}}");
            if let Some(end) = lines[i + 1..].iter().position(|l| *l == close) {
                let length = end + 2;
                if length > MAX_FUNCTION_LINES {
                    out.push(format!("{path}:{} {name} ({length} lines)", i + 1));
                }
            }
        }
    }
    out
}

/// The name of a function whose body starts on this line (`pub(crate) fn read(`), not
/// a declaration without a body.
fn function_name(line: &str) -> Option<&str> {
    let code = line.trim_start();
    if code.ends_with(';') || code.starts_with("//") {
        return None;
    }
    let rest = code
        .trim_start_matches("pub(crate) ")
        .trim_start_matches("pub(super) ")
        .trim_start_matches("pub ")
        .trim_start_matches("const ")
        .trim_start_matches("async ")
        .trim_start_matches("unsafe ")
        .strip_prefix("fn ")?;
    let end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_'))?;
    Some(&rest[..end])
}

/// `file (n lines)` for every file longer than the limit.
pub fn long_files(files: &[(String, String)]) -> Vec<String> {
    files
        .iter()
        .filter(|(_, text)| text.lines().count() > MAX_FILE_LINES)
        .map(|(path, text)| format!("{path} ({} lines)", text.lines().count()))
        .collect()
}
