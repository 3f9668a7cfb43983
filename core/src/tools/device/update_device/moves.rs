//! Moves of update-device's `toPath`: a device to an insertion path, a drum chain or
//! pad to another pad. A move that cannot be made is a warning, not an error.

use crate::live::{Atom, LiveId};
use crate::tools::common::device::path::{DevicePath, Seg};
use crate::tools::common::device::target as dt;
use crate::tools::common::overview;

use crate::tools::common::device::insert;
use crate::tools::framework::call::Call;
use crate::tools::framework::error::{ErrorCode, ToolError};
use crate::tools::framework::lom;

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
    let count = lom::count(call.live, container, "devices")?;
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
    if !now.contains(&device) {
        call.warn(format!(
            "Live refused to move device {device} to \"{to}\" (a MIDI track or chain holds one instrument; audio tracks take audio effects only)"
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
