// The Live host object: LiveAPI calls over a pool keyed by id.
import { test } from "node:test";
import assert from "node:assert/strict";
import { POOL_LIMIT, createLiveHost } from "../src/live-host.mjs";

function fakeLiveApi() {
  const created = [];
  const ids = { live_set: 1, "live_set tracks 0": 7, "id 1": 1, "id 7": 7 };
  class LiveAPI {
    constructor(path) { created.push(path); this.id = ids[path] ?? 0; }
    get path() { return `"${Object.keys(ids).find((k) => ids[k] === this.id)}"`; }
    get type() { return this.id === 1 ? "Song" : "Track"; }
    get(p) { return [p, this.id]; }
    set(p, v) { this.last = [p, v]; }
    call(f, ...a) { return a.length ? [f, ...a] : f; }
    getcount() { return 3; }
  }
  return { LiveAPI, created };
}

test("resolve pools objects by id and later calls reuse them", () => {
  const { LiveAPI, created } = fakeLiveApi();
  const host = createLiveHost(LiveAPI);
  assert.equal(host.resolve("live_set"), 1);
  assert.equal(host.resolve("live_set"), 1);
  assert.deepEqual(host.get(1, "tempo"), ["tempo", 1]);
  assert.deepEqual(host.call(1, "f", [1, "a"]), ["f", 1, "a"]);
  assert.equal(host.getCount(1, "tracks"), 3);
  assert.equal(host.typeOf(1), "Song");
  assert.equal(host.poolSize(), 1);
  // Path objects are freed once their id is read; one `id N` object serves every request.
  assert.deepEqual(created, ["live_set", "live_set", "id 1"]);
  assert.equal(host.resolve("id 7"), 7);
  assert.equal(host.resolve("live_set tracks 9"), 0);
  assert.equal(host.resolve("id 99"), 0);
  assert.throws(() => host.get(99, "name"), /no object with id 99/);
});

test("the pool holds at most POOL_LIMIT objects and frees every object it lets go", () => {
  let alive = 0;
  const made = [];
  class LiveAPI {
    constructor(path) {
      alive += 1;
      made.push(this);
      const m = /^id (\d+)$/.exec(path) ?? /^live_set tracks (\d+)$/.exec(path);
      this.id = m ? String(Number(m[1]) + (path.startsWith("id") ? 0 : 1000)) : "0";
    }
    get(p) { return [p]; }
    freepeer() { alive -= 1; this.freed = true; }
  }
  const host = createLiveHost(LiveAPI);
  for (let i = 1; i <= POOL_LIMIT + 300; i++) host.get(i, "name");
  assert.equal(host.poolSize(), POOL_LIMIT);
  assert.equal(alive, POOL_LIMIT);
  host.get(POOL_LIMIT + 300, "name"); // the newest are kept, the oldest were freed
  assert.equal(made.length, POOL_LIMIT + 300);
  assert.equal(made[0].freed, true);
  assert.equal(host.resolve("live_set tracks 3"), 1003);
  assert.equal(alive, POOL_LIMIT, "a path object is freed once its id is read");
  assert.throws(() => host.get(0, "name"), /no object with id 0/);
  assert.equal(alive, POOL_LIMIT, "an object that addresses nothing is freed too");
});

test("fileExists asks Max's File and closes what it opened", () => {
  const { LiveAPI } = fakeLiveApi();
  const closed = [];
  class File {
    constructor(name, access) { this.name = name; this.isopen = access === "read" && name === "/a.wav"; }
    close() { closed.push(this.name); }
  }
  const host = createLiveHost(LiveAPI, File);
  assert.equal(host.fileExists("/a.wav"), true);
  assert.equal(host.fileExists("/missing.wav"), false);
  assert.deepEqual(closed, ["/a.wav"]);
});

test("listFolder walks one folder with Max's Folder: names and kinds, null when absent", async () => {
  const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const { createFolderClass } = await import("../../patch/sim/folder.mjs");
  const dir = mkdtempSync(join(tmpdir(), "barline-folder-"));
  try {
    mkdirSync(join(dir, "Drums"));
    writeFileSync(join(dir, "b.wav"), "");
    writeFileSync(join(dir, "a.txt"), "");
    const Folder = createFolderClass({ toContextArray: (a) => Array.from(a) });
    const { LiveAPI } = fakeLiveApi();
    const host = createLiveHost(LiveAPI, undefined, Folder);
    assert.deepEqual(host.listFolder(dir), [["Drums", true], ["a.txt", false], ["b.wav", false]]);
    assert.deepEqual(host.listFolder(join(dir, "Drums")), []);
    assert.equal(host.listFolder(join(dir, "missing")), null);
    assert.throws(() => createLiveHost(LiveAPI, undefined, null).listFolder(dir), /Folder is not available/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
