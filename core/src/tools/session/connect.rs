//! `barline-connect` (docs/design/tool-rules.md §1): the handshake. Versions, a Live Set
//! overview, the usage guide and (when enabled) the project memory.

use crate::tools::common::live_version::{live_version, older_than_12_3, too_old};
use crate::tools::common::overview::{self, Overview};
use crate::tools::framework::call::Call;
use crate::tools::framework::error::ToolError;
use crate::tools::framework::mentions;
use crate::tools::framework::tool::{Tool, ToolMeta};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The standard guide (≤ 12,000 characters).
pub const GUIDE: &str = include_str!("guide.md");
/// The small-model guide (≤ 3,000 characters).
pub const SHORT_GUIDE: &str = include_str!("guide_short.md");
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
    pub live_set: Overview,
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
        "Connect to Ableton Live: versions, Set overview, usage guide. Call first.",
    );

    fn run(call: &mut Call<'_>, _: NoParams) -> Result<Connected, ToolError> {
        let version = live_version(call.live)?;
        if older_than_12_3(&version) {
            return Err(too_old(&version));
        }
        let listed = &call.ctx.listed_tools;
        let small = call.ctx.small_model;
        let available = |name: &str| crate::tools::catalogue::nameable(listed, small, name);
        let ctx = call.ctx;
        Ok(Connected {
            connected: true,
            barline_version: crate::VERSION.into(),
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
