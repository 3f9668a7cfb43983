// The chat page's glue: loads core, opens the MCP session with the device, and moves
// events between the engine (core's ChatEngine, which decides everything), the network
// and the DOM. See docs/design/chat.md.
import init, { ChatEngine } from './core.js';
import { createDevice, DeviceError, setToken, takeTokenFromFragment } from './device.js';
import { PRESETS, sendRequest } from './provider.js';
import { createTranscript } from './render.js';
import { setupContextWarning } from './context-warning.js';
import { setupPanel } from './panel.js';
import { currentSettings, setupSettings } from './settings.js';
import { listConversations, loadKey, saveConversation, saveSettings } from './store.js';
import { createTabLock } from './tabs.js';
import { createDeviceWatch } from './device-watch.js';
import { disabledNames } from './toolset.js';
import { createModelLists } from './model-list.js';
import { createLeave } from './leave.js';
import { configOf, uuid } from './record.js';

const $ = (id) => document.getElementById(id);
const STATE_NAMES = { ready: 'ready', waiting: 'waiting', streaming: 'streaming', runningTool: 'running-tool', waitingToRetry: 'waiting-to-retry', roundLimit: 'round-limit', error: 'error', deviceUnreachable: 'device-unreachable' };

const device = createDevice();
let tools = { tools: [] }; // what this session offers
let allTools = []; // every tool of the device before this browser's choices (Settings lists them)
let engine = null;
let record = null; // the open conversation's stored record
let settings = null;
let view = { state: 'ready', items: [], queued: [] };
let pageState = 'loading';
let controller = null;
let waitTimer = null;
let waitUntil = 0;
let since = Date.now();
let pendingCall = null;
let renderQueued = false;
let saveTimer = null;
let held = []; // messages sent while the device was away between turns
let readOnly = false; // another tab writes the open conversation
// Another tab took the conversation over: this one stops its turn and writes no more.
const tabLock = createTabLock(() => { readOnly = true; clearTimeout(saveTimer); saveTimer = null; if (engine && isBusy()) run(engine.stop()); render(); });

const transcript = createTranscript($('transcript'), {
  retry: () => run(engine.retry()),
  settings: () => dialog.open(false),
  models: createModelLists(async () => ({ base: settings.base, format: (PRESETS[settings.preset] ?? PRESETS.custom).format, key: await loadKey(settings.preset, settings.base) }), () => render()),
});
const dialog = setupSettings(async (s) => {
  const offered = (x) => JSON.stringify(disabledNames(allTools, x?.disabledTools, x?.smallModel));
  const reopen = Boolean(settings?.smallModel) !== Boolean(s.smallModel) || offered(settings) !== offered(s);
  settings = s;
  if (reopen) await openSession().catch((e) => showBanner(e.message));
  if (engine) engine.setConfig(JSON.stringify(configOf(s, record.config.systemPrompt)));
  applyTools();
  // The first run's Settings closes onto nothing focusable: the message box is next.
  if (pageState === 'setup') await enterReady().then(() => { $('message').disabled = false; $('message').focus(); });
  render();
}, { tools: () => allTools, instructions: () => device.instructions });
const isBusy = () => !['ready', 'error'].includes(view.state);
const leave = createLeave({ busy: isBusy, stop: () => run(engine.stop()) });
const panel = setupPanel({
  currentId: () => record?.id ?? null,
  busy: isBusy,
  leave,
  flush: () => save(),
  open: (r) => openRecord(r),
  changed: (r) => { if (r.id === record?.id) Object.assign(record, { title: r.title, named: r.named, pinned: r.pinned, updated: r.updated }); },
  removed: () => { clearTimeout(saveTimer); saveTimer = null; newConversation(); render(); },
  replaced: (records) => { const r = records.find((x) => x.id === record?.id); if (r && !isBusy()) openRecord(r); },
});
const deviceWatch = createDeviceWatch({
  ping: () => device.request('ping', {}),
  idle: () => pageState === 'ready' && engine && !isBusy(),
  reconnect: () => connect(),
  lost: () => { pageState = 'device-unreachable'; $('connection').textContent = 'Not connected'; render(); },
  // The paused call runs; messages sent while the device was away start the next turn.
  back: () => { pageState = 'ready'; applyTools(); run(engine.deviceBack()); if (held.length) run(engine.send(held.splice(0).join('\n\n'))); },
});
const contextWarning = setupContextWarning(async () => {
  settings = { ...settings, smallModel: true };
  saveSettings(settings);
  await openSession().catch((e) => showBanner(e.message));
  // An empty conversation starts again so its system prompt carries the short guide.
  if (!view.items?.length && !isBusy()) newConversation();
  else applyTools();
  render();
  $('message').focus();
});

function systemPrompt(s) {
  return device.instructions ? `${s.systemPrompt}\n\n${device.instructions}` : s.systemPrompt;
}

/** The tools this conversation offers: the user's choice; small-model mode keeps the core set. */
function applyTools() {
  if (!engine) return;
  const disabled = disabledNames(tools.tools ?? [], settings?.disabledTools, settings?.smallModel);
  engine.setTools(JSON.stringify(tools), JSON.stringify(disabled));
}

function newConversation() {
  const now = Date.now();
  const prompt = systemPrompt(settings);
  record = { id: uuid(), title: 'New conversation', created: now, updated: now, config: configOf(settings, prompt), conversation: null };
  engine = new ChatEngine(JSON.stringify(record.config), undefined);
  readOnly = false;
  tabLock.claim(record.id);
  applyTools();
}

function openRecord(r, { steal = false } = {}) {
  record = r;
  engine = new ChatEngine(JSON.stringify({ ...r.config, ...configOf(settings, r.config.systemPrompt) }), r.conversation ?? undefined);
  readOnly = true; // until this tab holds the conversation's lock
  tabLock.claim(r.id, { steal }).then((mine) => { if (record === r) { readOnly = !mine; render(); } });
  applyTools();
  render();
}

// ---- effects ------------------------------------------------------------------------

function run(json) {
  const effects = typeof json === 'string' ? JSON.parse(json) : json;
  for (const e of effects) {
    switch (e.kind) {
      case 'request': startRequest(e.request); break;
      case 'abort': controller?.abort(); controller = null; break;
      case 'callTool': callTool(e); break;
      case 'cancelTool': if (pendingCall?.requestId) device.cancel(pendingCall.requestId); break;
      case 'wait':
        waitUntil = Date.now() + e.ms;
        waitTimer = setTimeout(() => { waitTimer = null; run(engine.timer()); }, e.ms);
        break;
      case 'cancelWait': clearTimeout(waitTimer); waitTimer = null; break;
      case 'restore': $('message').value = e.text + ($('message').value ? `\n\n${$('message').value}` : ''); break;
      case 'announce': announce(e.text); break;
      case 'save': scheduleSave(); break;
      default: break;
    }
  }
  render();
}

async function startRequest(request) {
  controller?.abort();
  const c = new AbortController();
  controller = c;
  since = Date.now();
  const p = PRESETS[settings.preset] ?? PRESETS.custom;
  const key = await loadKey(settings.preset, settings.base);
  await sendRequest({ engine, request, base: settings.base, format: p.format, key, signal: c.signal, run });
  if (controller === c) controller = null;
}

async function callTool(e) {
  pendingCall = { callId: e.callId, requestId: null };
  since = Date.now();
  try {
    const { result } = await device.request('tools/call', { name: e.name, arguments: e.arguments }, (id) => { pendingCall.requestId = id; });
    pendingCall = null;
    run(engine.toolResult(e.callId, JSON.stringify(result)));
  } catch (err) {
    pendingCall = null;
    // The request never reached the device: no result; the turn waits for the device.
    if (err instanceof DeviceError && err.kind === 'unreachable') {
      run(engine.deviceUnreachable(e.callId));
      deviceWatch.gone();
      return;
    }
    run(engine.toolFailed(e.callId, err.message));
    if (err instanceof DeviceError && err.kind === 'token') showToken(err.message);
  }
}

// ---- saving -------------------------------------------------------------------------

function scheduleSave() {
  if (saveTimer || readOnly) return;
  saveTimer = setTimeout(save, 500);
}

async function save() {
  clearTimeout(saveTimer);
  saveTimer = null;
  if (!engine || !record || readOnly) return;
  const conversation = engine.conversationJson();
  const first = JSON.parse(conversation).items?.find((i) => i.kind === 'user');
  const title = first && !record.named ? first.text.slice(0, 60) : record.title;
  // `updated` is the last change: the list's order and an import's "newer" compare it.
  const changed = conversation !== record.conversation || title !== record.title;
  Object.assign(record, { conversation, title, updated: changed ? Date.now() : record.updated });
  try {
    await saveConversation(record);
    await panel.trim();
    $('banner').hidden = true;
  } catch (e) {
    showBanner(`Conversations can't be saved in this browser (${e?.message ?? e}); this one keeps working until the tab closes.`);
  }
  panel.refresh();
}

// ---- drawing ------------------------------------------------------------------------

function announce(text) {
  $('live').textContent = text;
}

function showBanner(text) {
  $('banner').textContent = text;
  $('banner').hidden = false;
}

function render() {
  if (renderQueued) return;
  renderQueued = true;
  requestAnimationFrame(() => {
    renderQueued = false;
    draw();
  });
}

function draw() {
  if (engine) view = JSON.parse(engine.view());
  const state = pageState === 'ready' ? STATE_NAMES[view.state] ?? view.state : pageState;
  document.body.dataset.state = state;
  const open = ['ready', 'device-unreachable'].includes(pageState);
  if (engine && open) transcript(view);
  contextWarning(engine && pageState === 'ready' && !view.items?.length ? {
    systemPrompt: record.config.systemPrompt, tools: tools.tools ?? [], contextLength: settings?.contextLength, smallModel: settings?.smallModel,
  } : null);
  const busy = !['ready', 'error'].includes(view.state) && open;
  const send = $('send');
  send.textContent = busy ? 'Stop' : 'Send';
  send.disabled = !open || (readOnly && !busy);
  $('message').disabled = !open || readOnly;
  $('tab-notice').hidden = !readOnly || !open;
  $('turn-actions').hidden = view.state !== 'roundLimit';
  $('queued').replaceChildren(...[...(view.queued ?? []), ...held].map((q) => Object.assign(document.createElement('li'), { textContent: q })));
  if (settings) {
    const label = `${(PRESETS[settings.preset] && $('preset').querySelector(`[value="${settings.preset}"]`)?.textContent) || settings.preset} · ${settings.model || 'no model'}`;
    $('model-button').textContent = label;
    $('model-button').setAttribute('aria-label', `Settings: ${label}`);
  }
  $('status').textContent = statusText();
}

function statusText() {
  if (pageState === 'loading') return 'Loading Barline chat…';
  if (pageState === 'setup') return 'Choose a provider and a model in Settings.';
  if (pageState === 'token-needed') return 'Token needed';
  if (pageState === 'device-unreachable') return "Barline isn't answering — retrying…";
  const s = Math.round((Date.now() - since) / 1000);
  switch (view.state) {
    case 'waiting': {
      const local = PRESETS[settings?.preset]?.local && s >= 20 ? ' (local models can take a while to load)' : '';
      return `${view.status} ${s} s${local}`;
    }
    case 'runningTool': return `${view.status} (${s} s)`;
    case 'waitingToRetry': return `${view.status.replace(' — retrying soon', '')} — retrying in ${Math.max(0, Math.ceil((waitUntil - Date.now()) / 1000))} s`;
    default: return view.status;
  }
}

// ---- page states --------------------------------------------------------------------

function showToken(message) {
  pageState = 'token-needed';
  $('token-message').textContent = `${message} Copy the token from the Barline device's Access section.`;
  $('token-panel').hidden = false;
  render();
}

/**
 * Opens the MCP session with this browser's profile: small-model mode asks the device
 * for the small catalogue and the short guide and leaves out the tools outside the core
 * set, and the tools turned off in Settings are left out too, for this session only.
 * The names come from a first, plain listing, which Settings also lists.
 */
async function openSession() {
  const chosen = currentSettings();
  const small = Boolean(chosen?.smallModel);
  await device.open({ smallModel: small, disabled: [] });
  tools = (await device.request('tools/list', {})).result;
  allTools = tools.tools ?? [];
  const disabled = disabledNames(allTools, chosen?.disabledTools, small);
  if (disabled.length) {
    await device.open({ smallModel: small, disabled });
    tools = (await device.request('tools/list', {})).result;
  }
}

async function connect() {
  try {
    await openSession();
    $('connection').textContent = 'Connected';
    $('token-panel').hidden = true;
    return true;
  } catch (e) {
    if (e instanceof DeviceError && e.kind === 'token') showToken(e.message);
    else if (e instanceof DeviceError && e.kind === 'refused') showBanner(e.message);
    else {
      pageState = 'device-unreachable';
      $('connection').textContent = 'Not connected';
      render();
    }
    return false;
  }
}

async function enterReady() {
  if (!record) {
    const latest = (await listConversations().catch(() => []))[0];
    if (latest) openRecord(latest);
    else newConversation();
  }
  pageState = 'ready';
  panel.refresh();
  render();
}

async function start() {
  takeTokenFromFragment();
  await init({ module_or_path: new URL('core.wasm', import.meta.url) });
  let delay = 2000;
  const started = Date.now();
  while (!(await connect())) {
    if (pageState === 'token-needed') return;
    await new Promise((r) => setTimeout(r, delay));
    if (Date.now() - started > 10000) delay = 10000;
  }
  settings = currentSettings();
  if (!settings) {
    pageState = 'setup';
    render();
    dialog.open(true);
    return;
  }
  await enterReady();
}

// ---- controls -----------------------------------------------------------------------

$('composer').addEventListener('submit', (e) => {
  e.preventDefault();
  if (!engine) return;
  if (!['ready', 'error'].includes(view.state) && e.submitter === $('send')) {
    run(engine.stop());
    return;
  }
  const text = $('message').value;
  if (!text.trim() || readOnly) return;
  $('message').value = '';
  if (pageState === 'device-unreachable' && !isBusy()) held.push(text);
  else run(engine.send(text));
  $('message').focus();
});
$('message').addEventListener('keydown', (e) => {
  if (e.key === 'Enter' && !e.shiftKey) {
    e.preventDefault();
    $('composer').requestSubmit();
  }
});
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape' && engine && !$('settings').open && !['ready', 'error'].includes(view.state)) run(engine.stop());
});
$('continue').addEventListener('click', () => run(engine.continueTurn()));
$('model-button').addEventListener('click', () => dialog.open(false));
$('new-button').addEventListener('click', async () => {
  if (!settings || !(await leave())) return;
  save().then(() => { newConversation(); render(); $('message').focus(); });
});
$('menu-button').addEventListener('click', () => {
  const open = $('conversations').hidden;
  $('conversations').hidden = !open;
  $('menu-button').setAttribute('aria-expanded', String(open));
});
$('token-button').addEventListener('click', async () => {
  setToken($('token-input').value.trim(), $('token-remember').checked);
  $('token-input').value = '';
  pageState = 'loading';
  if (await connect()) {
    settings = currentSettings();
    if (settings) await enterReady();
    else { pageState = 'setup'; dialog.open(true); }
  }
  render();
});
window.addEventListener('pagehide', () => { save(); });
setInterval(() => { if (pageState !== 'ready' || !['ready', 'error'].includes(view.state)) render(); }, 1000);
$('take-over').addEventListener('click', async () => {
  // The other tab may have written since this one opened the conversation: read it again.
  const latest = (await listConversations().catch(() => [])).find((r) => r.id === record?.id) ?? record;
  openRecord(latest, { steal: true });
});

start().catch((e) => showBanner(`The chat page could not start: ${e?.message ?? e}`));
