// The Live host object handed to core's V8Core: LiveAPI calls only, over a bounded pool
// of LiveAPI objects keyed by id so a tool call does not allocate one object per Live
// call, plus the file check and folder listing of docs/design/live-model.md §3 (Max's File and Folder).
// Pool size and release are decided in docs/design/liveapi-pool.md: at most 256
// id-addressed objects, least recently used first out, every object leaving the pool
// (and every path-addressed object, once its id is read) freed with `freepeer()`.
//
// Port contract (core/src/live/port.rs): a request Live refuses answers what LiveAPI
// answers after posting the error; this object throws only when it cannot address an
// object, with the text "no object with id N" that core's LiveError::no_object uses.

export const POOL_LIMIT = 256;

// Max frees the Live object behind a LiveAPI at `freepeer()`; where a build lacks the
// method, dropping the last reference is all there is.
function release(api) {
  if (typeof api.freepeer === "function") api.freepeer();
}

// `FileClass` and `FolderClass` are Max's File and Folder (globals in the v8 object);
// tests pass stand-ins.
export function createLiveHost(LiveAPI, FileClass = globalThis.File, FolderClass = globalThis.Folder) {
  const pool = new Map(); // id (string) -> LiveAPI, oldest first

  function idOf(api) {
    const id = String(api.id);
    return id === "0" || id === "id 0" ? "0" : id.replace(/^id /, "");
  }

  function remember(id, api) {
    if (pool.has(id)) pool.delete(id);
    pool.set(id, api);
    if (pool.size > POOL_LIMIT) {
      const oldest = pool.keys().next().value;
      release(pool.get(oldest));
      pool.delete(oldest);
    }
  }

  function byId(id) {
    const key = String(id);
    let api = pool.get(key);
    if (api && idOf(api) !== key) { pool.delete(key); release(api); api = undefined; } // object was deleted
    if (!api) {
      api = new LiveAPI(`id ${key}`);
      if (idOf(api) === "0") {
        release(api);
        throw new Error(`no object with id ${key}`);
      }
      remember(key, api);
    }
    return api;
  }

  return {
    resolve(path) {
      const m = /^id (\d+)$/.exec(path);
      if (m) {
        try { return Number(idOf(byId(m[1]))); } catch { return 0; }
      }
      // A path-addressed object makes Live watch every list along its path for as long
      // as it lives: read its id and free it; later requests go through `id N` objects.
      const api = new LiveAPI(path);
      const id = idOf(api);
      release(api);
      return Number(id);
    },
    get(id, property) { return byId(id).get(property); },
    set(id, property, value) { byId(id).set(property, ...value); },
    call(id, fn, args) { return byId(id).call(fn, ...args); },
    getCount(id, child) { return byId(id).getcount(child); },
    typeOf(id) { return String(byId(id).type); },
    pathOf(id) { return String(byId(id).path); },
    fileExists(path) {
      const file = new FileClass(String(path), "read");
      const found = Boolean(file.isopen);
      if (found) file.close();
      return found;
    },
    // One folder's entries as [name, isFolder] pairs in listing order, or null when no
    // folder is there (Max's Folder then has no pathname). Recursion is core's.
    listFolder(path) {
      if (typeof FolderClass !== "function") throw new Error("Folder is not available in this host");
      const folder = new FolderClass(String(path));
      try {
        if (!folder.pathname) return null;
        folder.typelist = [];
        folder.reset();
        const entries = [];
        while (!folder.end) {
          if (folder.filename) entries.push([String(folder.filename), folder.filetype === "fold"]);
          folder.next();
        }
        return entries;
      } finally {
        folder.close();
      }
    },
    poolSize() { return pool.size; },
  };
}
