//! Device settings as the Node side hands them to core (NODE-HOST-CONTRACT.md).

use serde::Deserialize;

/// The settings object shared by node-host and core. Unknown fields are ignored so
/// older cores accept newer settings files.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Settings {
    /// TCP port (0 = any free port).
    pub port: u16,
    /// Bind address; loopback unless the user opted in.
    pub host: String,
    /// Bearer token, once generated.
    pub token: Option<String>,
    /// Require `Authorization: Bearer <token>`.
    pub require_token: bool,
    /// Per-request time limit in milliseconds.
    pub timeout_ms: u64,
    /// Largest accepted request body in bytes.
    pub max_body_bytes: usize,
    /// Most tool calls waiting for Live at once; beyond that 503.
    pub max_pending: usize,
    /// List the device runtime's diagnostic tools.
    pub diagnostics: bool,
    /// Result text as minified JSON.
    pub json_output: bool,
    /// Small-model mode.
    pub small_model: bool,
    /// Register the raw Live API tool.
    pub raw_live_api: bool,
    /// Project memory on.
    pub memory_enabled: bool,
    /// Project memory text.
    pub memory_text: String,
    /// Entropy from the host (hex) for session ids; wasm has no random source.
    pub entropy: String,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            port: 3350,
            host: "127.0.0.1".into(),
            token: None,
            require_token: false,
            timeout_ms: 30_000,
            max_body_bytes: 4_194_304,
            max_pending: 64,
            diagnostics: false,
            json_output: false,
            small_model: false,
            raw_live_api: false,
            memory_enabled: false,
            memory_text: String::new(),
            entropy: String::new(),
        }
    }
}

impl Settings {
    /// Parses the settings JSON; a precise message when it is not an object of the
    /// expected field types.
    pub fn from_json(text: &str) -> Result<Settings, String> {
        if text.trim().is_empty() {
            return Ok(Settings::default());
        }
        serde_json::from_str(text).map_err(|e| format!("device settings are not valid: {e}"))
    }

    /// True when the bind address is a loopback address.
    pub fn binds_loopback(&self) -> bool {
        super::security::is_loopback_host(&self.host)
    }

    /// A token is demanded: the user asked for it, or the server listens beyond
    /// loopback (DESIGN.md "Security").
    pub fn token_required(&self) -> bool {
        self.require_token || !self.binds_loopback()
    }
}
