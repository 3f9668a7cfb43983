// Max's limits on what crosses a patch cord (docs/design/max-host.md §1.12), enforced
// loudly, and the symbol accounting of section 6 item 9.

export const MAX_SYMBOL_BYTES = 32767;
export const MAX_MESSAGE_ATOMS = 32000;

export class MaxLimitError extends Error {}

export function createAccounting() {
  const symbols = new Set();
  const violations = [];
  return {
    symbols,
    violations,
    /** Counts the strings of a message and fails on an oversize symbol or message. */
    check(where, atoms) {
      if (atoms.length > MAX_MESSAGE_ATOMS) {
        const v = `${where}: message of ${atoms.length} atoms (Max handles at most ${MAX_MESSAGE_ATOMS})`;
        violations.push(v);
        throw new MaxLimitError(v);
      }
      for (const a of atoms) {
        if (typeof a !== "string") continue;
        const bytes = Buffer.byteLength(a, "utf8");
        if (bytes > MAX_SYMBOL_BYTES) {
          const v = `${where}: symbol of ${bytes} UTF-8 bytes (Max's limit is ${MAX_SYMBOL_BYTES})`;
          violations.push(v);
          throw new MaxLimitError(v);
        }
        symbols.add(a);
      }
    },
    countSymbol(s) { if (typeof s === "string") symbols.add(s); },
  };
}

/** Deterministic RNG (mulberry32) for fan-out and receiver shuffling. */
export function seededRandom(seed) {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffle(list, random) {
  const a = [...list];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}
