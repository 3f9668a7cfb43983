// Max console model: post() appends to the current line (no implicit newline), error()
// appends to an error row; "\n" ends a line; post() with no arguments starts a new line.

function formatArgs(args) {
  const parts = [];
  for (const a of args) {
    if (Array.isArray(a)) parts.push(...a.map(String));
    else parts.push(String(a));
  }
  return parts.join(" ");
}

export function createConsole({ echo = false } = {}) {
  const lines = [];
  const waiters = []; // [regexp, resolve]: whenLine() promises
  let current = null;
  function write(level, source, text) {
    if (echo) process.stderr.write(`[${source}${level === "error" ? " error" : ""}] ${text}${text.endsWith("\n") ? "" : "\n"}`);
    text.split("\n").forEach((piece, i) => {
      if (i > 0) current = null;
      if (piece === "") return;
      if (!current || current.level !== level) {
        current = { level, source, text: "" };
        lines.push(current);
      }
      current.text += piece;
    });
    for (const w of waiters.splice(0)) {
      if (lines.some((l) => w[0].test(l.text))) w[1]();
      else waiters.push(w);
    }
  }
  return {
    lines,
    post(source, args) {
      if (args.length === 0) { current = null; return; }
      write("normal", source, formatArgs(args));
    },
    error(source, args) { write("error", source, formatArgs(args)); },
    /** Resolves once a line matches `pattern` (already there, or when it is written). */
    whenLine(pattern) {
      if (lines.some((l) => pattern.test(l.text))) return Promise.resolve();
      return new Promise((resolve) => waiters.push([pattern, resolve]));
    },
    errors() { return lines.filter((l) => l.level === "error").map((l) => `${l.source}: ${l.text}`); },
  };
}
