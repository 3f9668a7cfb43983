// Writer and reader of .amxd device files (docs/design/max-host.md §5.7–§5.9): the
// unfrozen form (patcher JSON in a `ptch` chunk) and the frozen form (`mx@c` payload with
// blobs and a `dlst` directory). The reader is strict: every deviation is an error naming
// the offset.

const MAC_EPOCH_OFFSET = 2082844800; // seconds from 1904-01-01 to 1970-01-01
const enc = new TextEncoder();
const dec = new TextDecoder("utf-8", { fatal: true });

function chunk(tag, data) {
  const out = new Uint8Array(8 + data.length);
  out.set(enc.encode(tag), 0);
  new DataView(out.buffer).setUint32(4, data.length, true);
  out.set(data, 8);
  return out;
}

function u32le(n) { const b = new Uint8Array(4); new DataView(b.buffer).setUint32(0, n, true); return b; }
function u32be(n) { const b = new Uint8Array(4); new DataView(b.buffer).setUint32(0, n, false); return b; }

function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) { out.set(p, o); o += p.length; }
  return out;
}

/** The patcher JSON as Max writes it for a device: tab-indented, then "\n\0". */
export function patcherBytes(patcher) {
  return concat([enc.encode(JSON.stringify(patcher, null, "\t")), new Uint8Array([0x0a, 0x00])]);
}

function field(tag, data) { return concat([enc.encode(tag), u32be(8 + data.length), data]); }

function fnamData(name) {
  const bytes = enc.encode(name);
  const out = new Uint8Array(Math.ceil((bytes.length + 1) / 4) * 4); // NUL then zero padding
  out.set(bytes, 0);
  return out;
}

/**
 * Writes a device. `files`: [{ name, bytes, type: "TEXT"|"JSON"|…, flag }] frozen into
 * the device when `frozen` is true (ignored otherwise; they then sit beside the device).
 */
export function writeAmxd({ patcher, type = "mmmm", frozen = false, deviceName = "Barline.amxd", files = [], mtime = 0 }) {
  const head = concat([chunk("ampf", enc.encode(type)), chunk("meta", u32le(frozen ? 7 : 1))]);
  const device = patcherBytes(patcher);
  if (!frozen) return concat([head, chunk("ptch", device)]);
  const mdat = (mtime >>> 0) + MAC_EPOCH_OFFSET;
  const entries = [{ name: deviceName, bytes: device, type: "JSON", flag: 17 }, ...files];
  let offset = 16;
  const dire = entries.map((e) => {
    const fields = concat([
      field("type", enc.encode(e.type.padEnd(4, " ").slice(0, 4))),
      field("fnam", fnamData(e.name)),
      field("sz32", u32be(e.bytes.length)),
      field("of32", u32be(offset)),
      field("vers", u32be(0)),
      field("flag", u32be(e.flag ?? 0)),
      field("mdat", u32be(mdat >>> 0)),
    ]);
    offset += e.bytes.length;
    return concat([enc.encode("dire"), u32be(8 + fields.length), fields]);
  });
  const dlstBody = concat(dire);
  const d = offset;
  const header = new Uint8Array(16);
  header.set(enc.encode("mx@c"), 0);
  const hv = new DataView(header.buffer);
  hv.setUint32(4, 16, false);
  hv.setBigUint64(8, BigInt(d), false);
  const payload = concat([header, ...entries.map((e) => e.bytes), enc.encode("dlst"), u32be(8 + dlstBody.length), dlstBody]);
  return concat([head, chunk("ptch", payload)]);
}

class AmxdError extends Error {}

function fail(offset, what) { throw new AmxdError(`amxd: at byte ${offset}: ${what}`); }

function tagAt(b, o) { return String.fromCharCode(b[o], b[o + 1], b[o + 2], b[o + 3]); }

function parsePatcher(bytes, where) {
  if (bytes.length < 2 || bytes[bytes.length - 1] !== 0 || bytes[bytes.length - 2] !== 0x0a) {
    fail(where, 'patcher JSON must end with "\\n\\0"');
  }
  let text;
  try { text = dec.decode(bytes.subarray(0, bytes.length - 2)); } catch { fail(where, "patcher is not UTF-8"); }
  try { return JSON.parse(text); } catch (e) { fail(where, `patcher is not JSON: ${e.message}`); }
}

/**
 * Reads a device file: `{ type, meta, frozen, patcher, files }` where `files` lists the
 * frozen entries after the device itself: `{ name, type, flag, mdat, bytes }`.
 */
export function readAmxd(input) {
  const b = input instanceof Uint8Array ? input : new Uint8Array(input);
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const chunks = [];
  for (let o = 0; o < b.length;) {
    if (o + 8 > b.length) fail(o, "truncated chunk header");
    const tag = tagAt(b, o);
    const len = v.getUint32(o + 4, true);
    if (o + 8 + len > b.length) fail(o, `chunk ${tag} of ${len} bytes runs past the end of the file`);
    chunks.push({ tag, offset: o + 8, data: b.subarray(o + 8, o + 8 + len) });
    o += 8 + len;
  }
  const tags = chunks.map((c) => c.tag).join(",");
  if (tags !== "ampf,meta,ptch") fail(0, `expected chunks ampf,meta,ptch, found ${tags}`);
  const [ampf, meta, ptch] = chunks;
  if (ampf.data.length !== 4) fail(4, "ampf must hold 4 bytes");
  const type = tagAt(ampf.data, 0);
  if (meta.data.length !== 4) fail(16, "meta must hold 4 bytes");
  const metaValue = new DataView(meta.data.buffer, meta.data.byteOffset, 4).getUint32(0, true);
  const p = ptch.data;
  if (tagAt(p, 0) !== "mx@c") return { type, meta: metaValue, frozen: false, patcher: parsePatcher(p, ptch.offset), files: [] };
  const pv = new DataView(p.buffer, p.byteOffset, p.byteLength);
  const at = (o) => ptch.offset + o;
  if (pv.getUint32(4, false) !== 16) fail(at(4), "frozen header length must be 16");
  const d = Number(pv.getBigUint64(8, false));
  if (d + 8 > p.length || tagAt(p, d) !== "dlst") fail(at(8), `no dlst section at payload offset ${d}`);
  if (pv.getUint32(d + 4, false) !== p.length - d) fail(at(d + 4), "dlst length differs from the remaining bytes");
  const entries = [];
  let expectedOffset = 16;
  for (let o = d + 8; o < p.length;) {
    if (tagAt(p, o) !== "dire") fail(at(o), `expected dire, found ${tagAt(p, o)}`);
    const len = pv.getUint32(o + 4, false);
    const e = {};
    for (let f = o + 8; f < o + len;) {
      const tag = tagAt(p, f);
      const flen = pv.getUint32(f + 4, false);
      const data = p.subarray(f + 8, f + flen);
      const dv = new DataView(data.buffer, data.byteOffset, data.byteLength);
      if (tag === "type") e.type = tagAt(data, 0);
      else if (tag === "fnam") {
        const nul = data.indexOf(0);
        if (nul < 0 || data.length !== Math.ceil((nul + 1) / 4) * 4) fail(at(f), "fnam must be NUL-terminated and padded to 4 bytes");
        e.name = dec.decode(data.subarray(0, nul));
      } else if (["sz32", "of32", "vers", "flag", "mdat"].includes(tag)) e[tag] = dv.getUint32(0, false);
      else fail(at(f), `unknown dire field ${tag}`);
      f += flen;
    }
    if (len !== 88 + Math.ceil((enc.encode(e.name ?? "").length + 1) / 4) * 4) fail(at(o), "dire entry length is not 88 + fnam length");
    if (e.of32 !== expectedOffset) fail(at(o), `blob of ${e.name} starts at ${e.of32}, expected ${expectedOffset}`);
    expectedOffset = e.of32 + e.sz32;
    entries.push({ name: e.name, type: e.type, flag: e.flag, mdat: e.mdat, vers: e.vers, bytes: p.slice(e.of32, e.of32 + e.sz32) });
    o += len;
  }
  if (expectedOffset !== d) fail(at(d), "blobs do not end where dlst starts");
  if (!entries.length || entries[0].flag !== 17 || entries[0].type !== "JSON") fail(at(d + 8), "first entry must be the device (JSON, flag 17)");
  return { type, meta: metaValue, frozen: true, name: entries[0].name, patcher: parsePatcher(entries[0].bytes, at(16)), files: entries.slice(1) };
}
