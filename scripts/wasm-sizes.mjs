// Prints where the bytes of a wasm binary go: section sizes, then code bytes per crate
// and the largest functions, from the name section (build with names kept, as
// scripts/build-wasm.sh does for dist/pkg/node). Usage: node scripts/wasm-sizes.mjs <file.wasm> [top]
import { readFileSync } from "node:fs";

const bytes = readFileSync(process.argv[2]);
const top = Number(process.argv[3] ?? 25);

function reader(start) {
  let p = start;
  return {
    get pos() { return p; },
    skip(n) { p += n; },
    u32() {
      let n = 0, shift = 0, b;
      do { b = bytes[p++]; n += (b & 127) * 2 ** shift; shift += 7; } while (b & 128);
      return n;
    },
    name() { const n = this.u32(); const s = bytes.subarray(p, p + n).toString("utf8"); p += n; return s; },
  };
}

const sections = [];
let imports = 0;
let code = null;
let names = new Map();
const r = reader(8);
while (r.pos < bytes.length) {
  const id = bytes[r.pos]; r.skip(1);
  const size = r.u32();
  const start = r.pos;
  let label = ["custom", "type", "import", "function", "table", "memory", "global", "export", "start", "element", "code", "data", "datacount"][id] ?? `id ${id}`;
  if (id === 0) label = `custom ${reader(start).name()}`;
  if (id === 2) {
    const s = reader(start);
    for (let i = 0, n = s.u32(); i < n; i++) { s.name(); s.name(); const kind = bytes[s.pos]; s.skip(1); if (kind === 0) { s.u32(); imports++; } else break; }
  }
  if (id === 10) code = start;
  if (label === "custom name") {
    const s = reader(start); s.name();
    while (s.pos < start + size) {
      const sub = bytes[s.pos]; s.skip(1);
      const len = s.u32(); const end = s.pos + len;
      if (sub === 1) for (let i = 0, n = s.u32(); i < n; i++) { const idx = s.u32(); names.set(idx, s.name()); }
      s.skip(end - s.pos);
    }
  }
  sections.push([label, size]);
  r.skip(size);
}
console.log(`${process.argv[2]}: ${bytes.length} bytes`);
for (const [label, size] of sections) console.log(`  ${label.padEnd(30)} ${String(size).padStart(9)}`);
if (code === null) process.exit(0);

// The crate is the first path segment of a mangled name: legacy (`_ZN12barline_core…`,
// `_ZN95_$LT$serde_json..`) or v0 (`_RNv…Cs<hash>_4core…`).
const crateOf = (n) => {
  let m = /^_ZN\d+(?:_\$LT\$)?([A-Za-z_][A-Za-z0-9_]*?)(?:\.\.|\d|$)/.exec(n);
  if (m) return m[1];
  m = /C(?:s[0-9A-Za-z]*_)?\d+([A-Za-z_][A-Za-z0-9_]*)/.exec(n.startsWith("_R") ? n : "");
  return m ? m[1] : "(unmangled)";
};
const funcs = [];
const c = reader(code);
for (let i = 0, n = c.u32(); i < n; i++) {
  const size = c.u32();
  const name = names.get(imports + i) ?? `func ${imports + i}`;
  funcs.push([name, size]);
  c.skip(size);
}
const byCrate = new Map();
for (const [name, size] of funcs) byCrate.set(crateOf(name), (byCrate.get(crateOf(name)) ?? 0) + size);
console.log("code bytes by crate:");
for (const [k, v] of [...byCrate].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${k.padEnd(30)} ${String(v).padStart(9)}`);
console.log(`largest functions (of ${funcs.length}):`);
for (const [k, v] of funcs.sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${String(v).padStart(7)}  ${k.slice(0, 140)}`);
