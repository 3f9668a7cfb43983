// A test double for the relay of NODE-HOST-CONTRACT.md: answers tool calls from a
// function instead of Live, records what it was asked, and can hold calls open.
export function fakeRelay(answer = defaultAnswer) {
  const calls = [];
  const held = [];
  let holding = false;
  return {
    calls,
    hold(on) {
      holding = on;
      if (!on) while (held.length) held.shift()();
    },
    async call(req) {
      calls.push(req);
      if (holding) await new Promise((r) => held.push(r));
      const out = await answer(req);
      return out;
    },
    pendingCount: () => held.length,
    setTimeoutMs() {},
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
