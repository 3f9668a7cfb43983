// The Settings dialog: provider preset, base URL, key (stored by store.js, never in the
// settings), model with the provider's own list as suggestions, small-model mode, rounds
// per turn and the system prompt. A native modal <dialog> traps focus and closes on
// Escape; focus returns to the control that opened it.
import { PRESETS, testConnection } from './provider.js';
import { forgetKeys, loadKey, loadSettings, saveSettings, storeKey } from './store.js';

const $ = (id) => document.getElementById(id);

/** Barline's default system prompt (the device's own instructions follow it). */
export const DEFAULT_PROMPT = [
  "You are a music production assistant working in the user's open Ableton Live Set through Barline's tools.",
  "Follow the user's direction and do not change the Set unless asked.",
  'Read before you write, and say briefly what you changed.',
  'Read tool errors and warnings and act on them: fix the arguments or tell the user.',
].join(' ');

/** The core tools small-model mode keeps by default. */
export const SMALL_TOOLS = ['barline-connect', 'barline-read-live-set', 'barline-read-track', 'barline-read-clip',
  'barline-create-track', 'barline-create-clip', 'barline-update-clip', 'barline-playback'];

/** Settings as stored, with defaults for a first run (null when none were saved). */
export function currentSettings() {
  return loadSettings();
}

function fill(s) {
  $('preset').value = s.preset;
  $('base-url').value = s.base;
  $('model').value = s.model;
  $('key-mode').value = s.keyMode;
  $('small-model').checked = s.smallModel;
  $('round-limit').value = String(s.roundLimit);
  $('context-length').value = s.contextLength ? String(s.contextLength) : '';
  $('system-prompt').value = s.systemPrompt;
}

/** Wires the dialog; `onSaved(settings)` runs after Save. */
export function setupSettings(onSaved) {
  const dialog = $('settings');
  let opener = null;
  const defaults = () => ({ preset: 'ollama', base: PRESETS.ollama.base, model: '', keyMode: 'remember', smallModel: true, roundLimit: 25, systemPrompt: DEFAULT_PROMPT });

  $('preset').addEventListener('change', () => {
    const p = PRESETS[$('preset').value];
    $('base-url').value = p.base;
    if (p.model && !$('model').value) $('model').value = p.model;
    $('small-model').checked = Boolean(p.local);
    $('api-key').value = '';
  });
  $('test-button').addEventListener('click', async () => {
    $('test-result').textContent = 'Testing…';
    const p = PRESETS[$('preset').value];
    const r = await testConnection({ base: $('base-url').value, format: p.format, key: $('api-key').value });
    $('test-result').textContent = r.message;
    $('model-list').replaceChildren(...r.models.map((m) => Object.assign(document.createElement('option'), { value: m })));
    if (r.ok && !$('model').value && r.models.length) $('model').value = r.models[0];
  });
  $('forget-keys').addEventListener('click', async () => {
    await forgetKeys();
    $('api-key').value = '';
    $('test-result').textContent = 'All keys forgotten.';
  });
  $('settings-form').addEventListener('submit', async (e) => {
    if (e.submitter?.value !== 'save') return;
    e.preventDefault();
    const s = {
      preset: $('preset').value,
      base: $('base-url').value.trim(),
      model: $('model').value.trim(),
      keyMode: $('key-mode').value,
      smallModel: $('small-model').checked,
      roundLimit: Math.min(100, Math.max(1, Math.round(Number($('round-limit').value) || 25))),
      contextLength: Math.min(10_000_000, Math.max(0, Math.round(Number($('context-length').value)) || 0)) || null,
      systemPrompt: $('system-prompt').value.trim() || DEFAULT_PROMPT,
    };
    await storeKey(s.preset, s.base, $('api-key').value, s.keyMode);
    saveSettings(s);
    dialog.close();
    onSaved(s);
  });
  dialog.addEventListener('close', () => {
    $('api-key').value = '';
    opener?.focus();
  });

  return {
    /** Opens the dialog; `setup` shows the first-run hint. */
    async open(setup = false) {
      opener = document.activeElement;
      const s = loadSettings() ?? defaults();
      fill(s);
      $('api-key').value = await loadKey(s.preset, s.base);
      $('setup-hint').hidden = !setup;
      if (!dialog.open) dialog.showModal();
    },
  };
}
