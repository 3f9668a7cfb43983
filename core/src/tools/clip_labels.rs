//! The name and colour the clip tools write on each clip (tools.md 1.6): names are
//! checked before the first write, and a colour's warning names the clip by its new
//! name when it has one.

use super::call::Call;
use super::error::ToolError;
use super::name_rules;
use crate::live::{Atom, LiveId};

/// The names of `count` clips from a `name` argument, each checked by
/// [`name_rules::check_name`] so that a bad name changes nothing in Live.
pub fn checked_names(
    call: &mut Call<'_>,
    name: Option<&str>,
    count: usize,
) -> Result<Vec<Option<String>>, ToolError> {
    let mut names = call.names(name, count);
    for name in names.iter_mut().flatten() {
        let checked = name_rules::check_name("name", name)?;
        if let Some(w) = checked.warning {
            call.warn(w);
        }
        *name = checked.name;
    }
    Ok(names)
}

/// Writes `name` then `color` (`0xRRGGBB`) on `clip`, each only when given.
pub fn write(
    call: &mut Call<'_>,
    clip: LiveId,
    name: Option<&str>,
    color: Option<i64>,
) -> Result<(), ToolError> {
    if let Some(name) = name {
        call.live
            .set(clip, "name", &[Atom::Symbol(name.to_string())])?;
    }
    if let Some(color) = color {
        let what = match name {
            Some(n) => format!("clip \"{n}\""),
            None => format!("clip {clip}"),
        };
        call.set_color(clip, color, &what)?;
    }
    Ok(())
}

/// Colour `index` of a colour list, cycling over it; `None` when no colour was given.
pub fn cycled(colors: &[i64], index: usize) -> Option<i64> {
    index
        .checked_rem(colors.len())
        .and_then(|i| colors.get(i).copied())
}
