//! A session's profile: what one client asked for in `initialize` under
//! `capabilities.experimental["barline/profile"]` — small-model mode and tools it does
//! not want — applied to that session only. The chat page uses it so a conversation's
//! small-model mode never changes what other clients see; the device's own settings
//! still apply on top (a tool the device disables stays disabled).

use super::Settings;
use serde_json::Value;

/// The experimental capability's name.
pub const CAPABILITY: &str = "barline/profile";
/// Most tool names a profile may disable (more than the catalogue has).
const MAX_DISABLED: usize = 100;
/// Longest tool name a profile may list.
const MAX_NAME: usize = 100;

/// A session's own settings.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Profile {
    /// Small-model mode for this session; `None` follows the device.
    pub small_model: Option<bool>,
    /// Tools this session does not want, besides the device's disabled ones.
    pub disabled_tools: Vec<String>,
}

impl Profile {
    /// The profile in `initialize` params, or a message naming what is wrong (the
    /// session is then refused, so a client never runs with a profile it did not get).
    pub fn from_initialize(params: &Value) -> Result<Profile, String> {
        let Some(p) = params
            .pointer("/capabilities/experimental")
            .and_then(|e| e.get(CAPABILITY))
        else {
            return Ok(Profile::default());
        };
        let where_ = format!("capabilities.experimental[\"{CAPABILITY}\"]");
        let Value::Object(o) = p else {
            return Err(format!(
                "{where_} must be an object {{smallModel, disabledTools}}"
            ));
        };
        let small_model = match o.get("smallModel") {
            None | Some(Value::Null) => None,
            Some(Value::Bool(b)) => Some(*b),
            Some(_) => return Err(format!("{where_}.smallModel must be true or false")),
        };
        let mut disabled_tools = Vec::new();
        match o.get("disabledTools") {
            None | Some(Value::Null) => {}
            Some(Value::Array(list)) if list.len() <= MAX_DISABLED => {
                for (i, name) in list.iter().enumerate() {
                    match name.as_str() {
                        Some(n) if !n.is_empty() && n.len() <= MAX_NAME && !n.contains(',') => {
                            disabled_tools.push(n.to_string())
                        }
                        _ => return Err(format!(
                            "{where_}.disabledTools[{i}] must be a tool name (1–{MAX_NAME} characters, no comma)"
                        )),
                    }
                }
            }
            Some(_) => {
                return Err(format!(
                    "{where_}.disabledTools must be a list of at most {MAX_DISABLED} tool names"
                ))
            }
        }
        Ok(Profile {
            small_model,
            disabled_tools,
        })
    }

    /// The settings this session runs with: the device's, with the profile's small-model
    /// mode and its disabled tools added to the device's.
    pub fn apply(&self, settings: &Settings) -> Settings {
        let mut s = settings.clone();
        if let Some(small) = self.small_model {
            s.small_model = small;
        }
        if !self.disabled_tools.is_empty() {
            let mut names: Vec<&str> = settings
                .disabled_tools
                .split(',')
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .collect();
            names.extend(self.disabled_tools.iter().map(String::as_str));
            s.disabled_tools = names.join(",");
        }
        s
    }
}
