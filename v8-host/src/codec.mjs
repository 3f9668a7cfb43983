// UTF-8 TextEncoder/TextDecoder stand-ins for Max 9.0's v8, which has neither. The
// wasm-bindgen glue needs `new TextDecoder("utf-8", {ignoreBOM, fatal})`, `decode()`
// with no argument, `decode(view)`, and `new TextEncoder().encode(str)`.

export class Utf8Encoder {
  get encoding() { return "utf-8"; }

  encode(input = "") {
    const s = String(input);
    const out = new Uint8Array(s.length * 3);
    let n = 0;
    for (let i = 0; i < s.length; i++) {
      let c = s.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
        const d = s.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          i++;
        } else c = 0xfffd;
      } else if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
      if (c < 0x80) out[n++] = c;
      else if (c < 0x800) { out[n++] = 0xc0 | (c >> 6); out[n++] = 0x80 | (c & 63); }
      else if (c < 0x10000) {
        out[n++] = 0xe0 | (c >> 12); out[n++] = 0x80 | ((c >> 6) & 63); out[n++] = 0x80 | (c & 63);
      } else {
        out[n++] = 0xf0 | (c >> 18); out[n++] = 0x80 | ((c >> 12) & 63);
        out[n++] = 0x80 | ((c >> 6) & 63); out[n++] = 0x80 | (c & 63);
      }
    }
    return out.slice(0, n);
  }
}

export class Utf8Decoder {
  constructor(label = "utf-8", options = {}) {
    const l = String(label).toLowerCase();
    if (l !== "utf-8" && l !== "utf8") throw new RangeError(`unsupported encoding ${label}`);
    this.fatal = Boolean(options && options.fatal);
    this.ignoreBOM = Boolean(options && options.ignoreBOM);
  }

  get encoding() { return "utf-8"; }

  decode(input) {
    if (input === undefined) return "";
    const b = input instanceof Uint8Array ? input
      : ArrayBuffer.isView(input) ? new Uint8Array(input.buffer, input.byteOffset, input.byteLength)
      : new Uint8Array(input);
    let i = 0;
    if (!this.ignoreBOM && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) i = 3;
    const parts = [];
    let units = [];
    const bad = () => {
      if (this.fatal) throw new TypeError("The encoded data was not valid utf-8");
      units.push(0xfffd);
    };
    // WHATWG UTF-8 decoding: one U+FFFD per maximal invalid subpart.
    while (i < b.length) {
      const x = b[i];
      let c, need, lo = 0x80, hi = 0xbf;
      if (x < 0x80) { c = x; need = 0; }
      else if (x >= 0xc2 && x <= 0xdf) { c = x & 31; need = 1; }
      else if (x >= 0xe0 && x <= 0xef) { c = x & 15; need = 2; if (x === 0xe0) lo = 0xa0; if (x === 0xed) hi = 0x9f; }
      else if (x >= 0xf0 && x <= 0xf4) { c = x & 7; need = 3; if (x === 0xf0) lo = 0x90; if (x === 0xf4) hi = 0x8f; }
      else { bad(); i++; continue; }
      let k = 1;
      for (; k <= need; k++) {
        const y = b[i + k];
        if (y === undefined || y < lo || y > hi) break;
        lo = 0x80; hi = 0xbf;
        c = (c << 6) | (y & 63);
      }
      if (k <= need) { bad(); i += k; continue; }
      i += need + 1;
      if (c >= 0x10000) { c -= 0x10000; units.push(0xd800 + (c >> 10), 0xdc00 + (c & 1023)); }
      else units.push(c);
      if (units.length >= 8192) { parts.push(String.fromCharCode.apply(null, units)); units = []; }
    }
    parts.push(String.fromCharCode.apply(null, units));
    return parts.join("");
  }
}
