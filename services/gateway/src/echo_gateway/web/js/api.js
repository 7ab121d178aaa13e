// REST calls of the gateway. Endpoints that are not there yet answer null, and the page copes.
const TOKEN_KEY = "echo.token";

export function storedToken() {
  return localStorage.getItem(TOKEN_KEY);
}

export function forgetToken() {
  localStorage.removeItem(TOKEN_KEY);
}

/** The device's guest session: made once by POST /api/v1/guest and kept in localStorage. */
export async function ensureToken() {
  const known = storedToken();
  if (known) return known;
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
