// The device's session with the gateway, shared by every game page: its guest token (one per device, kept in
// localStorage) and REST calls made with it. A resource that is not there answers null, and the page copes.
import { pause, toldPause } from "./patience.js";

const TOKEN_KEY = "echo.token";

export function storedToken() {
  return localStorage.getItem(TOKEN_KEY);
}

export function forgetToken() {
  localStorage.removeItem(TOKEN_KEY);
}

let makingGuest = null;

/** The device's guest session: made once by POST /api/v1/guest and kept in localStorage. The first screen
 *  asks for it from several calls at once (the socket, the Daily, the options): they share one request, or
 *  each would make its own guest and the page would talk as two accounts. */
export async function ensureToken() {
  const known = storedToken();
  if (known) return known;
  makingGuest ??= makeGuest().finally(() => { makingGuest = null; });
  return makingGuest;
}

/** Askings of a guest that a 503 may answer before the page gives up: the gateway says 503, with when to ask
 *  again (`Retry-After`), while a lost server's streams elect new leaders, a few seconds. */
export const GUEST_ATTEMPTS = 4;

async function makeGuest() {
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch("/api/v1/guest", { method: "POST" });
    if (response.status === 503 && attempt < GUEST_ATTEMPTS) {
      await pause(toldPause(response.headers.get("retry-after")));
      continue;
    }
    if (!response.ok) throw new Error(`guest: HTTP ${response.status}`);
    const body = await response.json();
    localStorage.setItem(TOKEN_KEY, body.token);
    return body.token;
  }
}

/** GET a JSON resource with the session token; null when it does not exist (404/405) or fails. */
export async function getJSON(path) {
  try {
    const token = await ensureToken();
    const response = await fetch(path, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) return null;
    return await response.json();
  } catch {
    return null;
  }
}

/** Any REST call with the session token: `{ ok, status, body, retryAfter }` (the `Retry-After` header, or
 *  null); a network failure is status 0.
 *  `{ guest: false }`: with this device's session if it has one, never making a guest for it. */
export async function call(method, path, body, { guest = true } = {}) {
  try {
    const token = guest ? await ensureToken() : storedToken();
    const headers = token ? { authorization: `Bearer ${token}` } : {};
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    let data = null;
    try { data = await response.json(); } catch { data = null; }
    return { ok: response.ok, status: response.status, body: data, retryAfter: response.headers.get("retry-after") };
  } catch {
    return { ok: false, status: 0, body: null, retryAfter: null };
  }
}
