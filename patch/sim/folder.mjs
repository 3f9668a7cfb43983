// Max's Folder (docs/design/max-host.md §1.3; the js Folder object): iterates the entries
// of one folder of the real file system. The constructor opens the folder at its first
// entry; `end` turns true after the last `next()`; `typelist` (four-char codes, empty =
// all) filters what the iteration shows, applied at `reset()`. Entries come in name
// order. A folder that does not exist opens with `pathname` "" and `end` true (assumed:
// Max's documentation does not say); relative names resolve against the search path.
import { existsSync, readdirSync, statSync } from "node:fs";
import { extname, isAbsolute, join } from "node:path";

// Four-char file type codes by extension, as Max reports common audio and text files.
const TYPES = { ".wav": "WAVE", ".aif": "AIFF", ".aiff": "AIFF", ".aifc": "AIFF", ".flac": "FLAC",
  ".mp3": "Mp3 ", ".m4a": "M4a ", ".ogg": "OggS", ".txt": "TEXT", ".json": "JSON", ".js": "TEXT" };

export function createFolderClass({ folders = [], toContextArray }) {
  const find = (name) => {
    const candidates = isAbsolute(name) ? [name] : folders.map((f) => join(f, name));
    return candidates.find((p) => existsSync(p) && statSync(p).isDirectory()) ?? null;
  };
  return class Folder {
    constructor(pathname) {
      this.typelist = toContextArray([]);
      this._path = pathname === undefined ? null : find(String(pathname));
      this.pathname = this._path ?? "";
      this._all = [];
      if (this._path) {
        this._all = readdirSync(this._path, { withFileTypes: true })
          .map((d) => ({ name: d.name, folder: d.isDirectory() }))
          .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      }
      this.reset();
    }
    get count() { return this._items.length; }
    get end() { return this._i >= this._items.length; }
    get filename() { return this.end ? "" : this._items[this._i].name; }
    get filetype() {
      if (this.end) return "";
      const item = this._items[this._i];
      return item.folder ? "fold" : TYPES[extname(item.name).toLowerCase()] ?? "????";
    }
    get extension() { return this.end || this._items[this._i].folder ? "" : extname(this._items[this._i].name); }
    get moddate() {
      if (this.end) return toContextArray([]);
      const d = statSync(join(this._path, this._items[this._i].name)).mtime;
      return toContextArray([d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()]);
    }
    next() { if (!this.end) this._i += 1; }
    reset() {
      const types = Array.from(this.typelist ?? []);
      this._items = this._all.filter((e) => types.length === 0
        || types.includes(e.folder ? "fold" : TYPES[extname(e.name).toLowerCase()] ?? "????"));
      this._i = 0;
    }
    close() { this._all = []; this._items = []; this._i = 0; }
  };
}
