// Draws the engine's view into the transcript. Model text arrives as HTML from core's
// safe markdown renderer (every character escaped there); everything else is set as
// text. Items are keyed by id and redrawn only when their view changed.

const ICONS = { preparing: '…', queued: '…', running: '⏳', done: '✓', warning: '⚠', error: '✕', notRun: '–', interrupted: '!', discarded: '–' };
const WORDS = { preparing: 'preparing', queued: 'queued', running: 'running', done: 'done', warning: 'warning', error: 'error', notRun: 'not run', interrupted: 'interrupted', discarded: 'not run' };

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children) if (c) e.append(c);
  return e;
}

function copyButton(label, text) {
  const b = el('button', { type: 'button', class: 'copy', text: label });
  b.addEventListener('click', () => navigator.clipboard?.writeText(text()).catch(() => {}));
  return b;
}

function block(title, text) {
  if (!text) return null;
  return el('div', { class: 'block' }, el('h4', { text: title }), el('pre', { text }), copyButton(`Copy ${title.toLowerCase()}`, () => text));
}

function card(c, stopping) {
  const warn = c.warnings.length;
  const status = c.status === 'done' && warn ? 'warning' : c.status;
  const summary = el('summary', {},
    el('span', { class: 'icon', 'aria-hidden': 'true', text: ICONS[status] ?? '•' }),
    el('span', { class: 'word', text: WORDS[status] ?? status }),
    el('span', { class: 'title', text: c.title }),
    c.code ? el('span', { class: 'code', text: c.code }) : null,
    warn ? el('span', { class: 'warn', text: warn === 1 ? '1 warning' : `${warn} warnings` }) : null,
    c.changedSet ? el('span', { class: 'mark', text: 'changed the Set' }) : null,
    el('span', { class: 'outcome', text: stopping && c.status === 'running' ? 'stopping after this tool call' : c.summary }));
  const body = el('div', { class: 'card-body' },
    block('Arguments', c.arguments),
    warn ? el('div', { class: 'block' }, el('h4', { text: 'Warnings' }), el('ul', {}, ...c.warnings.map((w) => el('li', { text: w })))) : null,
    c.hint ? el('p', { class: 'error-hint', text: `Hint: ${c.hint}` }) : null,
    block('Result', c.result),
    block('Structured result', c.structured));
  return el('details', { class: `card status-${status}`, 'data-call': c.id, 'data-status': status, open: status === 'error' || status === 'warning' }, summary, body);
}

/**
 * Three or more cards of one round collapse into one group line ("5 tool calls: Create
 * Track ×2, Create Clip ×3 — 1 warning"); a group with an error or a warning says so
 * and starts open.
 */
function cards(calls, stopping) {
  const list = el('div', { class: 'cards' }, ...calls.map((c) => card(c, stopping)));
  if (calls.length < 3) return list;
  const counts = new Map();
  for (const c of calls) counts.set(c.title, (counts.get(c.title) ?? 0) + 1);
  const titles = [...counts].map(([t, n]) => (n > 1 ? `${t} ×${n}` : t)).join(', ');
  const warnings = calls.reduce((n, c) => n + c.warnings.length, 0);
  const errors = calls.filter((c) => c.status === 'error').length;
  const notes = [errors ? `${errors} error${errors > 1 ? 's' : ''}` : '', warnings ? `${warnings} warning${warnings > 1 ? 's' : ''}` : ''].filter(Boolean);
  const line = `${calls.length} tool calls: ${titles}${notes.length ? ` — ${notes.join(', ')}` : ''}`;
  return el('details', { class: 'group', open: Boolean(errors || warnings) }, el('summary', { text: line }), list);
}

function round(item, stopping) {
  const node = el('article', { class: `msg assistant${item.struck ? ' struck' : ''}`, 'data-status': item.status });
  node.append(el('h3', { class: 'sr-only', text: 'Assistant' }));
  if (item.thinking) {
    node.append(el('details', { class: 'thinking' }, el('summary', { text: 'Thinking' }), el('p', { text: item.thinking })));
  }
  if (item.html) {
    const md = el('div', { class: 'md' });
    md.innerHTML = item.html; // core's renderer: escaped text and a fixed set of tags
    for (const pre of md.querySelectorAll('pre')) pre.after(copyButton('Copy code', () => pre.textContent));
    node.append(md);
  }
  if (item.struck) node.append(el('p', { class: 'hint', text: 'Interrupted output (not sent to the model).' }));
  if (item.status === 'stopped') node.append(el('p', { class: 'hint', text: 'Stopped.' }));
  if (item.calls.length) node.append(cards(item.calls, stopping));
  if (item.inputTokens || item.outputTokens) {
    node.append(el('p', { class: 'usage', text: `${item.inputTokens ?? 0} in · ${item.outputTokens ?? 0} out tokens` }));
  }
  return node;
}

function note(item, last, actions) {
  const error = item.note === 'error';
  const node = el('div', { class: `note note-${item.note}`, role: error ? 'alert' : null },
    el('p', { class: 'what', text: `${error ? 'Error: ' : ''}${item.text}` }),
    item.action ? el('p', { class: 'todo', text: item.action }) : null);
  const row = el('div', { class: 'row' });
  if (error && item.retry && last) {
    const b = el('button', { type: 'button', class: 'big', text: 'Retry' });
    b.addEventListener('click', actions.retry);
    row.append(b);
  }
  if (error && item.settings) {
    const b = el('button', { type: 'button', text: 'Settings' });
    b.addEventListener('click', actions.settings);
    row.append(b);
  }
  const models = actions.models?.(item);
  if (models?.length) node.append(el('p', { class: 'models', text: `Models it offers: ${models.join(', ')}.` }));
  if (row.childElementCount) node.append(row);
  if (item.details) node.append(el('details', {}, el('summary', { text: 'Details' }), el('pre', { text: item.details })));
  return node;
}

function draw(item, last, actions, stopping) {
  if (item.kind === 'user') return el('article', { class: 'msg user' }, el('h3', { class: 'sr-only', text: 'You' }), el('p', { text: item.text }));
  if (item.kind === 'round') return round(item, stopping);
  return note(item, last, actions);
}

/** A renderer for the transcript element; `update(view, errorState)` redraws what changed. */
export function createTranscript(root, actions) {
  const drawn = new Map(); // id -> {key, node}
  return function update(view) {
    const keep = new Set();
    let prev = null;
    view.items.forEach((item, i) => {
      const last = i === view.items.length - 1 && view.state === 'error';
      const key = JSON.stringify(item) + last + Boolean(view.stopping) + JSON.stringify(actions.models?.(item) ?? null);
      keep.add(item.id);
      let entry = drawn.get(item.id);
      if (!entry || entry.key !== key) {
        const node = draw(item, last, actions, Boolean(view.stopping));
        // Keep open cards open across redraws.
        if (entry) {
          for (const d of entry.node.querySelectorAll('details[open][data-call]')) {
            node.querySelector(`details[data-call="${CSS.escape(d.dataset.call)}"]`)?.setAttribute('open', '');
          }
          entry.node.replaceWith(node);
        }
        entry = { key, node };
        drawn.set(item.id, entry);
      }
      if (entry.node.previousElementSibling !== prev || entry.node.parentNode !== root) {
        if (prev) prev.after(entry.node);
        else root.prepend(entry.node);
      }
      prev = entry.node;
    });
    for (const [id, entry] of drawn) {
      if (!keep.has(id)) {
        entry.node.remove();
        drawn.delete(id);
      }
    }
  };
}
