//! Prompts (docs/design/tool-contract.md §3.11): templates that compose existing tools
//! and perform no action themselves. `prompts/get` fills arguments into the messages.

use super::jsonrpc::{self, INVALID_PARAMS};
use crate::tools::framework::mentions;
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
    /// Tools the prompt cannot work without: it is listed only when all are.
    needs: &'static [&'static str],
    /// Message text with `{arg}` placeholders, rendered for the catalogue in force
    /// (`tools::mentions`): steps naming an absent tool are dropped.
    template: &'static str,
}

/// Most characters of one argument value. Arguments are short phrases or numbers; the
/// cap keeps a reply at most the template plus a few of these.
pub const MAX_ARGUMENT_CHARS: usize = 1_000;

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
        needs: &["barline-create-clip"],
        template: "Compose a {bars}-bar MIDI clip for track {trackIndex} in this style: {style}.\n\nSteps:\n1. Call barline-read-track with trackIndex {trackIndex} and include [\"session-clips\", \"devices\", \"drum-map\"] to learn the instrument and, for a drum track, which pitches the kit plays.\n2. Call barline-read-live-set to learn tempo, time signature and scale.\n[unless barline-read-live-set] 3. Call barline-connect: its Live Set overview gives tempo, time signature, scale and the number of scenes. If the slot you pick is taken, barline-create-clip says so: try the next scene.\n4. Write the clip with barline-create-clip (slot \"{trackIndex}/<first empty scene>\", length \"{bars}:0\") in bar|beat notation, using the scale's pitches.\n5. Read it back with barline-read-clip (include [\"notes\"]) and tell the user what you wrote.\n",
    },
    Prompt {
        name: "humanize-clip",
        title: "Humanize a clip",
        description: "Add natural timing and velocity variation to a MIDI clip.",
        args: &[
            PromptArg { name: "clipId", description: "id of the MIDI clip", required: true, default: None },
            PromptArg { name: "amount", description: "subtle, medium or strong", required: false, default: Some("subtle") },
        ],
        // `transforms` is hidden in small-model mode: then the prompt is not offered.
        needs: &["barline-read-clip", "barline-update-clip", "transforms"],
        template: "Humanize clip {clipId} ({amount} amount).\n\nSteps:\n1. Call barline-read-clip with clipId \"{clipId}\" and include [\"notes\", \"timing\"] to see the notes, the time signature and whether it is a drum clip.\n2. Call barline-update-clip with ids \"{clipId}\" and transforms only (no notes): the clip's own notes are transformed and written back. Timing is in beats of the clip's signature. Start from the line for the amount and adapt it to the music:\n   - subtle: `timing += rand(-0.01, 0.01)` and `velocity += rand(-6, 6)`\n   - medium: `timing += rand(-0.02, 0.02)` and `velocity += rand(-12, 12)`\n   - strong: `timing += rand(-0.04, 0.04)` and `velocity += rand(-20, 20)`\n   Put each assignment on its own line. Keep downbeats strong: leave their velocity alone or add a separate line for them. Keep the seed the result reports: the same transforms with that seed give the same notes again.\n3. Read the clip again with barline-read-clip (include [\"notes\"]) and report what changed and the seed used.\n",
    },
    Prompt {
        name: "arrange-from-scenes",
        title: "Arrange from scenes",
        description: "Build an arrangement by copying scenes into the timeline in order.",
        args: &[
            PromptArg { name: "sceneOrder", description: "comma-separated scene indices, e.g. \"0,0,1,2\"", required: true, default: None },
            PromptArg { name: "barsPerScene", description: "bars per section", required: false, default: Some("8") },
        ],
        needs: &["barline-read-live-set", "barline-duplicate"],
        template: "Build an arrangement from the scenes in this order: {sceneOrder}, {barsPerScene} bars per section.\n\nSteps:\n1. Call barline-read-live-set with include [\"scenes\"] to check the scenes exist.\n2. For each entry, call barline-duplicate on the scene with arrangementStart at the next section start and arrangementLength \"{barsPerScene}:0\".\n3. Add a locator at the start of each section with barline-update-live-set (`locatorOperation` \"create\", `locatorTime`, `locatorName` the scene's name).\n4. Summarise the arrangement for the user.\n",
    },
    Prompt {
        name: "mix-check",
        title: "Mix check",
        description: "Review levels and panning and propose changes without making them.",
        args: &[],
        needs: &["barline-read-live-set"],
        template: "Check the mix of this Live Set.\n\nSteps:\n1. Call barline-read-live-set with include [\"tracks\", \"mixer\"].\n2. Report level and panning issues (tracks far louder than the rest, everything panned centre, muted or soloed tracks left on).\n3. Propose barline-update-track calls that would fix them, but do not make any change until the user agrees.\n[unless barline-update-track] 3. Propose the changes as a list the user can make in Live's mixer.\n",
    },
];

/// The prompts whose needed tools `available` accepts.
fn offered<'a>(available: &'a dyn Fn(&str) -> bool) -> impl Iterator<Item = &'static Prompt> + 'a {
    PROMPTS
        .iter()
        .filter(move |p| p.needs.iter().all(|t| available(t)))
}

/// The `prompts` array of `prompts/list`: the prompts whose tools are available.
pub fn list(available: &dyn Fn(&str) -> bool) -> Value {
    let items: Vec<Value> = offered(available)
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
///
/// Arguments are substituted in one pass over the template: a value containing
/// `{style}` stays literal text. Values longer than [`MAX_ARGUMENT_CHARS`] are refused
/// without being quoted back.
pub fn get(
    name: &str,
    arguments: &Value,
    available: &dyn Fn(&str) -> bool,
) -> Result<Value, (i64, String)> {
    let p = offered(available).find(|p| p.name == name).ok_or_else(|| {
        (
            INVALID_PARAMS,
            format!("Unknown prompt: {}", jsonrpc::quote(name)),
        )
    })?;
    let empty = Map::new();
    let given = match arguments {
        Value::Object(m) => m,
        Value::Null => &empty,
        _ => return Err((INVALID_PARAMS, "prompt arguments must be an object".into())),
    };
    let mut values: Vec<(&str, String)> = Vec::with_capacity(p.args.len());
    for a in p.args {
        let value = match given.get(a.name) {
            Some(Value::String(s)) if !s.trim().is_empty() => {
                let chars = s.chars().count();
                if chars > MAX_ARGUMENT_CHARS {
                    return Err((
                        INVALID_PARAMS,
                        format!(
                            "prompt {} argument {} is {chars} characters long; at most \
                             {MAX_ARGUMENT_CHARS} are accepted: shorten it",
                            p.name, a.name
                        ),
                    ));
                }
                s.clone()
            }
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
        values.push((a.name, value));
    }
    let template = mentions::render(p.template, available);
    let text = substitute(&template, &values);
    Ok(json!({
        "description": p.description,
        "messages": [{"role": "user", "content": {"type": "text", "text": text}}],
    }))
}

/// Replaces each `{name}` of `template` by its value in a single left-to-right pass;
/// inserted values are never scanned again, and unknown `{…}` stay as written.
fn substitute(template: &str, values: &[(&str, String)]) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let hit = after.find('}').and_then(|close| {
            let key = &after[..close];
            values
                .iter()
                .find(|(n, _)| *n == key)
                .map(|(_, v)| (v, close))
        });
        match hit {
            Some((value, close)) => {
                out.push_str(value);
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::{get, list, substitute, PROMPTS};
    use crate::tools::catalogue::{self, CatalogueOptions};
    use crate::tools::framework::mentions;
    use crate::transforms::Transform;
    use serde_json::json;

    fn names(available: &dyn Fn(&str) -> bool) -> Vec<String> {
        list(available)
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap().to_string())
            .collect()
    }

    fn humanize(amount: &str, available: &dyn Fn(&str) -> bool) -> String {
        let r = get(
            "humanize-clip",
            &json!({"clipId": "42", "amount": amount}),
            available,
        )
        .expect("listed");
        r["messages"][0]["content"]["text"].as_str().unwrap().into()
    }

    #[test]
    fn humanize_waits_for_update_clip() {
        let without = |n: &str| n != "barline-update-clip";
        assert!(!names(&without).contains(&"humanize-clip".to_string()));
        assert!(get("humanize-clip", &json!({"clipId": "1"}), &without).is_err());
        let all = |_: &str| true;
        assert!(names(&all).contains(&"humanize-clip".to_string()));
        // Today's catalogue: listed exactly when both tools it composes exist.
        let listed = catalogue::listed_names(CatalogueOptions::default());
        let has = |n: &str| catalogue::nameable(&listed, false, n);
        assert_eq!(
            names(&has).contains(&"humanize-clip".to_string()),
            has("barline-read-clip") && has("barline-update-clip")
        );
    }

    #[test]
    fn humanize_composes_read_clip_and_update_clip_transforms() {
        let text = humanize("medium", &|_| true);
        assert!(text.contains("Humanize clip 42 (medium amount)"), "{text}");
        assert!(
            text.contains("barline-read-clip with clipId \"42\""),
            "{text}"
        );
        assert!(
            text.contains("barline-update-clip with ids \"42\" and transforms"),
            "{text}"
        );
        assert!(text.contains("3. Read the clip again"), "{text}");
        // Every transform the prompt suggests parses, alone and as one text.
        let lines: Vec<&str> = text.split('`').skip(1).step_by(2).collect();
        assert_eq!(lines.len(), 6, "{text}");
        for l in &lines {
            Transform::parse(l).unwrap_or_else(|e| panic!("{l}: {e}"));
        }
        Transform::parse(&lines[..2].join("\n")).unwrap();
        // The declared needs cover every tool the template names.
        let p = PROMPTS.iter().find(|p| p.name == "humanize-clip").unwrap();
        for t in mentions::mentioned(p.template) {
            assert!(p.needs.contains(&t), "{t} is not in needs");
        }
    }

    #[test]
    fn substitution_is_one_pass() {
        let values = [("a", "{b}{a}".to_string()), ("b", "B".to_string())];
        assert_eq!(substitute("x{a}y{b}{c}{", &values), "x{b}{a}yB{c}{");
    }
}
