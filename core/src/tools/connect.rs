//! `barline-connect` (tools.md 3.1): the handshake. Versions, a Live Set overview, the
//! usage guide and (when enabled) the project memory.

use super::args::Args;
use super::catalogue::CatalogueOptions;
use super::context::ToolContext;
use super::error::ToolError;
use super::lom;
use super::mentions;
use super::overview;
use super::schema::{Hints, ToolDef};
use crate::live::{Atom, LivePort};
use serde_json::{json, Map, Value};

/// The standard guide (≤ 12,000 characters).
pub const GUIDE: &str = include_str!("guide.md");
/// The small-model guide (≤ 3,000 characters).
pub const SHORT_GUIDE: &str = include_str!("guide_short.md");
/// Barline's version as results report it.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
const NEXT_STEP: &str = "Tell the user that Live is connected, summarise the Live Set in a sentence or two, and wait for instructions.";

/// Catalogue entry.
pub const DEF: ToolDef = ToolDef {
    name: "barline-connect",
    title: "Connect",
    description: "Connect to Ableton Live. Returns versions, a Live Set overview and the Barline usage guide. Call this first when the user asks to use or connect to Live.",
    small_description: None,
    hints: Hints {
        read_only: true,
        destructive: false,
        idempotent: true,
    },
    params: &[],
    output_schema,
    too_large_hint: "Act on fewer items per call.",
    run,
};

fn output_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "connected": {"type": "boolean"},
            "barlineVersion": {"type": "string"},
            "abletonLiveVersion": {"type": "string"},
            "liveSet": overview::schema(),
            "skills": {"type": "string"},
            "memoryContent": {"type": "string"},
            "nextStep": {"type": "string"}
        },
        "required": ["connected", "barlineVersion", "abletonLiveVersion", "liveSet", "skills", "nextStep"]
    })
}

/// Runs the tool; returns the result data and its warnings.
pub fn run(
    live: &mut dyn LivePort,
    _args: &Args,
    ctx: &ToolContext,
    warnings: &mut Vec<String>,
) -> Result<Value, ToolError> {
    let version = live_version(live)?;
    let opts = CatalogueOptions {
        small_model: ctx.small_model,
        ..CatalogueOptions::default()
    };
    let listed = mentions::listed(opts);
    let available = |name: &str| listed.iter().any(|l| l == name);
    if older_than_12_3(&version) && available("barline-create-device") {
        warnings.push(format!(
            "Live {version} is older than 12.3; barline-create-device and wrapInRack need 12.3 or newer"
        ));
    }
    let mut o = Map::new();
    o.insert("connected".into(), json!(true));
    o.insert("barlineVersion".into(), json!(VERSION));
    o.insert("abletonLiveVersion".into(), json!(version));
    o.insert("liveSet".into(), overview::read(live)?);
    let guide = if ctx.small_model { SHORT_GUIDE } else { GUIDE };
    o.insert("skills".into(), json!(mentions::render(guide, &available)));
    if ctx.memory_enabled && !ctx.memory_text.trim().is_empty() {
        o.insert("memoryContent".into(), json!(ctx.memory_text));
    }
    o.insert("nextStep".into(), json!(NEXT_STEP));
    Ok(Value::Object(o))
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
