// The page's MCP client for its own device: same-origin POST /mcp only. The JSON-RPC
// messages come from core (chatInitialize, rpcRequest, rpcNotification); this file
// moves them and reads JSON or SSE answers. `deviceFetch` is the only function that
// attaches the device token, and only to /mcp on this origin.
import { chatInitialize, rpcNotification, rpcRequest } from './core.js';

const TOKEN_KEY = 'barline-chat-token';

/** The device token: this tab's, else one remembered on this browser. */
export function getToken() {
  return sessionStorage.getItem(TOKEN_KEY) ?? localStorage.getItem(TOKEN_KEY);
}

/** Stores a token for this tab, or on this browser when `remember`. */
export function setToken(token, remember = false) {
  sessionStorage.setItem(TOKEN_KEY, token);
  if (remember) localStorage.setItem(TOKEN_KEY, token);
}

/** Forgets the token everywhere (after a 401). */
export function clearToken() {
  sessionStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(TOKEN_KEY);
}

/**
 * Reads the token from the URL fragment the device's "Open chat" button adds, keeps it
 * for this tab and removes it from the address bar (a fragment never reaches a server).
 */
export function takeTokenFromFragment() {
  const m = /(?:^#|&)token=([^&]+)/.exec(location.hash);
  if (!m) return;
  setToken(decodeURIComponent(m[1]));
  history.replaceState(null, '', location.pathname + location.search);
}

/** Thrown for answers the page shows as a state: 401 (token) or unreachable. */
export class DeviceError extends Error {
  constructor(kind, message, status = 0) {
    super(message);
    this.kind = kind;
    this.status = status;
  }
}

function messagesOf(contentType, text) {
  if (!text) return [];
  if (contentType.includes('text/event-stream')) {
    return text.split(/\r?\n\r?\n/).map((ev) => ev.split(/\r?\n/).filter((l) => l.startsWith('data:'))
      .map((l) => l.slice(5).trimStart()).join('\n')).filter(Boolean).map((d) => JSON.parse(d));
  }
  const body = JSON.parse(text);
  return Array.isArray(body) ? body : [body];
}

/** A session with the device. */
export function createDevice() {
  let session = null;
  let version = null;
  let nextId = 1;
  let instructions = '';
  // The conversation's session profile: small-model mode and the tools it leaves out,
  // applied by the device to this session only.
  let profile = { smallModel: false, disabled: [] };

  async function deviceFetch(message) {
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    if (session) headers['mcp-session-id'] = session;
    if (version) headers['mcp-protocol-version'] = version;
    const token = getToken();
    if (token) headers.authorization = `Bearer ${token}`;
    let res;
    try {
      res = await fetch('/mcp', { method: 'POST', headers, body: message, credentials: 'same-origin' });
    } catch (e) {
      throw new DeviceError('unreachable', "Barline isn't answering. Is Live open with the Barline device on a track?");
    }
    const text = await res.text();
    if (res.status === 401) {
      clearToken();
      throw new DeviceError('token', messageOf(text) || 'The device needs its token.', 401);
    }
    if (res.status === 403 || res.status === 421) throw new DeviceError('refused', messageOf(text) || text, res.status);
    return { res, text, messages: () => messagesOf(res.headers.get('content-type') ?? '', text) };
  }

  function messageOf(text) {
    try { return JSON.parse(text)?.error?.message ?? ''; } catch { return text.trim(); }
  }

  async function open(next = profile) {
    profile = next;
    session = null;
    version = null;
    const id = nextId++;
    const answer = await deviceFetch(chatInitialize(id, profile.smallModel, JSON.stringify(profile.disabled)));
    if (answer.res.status !== 200) throw new DeviceError('refused', `initialize failed: HTTP ${answer.res.status}`, answer.res.status);
    session = answer.res.headers.get('mcp-session-id');
    const result = answer.messages().find((m) => m.id === id)?.result ?? {};
    version = result.protocolVersion ?? null;
    instructions = result.instructions ?? '';
    await deviceFetch(rpcNotification('notifications/initialized', undefined));
    return result;
  }

  /** A request in the session; re-initializes once when the device forgot it (404). */
  async function request(method, params, onId = () => {}, retried = false) {
    if (!session) await open();
    const id = nextId++;
    onId(id);
    const answer = await deviceFetch(rpcRequest(id, method, params));
    if (answer.res.status === 404 && !retried) {
      session = null;
      return request(method, params, onId, true);
    }
    const reply = answer.messages().find((m) => m.id === id);
    if (!reply) throw new DeviceError('protocol', `no answer to ${method} (HTTP ${answer.res.status})`);
    if (reply.error) throw new DeviceError('protocol', reply.error.message);
    return { id, result: reply.result };
  }

  return {
    open,
    request,
    get instructions() { return instructions; },
    cancel: (requestId) => deviceFetch(rpcNotification('notifications/cancelled', { requestId, reason: 'the user stopped the turn' })).catch(() => {}),
  };
}
