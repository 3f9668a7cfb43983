// Max's File (docs/design/max-host.md §1.10). Reading: resolved in the script's folder, then the
// search path; `readbytes` returns plain number arrays and is capped per call so code
// that assumes whole-file reads fails in tests. An absolute path the fake Live Set lists
// (fixture `files`) also opens, with no bytes: the Set's samples exist for the device.
// Writing ("write" access, as the Live Check device writes its report): a relative name
// goes to the script's folder; `writestring` appends; `close` writes the file.
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, isAbsolute, join } from "node:path";

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
      if (String(this.access).includes("write")) {
        const target = isAbsolute(String(name)) ? String(name) : join(folders[0] ?? ".", String(name));
        this._target = target;
        this._written = [];
        this.filename = basename(target);
        this.foldername = dirname(target);
        this.isopen = existsSync(dirname(target));
        this.position = 0;
        this.eof = 0;
        return;
      }
      const path = name === undefined ? null : find(String(name));
      this.filename = name === undefined ? "" : String(name).split("/").pop();
      this.foldername = path ? path.slice(0, path.length - this.filename.length - 1) : "";
      this.isopen = path !== null;
      this._bytes = path ? (existsSync(path) ? readFileSync(path) : Buffer.alloc(0)) : null;
      this.eof = this._bytes ? this._bytes.length : 0;
      this.position = 0;
      this.filetype = this.isopen ? "TEXT" : "";
    }
    writestring(text) {
      if (!this.isopen || !this._written) return;
      const bytes = Buffer.from(String(text), "utf8");
      this._written.push(bytes);
      this.position += bytes.length;
    }
    close() {
      if (this.isopen && this._written) writeFileSync(this._target, Buffer.concat(this._written).subarray(0, this.eof || this.position));
      this.isopen = false;
      this._bytes = null;
      this._written = null;
    }
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
