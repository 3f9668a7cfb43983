//! Device settings as the Node side hands them to core (node.script start arguments,
//! `node-host/src/max-settings.mjs`), with the ranges core keeps them in.

use serde::{Deserialize, Serialize};

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
    /// Project memory text.
    pub memory_text: String,
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
            memory_text: String::new(),
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

    /// Applies a time limit the user set in seconds (the device's control and start
    /// argument); returns the limit now in force, in milliseconds, after
    /// [`clamp_timeout_ms`].
    pub fn set_timeout_seconds(&mut self, seconds: f64) -> u64 {
        self.timeout_ms = clamp_timeout_ms(seconds * 1000.0);
        self.timeout_ms
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

    #[test]
    fn the_timeout_is_kept_within_one_to_sixty_seconds() {
        assert_eq!(clamp_timeout_ms(10.0), 1_000);
        assert_eq!(clamp_timeout_ms(120_000.0), 60_000);
        assert_eq!(clamp_timeout_ms(5_000.4), 5_000);
        assert_eq!(clamp_timeout_ms(f64::NAN), 30_000);
        assert_eq!(clamp_timeout_ms(f64::INFINITY), 30_000);
        assert_eq!(clamp_timeout_ms(-3.0), 1_000);
        let mut s = settings(r#"{"timeoutMs": 999999}"#);
        assert_eq!(s.timeout_ms, 60_000);
        assert_eq!(s.set_timeout_seconds(3.0), 3_000);
        assert_eq!(s.timeout_ms, 3_000);
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
    fn listening_beyond_loopback_requires_a_token() {
        let mut s = settings(r#"{"host": "0.0.0.0", "freshToken": "abc"}"#);
        assert!(s.token_required());
        assert_eq!(s.adopt_fresh_token().as_deref(), Some("abc"));
    }
}
