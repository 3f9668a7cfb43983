// A conversation record's fixed parts: its id and the config its engine starts with
// (fixed when the conversation starts, docs/design/chat.md).
import { PRESETS } from './provider.js';

/** A random id; `crypto.randomUUID` exists only in secure contexts (not a LAN address). */
export function uuid() {
  if (crypto.randomUUID) return crypto.randomUUID();
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The engine's config from the settings `s` and the conversation's `systemPrompt`. */
export function configOf(s, systemPrompt) {
  const p = PRESETS[s.preset] ?? PRESETS.custom;
  return { preset: s.preset, format: p.format, model: s.model, systemPrompt, roundLimit: s.roundLimit, contextLength: s.contextLength ?? null };
}
