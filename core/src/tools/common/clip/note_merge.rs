//! Note merge of update-clip (docs/design/tool-rules.md §13 step 3,
//! docs/design/tool-contract.md §3.9): the new text is interpreted from the notation's
//! default state with the bar-copy memory seeded by the clip's notes; existing notes the
//! new ones replace (same pitch, start within 0.001 beats) or that a `v0` note deletes
//! are removed by id, and every other existing note is left untouched (id, mute and
//! release velocity kept).

use crate::live::LiveId;
use crate::notation::{self, InterpretOptions, NotationError, Note};
use crate::sort;
use crate::tools::common::clip::clip_transforms;
use crate::tools::common::clip::note_limits;
use crate::tools::common::clip::notes::{self, LiveNote};
use crate::tools::framework::call::Call;
use crate::tools::framework::error::{bad, ToolError};
use std::collections::HashMap;

/// Two starts closer than this are the same position (docs/design/notation.md §4.8).
const SAME_START: f64 = 0.001;

/// What a merge writes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Merge {
    /// Note ids to remove with `remove_notes_by_id`.
    pub remove: Vec<u64>,
    /// New notes to add with `add_new_notes`.
    pub add: Vec<Note>,
    /// Notation warnings.
    pub warnings: Vec<String>,
}

/// Plans the merge of `text` into a clip holding `existing`.
pub fn plan(
    text: &str,
    options: &InterpretOptions,
    existing: &[LiveNote],
) -> Result<Merge, NotationError> {
    let seeds: Vec<Note> = existing.iter().map(LiveNote::notation).collect();
    let r = notation::interpret_merge(text, options, &seeds)?;
    // New starts per pitch, sorted, so each existing note is checked by binary search.
    let mut starts: HashMap<u8, Vec<f64>> = HashMap::new();
    for n in &r.notes {
        starts.entry(n.pitch).or_default().push(n.start_time);
    }
    for list in starts.values_mut() {
        sort::sort_numbers(list);
    }
    let replaced = |n: &LiveNote| -> bool {
        let Some(list) = starts.get(&(n.pitch.clamp(0.0, 127.0) as u8)) else {
            return false;
        };
        let i = list.partition_point(|s| *s < n.start_time - SAME_START);
        list.get(i)
            .is_some_and(|s| (*s - n.start_time).abs() < SAME_START)
    };
    let mut deleted = vec![false; existing.len()];
    for &i in &r.deleted_existing {
        if let Some(d) = deleted.get_mut(i) {
            *d = true;
        }
    }
    let remove = existing
        .iter()
        .zip(deleted)
        .filter(|(n, d)| *d || replaced(n))
        .map(|(n, _)| n.note_id)
        .collect();
    Ok(Merge {
        remove,
        add: r.notes,
        warnings: r.warnings,
    })
}

/// Writes `text` into a clip (docs/design/tool-rules.md §13 step 3): `replace` removes
/// every note first; `merge` applies [`plan`].
pub fn write_notes(
    call: &mut Call<'_>,
    clip: LiveId,
    text: &str,
    merge: bool,
    (n, d): (i64, i64),
) -> Result<(), ToolError> {
    let opts = notation::InterpretOptions::time_signature(n as u32, d as u32)
        .with_dialect(notation::Dialect::V2);
    if !merge {
        let r = notation::interpret(text, &opts).map_err(|e| bad(format!("notes: {e}")))?;
        call.warnings.extend(r.warnings);
        note_limits::check(&r.notes)?;
        notes::remove_all(call.live, clip)?;
        return notes::add(call.live, clip, &r.notes);
    }
    let existing = notes::read_live(call.live, clip)?;
    let m = plan(text, &opts, &existing).map_err(|e| bad(format!("notes: {e}")))?;
    call.warnings.extend(m.warnings);
    note_limits::check(&m.add)?;
    notes::remove_ids(call.live, clip, &m.remove)?;
    notes::add(call.live, clip, &m.add)
}

/// The complete note list a call with `notes` and `transforms` transforms: the new
/// notes (replace), or the existing notes the merge keeps plus the new ones (merge).
pub fn resulting_notes(
    call: &mut Call<'_>,
    clip: LiveId,
    text: &str,
    merge: bool,
    (n, d): (i64, i64),
) -> Result<Vec<crate::transforms::Note>, ToolError> {
    let opts = notation::InterpretOptions::time_signature(n as u32, d as u32)
        .with_dialect(notation::Dialect::V2);
    if !merge {
        let r = notation::interpret(text, &opts).map_err(|e| bad(format!("notes: {e}")))?;
        call.warnings.extend(r.warnings);
        return Ok(r.notes.iter().map(clip_transforms::from_notation).collect());
    }
    let existing = notes::read_live(call.live, clip)?;
    let m = plan(text, &opts, &existing).map_err(|e| bad(format!("notes: {e}")))?;
    call.warnings.extend(m.warnings);
    let removed: std::collections::HashSet<u64> = m.remove.iter().copied().collect();
    let mut list: Vec<crate::transforms::Note> = existing
        .iter()
        .filter(|e| !removed.contains(&e.note_id))
        .map(|e| clip_transforms::from_live(&e.format()))
        .collect();
    list.extend(m.add.iter().map(clip_transforms::from_notation));
    Ok(list)
}
