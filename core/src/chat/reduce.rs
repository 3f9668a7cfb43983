//! Keeping a long conversation inside the model's context: when the history a request
//! would carry exceeds the budget, the oldest large tool results are replaced, in the
//! request only (never in the stored conversation), by a line saying what was left out.
//! Deterministic: the same history and budget give the same request.

use super::conversation::{Item, RoundStatus};
use super::types::{Config, ToolDef};

/// Characters per token in estimates (until a provider reports real usage).
pub const CHARS_PER_TOKEN: usize = 4;
/// Results at most this long are never replaced.
pub const LARGE_RESULT_CHARS: usize = 1_500;
/// Share of the context local models get for history (their servers may silently cut
/// what does not fit).
const LOCAL_SHARE_PERCENT: usize = 60;

/// The fixed cost of every request in characters: system prompt and tool definitions.
pub fn fixed_chars(config: &Config, tools: &[ToolDef]) -> usize {
    let tools: usize = tools
        .iter()
        .map(|t| t.name.len() + t.description.len() + t.input_schema.to_string().len())
        .sum();
    config.system_prompt.len() + tools
}

/// The history budget in characters, when the context length is known.
fn budget_chars(config: &Config, fixed: usize) -> Option<usize> {
    let context = usize::try_from(config.context_length?).ok()?;
    let tokens = if config.is_local() {
        context * LOCAL_SHARE_PERCENT / 100
    } else {
        let output = config.max_tokens.map_or(0, |m| m as usize);
        context
            .saturating_sub(fixed / CHARS_PER_TOKEN)
            .saturating_sub(output)
    };
    Some(tokens * CHARS_PER_TOKEN)
}

fn history_chars(items: &[Item]) -> usize {
    items
        .iter()
        .map(|i| match i {
            Item::User { text, .. } => text.len(),
            Item::Note(_) => 0,
            Item::Round(r) if r.status == RoundStatus::Discarded => 0,
            Item::Round(r) => {
                let calls: usize = r
                    .calls
                    .iter()
                    .map(|c| c.arguments.len() + c.result.as_ref().map_or(0, |x| x.text.len()))
                    .sum();
                r.text.len() + calls
            }
        })
        .sum()
}

/// The items to encode: `items` itself when it fits, else a copy with the oldest large
/// results replaced until it fits (the last round's results are kept whole).
pub fn fit(config: &Config, items: &[Item], tools: &[ToolDef]) -> Option<Vec<Item>> {
    let budget = budget_chars(config, fixed_chars(config, tools))?;
    let mut total = history_chars(items);
    if total <= budget {
        return None;
    }
    let last_round = items.iter().rposition(|i| matches!(i, Item::Round(_)));
    let mut out = items.to_vec();
    for (index, item) in out.iter_mut().enumerate() {
        if total <= budget || Some(index) == last_round {
            break;
        }
        let Item::Round(r) = item else { continue };
        for c in &mut r.calls {
            let Some(result) = c
                .result
                .as_mut()
                .filter(|x| x.text.len() > LARGE_RESULT_CHARS)
            else {
                continue;
            };
            let n = result.text.chars().count();
            let note = format!(
                "[result of {} ({n} characters) omitted to save context; call the tool again if you need it]",
                c.name
            );
            total = total - result.text.len() + note.len();
            result.text = note;
            if total <= budget {
                break;
            }
        }
    }
    Some(out)
}
