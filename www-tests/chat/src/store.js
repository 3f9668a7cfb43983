// What the page keeps in this browser: conversations in IndexedDB (`barline-chat`,
// store `conversations`), settings in localStorage (never a key), and provider keys
// either encrypted with AES-GCM under a non-extractable WebCrypto key kept in
// IndexedDB, or for this tab only (memory and sessionStorage).

const DB = 'barline-chat';
const SCHEMA = 1;
const SETTINGS = 'barline-chat-settings';
const TAB_KEYS = 'barline-chat-tab-keys';

function openDb() {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, SCHEMA);
    req.onupgradeneeded = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains('conversations')) db.createObjectStore('conversations', { keyPath: 'id' });
      if (!db.objectStoreNames.contains('secrets')) db.createObjectStore('secrets');
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

let dbPromise = null;
const db = () => (dbPromise ??= openDb());

async function tx(store, mode, fn) {
  const d = await db();
  return new Promise((resolve, reject) => {
    const t = d.transaction(store, mode);
    const req = fn(t.objectStore(store));
    t.oncomplete = () => resolve(req?.result);
    t.onerror = () => reject(t.error);
    t.onabort = () => reject(t.error);
  });
}

/** Saves one conversation record ({id, title, created, updated, config, conversation}). */
export const saveConversation = (record) => tx('conversations', 'readwrite', (s) => s.put(record));
/** Every conversation record, newest first. */
export async function listConversations() {
  const all = (await tx('conversations', 'readonly', (s) => s.getAll())) ?? [];
  return all.sort((a, b) => b.updated - a.updated);
}
/** Deletes a conversation. */
export const deleteConversation = (id) => tx('conversations', 'readwrite', (s) => s.delete(id));
/** Saves several records in one transaction, so an import writes all of them or none. */
export const saveConversations = (records) => tx('conversations', 'readwrite', (s) => records.map((r) => s.put(r)).at(-1));
/** Deletes several conversations in one transaction. */
export const deleteConversations = (ids) => tx('conversations', 'readwrite', (s) => ids.map((id) => s.delete(id)).at(-1));

/** The page's settings (provider, base URL, model, options; no key). */
export function loadSettings() {
  try { return JSON.parse(localStorage.getItem(SETTINGS)) ?? null; } catch { return null; }
}
export function saveSettings(settings) {
  localStorage.setItem(SETTINGS, JSON.stringify(settings));
}

// ---- keys -------------------------------------------------------------------------

const tabKeys = new Map(Object.entries(JSON.parse(sessionStorage.getItem(TAB_KEYS) ?? '{}')));

/** Keys are kept per provider address: a key is sent only where it was entered for. */
const slot = (preset, base) => `${preset} ${base}`;

async function cryptoKey() {
  let key = await tx('secrets', 'readonly', (s) => s.get('aes'));
  if (!key) {
    key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    await tx('secrets', 'readwrite', (s) => s.put(key, 'aes'));
  }
  return key;
}

// Key writes run in order and every read waits for them, so Settings can apply at once
// and a message sent right after Save still uses the key it saved.
let keyWrites = Promise.resolve();

/** Stores a key for (preset, base) in `mode` ("remember" or "tab"); an empty key removes it. */
export function storeKey(preset, base, key, mode) {
  const write = keyWrites.then(() => writeKey(preset, base, key, mode));
  keyWrites = write.catch(() => {});
  return write;
}

async function writeKey(preset, base, key, mode) {
  const id = slot(preset, base);
  tabKeys.delete(id);
  await tx('secrets', 'readwrite', (s) => s.delete(`key ${id}`));
  // WebCrypto exists only in secure contexts: on a LAN address keys stay in the tab.
  if (key && !crypto.subtle) mode = 'tab';
  if (key && mode === 'tab') tabKeys.set(id, key);
  sessionStorage.setItem(TAB_KEYS, JSON.stringify(Object.fromEntries(tabKeys)));
  if (!key || mode === 'tab') return;
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await cryptoKey(), new TextEncoder().encode(key));
  await tx('secrets', 'readwrite', (s) => s.put({ iv, data }, `key ${id}`));
}

/** The key for (preset, base), or ''. */
export async function loadKey(preset, base) {
  await keyWrites;
  const id = slot(preset, base);
  if (tabKeys.has(id)) return tabKeys.get(id);
  const rec = await tx('secrets', 'readonly', (s) => s.get(`key ${id}`));
  if (!rec) return '';
  try {
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: rec.iv }, await cryptoKey(), rec.data);
    return new TextDecoder().decode(plain);
  } catch {
    return '';
  }
}

/** Forget all keys: every stored key and the encryption key itself. */
export async function forgetKeys() {
  tabKeys.clear();
  sessionStorage.removeItem(TAB_KEYS);
  await tx('secrets', 'readwrite', (s) => s.clear());
}
