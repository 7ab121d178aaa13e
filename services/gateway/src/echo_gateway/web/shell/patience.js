// A REST call the gateway answered 503 `store_unavailable` (its session store electing a leader after a
// lost server, a few seconds) is sent again after the `Retry-After` it told, a few times within a short
// while, before the page shows the refusal: a player's click is not lost to an election. No DOM here: the
// page says what it shows while waiting (`onWait`).

/** Sendings of one call in all, and the longest the page waits between them in all. */
export const TRIES = 3;
export const PATIENCE_MS = 10000;
const UNTOLD_MS = 1000;

/** A `Retry-After` header's seconds in ms (1 s when it is missing or not a number of seconds), at most
 *  `PATIENCE_MS`. */
export function toldPause(retryAfter) {
  const seconds = Number(retryAfter);
  return Math.min(seconds > 0 ? seconds * 1000 : UNTOLD_MS, PATIENCE_MS);
}

/** A reply (session.js `call`) that says: the same call will do, in a moment. */
export function storeUnavailable(reply) {
  return reply.status === 503 && reply.body?.error?.code === "store_unavailable";
}

/** A promise that resolves after `ms` milliseconds. */
export const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** `send()` (resolving a `{ ok, status, body, retryAfter }` reply) until it is not `store_unavailable`, or
 *  `TRIES` were sent, or the next wait would pass `PATIENCE_MS` in all; the last reply. `onWait(ms)` is
 *  told before each wait. */
export async function patiently(send, { onWait = () => {}, sleep = pause } = {}) {
  let waited = 0;
  for (let sent = 1; ; sent += 1) {
    const reply = await send();
    const wait = toldPause(reply.retryAfter);
    if (!storeUnavailable(reply) || sent >= TRIES || waited + wait > PATIENCE_MS) return reply;
    waited += wait;
    onWait(wait);
    await sleep(wait);
  }
}
