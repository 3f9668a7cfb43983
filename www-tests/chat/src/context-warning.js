// The warning before a conversation's first message: when the fixed cost of a round
// (system prompt with the server's instructions, and the offered tool definitions)
// passes 60 % of the model's context length, a small model would have little room
// left for the conversation. One button turns on small-model mode, which offers the
// core tools only.
import { fixedCost } from './toolset.js';

const $ = (id) => document.getElementById(id);

/**
 * Wires the warning; `fix()` turns small-model mode on. Returns `update(round)`, where
 * `round` is null (nothing to check) or `{systemPrompt, tools, contextLength, smallModel}`.
 */
export function setupContextWarning(fix) {
  $('context-fix').addEventListener('click', async () => {
    $('context-fix').disabled = true;
    try { await fix(); } finally { $('context-fix').disabled = false; }
  });

  return function update(round) {
    const cost = round && fixedCost(round);
    const show = Boolean(cost?.over);
    if (show) {
      const fixNote = round.smallModel ? ' Small-model mode is already on: choose a model with a longer context, or turn tools off in Settings.' : '';
      $('context-warning-text').textContent = `Each round starts with about ${cost.total.toLocaleString('en')} tokens of instructions and tool definitions: ${Math.round(cost.share * 100)} % of this model's ${cost.contextLength.toLocaleString('en')}-token context, which leaves little room for the conversation.${fixNote}`;
      $('context-fix').hidden = Boolean(round.smallModel);
    }
    if ($('context-warning').hidden === show) $('context-warning').hidden = !show;
  };
}
