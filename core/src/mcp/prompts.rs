//! Prompts (tools.md B10): templates that compose existing tools and perform no action
//! themselves. `prompts/get` fills arguments into the messages.

use super::jsonrpc::INVALID_PARAMS;
use serde_json::{json, Map, Value};

struct PromptArg {
    name: &'static str,
    description: &'static str,
    required: bool,
    default: Option<&'static str>,
}

struct Prompt {
    name: &'static str,
    title: &'static str,
    description: &'static str,
    args: &'static [PromptArg],
    /// Message text with `{arg}` placeholders.
    template: &'static str,
}

const PROMPTS: &[Prompt] = &[
    Prompt {
        name: "compose-clip",
        title: "Compose a clip",
        description: "Write a new MIDI clip for a track that fits what is already there.",
        args: &[
            PromptArg { name: "trackIndex", description: "0-based index of the MIDI track", required: true, default: None },
            PromptArg { name: "bars", description: "length of the clip in bars", required: false, default: Some("4") },
            PromptArg { name: "style", description: "style or mood, e.g. \"laid-back funk\"", required: false, default: Some("whatever fits the Set") },
        ],
        template: "Compose a {bars}-bar MIDI clip for track {trackIndex} in this style: {style}.\n\nSteps:\n1. Call barline-read-track with trackIndex {trackIndex} and include [\"session-clips\", \"devices\", \"drum-map\"] to learn the instrument and, for a drum track, which pitches the kit plays.\n2. Call barline-read-live-set to learn tempo, time signature and scale.\n3. Write the clip with barline-create-clip (slot \"{trackIndex}/<first empty scene>\", length \"{bars}:0\") in bar|beat notation, using the scale's pitches.\n4. Read it back with barline-read-clip (include [\"notes\"]) and tell the user what you wrote.",
    },
    Prompt {
        name: "humanize-clip",
        title: "Humanize a clip",
        description: "Add natural timing and velocity variation to a MIDI clip.",
        args: &[
            PromptArg { name: "clipId", description: "id of the MIDI clip", required: true, default: None },
            PromptArg { name: "amount", description: "subtle, medium or strong", required: false, default: Some("subtle") },
        ],
        template: "Humanize clip {clipId} ({amount} amount).\n\nSteps:\n1. Call barline-read-clip with clipId \"{clipId}\" and include [\"notes\", \"timing\"].\n2. Apply {amount} timing and velocity variation with barline-update-clip transforms; keep downbeats strong.\n3. Read the clip again and report what changed.",
    },
    Prompt {
        name: "arrange-from-scenes",
        title: "Arrange from scenes",
        description: "Build an arrangement by copying scenes into the timeline in order.",
        args: &[
            PromptArg { name: "sceneOrder", description: "comma-separated scene indices, e.g. \"0,0,1,2\"", required: true, default: None },
            PromptArg { name: "barsPerScene", description: "bars per section", required: false, default: Some("8") },
        ],
        template: "Build an arrangement from the scenes in this order: {sceneOrder}, {barsPerScene} bars per section.\n\nSteps:\n1. Call barline-read-live-set with include [\"scenes\"] to check the scenes exist.\n2. For each entry, call barline-duplicate on the scene with arrangementStart at the next section start and arrangementLength \"{barsPerScene}:0\".\n3. Add a locator at the start of each section with barline-update-live-set, named after the scene.\n4. Summarise the arrangement for the user.",
    },
    Prompt {
        name: "mix-check",
        title: "Mix check",
        description: "Review levels and panning and propose changes without making them.",
        args: &[],
        template: "Check the mix of this Live Set.\n\nSteps:\n1. Call barline-read-live-set with include [\"tracks\", \"mixer\"].\n2. Report level and panning issues (tracks far louder than the rest, everything panned centre, muted or soloed tracks left on).\n3. Propose barline-update-track calls that would fix them, but do not make any change until the user agrees.",
    },
];

/// The `prompts` array of `prompts/list`.
pub fn list() -> Value {
    let items: Vec<Value> = PROMPTS
        .iter()
        .map(|p| {
            let args: Vec<Value> = p
                .args
                .iter()
                .map(|a| json!({"name": a.name, "description": a.description, "required": a.required}))
                .collect();
            json!({"name": p.name, "title": p.title, "description": p.description, "arguments": args})
        })
        .collect();
    Value::Array(items)
}

/// The result of `prompts/get`, or a JSON-RPC error (code, message).
pub fn get(name: &str, arguments: &Value) -> Result<Value, (i64, String)> {
    let p = PROMPTS
        .iter()
        .find(|p| p.name == name)
        .ok_or_else(|| (INVALID_PARAMS, format!("Unknown prompt: {name}")))?;
    let empty = Map::new();
    let given = match arguments {
        Value::Object(m) => m,
        Value::Null => &empty,
        _ => return Err((INVALID_PARAMS, "prompt arguments must be an object".into())),
    };
    let mut text = p.template.to_string();
    for a in p.args {
        let value = match given.get(a.name) {
            Some(Value::String(s)) if !s.trim().is_empty() => s.clone(),
            Some(Value::Number(n)) => n.to_string(),
            _ => match (a.required, a.default) {
                (true, _) => {
                    return Err((
                        INVALID_PARAMS,
                        format!("prompt {} needs the argument {}", p.name, a.name),
                    ))
                }
                (false, Some(d)) => d.to_string(),
                (false, None) => String::new(),
            },
        };
        text = text.replace(&format!("{{{}}}", a.name), &value);
    }
    Ok(json!({
        "description": p.description,
        "messages": [{"role": "user", "content": {"type": "text", "text": text}}],
    }))
}
