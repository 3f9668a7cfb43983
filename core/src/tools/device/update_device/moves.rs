//! Moves of update-device's `toPath`: a device to an insertion path, a drum chain or
//! pad to another pad. A move that cannot be made is a warning, not an error.

use crate::live::{Atom, LiveId};
use crate::tools::common::device::path::{DevicePath, Seg};
use crate::tools::common::device::target as dt;
use crate::tools::common::overview;

use crate::tools::common::device::insert;
use crate::tools::framework::call::Call;
use crate::tools::framework::error::{ErrorCode, ToolError};

pub(super) fn move_device(
    call: &mut Call<'_>,
    device: LiveId,
    to: &DevicePath,
) -> Result<(), ToolError> {
    let ins = match dt::insertion(call.live, to) {
        Ok(ins) => ins,
        Err(e) if e.code == ErrorCode::NotFound => {
            call.warn(format!("move target \"{to}\" does not exist"));
            return Ok(());
        }
        Err(e) => {
            call.warn(format!("toPath: {}", e.message));
            return Ok(());
        }
    };
    let container = insert::make_container(call.live, &ins.container, to)?;
    let before = dt::children(call.live, container, "devices")?;
    let count = before.len();
    let position = ins.position.unwrap_or(count).min(count);
    let song = overview::song(call.live)?;
    // Object arguments travel as one "id N" text (docs/design/max-host.md §2.3).
    let args = [
        Atom::Symbol(format!("id {device}")),
        Atom::Symbol(format!("id {container}")),
        Atom::Int(position as i64),
    ];
    call.live.call(song, "move_device", &args)?;
    let now = dt::children(call.live, container, "devices")?;
    let Some(landed) = now.iter().position(|d| *d == device) else {
        call.warn(format!(
            "Live refused to move device {device} to \"{to}\" (a MIDI track or chain holds one instrument; audio tracks take audio effects only)"
        ));
        return Ok(());
    };
    // Live moves a device to the nearest position its chain's order allows (live-facts
    // row 67). Within one chain the index may count before or after the device leaves
    // it (not known), so both readings are accepted there.
    let expected = match before.iter().position(|d| *d == device) {
        Some(was) if was < position => [position - 1, position],
        _ => [position, position],
    };
    if !expected.contains(&landed) {
        call.warn(format!(
            "Live put device {device} at position {landed} of the chain \"{to}\" names, not {position}: a chain keeps its MIDI effects, then its instrument, then its audio effects"
        ));
    }
    Ok(())
}

pub(super) fn move_pad(
    call: &mut Call<'_>,
    chains: &[LiveId],
    to: &DevicePath,
) -> Result<(), ToolError> {
    let note = match to.segs.last() {
        Some(Seg::Pad(n)) => n.in_note(),
        _ => {
            call.warn(format!("toPath \"{to}\" is not a drum pad path"));
            return Ok(());
        }
    };
    for c in chains {
        call.live.set(*c, "in_note", &[Atom::Int(note)])?;
    }
    Ok(())
}
