// The Settings dialog: provider preset, base URL, key (stored by store.js, never in the
// settings), model with the provider's own list as suggestions, small-model mode, rounds
// per turn, the tools offered with the round's fixed cost (tool-settings.js) and the
// system prompt. A native modal <dialog> traps focus and closes on
// Escape; focus returns to the control that opened it.
import { localCandidates, nobodyAnswers, probeLocal } from './local-setup.js';
import { PRESETS, testConnection } from './provider.js';
import { forgetKeys, loadKey, loadSettings, saveSettings, storeKey } from './store.js';
import { setupToolSettings } from './tool-settings.js';

const $ = (id) => document.getElementById(id);

/** Barline's default system prompt (the device's own instructions follow it). */
export const DEFAULT_PROMPT = [
  "You are a music production assistant working in the user's open Ableton Live Set through Barline's tools.",
  "Follow the user's direction and do not change the Set unless asked.",
  'Read before you write, and say briefly what you changed.',
  'Read tool errors and warnings and act on them: fix the arguments or tell the user.',
].join(' ');

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

// First run: a local server found on its usual port fills the provider, its models
// and small-model mode; the cloud choice leaves the provider to pick.
function wireSetupChoices() {
  $('choose-local').addEventListener('click', async () => {
    $('setup-result').textContent = 'Looking for LM Studio and Ollama on this computer…';
    const found = await probeLocal();
    if (!found) {
      $('setup-result').textContent = `${nobodyAnswers(localCandidates())} Start one with its server on, then choose again.`;
      return;
    }
    $('preset').value = found.preset;
    $('base-url').value = found.base;
    $('api-key').value = '';
    $('small-model').checked = true;
    $('small-model').dispatchEvent(new Event('change'));
    $('model-list').replaceChildren(...found.models.map((m) => Object.assign(document.createElement('option'), { value: m })));
    if (!found.models.includes($('model').value)) $('model').value = found.models[0] ?? '';
    const name = $('preset').selectedOptions[0]?.textContent ?? found.preset;
    $('setup-result').textContent = `Found ${name} at ${found.base} with ${found.models.length} model${found.models.length === 1 ? '' : 's'}.`;
  });
  $('choose-cloud').addEventListener('click', () => {
    $('preset').value = 'openai';
    $('preset').dispatchEvent(new Event('change'));
    $('setup-result').textContent = 'Pick the provider, then paste its API key.';
    $('preset').focus();
  });
}

/** The settings the dialog's fields hold, numbers clamped to their ranges. */
function readForm(disabledTools) {
  return {
    preset: $('preset').value,
    base: $('base-url').value.trim(),
    model: $('model').value.trim(),
    keyMode: $('key-mode').value,
    smallModel: $('small-model').checked,
    disabledTools,
    roundLimit: Math.min(100, Math.max(1, Math.round(Number($('round-limit').value) || 25))),
    contextLength: Math.min(10_000_000, Math.max(0, Math.round(Number($('context-length').value)) || 0)) || null,
    systemPrompt: $('system-prompt').value.trim() || DEFAULT_PROMPT,
  };
}

/**
 * Wires the dialog; `onSaved(settings)` runs after Save. `info` gives the session's
 * tools and the device's instructions for the tool list and the context meter.
 */
export function setupSettings(onSaved, info) {
  const dialog = $('settings');
  let opener = null;
  let contexts = {};
  const toolSettings = setupToolSettings(info);
  const defaults = () => ({ preset: 'ollama', base: PRESETS.ollama.base, model: '', keyMode: 'remember', smallModel: true, roundLimit: 25, systemPrompt: DEFAULT_PROMPT });

  $('preset').addEventListener('change', () => {
    const p = PRESETS[$('preset').value];
    $('base-url').value = p.base;
    if (p.model && !$('model').value) $('model').value = p.model;
    $('small-model').checked = Boolean(p.local);
    $('small-model').dispatchEvent(new Event('change'));
    $('api-key').value = '';
  });
  wireSetupChoices();
  $('test-button').addEventListener('click', async () => {
    $('test-result').textContent = 'Testing…';
    const p = PRESETS[$('preset').value];
    const r = await testConnection({ base: $('base-url').value, format: p.format, key: $('api-key').value });
    $('test-result').textContent = r.message;
    $('model-list').replaceChildren(...r.models.map((m) => Object.assign(document.createElement('option'), { value: m })));
    if (r.ok && !$('model').value && r.models.length) $('model').value = r.models[0];
    contexts = r.contexts ?? {};
    contextFromList();
  });
  // A context length the provider's model list gives fills an empty field; the user's own number wins.
  function contextFromList() {
    const known = contexts[$('model').value.trim()];
    if (!known || $('context-length').value) return;
    $('context-length').value = String(known);
    toolSettings.update();
  }
  $('model').addEventListener('change', contextFromList);
  $('forget-keys').addEventListener('click', async () => {
    await forgetKeys();
    $('api-key').value = '';
    $('test-result').textContent = 'All keys forgotten.';
  });
  $('settings-form').addEventListener('submit', async (e) => {
    if (e.submitter?.value !== 'save') return;
    e.preventDefault();
    const s = readForm(toolSettings.disabled());
    // The settings apply before the key is written (a message sent right after Save
    // runs with them); reading a key waits for the write.
    const stored = storeKey(s.preset, s.base, $('api-key').value, s.keyMode);
    saveSettings(s);
    dialog.close();
    onSaved(s);
    await stored;
  });
  dialog.addEventListener('close', () => {
    $('api-key').value = '';
    // The first run opens the dialog with nothing focused: the page moves focus to the message box.
    if (opener !== document.body) opener?.focus();
  });

  return {
    /** Opens the dialog; `setup` shows the first-run hint. */
    async open(setup = false) {
      opener = document.activeElement;
      const s = loadSettings() ?? defaults();
      fill(s);
      toolSettings.fill(s);
      $('api-key').value = await loadKey(s.preset, s.base);
      $('setup-hint').hidden = !setup;
      $('setup-result').textContent = '';
      if (!dialog.open) dialog.showModal();
    },
  };
}
