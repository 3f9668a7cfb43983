// Parsing object and message-box text into atoms the way Max does (numbers become numbers).

const INT = /^[+-]?\d+$/;
const FLOAT = /^[+-]?(\d+\.\d*|\.\d+|\d+)([eE][+-]?\d+)?$/;

export function parseAtom(token) {
  if (INT.test(token)) return parseInt(token, 10);
  if (FLOAT.test(token)) return parseFloat(token);
  return token;
}

export function tokenize(text) {
  return String(text).trim().split(/\s+/).filter((t) => t !== "");
}

/** A message box's content: comma-separated messages of atoms (tokens keep `$n`). */
export function parseMessages(text) {
  return String(text).split(",").map((m) => tokenize(m)).filter((m) => m.length > 0);
}
