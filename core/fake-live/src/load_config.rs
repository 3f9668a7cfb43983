//! Reading a fixture's Set-wide keys: the allowed top-level keys, the format marker and
//! the test knobs that become the fake's [`FakeConfig`], checked before anything is built.

use super::fixture::{err, FixtureError, FORMAT};
use super::set::FakeConfig;
use serde_json::{Map, Value as J};

const SET_KEYS: &[&str] = &[
    "format",
    "description",
    "live_version",
    "undo_step_functions",
    "quantize_noop",
    "files",
    "call_delay_ms",
    "note_answer_limit",
    "random_seed",
    "this_device",
    "song",
    "scenes",
    "tracks",
    "return_tracks",
    "master_track",
    "cue_points",
    "view",
];

fn bool_of(set: &Map<String, J>, key: &str) -> Result<bool, FixtureError> {
    match set.get(key) {
        None => Ok(false),
        Some(J::Bool(b)) => Ok(*b),
        Some(_) => Err(err(key, "must be true or false")),
    }
}

/// An optional whole number in 0…10^9 (both flags are test knobs; larger values are
/// mistakes).
fn count_of(set: &Map<String, J>, key: &str, what: &str) -> Result<Option<u64>, FixtureError> {
    match set.get(key) {
        None => Ok(None),
        Some(v) => match v.as_u64() {
            Some(n) if n <= 1_000_000_000 => Ok(Some(n)),
            _ => Err(err(
                key,
                format!("must be a whole number 0…1000000000 ({what})"),
            )),
        },
    }
}

/// Checks the top-level keys and the format marker, then reads the Set-wide test knobs
/// (the first error wins, in the order a reader meets them).
pub(super) fn read_config(set: &Map<String, J>) -> Result<FakeConfig, FixtureError> {
    if let Some(k) = set.keys().find(|k| !SET_KEYS.contains(&k.as_str())) {
        return Err(err(
            k,
            format!("unknown top-level key; allowed: {}", SET_KEYS.join(", ")),
        ));
    }
    if set.get("format").and_then(J::as_str) != Some(FORMAT) {
        return Err(err("format", format!("must be \"{FORMAT}\"")));
    }
    let mut config = FakeConfig::default();
    if let Some(v) = set.get("live_version") {
        config.version = v
            .as_str()
            .ok_or_else(|| err("live_version", "must be a string like \"12.3.1\""))?
            .to_string();
    }
    if let Some(v) = set.get("description") {
        config.description = v
            .as_str()
            .ok_or_else(|| err("description", "must be a string"))?
            .to_string();
    }
    config.undo_step_functions = bool_of(set, "undo_step_functions")?;
    config.quantize_noop = bool_of(set, "quantize_noop")?;
    config.call_delay_ms =
        count_of(set, "call_delay_ms", "virtual milliseconds per request")?.unwrap_or(0);
    config.note_answer_limit =
        count_of(set, "note_answer_limit", "a character count")?.map(|n| n as usize);
    config.random_seed =
        count_of(set, "random_seed", "start of the host random source")?.unwrap_or(0);
    Ok(config)
}
