// The device going away and coming back (state "Device unreachable"): between turns a
// light `ping` every 3 s notices a device that stopped answering; once it is gone, the
// page asks again every 2 s until a new session opens, then hands back to the page.
import { DeviceError } from './device.js';

/**
 * `ping()` sends a request to the device; `idle()` says whether the page is Ready
 * between turns; `reconnect()` resolves true once a session is open again; `lost()`
 * and `back()` tell the page.
 */
export function createDeviceWatch({ ping, idle, reconnect, lost, back }) {
  let away = false;

  async function retry() {
    if (!(await reconnect())) {
      setTimeout(retry, 2000);
      return;
    }
    away = false;
    back();
  }

  /** The device did not answer a request: wait for it to come back. */
  function gone() {
    if (away) return;
    away = true;
    lost();
    setTimeout(retry, 2000);
  }

  setInterval(async () => {
    if (away || !idle()) return;
    try {
      await ping();
    } catch (e) {
      if (e instanceof DeviceError && e.kind === 'unreachable' && idle()) gone();
    }
  }, 3000);

  return { gone, get away() { return away; } };
}
