// A test double for the relay (node-host/src/relay.mjs): answers tool calls from a
// function instead of Live, records what it was asked, and can hold calls open.
export function fakeRelay(answer = defaultAnswer) {
  const calls = [];
  const held = [];
  const waiters = [];
  let holding = false;
  return {
    calls,
    hold(on) {
      holding = on;
      if (!on) while (held.length) held.shift()();
    },
    async call(req) {
      calls.push(req);
      if (holding) {
        const release = new Promise((r) => held.push(r));
        for (const w of waiters.splice(0)) w();
        await release;
      }
      const out = await answer(req);
      return out;
    },
    pendingCount: () => held.length,
    /** Resolves once `n` calls are held (event-driven: no polling, no sleeping). */
    async held(n) {
      while (held.length < n) await new Promise((r) => waiters.push(r));
    },
  };
}

export function defaultAnswer({ tool, args }) {
  const data = { tool, args };
  return {
    resultJson: JSON.stringify({
      content: [{ type: "text", text: JSON.stringify(data) }],
      structuredContent: data,
    }),
    warnings: [],
  };
}
