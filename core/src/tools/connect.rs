//! `barline-connect` (tools.md 3.1): the handshake. Versions, a Live Set overview, the
//! usage guide and (when enabled) the project memory.

use super::call::Call;
use super::error::ToolError;
use super::lom;
use super::mentions;
use super::overview;
use super::tool::{Tool, ToolMeta};
use crate::live::{Atom, LivePort};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The standard guide (≤ 12,000 characters).
pub const GUIDE: &str = include_str!("guide.md");
/// The small-model guide (≤ 3,000 characters).
pub const SHORT_GUIDE: &str = include_str!("guide_short.md");
/// Barline's version as results report it: the workspace's, like every other place.
pub const VERSION: &str = crate::VERSION;
const NEXT_STEP: &str = "Tell the user that Live is connected, summarise the Live Set in a sentence or two, and wait for instructions.";

/// `barline-connect`.
pub struct Connect;

/// The tool takes no arguments.
#[derive(Debug, Default, Deserialize, Serialize, JsonSchema)]
pub struct NoParams {}

/// What connect returns.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Connected {
    /// Always true.
    pub connected: bool,
    /// Barline's version.
    pub barline_version: String,
    /// Live's version text.
    pub ableton_live_version: String,
    /// The Live Set overview.
    #[schemars(schema_with = "overview::json_schema")]
    pub live_set: Value,
    /// The usage guide (short in small-model mode).
    pub skills: String,
    /// The project memory, when enabled and not empty.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub memory_content: Option<String>,
    /// What the model should do next.
    pub next_step: String,
}

impl Tool for Connect {
    type Params = NoParams;
    type Output = Connected;
    const META: ToolMeta = ToolMeta::read(
        "barline-connect",
        "Connect",
        "Connect to Ableton Live. Returns versions, a Live Set overview and the Barline usage guide. Call this first when the user asks to use or connect to Live.",
    );

    fn run(call: &mut Call<'_>, _: NoParams) -> Result<Connected, ToolError> {
        let version = live_version(call.live)?;
        let listed = mentions::listed(call.ctx.catalogue_options());
        let available = |name: &str| listed.iter().any(|l| l == name);
        if older_than_12_3(&version) && available("barline-create-device") {
            call.warn(format!(
                "Live {version} is older than 12.3; barline-create-device and wrapInRack need 12.3 or newer"
            ));
        }
        let ctx = call.ctx;
        Ok(Connected {
            connected: true,
            barline_version: VERSION.into(),
            ableton_live_version: version,
            live_set: overview::read(call.live)?,
            skills: mentions::render(
                if ctx.small_model { SHORT_GUIDE } else { GUIDE },
                &available,
            ),
            memory_content: (ctx.memory_enabled && !ctx.memory_text.trim().is_empty())
                .then(|| ctx.memory_text.clone()),
            next_step: NEXT_STEP.into(),
        })
    }
}

/// `live_app.get_version_string()`.
pub fn live_version(live: &mut dyn LivePort) -> Result<String, ToolError> {
    let app = lom::resolve(live, "live_app").ok_or_else(|| {
        ToolError::new(super::ErrorCode::LiveRejected, "live_app did not resolve")
    })?;
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
