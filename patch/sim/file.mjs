// Max's File for reading (docs/design/max-host.md §1.10): resolved in the script's
// folder, then the search path; `readbytes` returns plain number arrays and is capped per
// call so code that assumes whole-file reads fails in tests. An absolute path the fake
// Live Set lists (fixture `files`) also opens, with no bytes: the Set's samples exist for
// the device.
import { existsSync, readFileSync, statSync } from "node:fs";
import { isAbsolute, join } from "node:path";

export function createFileClass({ folders, readCap = 4096, toContextArray, setHasFile = () => false }) {
  const find = (name) => {
    if (isAbsolute(name)) {
      if (existsSync(name) && statSync(name).isFile()) return name;
      return setHasFile(name) ? name : null;
    }
    for (const f of folders) {
      const p = join(f, name);
      if (existsSync(p) && statSync(p).isFile()) return p;
    }
    return null;
  };
  return class File {
    constructor(name, access = "read", typelist) {
      this.access = access;
      this.typelist = typelist ?? [];
      this.byteorder = "native";
      this.linebreak = "native";
      this.isopen = false;
      this.position = 0;
      this.eof = 0;
      this._bytes = null;
      if (name !== undefined) this.open(name);
    }
    open(name = this.filename) {
      const path = name === undefined ? null : find(String(name));
      this.filename = name === undefined ? "" : String(name).split("/").pop();
      this.foldername = path ? path.slice(0, path.length - this.filename.length - 1) : "";
      this.isopen = path !== null;
      this._bytes = path ? (existsSync(path) ? readFileSync(path) : Buffer.alloc(0)) : null;
      this.eof = this._bytes ? this._bytes.length : 0;
      this.position = 0;
      this.filetype = this.isopen ? "TEXT" : "";
    }
    close() { this.isopen = false; this._bytes = null; }
    readbytes(n) {
      if (!this.isopen) return toContextArray([]);
      const count = Math.max(0, Math.min(Number(n) || 0, readCap, this.eof - this.position));
      const out = Array.from(this._bytes.subarray(this.position, this.position + count));
      this.position += count;
      return toContextArray(out);
    }
    readstring(n) {
      const bytes = this.readbytes(n);
      return Buffer.from(bytes).toString("utf8");
    }
    readline(max = 512) {
      if (!this.isopen || this.position >= this.eof) return null;
      const rest = this._bytes.subarray(this.position, Math.min(this.eof, this.position + max));
      const nl = rest.indexOf(0x0a);
      const line = rest.subarray(0, nl < 0 ? rest.length : nl);
      this.position += line.length + (nl < 0 ? 0 : 1);
      return Buffer.from(line).toString("utf8").replace(/\r$/, "");
    }
  };
}
