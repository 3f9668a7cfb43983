// Base64 decoding without atob (absent in Max's v8): the wasm travels inside the script.

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

export function decodeBase64(text) {
  const table = new Uint8Array(128).fill(255);
  for (let i = 0; i < 64; i++) table[ALPHABET.charCodeAt(i)] = i;
  let len = text.length;
  while (len > 0 && text[len - 1] === "=") len--;
  const out = new Uint8Array(Math.floor((len * 3) / 4));
  let acc = 0, bits = 0, n = 0;
  for (let i = 0; i < len; i++) {
    const v = table[text.charCodeAt(i)];
    if (v === undefined || v === 255) throw new Error(`base64: bad character at ${i}`);
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) { bits -= 8; out[n++] = (acc >> bits) & 255; }
  }
  return out.subarray(0, n);
}
