//! What barline-duplicate checks and resolves before its first write, and the naming\nand id registration every kind of copy shares.

use super::args::{DuplicateKinds, DuplicateParams, Duplicated};
use crate::live::LiveId;
use crate::tools::common::clip::reference::{self, Slot};
use crate::tools::common::locators;
use crate::tools::common::refs::{self, Kind};
use crate::tools::common::{names, overview, time};
use crate::tools::framework::call::Call;
use crate::tools::framework::coerce::{text_of, List};
use crate::tools::framework::error::{bad, quoted, ToolError};

/// Most arrangement positions one call fills (100 copies of one position, or a list
/// this long).
pub(super) const MAX_POSITIONS: usize = 1_000;

/// Everything checked before the first copy.
pub(super) struct Plan {
    /// The object copied.
    pub source: LiveId,
    /// Track or scene copies (`count`).
    pub count: usize,
    /// Colours to cycle over the copies.
    pub colors: Vec<i64>,
    /// Arrangement positions in beats, with their bar|beat text.
    pub positions: Vec<(f64, String)>,
    /// `arrangementLength` in beats.
    pub length: Option<f64>,
    /// Session slots for clips (`toSlot`).
    pub slots: Vec<Slot>,
    /// The Set's time signature.
    pub sig: (i64, i64),
}

/// Refuses argument combinations that cannot work and warns about arguments the
/// copy's kind or destination does not use.
fn check_combination(
    call: &mut Call<'_>,
    p: &DuplicateParams,
    to_arrangement: bool,
) -> Result<(), ToolError> {
    let kind = p.kind.get();
    if p.arrangement_start.is_some() && p.locator.is_some() {
        return Err(ToolError::bad_input(
            "give arrangementStart or locator, not both",
        ));
    }
    if p.route_to_source.is_some() && kind != DuplicateKinds::Track {
        return Err(ToolError::bad_input(
            "routeToSource works only with type \"track\"",
        ));
    }
    if kind == DuplicateKinds::Track && to_arrangement {
        return Err(ToolError::bad_input("tracks cannot be copied into the arrangement: duplicate a scene or clips there instead"));
    }
    let slots_given = p.to_slot.as_ref().is_some_and(|l| !l.items().is_empty());
    if kind == DuplicateKinds::Clip && !to_arrangement && !slots_given {
        return Err(ToolError::bad_input("a clip needs toSlot (session slots) or arrangementStart/locator (arrangement positions)"));
    }
    if slots_given && kind != DuplicateKinds::Clip {
        call.warn("toSlot is only used for clips; ignored");
    } else if slots_given && to_arrangement {
        call.warn("toSlot ignored: the clip goes to the arrangement");
    }
    if p.count.is_some() && kind == DuplicateKinds::Clip {
        call.warn("count is ignored for clips");
    }
    if p.without_clips.is_some() && kind == DuplicateKinds::Clip {
        call.warn("withoutClips is only used for tracks and scenes; ignored");
    }
    if p.without_devices.is_some() && kind != DuplicateKinds::Track {
        call.warn("withoutDevices is only used for tracks; ignored");
    }
    if p.arrangement_length.is_some() && !to_arrangement {
        call.warn("arrangementLength is only used with arrangementStart or locator; ignored");
    }
    Ok(())
}

/// `arrangementLength` in beats, which must be positive; only read for arrangement
/// copies.
fn arrangement_length(
    p: &DuplicateParams,
    to_arrangement: bool,
    sig: (i64, i64),
) -> Result<Option<f64>, ToolError> {
    Ok(match (text_of(&p.arrangement_length), to_arrangement) {
        (Some(t), true) => {
            let l = time::parse_duration(t, sig.0, sig.1)
                .map_err(|e| bad(format!("arrangementLength: {e}")))?;
            if l <= 0.0 {
                return Err(bad(format!(
                    "arrangementLength {} must be longer than 0",
                    quoted(t)
                )));
            }
            Some(l)
        }
        _ => None,
    })
}

pub(super) fn plan(call: &mut Call<'_>, p: &DuplicateParams) -> Result<Plan, ToolError> {
    let kind = p.kind.get();
    let starts = p
        .arrangement_start
        .as_ref()
        .map(List::items)
        .unwrap_or_default();
    let locs = p.locator.as_ref().map(List::items).unwrap_or_default();
    let to_arrangement = !starts.is_empty() || !locs.is_empty();
    check_combination(call, p, to_arrangement)?;
    let colors = names::colors(text_of(&p.color))?;
    let mut slots = Vec::new();
    if kind == DuplicateKinds::Clip && !to_arrangement {
        let items = p.to_slot.as_ref().map(List::items).unwrap_or_default();
        for s in call.unique(items, "slot") {
            slots.push(reference::parse_slot(&s, &mut call.warnings)?);
        }
    }
    let song = overview::song(call.live)?;
    let sig = overview::signature(call.live, song)?;
    let mut positions = Vec::new();
    for s in &starts {
        let beats = time::parse_position(s, sig.0, sig.1)
            .map_err(|e| bad(format!("arrangementStart: {e}")))?;
        positions.push((beats, time::position(beats, sig.0, sig.1)));
    }
    let length = arrangement_length(p, to_arrangement, sig)?;
    if !locs.is_empty() {
        let all = locators::list(call.live, song)?;
        for l in &locs {
            let found = locators::find(&all, l, "locator")?;
            positions.push((found.time, time::position(found.time, sig.0, sig.1)));
        }
    }
    let want = match kind {
        DuplicateKinds::Track => Kind::Track,
        DuplicateKinds::Scene => Kind::Scene,
        DuplicateKinds::Clip => Kind::Clip,
        // Devices are copied by `devices` without a plan; named for completeness.
        DuplicateKinds::Device => Kind::Device,
    };
    let (source, _) = refs::by_id(call, p.id.as_str(), want)?;
    Ok(Plan {
        source,
        count: p.count.map(|c| c.index()).unwrap_or(1),
        colors,
        positions,
        length,
        slots,
        sig,
    })
}

/// Names and colours copy `i` of `n` gets (docs/design/tool-contract.md §1.6).
pub(super) fn style(
    call: &mut Call<'_>,
    id: LiveId,
    name: &Option<String>,
    colors: &[i64],
    i: usize,
    what: &str,
) -> Result<(), ToolError> {
    names::write_name_and_color(call, id, what, name.as_deref(), names::cycled(colors, i))
}

/// Registers every id a copy reports (docs/design/tool-contract.md §2.4).
pub(super) fn issue(call: &mut Call<'_>, copy: &Duplicated) {
    if let Some(id) = &copy.id {
        call.ids().issue(id);
    }
    for c in copy.clips.iter().flatten() {
        call.ids().issue(&c.at.id);
    }
}
