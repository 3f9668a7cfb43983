// The UTF-8 codec and base64 decoder Max 9.0's v8 needs, against Node's implementations.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Utf8Decoder, Utf8Encoder } from "../src/codec.mjs";
import { decodeBase64 } from "../src/base64.mjs";

const samples = ["", "abc", "é漢字", "𝄞🎹 astral", "\u0000\u007f\u0080\u07ff\u0800\uffff", "\ud83c", "x\udc00y", "a".repeat(20000) + "漢".repeat(9000)];

test("the encoder matches TextEncoder, lone surrogates become U+FFFD", () => {
  const mine = new Utf8Encoder();
  const node = new TextEncoder();
  for (const s of samples) assert.deepEqual(mine.encode(s), node.encode(s), JSON.stringify(s.slice(0, 20)));
});

test("the decoder matches TextDecoder on valid and invalid input", () => {
  const mine = new Utf8Decoder("utf-8", { ignoreBOM: true });
  const node = new TextDecoder("utf-8", { ignoreBOM: true });
  for (const s of samples) assert.equal(mine.decode(new TextEncoder().encode(s)), s.replace(/[\ud800-\udfff]/gu, "\ufffd"));
  for (const bytes of [[0xff], [0xc3], [0xe6, 0xbc], [0xed, 0xa0, 0x80], [0xc0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0x61, 0xe6, 0x62]]) {
    const b = new Uint8Array(bytes);
    assert.equal(mine.decode(b), node.decode(b), bytes.join(","));
  }
  assert.equal(mine.decode(), "");
  const withBom = new Uint8Array([0xef, 0xbb, 0xbf, 0x61]);
  assert.equal(new Utf8Decoder().decode(withBom), "a");
  assert.equal(mine.decode(withBom), "\ufeffa");
});

test("a fatal decoder throws on invalid input", () => {
  assert.throws(() => new Utf8Decoder("utf-8", { fatal: true }).decode(new Uint8Array([0xff])), TypeError);
  assert.throws(() => new Utf8Decoder("latin1"), RangeError);
});

test("decodes views into a larger buffer", () => {
  const buf = new TextEncoder().encode("xx漢字yy");
  assert.equal(new Utf8Decoder().decode(buf.subarray(2, 8)), "漢字");
});

test("base64 decoding matches Buffer", () => {
  for (const len of [0, 1, 2, 3, 4, 5, 100, 4097]) {
    const bytes = Uint8Array.from({ length: len }, (_, i) => (i * 37 + 11) & 255);
    assert.deepEqual(decodeBase64(Buffer.from(bytes).toString("base64")), bytes);
  }
  assert.throws(() => decodeBase64("ab$d"), /bad character at 2/);
});

test("random bytes decode exactly as TextDecoder does", () => {
  let seed = 42;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8) & 255;
  const mine = new Utf8Decoder("utf-8", { ignoreBOM: true });
  const node = new TextDecoder("utf-8", { ignoreBOM: true });
  for (let n = 0; n < 2000; n++) {
    const bytes = Uint8Array.from({ length: n % 13 }, () => { const r = rnd(); return r < 90 ? r : r | 0x80; });
    assert.equal(mine.decode(bytes), node.decode(bytes), [...bytes].join(","));
  }
});
