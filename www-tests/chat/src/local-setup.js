// The first run's "A model on this computer" choice (docs/design/chat.md): probes LM
// Studio's and Ollama's usual ports on 127.0.0.1 from the page and answers the first
// server that lists models. Tests give the probe its own list with the query parameter
// `local-ports=<preset>:<port>,…`; no user sees it.

const USUAL = [{ preset: 'lmstudio', port: 1234 }, { preset: 'ollama', port: 11434 }];

/** The servers to probe: the usual ports, or the ones the page's address names. */
export function localCandidates(search = location.search) {
  const given = new URLSearchParams(search).get('local-ports');
  if (!given) return USUAL;
  return given.split(',').map((pair) => {
    const [preset, port] = pair.split(':');
    return { preset, port: Number(port) };
  }).filter((c) => USUAL.some((u) => u.preset === c.preset) && Number.isInteger(c.port) && c.port > 0 && c.port < 65536);
}

/** Resolves `{preset, base, models}` for the first local server that answers, else null. */
export async function probeLocal(candidates = localCandidates()) {
  const answers = await Promise.all(candidates.map(async ({ preset, port }) => {
    const base = `http://127.0.0.1:${port}/v1`;
    try {
      const res = await fetch(`${base}/models`, { credentials: 'omit', referrerPolicy: 'no-referrer', signal: AbortSignal.timeout(3000) });
      if (!res.ok) return null;
      const body = await res.json();
      const models = (body?.data ?? []).map((m) => m?.id).filter((m) => typeof m === 'string');
      return { preset, base, models };
    } catch {
      return null;
    }
  }));
  return answers.find(Boolean) ?? null;
}

const NAMES = { lmstudio: 'LM Studio', ollama: 'Ollama' };

/** What Setup says when none of `candidates` answered: each server with the port it tried. */
export function nobodyAnswers(candidates) {
  const tried = candidates.map(({ preset, port }) => `${NAMES[preset]} (port ${port})`);
  if (!tried.length) return 'No local server was probed.';
  if (tried.length === 1) return `${tried[0]} doesn't answer on this computer.`;
  return `Neither ${tried.slice(0, -1).join(', ')} nor ${tried.at(-1)} answers on this computer.`;
}
