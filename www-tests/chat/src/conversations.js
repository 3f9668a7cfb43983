// The rules of the conversation list, without DOM or storage so Node can test them:
// the order (pinned first, then newest), the 200-conversation cap, the export format
// ("export all" and "export one" write the same shape) and reading an import back.
// Exports are built field by field from known names, so nothing but a record's own
// data (never a key or the device token) can reach a file.

/** How many conversations the browser keeps; saving one more drops the oldest unpinned. */
export const MAX_CONVERSATIONS = 200;

const FORMAT = 'barline-chat';
const VERSION = 1;
const CONFIG_FIELDS = ['preset', 'format', 'model', 'systemPrompt', 'roundLimit', 'contextLength'];

/** Pinned conversations first, then newest first by `updated`. */
export function ordered(records) {
  return [...records].sort((a, b) => Number(Boolean(b.pinned)) - Number(Boolean(a.pinned)) || b.updated - a.updated);
}

/**
 * The ids to delete so at most `max` remain: the oldest unpinned ones, never `keep`
 * (the open conversation). Pinned ones are never dropped, even over the cap.
 */
export function overflow(records, max = MAX_CONVERSATIONS, keep = null) {
  const extra = records.length - max;
  if (extra <= 0) return [];
  return records.filter((r) => !r.pinned && r.id !== keep)
    .sort((a, b) => a.updated - b.updated)
    .slice(0, extra)
    .map((r) => r.id);
}

function pick(source, fields) {
  const out = {};
  for (const f of fields) if (source?.[f] !== undefined) out[f] = source[f];
  return out;
}

/** One record as it is exported: only the fields the page itself writes. */
function exported(record) {
  const r = pick(record, ['id', 'title', 'created', 'updated', 'pinned', 'named']);
  r.config = pick(record.config, CONFIG_FIELDS);
  r.conversation = record.conversation ?? null;
  return r;
}

/** The export file's text for `records` (one or all). */
export function exportJson(records) {
  return JSON.stringify({ format: FORMAT, version: VERSION, conversations: records.map(exported) }, null, 2);
}

/** A file name for one conversation's export: its title, made safe. */
export function exportName(record) {
  const stem = String(record.title || 'conversation').replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 40);
  return `barline-${stem || 'conversation'}.json`;
}

/** Why a record cannot be imported, or '' when it can. */
function problemOf(r, i) {
  const at = `conversation ${i + 1}`;
  if (!r || typeof r !== 'object' || Array.isArray(r)) return `${at} is not an object`;
  if (typeof r.id !== 'string' || !r.id) return `${at} has no id`;
  if (typeof r.title !== 'string') return `${at} has no title`;
  if (!Number.isFinite(r.created) || !Number.isFinite(r.updated)) return `${at} has no valid created/updated time`;
  if (!r.config || typeof r.config !== 'object' || Array.isArray(r.config)) return `${at} has no config`;
  if (r.conversation !== null && typeof r.conversation !== 'string') return `${at} has a conversation that is not text`;
  if (typeof r.conversation === 'string') {
    try { JSON.parse(r.conversation); } catch { return `${at} has a conversation that is not JSON`; }
  }
  return '';
}

/**
 * Reads an export file's text. Returns `{records}`, or `{error}` saying what is wrong;
 * a file with any bad record is refused whole, so a bad file changes nothing.
 */
export function parseImport(text) {
  let body;
  try { body = JSON.parse(text); } catch { return { error: 'The file is not JSON.' }; }
  if (body?.format !== FORMAT || !Array.isArray(body.conversations)) {
    return { error: 'The file is not a Barline chat export (no "format": "barline-chat" with a conversations list).' };
  }
  if (body.version !== VERSION) return { error: `The export has version ${body.version}; this page reads version ${VERSION}.` };
  const ids = new Set();
  for (const [i, r] of body.conversations.entries()) {
    const problem = problemOf(r, i);
    if (problem) return { error: `The file can't be imported: ${problem}.` };
    if (ids.has(r.id)) return { error: `The file can't be imported: the id ${r.id} appears twice.` };
    ids.add(r.id);
  }
  return { records: body.conversations.map(exported) };
}

/**
 * What an import writes: new ids, and existing ids only when the imported copy is
 * newer by `updated`. Returns `{put, skipped}`.
 */
export function importPlan(existing, imported) {
  const byId = new Map(existing.map((r) => [r.id, r]));
  const put = imported.filter((r) => !byId.has(r.id) || r.updated > byId.get(r.id).updated);
  return { put, skipped: imported.length - put.length };
}
