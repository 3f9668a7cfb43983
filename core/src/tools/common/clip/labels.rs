//! The names the clip tools write on each clip (docs/design/tool-contract.md §1.6),
//! checked before the first write.

use crate::tools::common::name_rules;
use crate::tools::common::names;
use crate::tools::framework::call::Call;
use crate::tools::framework::error::ToolError;

/// The names of `count` clips from a `name` argument, each checked by
/// [`name_rules::check_name`] so that a bad name changes nothing in Live.
pub fn checked_names(
    call: &mut Call<'_>,
    name: Option<&str>,
    count: usize,
) -> Result<Vec<Option<String>>, ToolError> {
    let mut names = names::names_for(call, name, count);
    for name in names.iter_mut().flatten() {
        let checked = name_rules::check_name("name", name)?;
        if let Some(w) = checked.warning {
            call.warn(w);
        }
        *name = checked.name;
    }
    Ok(names)
}
