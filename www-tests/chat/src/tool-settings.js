// Settings' tool list and context meter: one switch per tool of the session (title and
// the first line of its description), the tokens the enabled set adds to every round,
// and the round's fixed cost against the context length. The numbers come from
// toolset.js; this file only draws them and reads the switches back.
import { costText, disabledNames, fixedCost, REQUIRED_TOOL, SMALL_TOOLS, summaryOf, toolTokens } from './toolset.js';

const $ = (id) => document.getElementById(id);

function toggleOf(tool, off, small) {
  const { name, title, line } = summaryOf(tool);
  const li = document.createElement('li');
  const input = Object.assign(document.createElement('input'), { type: 'checkbox', checked: name === REQUIRED_TOOL || !off.includes(name) });
  input.setAttribute('role', 'switch');
  input.dataset.tool = name;
  const lineId = `tool-line-${name}`;
  input.setAttribute('aria-describedby', lineId);
  const label = document.createElement('label');
  label.className = 'check';
  label.append(input, ` ${title}`);
  const note = Object.assign(document.createElement('span'), { id: lineId, className: 'hint', textContent: line });
  if (name === REQUIRED_TOOL) {
    input.disabled = true;
    note.textContent = `${line} (always on: the model needs it to reach the Set)`;
  } else if (small && !SMALL_TOOLS.includes(name)) {
    input.disabled = true;
    note.textContent = `${line} (off in small-model mode)`;
  }
  li.append(label, note);
  return li;
}

/**
 * Wires the tool list and meter; `info.tools()` is the session's full tool list and
 * `info.instructions()` the device's instructions. Returns `{fill(settings), disabled()}`.
 */
export function setupToolSettings(info) {
  let userOff = [];
  const smallChecked = () => $('small-model').checked;

  /** The names the switches turn off (what Save stores). */
  function disabled() {
    return [...$('tool-list').querySelectorAll('input[data-tool]')]
      .filter((i) => !i.checked && !i.disabled).map((i) => i.dataset.tool)
      .concat(userOff.filter((n) => $('tool-list').querySelector(`input[data-tool="${CSS.escape(n)}"]:disabled`)));
  }

  function update() {
    const tools = info.tools();
    const off = disabledNames(tools, disabled(), smallChecked());
    const enabled = tools.filter((t) => !off.includes(t.name));
    $('tool-cost').textContent = `${enabled.length} of ${tools.length} tools on: about ${toolTokens(enabled).toLocaleString('en')} tokens in every round.`;
    const prompt = $('system-prompt').value.trim();
    const instructions = info.instructions();
    const context = Math.round(Number($('context-length').value)) || null;
    const cost = fixedCost({ systemPrompt: instructions ? `${prompt}\n\n${instructions}` : prompt, tools: enabled, contextLength: context });
    $('context-meter').textContent = costText(cost);
    $('context-bar').value = cost.share ?? 0;
    $('context-bar').hidden = cost.share === null;
  }

  function draw() {
    const tools = info.tools();
    $('tool-list').replaceChildren(...tools.map((t) => toggleOf(t, userOff, smallChecked())));
    update();
  }

  $('tool-list').addEventListener('change', update);
  $('small-model').addEventListener('change', () => { userOff = disabled(); draw(); });
  for (const id of ['context-length', 'system-prompt']) $(id).addEventListener('input', update);

  return {
    /** Draws the switches for `settings.disabledTools`. */
    fill(settings) {
      userOff = settings.disabledTools ?? [];
      draw();
    },
    disabled,
    update,
  };
}
