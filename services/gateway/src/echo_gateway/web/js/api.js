// REST calls of the gateway. Endpoints that are not there yet answer null, and the page copes.
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

async function makeGuest() {
  const response = await fetch("/api/v1/guest", { method: "POST" });
  if (!response.ok) throw new Error(`guest: HTTP ${response.status}`);
  const body = await response.json();
  localStorage.setItem(TOKEN_KEY, body.token);
  return body.token;
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

export const dailyToday = (league = "bronze") => getJSON(`/api/v1/daily/today?league=${encodeURIComponent(league)}`);
export const playOptions = () => getJSON("/api/v1/play/options");

/** Any REST call with the session token: `{ ok, status, body }`; a network failure is status 0.
 *  `{ guest: false }`: with this device's session if it has one, never making a guest for it. */
export async function call(method, path, body, { guest = true } = {}) {
  try {
    const token = guest ? await ensureToken() : storedToken();
    const headers = token ? { authorization: `Bearer ${token}` } : {};
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    let data = null;
    try { data = await response.json(); } catch { data = null; }
    return { ok: response.ok, status: response.status, body: data };
  } catch {
    return { ok: false, status: 0, body: null };
  }
}

/** Today's (or, with an offset, another) Daily's day as YYYY-MM-DD: the league's Daily's date — the Dailies
 *  say which day it is, not this device's clock (the daily service's dev clock may run ahead) — or, while no
 *  Daily is out, the Moscow date of this device's clock. */
export async function dailiesDay(offsetDays = 0, league = "bronze") {
  const date = (await dailyToday(league))?.date;
  const base = date ? Date.parse(`${date}T12:00:00Z`) : Date.now() + 3 * 3600e3;
  return new Date(base + offsetDays * 86400e3).toISOString().slice(0, 10);
}

export const account = () => getJSON("/api/v1/account");
export const myLeague = () => getJSON("/api/v1/leagues/me");
export const friendsScores = () => getJSON("/api/v1/friends/scores");

const CHALLENGE_KEY = "echo.challenge";
/** A challenge link opened on this device (`/?challenge=<token>`), kept until its Daily is compared. */
export function pendingChallenge() { return localStorage.getItem(CHALLENGE_KEY); }
export function keepChallenge(token) { if (token) localStorage.setItem(CHALLENGE_KEY, token); else localStorage.removeItem(CHALLENGE_KEY); }
