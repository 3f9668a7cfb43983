//! Which Live the device talks to: the version text Live reports and the version
//! checks the tools make before using what older versions lack.

use crate::live::{Atom, LivePort};
use crate::tools::framework::error::{ErrorCode, ToolError};
use crate::tools::framework::lom;

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

/// UNSUPPORTED before Live 12.3 (`insert_device` appeared in 12.3; docs/design/tool-contract.md §3.3).
pub fn require_12_3(live: &mut dyn LivePort, what: &str) -> Result<(), ToolError> {
    let version = live_version(live)?;
    if older_than_12_3(&version) {
        return Err(ToolError::new(
            ErrorCode::Unsupported,
            format!("Live {version} cannot {what}: insert_device appeared in Live 12.3"),
        ));
    }
    Ok(())
}
