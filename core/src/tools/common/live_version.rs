//! Which Live the device talks to. Barline requires Live 12.3 or later: the properties
//! and functions the tools use (`Song.scale_mode`, `display_value`, `insert_device`,
//! `insert_chain`, `DrumChain.in_note`, `create_midi_clip`'s answer) are missing or
//! silent before it (docs/design/live-model.md §2.15). The device's session reads the
//! version once and refuses every call on an older Live (`crate::relay`); the checks
//! here also guard the tools that a host without that session runs.

use crate::live::{Atom, LivePort};
use crate::tools::framework::error::{ErrorCode, ToolError};
use crate::tools::framework::lom;

/// The oldest Live Barline supports.
pub const MINIMUM: &str = "12.3";

/// What the device's status shows on an older Live.
pub const REQUIRED_STATUS: &str = "Live 12.3 or later is required";

/// `live_app.get_version_string()`.
pub fn live_version(live: &mut dyn LivePort) -> Result<String, ToolError> {
    let app = lom::resolve(live, "live_app")
        .ok_or_else(|| ToolError::new(ErrorCode::LiveRejected, "live_app did not resolve"))?;
    let atoms = live.call(app, "get_version_string", &[])?;
    Ok(atoms
        .iter()
        .map(Atom::to_string)
        .collect::<Vec<_>>()
        .join(" "))
}

/// True for versions below 12.3 (`"12.2.5"`, `"11.3"`); unparsable text is not older.
pub fn older_than_12_3(version: &str) -> bool {
    let mut parts = version
        .split(|c: char| !c.is_ascii_digit())
        .filter(|p| !p.is_empty())
        .map(|p| p.parse::<u32>().unwrap_or(0));
    match (parts.next(), parts.next()) {
        (Some(major), minor) => (major, minor.unwrap_or(0)) < (12, 3),
        _ => false,
    }
}

/// The `UNSUPPORTED` answer of every tool on a Live older than 12.3, naming the version
/// found and the minimum.
pub fn too_old(version: &str) -> ToolError {
    ToolError::new(
        ErrorCode::Unsupported,
        format!(
            "Barline requires Live {MINIMUM} or later, and this is Live {version}: nothing was \
             read or changed. Tell the user to update Ableton Live (Help > Check for Updates) \
             and reload the Barline device."
        ),
    )
}

/// `Err(too_old)` before Live 12.3.
pub fn require_12_3(live: &mut dyn LivePort) -> Result<(), ToolError> {
    let version = live_version(live)?;
    if older_than_12_3(&version) {
        return Err(too_old(&version));
    }
    Ok(())
}
