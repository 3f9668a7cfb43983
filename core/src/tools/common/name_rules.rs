//! The one rule every tool applies to a name it writes into Live (track, clip, scene,
//! locator, device names): bounded length and no control characters.
//!
//! Why: a 1 MB name made the clip unreadable (every read of it was over the result
//! cap), and a NUL ends a Max symbol early, so Live would store a different name than
//! the one reported. Tools call [`check_name`] on each final name before touching Live.

use crate::tools::framework::error::ToolError;

/// Most characters (Unicode scalar values) of one name. Live shows a few dozen; 256
/// leaves room for any real name while keeping every result that echoes names small.
pub const MAX_NAME_CHARS: usize = 256;

/// Characters of a rejected name quoted back in an error.
const QUOTE_CHARS: usize = 40;

/// A name accepted for writing, with the warning to report when it was adjusted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckedName {
    /// The name to write.
    pub name: String,
    /// Set when control characters were replaced.
    pub warning: Option<String>,
}

/// Checks the name given in argument `field`: BAD_INPUT for a name longer than
/// [`MAX_NAME_CHARS`] or containing NUL; other control characters (tabs, line breaks,
/// …) become spaces with a warning, since Live shows names on one line.
pub fn check_name(field: &str, name: &str) -> Result<CheckedName, ToolError> {
    let chars = name.chars().count();
    if chars > MAX_NAME_CHARS {
        return Err(ToolError::bad_input(format!(
            "{field} is {chars} characters long (starts \"{}…\"); a name may have at most \
             {MAX_NAME_CHARS} characters: shorten it",
            quote(name)
        )));
    }
    if let Some(at) = name.chars().position(|c| c == '\0') {
        return Err(ToolError::bad_input(format!(
            "{field} contains a NUL character (U+0000) at character {}; Live names cannot \
             hold it: remove it",
            at + 1
        )));
    }
    let controls = name.chars().filter(|c| c.is_control()).count();
    if controls == 0 {
        return Ok(CheckedName {
            name: name.to_string(),
            warning: None,
        });
    }
    let cleaned: String = name
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    Ok(CheckedName {
        warning: Some(format!(
            "{field}: {controls} control character(s) (tab, line break, …) replaced with \
             spaces; Live shows names on one line"
        )),
        name: cleaned,
    })
}

/// The arguments that carry names written into Live, whatever the tool.
pub const NAME_ARGUMENTS: [&str; 2] = ["name", "locatorName"];

/// Checks every name argument of a call before the tool runs, so no object kind (track,
/// scene, device, chain, locator, clip) can receive a name longer than one Max symbol
/// holds: each comma-separated entry (a list names several objects) must pass
/// [`check_name`]'s length and NUL rule.
pub fn check_name_arguments(
    args: &serde_json::Map<String, serde_json::Value>,
) -> Result<(), ToolError> {
    for field in NAME_ARGUMENTS {
        let Some(text) = args.get(field).and_then(serde_json::Value::as_str) else {
            continue;
        };
        for entry in text.split(',') {
            check_name(field, entry)?;
        }
    }
    Ok(())
}

/// Cuts every `name` field of a result longer than [`MAX_NAME_CHARS`] (a name written
/// outside Barline, up to a whole Max symbol) so the object can still be read; returns
/// the warning when any was cut.
pub fn cut_read_names(data: &mut serde_json::Value) -> Option<String> {
    fn walk(v: &mut serde_json::Value, cut: &mut usize) {
        match v {
            serde_json::Value::Object(o) => {
                for (k, x) in o.iter_mut() {
                    match x {
                        serde_json::Value::String(s)
                            if k == "name" && s.chars().count() > MAX_NAME_CHARS =>
                        {
                            let mut short: String = s.chars().take(MAX_NAME_CHARS - 1).collect();
                            short.push('…');
                            *s = short;
                            *cut += 1;
                        }
                        _ => walk(x, cut),
                    }
                }
            }
            serde_json::Value::Array(a) => a.iter_mut().for_each(|x| walk(x, cut)),
            _ => {}
        }
    }
    let mut cut = 0;
    walk(data, &mut cut);
    (cut > 0).then(|| {
        format!("{cut} name(s) longer than {MAX_NAME_CHARS} characters were cut to {MAX_NAME_CHARS}; rename the object(s) in Live to a shorter name")
    })
}

/// The first [`QUOTE_CHARS`] characters of `text`, control characters shown as `?`.
fn quote(text: &str) -> String {
    text.chars()
        .take(QUOTE_CHARS)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinary_names_pass_unchanged() {
        for name in [
            "Bass",
            "",
            "Drums 2",
            "Ünïcödé 🎹",
            &"x".repeat(MAX_NAME_CHARS),
        ] {
            let ok = check_name("name", name).unwrap();
            assert_eq!((ok.name.as_str(), ok.warning), (name, None));
        }
    }

    #[test]
    fn a_megabyte_name_is_refused_with_a_short_quote() {
        let e = check_name("name", &"é".repeat(1 << 20)).unwrap_err();
        let text = &e.message;
        assert!(text.contains("1048576 characters"), "{text}");
        assert!(text.contains("at most 256"), "{text}");
        assert!(text.len() < 300, "{} bytes", text.len());
        assert!(check_name("name", &"x".repeat(MAX_NAME_CHARS + 1)).is_err());
    }

    #[test]
    fn nul_is_refused_and_named_by_position() {
        let e = check_name("clip name", "ab\0c").unwrap_err();
        let text = &e.message;
        assert!(text.contains("clip name contains a NUL"), "{text}");
        assert!(text.contains("at character 3"), "{text}");
    }

    #[test]
    fn other_control_characters_become_spaces_with_a_warning() {
        let ok = check_name("name", "Verse\tA\r\nB").unwrap();
        assert_eq!(ok.name, "Verse A  B");
        let warning = ok.warning.unwrap();
        assert!(
            warning.starts_with("name: 3 control character(s)"),
            "{warning}"
        );
    }
}
