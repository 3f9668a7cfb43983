//! Notes a clip holds but never plays (create-clip and update-clip, docs/design/tool-rules.md
//! §12 and §13): notes starting at or after the clip's end are kept by Live and silent.
//! `length: "4"` is four beats, not four bars; with four bars of notes the model would
//! otherwise get a one-bar clip and no word about the rest.

use crate::live::LiveId;
use crate::tools::common::clip::notes;
use crate::tools::common::time;
use crate::tools::framework::call::Call;
use crate::tools::framework::error::ToolError;
use crate::tools::framework::lom;

/// The warning for `n` notes past the clip end at `end` (Live beats, clip signature).
pub fn message(n: usize, end: f64, sig: (i64, i64)) -> String {
    let (what, verb) = if n == 1 {
        ("note starts", "does")
    } else {
        ("notes start", "do")
    };
    format!(
        "{n} {what} at or after the clip end {} and {verb} not play: give a longer length in bars:beats (e.g. \"4:0\"; a bare number is beats)",
        time::position(end, sig.0, sig.1)
    )
}

/// Reads `clip`'s end (loop end when looping, else the end marker) and warns when
/// notes start at or after it (a note exactly at the end counts). MIDI clips only.
pub fn warn(call: &mut Call<'_>, clip: LiveId, sig: (i64, i64)) -> Result<(), ToolError> {
    let end_prop = if lom::flag(call.live, clip, "looping")? {
        "loop_end"
    } else {
        "end_marker"
    };
    let end = lom::number(call.live, clip, end_prop)?;
    if let Some(n) = notes::count_from(call.live, clip, end)?.filter(|n| *n > 0) {
        call.warn(message(n, end, sig));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_message_names_the_count_and_the_end() {
        let m = message(12, 4.0, (4, 4));
        assert!(
            m.starts_with("12 notes start at or after the clip end 2|1"),
            "{m}"
        );
        assert!(m.chars().count() <= 200, "{m}");
    }
}
