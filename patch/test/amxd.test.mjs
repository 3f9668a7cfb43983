// The built device files (ring 5): both forms follow docs/design/max-host.md §5.7–§5.9
// byte for byte in structure, our reader reads them back, and the simulator runs that
// patch.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { readAmxd, writeAmxd, patcherBytes } from "../amxd.mjs";
import { devicePatcher, NODE_FILE, V8_FILE } from "../device.mjs";
import { startDevice, DEFAULT_DEVICE, FROZEN_DEVICE } from "../sim/index.mjs";
import { deviceLiveSet } from "../sim/test/live-sets.mjs";

const dist = fileURLToPath(new URL("../../dist/device/", import.meta.url));
const unfrozen = readFileSync(DEFAULT_DEVICE);
const frozen = readFileSync(FROZEN_DEVICE);
const ascii = (b, o, n = 4) => Buffer.from(b.subarray(o, o + n)).toString("latin1");

test("the unfrozen device has the documented header and payload", () => {
  const dv = new DataView(unfrozen.buffer, unfrozen.byteOffset, unfrozen.byteLength);
  assert.equal(ascii(unfrozen, 0), "ampf");
  assert.equal(dv.getUint32(4, true), 4);
  assert.equal(ascii(unfrozen, 8), "mmmm");
  assert.equal(ascii(unfrozen, 12), "meta");
  assert.equal(dv.getUint32(16, true), 4);
  assert.equal(dv.getUint32(20, true), 1);
  assert.equal(ascii(unfrozen, 24), "ptch");
  assert.equal(dv.getUint32(28, true), unfrozen.length - 32);
  assert.deepEqual([...unfrozen.subarray(-3)], [0x7d, 0x0a, 0x00]); // "}\n\0"
  const device = readAmxd(unfrozen);
  assert.equal(device.frozen, false);
  assert.equal(device.type, "mmmm");
  assert.deepEqual(device.patcher, devicePatcher());
});

test("the frozen device has the documented mx@c layout with both scripts inside", () => {
  const payload = frozen.subarray(32);
  const pv = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
  assert.equal(new DataView(frozen.buffer, frozen.byteOffset).getUint32(20, true), 7);
  assert.equal(ascii(payload, 0), "mx@c");
  assert.equal(pv.getUint32(4, false), 16);
  const d = Number(pv.getBigUint64(8, false));
  assert.equal(ascii(payload, d), "dlst");
  assert.equal(pv.getUint32(d + 4, false), payload.length - d);
  // First entry: the device itself, JSON, flag 17, blob at 16; fnam "Barline.amxd" → 16 bytes.
  assert.equal(ascii(payload, d + 8), "dire");
  assert.equal(pv.getUint32(d + 12, false), 88 + 16);
  const device = readAmxd(frozen);
  assert.equal(device.frozen, true);
  assert.equal(device.name, "Barline.amxd");
  assert.deepEqual(device.patcher, devicePatcher());
  assert.deepEqual(device.files.map((f) => [f.name, f.type, f.flag]), [[V8_FILE, "TEXT", 0], [NODE_FILE, "TEXT", 8]]);
  assert.deepEqual(Buffer.from(device.files[0].bytes), readFileSync(`${dist}${V8_FILE}`));
  assert.deepEqual(Buffer.from(device.files[1].bytes), readFileSync(`${dist}${NODE_FILE}`));
  const unixNow = Date.now() / 1000;
  assert.ok(Math.abs(device.files[0].mdat - 2082844800 - unixNow) < 3 * 86400);
});

test("the device patcher keeps Max's own conventions: code {}, stored-only settings, dependency_cache", () => {
  const { patcher } = readAmxd(unfrozen).patcher;
  assert.deepEqual(patcher.project.contents.code, {});
  const params = patcher.boxes.map((b) => b.box).filter((b) => b.parameter_enable || b.saved_object_attributes?.parameter_enable);
  // Every setting: port, timeout, the toggles and the stored texts (token, memory, tools, folder, origins).
  assert.deepEqual(params.map((b) => b.varname).sort(), ["allowed-origins", "chat-provider-origins", "disabled-tools", "json-output", "memory-enabled", "memory-text",
    "memory-writable", "port", "raw-live-api", "require-token", "sample-folder-path", "small-model", "timeout", "token"]);
  for (const b of params) assert.equal(b.saved_attribute_attributes.valueof.parameter_invisible, 1, `${b.varname} may be automated`);
  // Every parameter is listed in the patcher's parameters map under its box id.
  for (const b of params) assert.equal(patcher.parameters[b.id][0], b.saved_attribute_attributes.valueof.parameter_longname);
  for (const d of patcher.dependency_cache) {
    assert.deepEqual(Object.keys(d), ["name", "bootpath", "patcherrelativepath", "type", "implicit"]);
  }
  assert.deepEqual(patcher.dependency_cache.map((d) => [d.name, d.type]), [[V8_FILE, "TEXT"], [NODE_FILE, "TEXT"]]);
});

test("fnam is NUL-terminated and padded to a multiple of 4 as Max writes it", () => {
  for (const [name, padded] of [["Test.amxd", 12], ["MyAbstraction.maxpat", 24], ["abc", 4], ["abcd", 8]]) {
    const bytes = writeAmxd({ patcher: { patcher: { boxes: [], lines: [] } }, frozen: true, deviceName: name });
    const payload = bytes.subarray(32);
    const pv = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
    const d = Number(pv.getBigUint64(8, false));
    assert.equal(pv.getUint32(d + 12, false), 88 + padded, name);
    assert.equal(readAmxd(bytes).name, name);
  }
});

test("the reader refuses damaged files with the offset of the fault", () => {
  const cut = unfrozen.subarray(0, unfrozen.length - 10);
  assert.throws(() => readAmxd(cut), /at byte 24: chunk ptch .* runs past the end/);
  const noNul = Buffer.from(unfrozen);
  noNul[noNul.length - 1] = 0x20;
  assert.throws(() => readAmxd(noNul), /must end with/);
  const badDlst = Buffer.from(frozen);
  badDlst.writeUInt32BE(badDlst.readUInt32BE(32 + Number(badDlst.readBigUInt64BE(40)) + 4) + 1, 32 + Number(badDlst.readBigUInt64BE(40)) + 4);
  assert.throws(() => readAmxd(badDlst), /dlst length differs/);
  const wrongTag = Buffer.from(unfrozen);
  wrongTag.write("ciph", 24, "latin1");
  assert.throws(() => readAmxd(wrongTag), /expected chunks ampf,meta,ptch, found ampf,meta,ciph/);
});

test("patcher bytes are tab-indented JSON ending in a newline and NUL", () => {
  const b = patcherBytes({ patcher: { a: 1 } });
  assert.equal(Buffer.from(b).toString("utf8"), '{\n\t"patcher": {\n\t\t"a": 1\n\t}\n}\n\0');
});

for (const [form, path] of [["unfrozen", DEFAULT_DEVICE], ["frozen", FROZEN_DEVICE]]) {
  test(`the simulator runs the patch read from the ${form} device`, async () => {
    const device = await startDevice({ device: path, liveSet: await deviceLiveSet(), settings: { diagnostics: true } });
    try {
      assert.deepEqual(device.device.patcher, readAmxd(readFileSync(path)).patcher);
      assert.equal(device.patch.objects.size, device.device.patcher.patcher.boxes.length);
      const r = await device.callTool("barline-debug-echo", { text: form });
      assert.equal(r.structuredContent.text, form);
    } finally {
      await device.stop();
    }
  });
}
