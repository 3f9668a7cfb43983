// The Conversations panel: the list (pinned first, then newest), and per conversation
// open, rename (inline; Enter keeps, Escape cancels), pin, export and delete with Undo
// for 10 s; "Export all" and "Import…" below it. The rules (order, cap, file format)
// are in conversations.js; this file moves records between them, IndexedDB and the DOM.
import { exportJson, exportName, importPlan, MAX_CONVERSATIONS, ordered, overflow, parseImport } from './conversations.js';
import { deleteConversation, deleteConversations, listConversations, saveConversation, saveConversations } from './store.js';

const $ = (id) => document.getElementById(id);
const UNDO_MS = 10_000;

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

/**
 * Wires the panel. `hooks`: `currentId()`, `busy()` (a turn runs), `flush()` (saves the
 * open conversation), `open(record)`, `changed(record)` (its title or pin changed),
 * `removed(id)` (the open one was deleted), `replaced(records)` (an import rewrote them).
 * Returns `{refresh(), trim()}`.
 */
export function setupPanel(hooks) {
  let editing = null;
  let undo = null;
  const say = (text) => { $('panel-status').textContent = text; };

  async function fresh(id) {
    await hooks.flush();
    return (await listConversations()).find((r) => r.id === id);
  }

  function item(r, index) {
    const title = r.title || 'Untitled';
    const li = document.createElement('li');
    if (editing === r.id) {
      const input = Object.assign(document.createElement('input'), { value: title, type: 'text' });
      input.setAttribute('aria-label', `New name for ${title}`);
      input.addEventListener('keydown', (e) => {
        if (e.key === 'Enter') { e.preventDefault(); rename(r.id, input.value); }
        if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); rename(r.id, null); }
      });
      input.addEventListener('blur', () => { if (editing === r.id) rename(r.id, input.value); });
      li.append(input);
      return li;
    }
    const open = button(title, null, 'open', r.id);
    open.id = `conversation-${index}`;
    if (r.id === hooks.currentId()) open.setAttribute('aria-current', 'true');
    open.addEventListener('keydown', (e) => { if (e.key === 'F2') startRename(r.id); });
    const pin = button(r.pinned ? '★' : '☆', 'Pin', 'pin', r.id, open.id);
    pin.setAttribute('aria-pressed', String(Boolean(r.pinned)));
    li.append(open, button('✎', 'Rename', 'rename', r.id, open.id), pin,
      button('⤓', 'Export', 'export', r.id, open.id), button('✕', 'Delete', 'delete', r.id, open.id));
    return li;
  }

  async function refresh() {
    if (editing) return;
    let list = [];
    try { list = await listConversations(); } catch { return; }
    const focused = document.activeElement?.closest?.('#conversation-list button');
    const again = focused && { action: focused.dataset.action, id: focused.dataset.id };
    $('conversation-list').replaceChildren(...ordered(list).map((r, i) => item(r, i)));
    if (again) $('conversation-list').querySelector(`button[data-action="${again.action}"][data-id="${CSS.escape(again.id)}"]`)?.focus();
  }

  async function startRename(id) {
    const r = (await listConversations()).find((x) => x.id === id);
    const li = $('conversation-list').querySelector(`button[data-id="${CSS.escape(id)}"]`)?.closest('li');
    if (!li || !r) return;
    editing = id;
    li.replaceWith(item(r, 0));
    const input = $('conversation-list').querySelector('input');
    input.focus();
    input.select();
  }

  /** Ends a rename: keeps `name` when given and not blank, else leaves the title as it was. */
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
    $('conversation-list').querySelector(`button[data-action="open"][data-id="${CSS.escape(id)}"]`)?.focus();
  }

  async function pin(id) {
    const r = await fresh(id);
    if (!r) return;
    r.pinned = !r.pinned;
    await saveConversation(r);
    hooks.changed(r);
    say(r.pinned ? `Pinned ${r.title}.` : `Unpinned ${r.title}.`);
    await refresh();
  }

  async function remove(id) {
    if (id === hooks.currentId() && hooks.busy()) { say('Stop the turn before deleting this conversation.'); return; }
    const r = await fresh(id);
    if (!r) return;
    await deleteConversation(id);
    if (id === hooks.currentId()) hooks.removed(id);
    clearTimeout(undo?.timer);
    undo = { record: r, timer: setTimeout(endUndo, UNDO_MS) };
    $('undo-text').textContent = `Deleted ${r.title || 'Untitled'}.`;
    $('undo-bar').hidden = false;
    await refresh();
    $('undo-button').focus();
  }

  function endUndo() {
    clearTimeout(undo?.timer);
    undo = null;
    $('undo-bar').hidden = true;
  }

  async function exportOne(id) {
    const r = await fresh(id);
    if (r) download(exportJson([r]), exportName(r));
  }

  /** Deletes the oldest unpinned conversations over the cap (never the open one). */
  async function trim() {
    const list = await listConversations();
    const ids = overflow(list, MAX_CONVERSATIONS, hooks.currentId());
    if (ids.length) await deleteConversations(ids);
  }

  async function importFile(file) {
    const parsed = parseImport(await file.text());
    if (parsed.error) { say(`${parsed.error} Nothing was changed.`); return; }
    const { put, skipped } = importPlan(await listConversations(), parsed.records);
    try {
      await saveConversations(put);
    } catch (e) {
      say(`The import failed (${e?.message ?? e}). Nothing was changed.`);
      return;
    }
    hooks.replaced(put);
    await trim();
    await refresh();
    const kept = skipped ? ` ${skipped} skipped: the copy here is as new or newer.` : '';
    say(`Imported ${put.length} conversation${put.length === 1 ? '' : 's'}.${kept}`);
  }

  $('conversation-list').addEventListener('click', async (e) => {
    const b = e.target.closest('button[data-action]');
    if (!b) return;
    const { action, id } = b.dataset;
    if (action === 'open') {
      if (hooks.busy()) return;
      const r = (await listConversations()).find((x) => x.id === id);
      if (r) hooks.open(r);
      await refresh();
    } else if (action === 'rename') startRename(id);
    else if (action === 'pin') pin(id);
    else if (action === 'export') exportOne(id);
    else if (action === 'delete') remove(id);
  });
  $('undo-button').addEventListener('click', async () => {
    if (!undo) return;
    const { record } = undo;
    endUndo();
    await saveConversation(record);
    say(`Restored ${record.title || 'Untitled'}.`);
    await refresh();
    $('conversation-list').querySelector(`button[data-action="open"][data-id="${CSS.escape(record.id)}"]`)?.focus();
  });
  $('export-button').addEventListener('click', async () => {
    await hooks.flush();
    download(exportJson(await listConversations().catch(() => [])), 'barline-conversations.json');
  });
  $('import-button').addEventListener('click', () => $('import-file').click());
  $('import-file').addEventListener('change', async () => {
    const file = $('import-file').files?.[0];
    $('import-file').value = '';
    if (file) await importFile(file);
  });

  return { refresh, trim };
}
