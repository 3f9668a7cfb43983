// Leaving a conversation while its turn runs (docs/design/chat.md): the page asks
// first; yes stops the turn and waits for it to end the way Stop ends it (a running
// tool call finishes, its result is kept), so the conversation is saved whole.

/** How long leaving waits for a stopped turn to end. */
const SETTLE_MS = 60000;

/**
 * `leave()` resolves true when the open conversation may be left: no turn runs, or the
 * user agreed and the turn has ended. `busy()` tells whether a turn runs; `stop()`
 * stops it.
 */
export function createLeave({ busy, stop }) {
  return async function leave() {
    if (!busy()) return true;
    if (!window.confirm('A turn is running in this conversation. Stop it and leave?')) return false;
    stop();
    const deadline = Date.now() + SETTLE_MS;
    while (busy() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    return !busy();
  };
}
