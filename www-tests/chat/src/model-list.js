// The model list an error "model not found" shows (docs/design/chat.md): the provider's
// own list, fetched once per error note, so the user can pick a name that exists.
import { testConnection } from './provider.js';

/**
 * A lookup for the transcript: `models(item)` is null for any item but a 404 error
 * note, else the list (empty while it loads or when the provider gives none).
 * `provider()` resolves `{base, format, key}`; `redraw()` runs once the list is in.
 */
export function createModelLists(provider, redraw) {
  const lists = new Map(); // note id -> models
  return function models(item) {
    if (item.note !== 'error' || !/^HTTP 404\b/.test(item.details ?? '')) return null;
    if (!lists.has(item.id)) {
      lists.set(item.id, []);
      provider().then(testConnection).then((r) => r.models, () => []).then((found) => {
        lists.set(item.id, found);
        if (found.length) redraw();
      });
    }
    return lists.get(item.id);
  };
}
