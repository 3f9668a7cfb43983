// The Conversations panel: the list (pinned first, then newest), and per conversation
// open, rename (inline; Enter keeps, Escape cancels), pin, export and delete with Undo
// for 10 s; "Export all" and "Import…" below it. The rules (order, cap, file format)
// are in conversations.js; this file moves records between them, IndexedDB and the DOM.
import { exportJson, exportName, importPlan, MAX_CONVERSATIONS, ordered, overflow, parseImport } from './conversations.js';
import { deleteConversation, deleteConversations, listConversations, saveConversation, saveConversations } from './store.js';

const $ = (id) => document.getElementById(id);
const UNDO_MS = 10_000;
/** The Undo window: 10 s, unless a test set `window.barlineUndoMs` to wait less. */
const undoMs = () => (Number.isFinite(window.barlineUndoMs) ? window.barlineUndoMs : UNDO_MS);

function download(text, name) {
  const blob = new Blob([text], { type: 'application/json' });
  const a = Object.assign(document.createElement('a'), { href: URL.createObjectURL(blob), download: name });
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/**
 * A row's button. Action buttons are named by their action alone ("Pin") and described
 * by the conversation's title (`describedBy`), so a title matches one button only.
 */
function button(text, label, action, id, describedBy = null) {
  const b = Object.assign(document.createElement('button'), { type: 'button', className: describedBy ? 'act' : 'open-conversation' });
  b.append(Object.assign(document.createElement('span'), { textContent: text }));
  if (label) {
    b.firstChild.setAttribute('aria-hidden', 'true');
    b.setAttribute('aria-label', label);
    b.title = label;
  }
  if (describedBy) b.setAttribute('aria-describedby', describedBy);
  Object.assign(b.dataset, { action, id });
  return b;
}

/** The text box that renames `r`; `done(name)` gets the new name, or null for Escape. */
function nameBox(r, done) {
  const title = r.title || 'Untitled';
  const li = document.createElement('li');
  const input = Object.assign(document.createElement('input'), { value: title, type: 'text' });
  input.setAttribute('aria-label', `New name for ${title}`);
  let finished = false;
  const finish = (name) => { if (!finished) { finished = true; done(name); } };
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') { e.preventDefault(); finish(input.value); }
    if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); finish(null); }
  });
  input.addEventListener('blur', () => finish(input.value));
  li.append(input);
  return li;
}

/** One row: the title (opens it) and its Rename, Pin, Export and Delete buttons. */
function row(r, index, current) {
  const li = document.createElement('li');
  const open = button(r.title || 'Untitled', null, 'open', r.id);
  open.id = `conversation-${index}`;
  if (current) open.setAttribute('aria-current', 'true');
  const pin = button(r.pinned ? '★' : '☆', 'Pin', 'pin', r.id, open.id);
  pin.setAttribute('aria-pressed', String(Boolean(r.pinned)));
  li.append(open, button('✎', 'Rename', 'rename', r.id, open.id), pin,
    button('⤓', 'Export', 'export', r.id, open.id), button('✕', 'Delete', 'delete', r.id, open.id));
  return li;
}

const find = async (id) => (await listConversations()).find((r) => r.id === id);
const focusRow = (id, action = 'open') => $('conversation-list').querySelector(`button[data-action="${action}"][data-id="${CSS.escape(id)}"]`)?.focus();

/** Deletes the oldest unpinned conversations over the cap (never `keep`, the open one). */
async function trimTo(keep) {
  const ids = overflow(await listConversations(), MAX_CONVERSATIONS, keep);
  if (ids.length) await deleteConversations(ids);
}

/** Imports an export file's text; returns what to tell the user. Writes nothing unless the whole file is good. */
async function importText(text, hooks) {
  const parsed = parseImport(text);
  if (parsed.error) return `${parsed.error} Nothing was changed.`;
  const { put, skipped } = importPlan(await listConversations(), parsed.records);
  try {
    await saveConversations(put);
  } catch (e) {
    return `The import failed (${e?.message ?? e}). Nothing was changed.`;
  }
  hooks.replaced(put);
  await trimTo(hooks.currentId());
  const kept = skipped ? ` ${skipped} skipped: the copy here is as new or newer.` : '';
  return `Imported ${put.length} conversation${put.length === 1 ? '' : 's'}.${kept}`;
}

/** The Undo offer after a deletion: `offer(record)` shows it for 10 s; `take()` ends it and returns the record. */
function createUndo() {
  let pending = null;
  const take = () => {
    clearTimeout(pending?.timer);
    const record = pending?.record ?? null;
    pending = null;
    $('undo-bar').hidden = true;
    return record;
  };
  const offer = (record) => {
    take();
    const ms = undoMs();
    pending = { record, timer: setTimeout(take, ms) };
    $('undo-bar').dataset.ms = String(ms);
    $('undo-text').textContent = `Deleted ${record.title || 'Untitled'}.`;
    $('undo-bar').hidden = false;
  };
  return { offer, take };
}

/**
 * Wires the panel. `hooks`: `currentId()`, `busy()` (a turn runs), `leave()` (resolves
 * whether the open conversation may be left, asking first while its turn runs),
 * `flush()` (saves the open conversation), `open(record)`, `changed(record)` (its title or pin changed),
 * `removed(id)` (the open one was deleted), `replaced(records)` (an import rewrote them).
 * Returns `{refresh(), trim()}`.
 */
export function setupPanel(hooks) {
  let editing = null;
  const undo = createUndo();
  const say = (text) => { $('panel-status').textContent = text; };
  // The open conversation is saved first so the stored copy is its latest; others are read as stored.
  const fresh = async (id) => { if (id === hooks.currentId()) await hooks.flush(); return find(id); };

  async function refresh() {
    if (editing) return;
    let list = [];
    try { list = await listConversations(); } catch { return; }
    const focused = document.activeElement?.closest?.('#conversation-list button');
    $('conversation-list').replaceChildren(...ordered(list).map((r, i) => row(r, i, r.id === hooks.currentId())));
    if (focused) focusRow(focused.dataset.id, focused.dataset.action);
  }

  /** Ends a rename: keeps `name` when not blank, else leaves the title as it was. */
  async function rename(id, name) {
    editing = null;
    const r = name?.trim() ? await fresh(id) : null;
    if (r) {
      Object.assign(r, { title: name.trim().slice(0, 120), named: true, updated: Date.now() });
      await saveConversation(r);
      hooks.changed(r);
      say(`Renamed to ${r.title}.`);
    }
    await refresh();
    focusRow(id);
  }

  const actions = {
    async open(id) {
      // Opening the open conversation again is not leaving it, but would restart its turn.
      const stay = id === hooks.currentId() ? hooks.busy() : !(await hooks.leave());
      const r = stay ? null : await find(id);
      if (r) hooks.open(r);
      await refresh();
    },
    async rename(id) {
      const r = await find(id);
      const li = $('conversation-list').querySelector(`button[data-id="${CSS.escape(id)}"]`)?.closest('li');
      if (!li || !r) return;
      editing = id;
      const box = nameBox(r, (name) => rename(id, name));
      li.replaceWith(box);
      box.firstChild.focus();
      box.firstChild.select();
    },
    async pin(id) {
      const r = await fresh(id);
      if (!r) return;
      r.pinned = !r.pinned;
      await saveConversation(r);
      hooks.changed(r);
      say(r.pinned ? `Pinned ${r.title}.` : `Unpinned ${r.title}.`);
      await refresh();
    },
    async export(id) {
      const r = await fresh(id);
      if (r) download(exportJson([r]), exportName(r));
    },
    async delete(id) {
      if (id === hooks.currentId() && !(await hooks.leave())) { say('Stop the turn before deleting this conversation.'); return; }
      const r = await fresh(id);
      if (!r) return;
      await deleteConversation(id);
      if (id === hooks.currentId()) hooks.removed(id);
      undo.offer(r);
      await refresh();
      $('undo-button').focus();
    },
  };
  wire(actions, { undo, say, refresh, hooks });
  return { refresh, trim: () => trimTo(hooks.currentId()) };
}

/** The panel's event listeners: row buttons (F2 on a title renames), Undo, Export all, Import. */
function wire(actions, { undo, say, refresh, hooks }) {
  const list = $('conversation-list');
  list.addEventListener('click', (e) => {
    const b = e.target.closest('button[data-action]');
    if (b) actions[b.dataset.action]?.(b.dataset.id);
  });
  list.addEventListener('keydown', (e) => {
    if (e.key === 'F2' && e.target.dataset?.action === 'open') actions.rename(e.target.dataset.id);
  });
  $('undo-button').addEventListener('click', async () => {
    const record = undo.take();
    if (!record) return;
    await saveConversation(record);
    say(`Restored ${record.title || 'Untitled'}.`);
    await refresh();
    focusRow(record.id);
  });
  $('export-button').addEventListener('click', async () => {
    await hooks.flush();
    download(exportJson(await listConversations().catch(() => [])), 'barline-conversations.json');
  });
  $('import-button').addEventListener('click', () => $('import-file').click());
  $('import-file').addEventListener('change', async () => {
    const file = $('import-file').files?.[0];
    $('import-file').value = '';
    if (!file) return;
    const message = await importText(await file.text(), hooks);
    await refresh();
    say(message);
  });
}
