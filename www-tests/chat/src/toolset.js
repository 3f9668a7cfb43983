// Which of the session's tools a conversation offers, and what the fixed part of every
// round costs: pure functions (no DOM) so Node can test them. Sizes are estimates at 4
// characters per token, the rule chat::reduce uses for the history.

/** The tool the model needs to reach the Set at all; it cannot be turned off. */
export const REQUIRED_TOOL = 'barline-connect';

/** The core tools small-model mode keeps. */
export const SMALL_TOOLS = [REQUIRED_TOOL, 'barline-read-live-set', 'barline-read-track', 'barline-read-clip',
  'barline-create-track', 'barline-create-clip', 'barline-update-clip', 'barline-playback'];

/** Above this share of the context length the page warns before the first send. */
export const WARN_SHARE = 0.6;

/** Tokens for `chars` characters (4 characters per token, rounded up). */
export const tokensOf = (chars) => Math.ceil(chars / 4);

/** The names a session leaves out: the user's choices, and in small-model mode every tool outside the core set. */
export function disabledNames(tools, userDisabled = [], smallModel = false) {
  return tools.map((t) => t.name).filter((n) => n !== REQUIRED_TOOL
    && (userDisabled.includes(n) || (smallModel && !SMALL_TOOLS.includes(n))));
}

/** A tool's title and the first line of its description, for the Settings list. */
export function summaryOf(tool) {
  const title = tool.title ?? tool.annotations?.title ?? tool.name;
  const line = String(tool.description ?? '').split('\n').map((l) => l.trim()).find(Boolean) ?? '';
  return { name: tool.name, title, line };
}

/** Estimated tokens the definitions of `tools` add to every request. */
export function toolTokens(tools) {
  return tokensOf(tools.reduce((n, t) => n + JSON.stringify({ name: t.name, description: t.description ?? '', parameters: t.inputSchema ?? {} }).length, 0));
}

/**
 * The fixed cost of a round: system prompt (with the server's instructions) and tool
 * definitions. `contextLength` may be null; then `share` is null and nothing warns.
 */
export function fixedCost({ systemPrompt = '', tools = [], contextLength = null }) {
  const prompt = tokensOf(systemPrompt.length);
  const toolPart = toolTokens(tools);
  const total = prompt + toolPart;
  const share = contextLength ? total / contextLength : null;
  return { prompt, tools: toolPart, total, contextLength: contextLength || null, share, over: share !== null && share > WARN_SHARE };
}

/** The meter's sentence for a cost from `fixedCost`. */
export function costText(cost) {
  const base = `Each round starts with about ${cost.total.toLocaleString('en')} tokens (system prompt and instructions ${cost.prompt.toLocaleString('en')}, tool definitions ${cost.tools.toLocaleString('en')})`;
  if (!cost.contextLength) return `${base}. Set the context length to compare it with the model's.`;
  return `${base}: ${Math.round(cost.share * 100)} % of the ${cost.contextLength.toLocaleString('en')}-token context.`;
}
