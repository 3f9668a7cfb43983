//! Names and colours for several items (docs/design/tool-contract.md §1.6).

use crate::live::{Atom, LiveId, LivePort};
use crate::tools::framework::call::Call;
use crate::tools::framework::error::{quoted, ToolError};
use crate::tools::framework::lom;

/// The name for item `i` of `n`: split on commas only when n > 1; empty entries and
/// missing entries leave the item unnamed (`None`). Warnings for count mismatches are
/// raised by [`name_count_warning`].
pub fn name_for(name: Option<&str>, i: usize, n: usize) -> Option<String> {
    let name = name?;
    if n <= 1 || !name.contains(',') {
        return Some(name.to_string());
    }
    name.split(',')
        .map(str::trim)
        .nth(i)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
}

/// The warning when a comma-separated name list does not match the item count.
pub fn name_count_warning(name: Option<&str>, n: usize) -> Option<String> {
    let name = name?;
    if n <= 1 || !name.contains(',') {
        return None;
    }
    let given = name.split(',').count();
    match given.cmp(&n) {
        std::cmp::Ordering::Greater => Some(format!(
            "{given} names given for {n} items; extra names ignored"
        )),
        std::cmp::Ordering::Less => Some(format!(
            "{given} names given for {n} items; the rest keep their names"
        )),
        std::cmp::Ordering::Equal => None,
    }
}

/// Colour `index` of a colour list, cycling over it (docs/design/tool-contract.md §1.6);
/// `None` when no colour was given.
pub fn cycled(colors: &[i64], index: usize) -> Option<i64> {
    index
        .checked_rem(colors.len())
        .and_then(|i| colors.get(i).copied())
}

/// The colours of an optional `color` argument: none when it is absent, else
/// [`parse_colors`]. Tools cycle the list over the objects they write
/// (docs/design/tool-contract.md §1.6).
pub fn colors(color: Option<&str>) -> Result<Vec<i64>, ToolError> {
    color
        .map(parse_colors)
        .transpose()
        .map(Option::unwrap_or_default)
}

/// Parses a colour list (`#RRGGBB`, comma-separated); BAD_INPUT names the bad entry.
pub fn parse_colors(text: &str) -> Result<Vec<i64>, ToolError> {
    text.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|c| {
            let hex = c
                .strip_prefix('#')
                .filter(|h| h.len() == 6 && h.chars().all(|x| x.is_ascii_hexdigit()));
            hex.and_then(|h| i64::from_str_radix(h, 16).ok())
                .ok_or_else(|| {
                    ToolError::bad_input(format!(
                        "color {} is not valid: write #RRGGBB, e.g. \"#FF8800\"",
                        crate::tools::framework::error::quoted(c)
                    ))
                })
        })
        .collect()
}

/// Sets a colour and warns when Live snapped it to another palette colour.
pub fn set_color(
    live: &mut dyn LivePort,
    id: LiveId,
    color: i64,
    what: &str,
    warnings: &mut Vec<String>,
) -> Result<(), ToolError> {
    live.set(id, "color", &[Atom::Int(color)])?;
    let back = lom::int(live, id, "color")?;
    if back != color {
        warnings.push(format!(
            "color {} for {what} became palette color {}",
            lom::color_hex(color),
            lom::color_hex(back)
        ));
    }
    Ok(())
}

/// The names of `n` items from a `name` argument (docs/design/tool-contract.md §1.6): entry `i` names item
/// `i` (`None`: leave it), with the count-mismatch warning.
pub fn names_for(call: &mut Call<'_>, name: Option<&str>, n: usize) -> Vec<Option<String>> {
    if let Some(w) = name_count_warning(name, n) {
        call.warn(w);
    }
    (0..n).map(|i| name_for(name, i, n)).collect()
}

/// Sets `id`'s colour (`0xRRGGBB`) and warns when Live snapped it to its palette;
/// `what` names the object in the warning (`track "Bass"`). Parse a `color` argument
/// with [`parse_colors`] (before any write) and cycle over it.
pub fn color(call: &mut Call<'_>, id: LiveId, color: i64, what: &str) -> Result<(), ToolError> {
    set_color(call.live, id, color, what, &mut call.warnings)
}

/// Writes `name` then `color` (`0xRRGGBB`) on `id`, each only when given; the colour's
/// warning names the object as `what` and its new name, or its id when it gets no name
/// (`clip "Verse"`, `scene 12`).
pub fn write_name_and_color(
    call: &mut Call<'_>,
    id: LiveId,
    what: &str,
    name: Option<&str>,
    rgb: Option<i64>,
) -> Result<(), ToolError> {
    if let Some(name) = name {
        let shown = format!("{what} {id}");
        let w = lom::set_checked(call.live, id, "name", &Atom::Symbol(name.into()), &shown)?;
        call.warnings.extend(w);
    }
    if let Some(rgb) = rgb {
        let shown = match name {
            Some(n) => format!("{what} {}", quoted(n)),
            None => format!("{what} {id}"),
        };
        color(call, id, rgb, &shown)?;
    }
    Ok(())
}
