//! Device settings as the Node side hands them to core (node.script start arguments,
//! `node-host/src/max-settings.mjs`), the ranges core keeps them in, and the settings the
//! device may change while the server runs (docs/design/tool-contract.md §1.16).

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Settings the device may change while the server runs (`setting <name> <value>`);
/// the others (port, bind address, token, limits) take effect at the next start.
pub const RUNTIME_SETTINGS: [&str; 11] = [
    "timeoutMs",
    "jsonOutput",
    "smallModel",
    "rawLiveApi",
    "memoryEnabled",
    "memoryWritable",
    "memoryText",
    "sampleFolder",
    "disabledTools",
    "allowedOrigins",
    "chatProviderOrigins",
];

/// The tool that can never be disabled (docs/design/tool-contract.md §1.16).
const ALWAYS_ENABLED: &str = "barline-connect";

/// Shortest per-request time limit the device accepts, in milliseconds (1 s).
pub const MIN_TIMEOUT_MS: u64 = 1_000;
/// Longest per-request time limit the device accepts, in milliseconds (60 s).
pub const MAX_TIMEOUT_MS: u64 = 60_000;
/// The time limit when none is given, in milliseconds (30 s).
pub const DEFAULT_TIMEOUT_MS: u64 = 30_000;

/// The settings object shared by node-host and core. Unknown fields are ignored so
/// older cores accept newer settings files.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
    /// Time a client has to send a request's headers, in milliseconds; a connection
    /// that stalls longer is answered 408 and closed.
    pub headers_timeout_ms: u64,
    /// Time a client has to send a whole request (headers and body), in milliseconds.
    pub request_timeout_ms: u64,
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
    /// The AI may replace the project memory (`barline-context write`).
    pub memory_writable: bool,
    /// Project memory text.
    pub memory_text: String,
    /// Folder `barline-context search` lists audio files from; none when unset.
    pub sample_folder: Option<String>,
    /// Comma-separated tool names absent from `tools/list` and refused as unknown.
    pub disabled_tools: String,
    /// Path of the silent WAV node-host writes at start-up
    /// (docs/design/tool-contract.md §1.16); sent with every request so update-live-set
    /// can place locators past the end on a Set with only audio tracks. None when the
    /// file could not be written.
    pub silent_wav: Option<String>,
    /// Origins besides the device's own that may call `/mcp` and load its pages
    /// (comma- or space-separated, e.g. `http://127.0.0.1:6274` for a local inspector).
    pub allowed_origins: String,
    /// Serve the chat page at `/chat/`.
    pub chat_page: bool,
    /// Plain-`http` provider origins on other computers the chat page may call (its
    /// Content-Security-Policy allows `https:` and loopback already).
    pub chat_provider_origins: String,
    /// Entropy from the host (hex) for session ids; wasm has no random source.
    #[serde(skip_serializing)]
    pub entropy: String,
    /// A random token from the host, adopted by [`Settings::adopt_fresh_token`] when a
    /// token is required and none is stored.
    #[serde(skip_serializing)]
    pub fresh_token: String,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            port: 3350,
            host: "127.0.0.1".into(),
            token: None,
            require_token: false,
            timeout_ms: DEFAULT_TIMEOUT_MS,
            headers_timeout_ms: 5_000,
            request_timeout_ms: 10_000,
            max_body_bytes: 4_194_304,
            max_pending: 64,
            diagnostics: false,
            json_output: false,
            small_model: false,
            raw_live_api: false,
            memory_enabled: false,
            memory_writable: false,
            memory_text: String::new(),
            sample_folder: None,
            disabled_tools: String::new(),
            silent_wav: None,
            allowed_origins: String::new(),
            chat_page: true,
            chat_provider_origins: String::new(),
            entropy: String::new(),
            fresh_token: String::new(),
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
        let mut settings: Settings = serde_json::from_str(text)
            .map_err(|e| format!("device settings are not valid: {e}"))?;
        settings.timeout_ms = clamp_timeout_ms(settings.timeout_ms as f64);
        // Node refuses a request limit shorter than the headers limit.
        settings.request_timeout_ms = settings.request_timeout_ms.max(settings.headers_timeout_ms);
        Ok(settings)
    }

    /// How often the HTTP server looks for connections past their header or request
    /// limit: a quarter of the header limit, between 50 ms and 1 s, so a stalled
    /// connection is cut within about 25 % of its limit.
    pub fn connections_check_ms(&self) -> u64 {
        (self.headers_timeout_ms / 4).clamp(50, 1_000)
    }

    /// True when the bind address is a loopback address.
    pub fn binds_loopback(&self) -> bool {
        super::security::is_loopback_host(&self.host)
    }

    /// A token is demanded: the user asked for it, or the server listens beyond
    /// loopback (docs/design/security.md §1).
    pub fn token_required(&self) -> bool {
        self.require_token || !self.binds_loopback()
    }

    /// Changes one setting of [`RUNTIME_SETTINGS`] while the server runs; `value` has
    /// the setting's JSON type (`sampleFolder` may be `null`). A start-only or unknown
    /// name, a value of the wrong type or a timeout outside 1–60 s changes nothing.
    pub fn update(&mut self, name: &str, value: Value) -> Result<(), String> {
        if !RUNTIME_SETTINGS.contains(&name) {
            let known = serde_json::to_value(&*self)
                .ok()
                .and_then(|v| v.get(name).map(|_| ()))
                .is_some();
            return Err(if known {
                format!("setting {name} is read at start only; restart the device to change it")
            } else {
                format!(
                    "unknown setting {name}; the device changes only {}",
                    RUNTIME_SETTINGS.join(", ")
                )
            });
        }
        if name == "timeoutMs" {
            let ms = value
                .as_u64()
                .filter(|ms| (MIN_TIMEOUT_MS..=MAX_TIMEOUT_MS).contains(ms));
            if ms.is_none() {
                return Err(format!(
                    "setting timeoutMs must be 1000–60000 (1–60 s), got {value}"
                ));
            }
        }
        check_origins(name, &value)?;
        let mut object = serde_json::to_value(&*self).map_err(|e| e.to_string())?;
        object[name] = value;
        let mut next: Settings = serde_json::from_value(object)
            .map_err(|e| format!("setting {name} has the wrong type: {e}"))?;
        // Not serialized, so not part of the round trip.
        next.entropy = std::mem::take(&mut self.entropy);
        next.fresh_token = std::mem::take(&mut self.fresh_token);
        *self = next;
        Ok(())
    }

    /// True when the device's disabled-tools list names `tool` (never `barline-connect`).
    pub fn is_disabled(&self, tool: &str) -> bool {
        tool != ALWAYS_ENABLED && self.disabled_tools.split(',').any(|t| t.trim() == tool)
    }

    /// What the device should tell the user about its disabled-tools list: names that
    /// are not tools of this build and `barline-connect` (which stays on) are ignored.
    pub fn disabled_tools_notes(&self) -> Vec<String> {
        use crate::tools::catalogue;
        self.disabled_tools
            .split(',')
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .filter_map(|t| {
                if t == ALWAYS_ENABLED {
                    Some(format!("{t} cannot be disabled; it stays listed"))
                } else if catalogue::find(t).is_none() && !catalogue::is_diagnostic(t) {
                    Some(format!(
                        "disabled tools: {t} is not a tool of this version; ignored"
                    ))
                } else {
                    None
                }
            })
            .collect()
    }

    /// When a token is required but none is stored, takes the host's fresh token and
    /// returns it, so the host can store and show it; otherwise changes nothing.
    pub fn adopt_fresh_token(&mut self) -> Option<String> {
        let stored = self.token.as_deref().is_some_and(|t| !t.is_empty());
        if stored || !self.token_required() || self.fresh_token.is_empty() {
            return None;
        }
        self.token = Some(self.fresh_token.clone());
        self.token.clone()
    }
}

/// The origin lists must name origins only: a path or a quote would admit nothing, or
/// be misread in the chat page's policy.
fn check_origins(name: &str, value: &Value) -> Result<(), String> {
    let example = match name {
        "allowedOrigins" => "http://127.0.0.1:6274",
        "chatProviderOrigins" => "http://studio-pc.local:1234",
        _ => return Ok(()),
    };
    match value.as_str() {
        Some(list) => super::origins::check_list(name, list, example),
        None => Ok(()),
    }
}

/// A requested time limit in milliseconds, kept within 1–60 s and rounded to whole
/// milliseconds; something that is not a number gives the default. The device's control
/// has the same range, but a start argument or a saved Set may carry anything.
pub fn clamp_timeout_ms(ms: f64) -> u64 {
    if !ms.is_finite() {
        return DEFAULT_TIMEOUT_MS;
    }
    ms.round()
        .clamp(MIN_TIMEOUT_MS as f64, MAX_TIMEOUT_MS as f64) as u64
}

#[cfg(test)]
mod tests {
    use super::{clamp_timeout_ms, Settings};
    use serde_json::{json, Value};

    #[test]
    fn the_timeout_is_kept_within_one_to_sixty_seconds() {
        assert_eq!(clamp_timeout_ms(10.0), 1_000);
        assert_eq!(clamp_timeout_ms(120_000.0), 60_000);
        assert_eq!(clamp_timeout_ms(5_000.4), 5_000);
        assert_eq!(clamp_timeout_ms(f64::NAN), 30_000);
        assert_eq!(clamp_timeout_ms(f64::INFINITY), 30_000);
        assert_eq!(clamp_timeout_ms(-3.0), 1_000);
        let s = settings(r#"{"timeoutMs": 999999}"#);
        assert_eq!(s.timeout_ms, 60_000);
    }

    #[test]
    fn stalled_connections_are_checked_often_enough_for_their_limits() {
        assert_eq!(Settings::default().connections_check_ms(), 1_000);
        let fast = settings(r#"{"headersTimeoutMs": 200, "requestTimeoutMs": 100}"#);
        assert_eq!(fast.connections_check_ms(), 50);
        assert_eq!(
            fast.request_timeout_ms, 200,
            "never shorter than the header limit"
        );
    }

    fn settings(json: &str) -> Settings {
        Settings::from_json(json).expect("valid settings")
    }

    #[test]
    fn a_fresh_token_is_adopted_only_when_required_and_none_is_stored() {
        let mut s = settings(r#"{"requireToken": true, "freshToken": "abc"}"#);
        assert_eq!(s.adopt_fresh_token().as_deref(), Some("abc"));
        assert_eq!(s.token.as_deref(), Some("abc"));

        let mut stored = settings(r#"{"requireToken": true, "token": "old", "freshToken": "abc"}"#);
        assert_eq!(stored.adopt_fresh_token(), None);
        assert_eq!(stored.token.as_deref(), Some("old"));

        let mut optional = settings(r#"{"freshToken": "abc"}"#);
        assert_eq!(optional.adopt_fresh_token(), None);
        assert_eq!(optional.token, None);
    }

    #[test]
    fn runtime_settings_change_while_start_only_ones_are_refused() {
        let mut s = settings(r#"{"entropy": "ab", "freshToken": "t"}"#);
        s.update("smallModel", json!(true)).unwrap();
        s.update("memoryWritable", json!(true)).unwrap();
        s.update("memoryText", json!("Lead is track 3.")).unwrap();
        s.update("sampleFolder", json!("/Samples")).unwrap();
        s.update("disabledTools", json!("barline-playback"))
            .unwrap();
        s.update("timeoutMs", json!(5000)).unwrap();
        assert!(s.small_model && s.memory_writable);
        assert_eq!(s.memory_text, "Lead is track 3.");
        assert_eq!(s.sample_folder.as_deref(), Some("/Samples"));
        assert_eq!(s.timeout_ms, 5000);
        assert_eq!((s.entropy.as_str(), s.fresh_token.as_str()), ("ab", "t"));
        s.update("sampleFolder", Value::Null).unwrap();
        assert_eq!(s.sample_folder, None);

        let before = s.clone();
        let port = s.update("port", json!(4000)).unwrap_err();
        assert!(port.contains("read at start only"), "{port}");
        let unknown = s.update("colour", json!(1)).unwrap_err();
        assert!(unknown.contains("unknown setting colour"), "{unknown}");
        let typed = s.update("smallModel", json!("yes")).unwrap_err();
        assert!(typed.contains("wrong type"), "{typed}");
        let range = s.update("timeoutMs", json!(61_000)).unwrap_err();
        assert!(range.contains("1–60 s"), "{range}");
        assert_eq!(s, before);
    }

    #[test]
    fn disabled_tools_are_a_comma_list_that_never_disables_connect() {
        let s = settings(r#"{"disabledTools": "barline-playback, barline-connect,nonsense"}"#);
        assert!(s.is_disabled("barline-playback"));
        assert!(!s.is_disabled("barline-connect"));
        assert!(!s.is_disabled("barline-read-clip"));
        assert!(!settings("{}").is_disabled("barline-playback"));
        let notes = s.disabled_tools_notes();
        assert_eq!(notes.len(), 2, "{notes:?}");
        assert!(notes[0].starts_with("barline-connect cannot be disabled"));
        assert!(notes[1].contains("nonsense is not a tool"));
        let fine = settings(r#"{"disabledTools": "barline-read-clip"}"#);
        assert!(fine.disabled_tools_notes().is_empty());
    }

    #[test]
    fn origin_lists_change_while_running_and_refuse_what_is_not_an_origin() {
        let mut s = settings("{}");
        s.update("allowedOrigins", json!("http://127.0.0.1:6274"))
            .unwrap();
        s.update("chatProviderOrigins", json!("http://studio.lan:1234"))
            .unwrap();
        assert_eq!(s.allowed_origins, "http://127.0.0.1:6274");
        assert_eq!(s.chat_provider_origins, "http://studio.lan:1234");
        let bad = s
            .update("allowedOrigins", json!("127.0.0.1:6274"))
            .unwrap_err();
        assert!(bad.contains("\"127.0.0.1:6274\" is not an origin"), "{bad}");
        assert_eq!(s.allowed_origins, "http://127.0.0.1:6274");
    }

    #[test]
    fn listening_beyond_loopback_requires_a_token() {
        let mut s = settings(r#"{"host": "0.0.0.0", "freshToken": "abc"}"#);
        assert!(s.token_required());
        assert_eq!(s.adopt_fresh_token().as_deref(), Some("abc"));
    }
}
