//! Typed reads over the Live port: tools ask for a number, a flag or a text and get a
//! `ToolError` naming the property when Live answers with something else.

use crate::live::{Atom, LiveId, LivePort};
use crate::tools::framework::error::{ErrorCode, ToolError};

fn first(live: &mut dyn LivePort, id: LiveId, prop: &str) -> Result<Atom, ToolError> {
    let atoms = live.get(id, prop)?;
    atoms.into_iter().next().ok_or_else(|| {
        ToolError::new(
            ErrorCode::Internal,
            format!("Live returned nothing for property {prop} of id {id}"),
        )
    })
}

/// A numeric property.
pub fn number(live: &mut dyn LivePort, id: LiveId, prop: &str) -> Result<f64, ToolError> {
    let a = first(live, id, prop)?;
    a.as_f64().ok_or_else(|| {
        ToolError::new(
            ErrorCode::Internal,
            format!("property {prop} of id {id} is {a:?}, not a number"),
        )
    })
}

/// An integer property (floats without fraction accepted).
pub fn int(live: &mut dyn LivePort, id: LiveId, prop: &str) -> Result<i64, ToolError> {
    let x = number(live, id, prop)?;
    Ok(x.round() as i64)
}

/// A 0/1 flag property.
pub fn flag(live: &mut dyn LivePort, id: LiveId, prop: &str) -> Result<bool, ToolError> {
    Ok(number(live, id, prop)? != 0.0)
}

/// A text property; several atoms are joined with spaces, numbers rendered as text.
pub fn text(live: &mut dyn LivePort, id: LiveId, prop: &str) -> Result<String, ToolError> {
    let atoms = live.get(id, prop)?;
    Ok(atoms
        .iter()
        .map(|a| a.to_string())
        .collect::<Vec<_>>()
        .join(" "))
}

/// The integer list of a property such as `scale_intervals`.
pub fn ints(live: &mut dyn LivePort, id: LiveId, prop: &str) -> Result<Vec<i64>, ToolError> {
    Ok(live
        .get(id, prop)?
        .iter()
        .filter_map(Atom::as_i64)
        .collect())
}

/// A Live colour integer as `#RRGGBB` (uppercase).
pub fn color_hex(value: i64) -> String {
    format!("#{:06X}", value.clamp(0, 0xFF_FFFF))
}

/// The object at `path`, or `None` when nothing is there.
pub fn resolve(live: &mut dyn LivePort, path: &str) -> Option<LiveId> {
    let id = live.resolve(path);
    (!id.is_none()).then_some(id)
}

/// The objects of a child list or single child (`get` answers `["id", 3, "id", 4]`);
/// absent children (`["id", 0]`) and answers of another shape give no ids.
pub fn child_ids(
    live: &mut dyn LivePort,
    id: LiveId,
    child: &str,
) -> Result<Vec<LiveId>, ToolError> {
    let atoms = live.get(id, child)?;
    Ok(crate::live::path::ids_from_atoms(&atoms)
        .unwrap_or_default()
        .into_iter()
        .filter(|c| !c.is_none())
        .collect())
}

/// How many elements the list child `child` of `id` has, counted from the id list `get`
/// answers. The one place tools count: `getcount` is resolved through an object's path,
/// and whether an object built from an id has one is not known, while `get` works on
/// any object (issue 20; the fake's README row 59 says the two agree when both work).
pub fn count(live: &mut dyn LivePort, id: LiveId, child: &str) -> Result<usize, ToolError> {
    Ok(child_ids(live, id, child)?.len())
}

/// The index after the last `name` in a canonical path (`live_set scenes 2`, `scenes`
/// → 2); `None` when the path does not go through such a list.
pub fn index_in_path(path: &str, name: &str) -> Option<usize> {
    crate::live::path::LomPath::parse(path)
        .ok()?
        .last_index(name)
}

/// Writes a name or an integer-valued property (`mute`, `solo`, `arm`) and reads it back:
/// Live answers a refused write with nothing, so only the read-back tells. Returns the
/// warning to report when Live kept another value; `what` names the object.
pub fn set_checked(
    live: &mut dyn LivePort,
    id: LiveId,
    prop: &str,
    value: &Atom,
    what: &str,
) -> Result<Option<String>, ToolError> {
    live.set(id, prop, std::slice::from_ref(value))?;
    let kept = match value {
        Atom::Symbol(s) => text(live, id, prop)? == *s,
        Atom::Int(n) => int(live, id, prop)? == *n,
        Atom::Float(x) => (number(live, id, prop)? - x).abs() < 1e-6,
    };
    Ok((!kept).then(|| format!("Live refused to set {prop} of {what}; it keeps its old value")))
}
