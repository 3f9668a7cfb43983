// Provider requests: the one place that adds the credential header, sends the engine's
// request to the provider's base URL, streams the answer back into the engine, and
// tells a CORS refusal from an unreachable server with a no-cors probe.

/** The presets: wire format and default base URL (every base URL is editable). */
export const PRESETS = {
  openai: { format: 'openai', base: 'https://api.openai.com/v1', key: true },
  openrouter: { format: 'openai', base: 'https://openrouter.ai/api/v1', key: true },
  mistral: { format: 'openai', base: 'https://api.mistral.ai/v1', key: true },
  lmstudio: { format: 'openai', base: 'http://127.0.0.1:1234/v1', key: false, local: true },
  ollama: { format: 'openai', base: 'http://127.0.0.1:11434/v1', key: false, local: true },
  custom: { format: 'openai', base: '', key: false },
  anthropic: { format: 'anthropic', base: 'https://api.anthropic.com/v1', key: true, model: 'claude-sonnet-4-5' },
  gemini: { format: 'gemini', base: 'https://generativelanguage.googleapis.com/v1beta', key: true, model: 'gemini-2.5-flash' },
};

/** The credential header of a format, for a non-empty key (never a query parameter). */
function credential(format, key) {
  if (!key) return {};
  if (format === 'anthropic') return { 'x-api-key': key };
  if (format === 'gemini') return { 'x-goog-api-key': key };
  return { authorization: `Bearer ${key}` };
}

const join = (base, path) => base.replace(/\/+$/, '') + path;

/** True when a no-cors request reaches the server (it answered, but not to this page). */
async function reachable(url) {
  try {
    await fetch(url, { mode: 'no-cors', credentials: 'omit', referrerPolicy: 'no-referrer' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Sends `request` ({path, body, headers}) and feeds the answer to `engine`. `run` carries
 * out the effects each engine call returns. Resolves when the exchange is over.
 */
export async function sendRequest({ engine, request, base, format, key, signal, run }) {
  const url = join(base, request.path);
  let res;
  try {
    res = await fetch(url, {
      method: 'POST', body: request.body, signal, credentials: 'omit', referrerPolicy: 'no-referrer',
      headers: { ...request.headers, ...credential(format, key) },
    });
  } catch (e) {
    if (signal.aborted) return;
    const cors = await reachable(url);
    run(engine.networkError(cors, base, location.origin));
    return;
  }
  if (!res.ok) {
    const body = await res.text().catch(() => '');
    if (signal.aborted) return;
    run(engine.httpError(res.status, res.headers.get('retry-after') ?? undefined, body, Math.random()));
    return;
  }
  const reader = res.body.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (signal.aborted) return;
      if (done) break;
      const effects = engine.streamBytes(value);
      run(effects);
      if (effects.includes('"abort"')) return;
    }
  } catch (e) {
    // A stream that fails inside the browser ends the round; it never hangs.
    if (!signal.aborted) run(engine.streamFailed(String(e?.message ?? e)));
    return;
  }
  run(engine.streamEnd());
}

/**
 * Test connection: lists models (GET {base}/models) and confirms the key. Resolves
 * `{ok, models, contexts, message}` (`contexts`: model → context length where the list
 * gives one); nothing is sent to a model.
 */
export async function testConnection({ base, format, key }) {
  const url = join(base, '/models');
  const headers = { ...credential(format, key) };
  if (format === 'anthropic') Object.assign(headers, { 'anthropic-version': '2023-06-01', 'anthropic-dangerous-direct-browser-access': 'true' });
  let res;
  try {
    res = await fetch(url, { headers, credentials: 'omit', referrerPolicy: 'no-referrer' });
  } catch {
    const cors = await reachable(url);
    return { ok: false, models: [], message: cors ? 'The server refused this page (CORS); see the help in the error text after sending.' : `Can't reach ${base}.` };
  }
  if (res.status === 401 || res.status === 403) return { ok: false, models: [], message: 'The provider refused the key.' };
  if (!res.ok) return { ok: false, models: [], message: `HTTP ${res.status}` };
  const body = await res.json().catch(() => ({}));
  const list = body.data ?? body.models ?? [];
  const nameOf = (m) => String(m.id ?? m.name ?? '').replace(/^models\//, '');
  const models = list.map(nameOf).filter(Boolean);
  // Context lengths, where the list gives them (OpenRouter, LM Studio, Gemini, Anthropic's max_input_tokens).
  const contexts = {};
  for (const m of list) {
    const n = Number(m.context_length ?? m.max_context_length ?? m.inputTokenLimit ?? m.max_input_tokens ?? 0);
    if (nameOf(m) && Number.isFinite(n) && n > 0) contexts[nameOf(m)] = Math.round(n);
  }
  return { ok: true, models, contexts, message: `Connected: ${models.length} models.` };
}
