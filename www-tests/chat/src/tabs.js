// One tab writes a conversation (two tabs, docs/design/chat.md): the tab that opens a
// conversation holds a Web Lock named after it; a second tab opening the same
// conversation finds the lock taken and stays read-only until it takes over, which
// steals the lock and turns the first tab read-only. Where Web Locks are missing (not a
// secure context) every tab writes, as before.

const nameOf = (id) => `barline-chat-conversation-${id}`;

/** A lock holder; `onLost(id)` runs when another tab takes the conversation over. */
export function createTabLock(onLost) {
  let held = null; // { id, release }

  function release() {
    held?.release();
    held = null;
  }

  /**
   * Holds the lock of conversation `id` (releasing the one held before); resolves true
   * when this tab may write it. `steal` takes it from the tab holding it.
   */
  function claim(id, { steal = false } = {}) {
    if (held?.id === id) return Promise.resolve(true);
    release();
    if (!navigator.locks) return Promise.resolve(true);
    return new Promise((resolve) => {
      let release;
      const gone = new Promise((r) => { release = r; });
      const entry = { id, release };
      navigator.locks.request(nameOf(id), steal ? { steal: true } : { ifAvailable: true }, async (lock) => {
        if (!lock) return resolve(false);
        held = entry;
        resolve(true);
        await gone;
      }).catch(() => {
        // Stolen: the other tab writes from now on.
        if (held !== entry) return;
        held = null;
        onLost(id);
      });
    });
  }

  return { claim, release };
}
