// Secrecy of a move (docs/games/ghost-five.md §7): a fresh 32-byte salt from the browser's secure
// generator, the SHA-256 commit of `ghost-five/1|match|round|turn|seat|action|salt`, and the action with its
// salt kept in localStorage until the turn has resolved, so that a reload still reveals it.
const PROTOCOL = "ghost-five/1";
const key = (gameId, seat) => `ghost.secret.${gameId}.${seat}`;

export const secureHashing = () => Boolean(globalThis.crypto?.subtle);

export function freshSalt() {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function commitHash(matchId, round, turn, seat, action, salt) {
  const text = `${PROTOCOL}|${matchId}|${round}|${turn}|${seat}|${action}|${salt}`;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A new secret for this turn: stored before its commit leaves the device. */
export async function seal(gameId, matchId, round, turn, seat, action) {
  const salt = freshSalt();
  const commit = await commitHash(matchId, round, turn, seat, action, salt);
  const secret = { round, turn, seat, action, salt, commit };
  localStorage.setItem(key(gameId, seat), JSON.stringify(secret));
  return secret;
}

export function stored(gameId, seat) {
  try { return JSON.parse(localStorage.getItem(key(gameId, seat))); } catch { return null; }
}

export function forget(gameId, seat) {
  localStorage.removeItem(key(gameId, seat));
}
