// A REST call met by 503 `store_unavailable` (web/shell/patience.js) is sent again after the gateway's
// Retry-After, at most a few times and a few seconds in all, with session.js's `call` on a fake fetch and
// node's fake timers: the reply that is not "wait" ends it, and the last refusal is the page's to show.
import assert from "node:assert/strict";
import { afterEach, beforeEach, mock, test } from "node:test";

import "./storage.mjs";
import { PATIENCE_MS, TRIES, patiently, toldPause } from "../../services/gateway/src/echo_gateway/web/shell/patience.js";
import { call } from "../../services/gateway/src/echo_gateway/web/shell/session.js";

const REFUSAL = { error: { code: "store_unavailable", message: "The service is briefly unavailable; try again in 3 s." } };
const json = (status, body, headers = {}) => ({
  ok: status < 400, status, headers: new Headers(headers), json: async () => body,
});
const unavailable = (seconds = "3") => json(503, REFUSAL, { "retry-after": seconds });
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** `patiently(call(...))` on fetch answering `answers` in turn; the waits it announced. */
function signOutOthers(answers) {
  const fetched = mock.fn(async () => answers.shift());
  globalThis.fetch = fetched;
  const waits = [];
  const reply = patiently(() => call("DELETE", "/api/v1/sessions/others"), { onWait: (ms) => waits.push(ms) });
  return { fetched, waits, reply };
}

beforeEach(() => {
  localStorage.setItem("echo.token", "token-1");
  mock.timers.enable({ apis: ["setTimeout"] });
});

afterEach(() => {
  mock.timers.reset();
  mock.restoreAll();
});

test("a sign-out answered 503 store_unavailable is sent again after Retry-After, and its success is the reply", async () => {
  const { fetched, waits, reply } = signOutOthers([unavailable(), json(200, { signed_out: 2 })]);
  await settle();
  assert.equal(fetched.mock.callCount(), 1);
  assert.deepEqual(waits, [3000], "the page is told to say it waits");
  mock.timers.tick(2999);
  await settle();
  assert.equal(fetched.mock.callCount(), 1, "not before the gateway said");
  mock.timers.tick(1);
  const answer = await reply;
  assert.deepEqual([answer.ok, answer.status, answer.body], [true, 200, { signed_out: 2 }]);
  assert.equal(fetched.mock.callCount(), 2);
  const [path, init] = fetched.mock.calls[1].arguments;
  assert.deepEqual([path, init.method, init.headers.authorization], ["/api/v1/sessions/others", "DELETE", "Bearer token-1"]);
});

test("still unavailable after the last try: the last refusal is the reply, for the page to show", async () => {
  const { fetched, waits, reply } = signOutOthers([unavailable(), unavailable(), unavailable(), json(200, {})]);
  for (let n = 1; n < TRIES; n += 1) {
    await settle();
    mock.timers.tick(3000);
  }
  const answer = await reply;
  assert.equal(answer.status, 503);
  assert.equal(answer.body.error.code, "store_unavailable");
  assert.equal(fetched.mock.callCount(), TRIES);
  assert.deepEqual(waits, Array(TRIES - 1).fill(3000));
});

test("no more waiting than the patience in all: a long Retry-After gives up at once", async () => {
  const { fetched, waits, reply } = signOutOthers([unavailable("4"), unavailable("7"), json(200, {})]);
  await settle();
  mock.timers.tick(4000);
  const answer = await reply; // 4 s waited, 7 more would pass the 10 s
  assert.equal(answer.status, 503);
  assert.equal(fetched.mock.callCount(), 2);
  assert.deepEqual(waits, [4000]);
});

test("any other answer is the reply at once: a refusal, another 503, a lost network", async () => {
  for (const answer of [json(404, { error: { code: "unknown_session" } }), json(503, { error: { code: "engine_unavailable" } }, { "retry-after": "1" })]) {
    const { fetched, waits, reply } = signOutOthers([answer]);
    assert.equal((await reply).status, answer.status);
    assert.equal(fetched.mock.callCount(), 1);
    assert.deepEqual(waits, []);
  }
  globalThis.fetch = async () => { throw new TypeError("Failed to fetch"); };
  const lost = await patiently(() => call("DELETE", "/api/v1/sessions/others"));
  assert.deepEqual(lost, { ok: false, status: 0, body: null, retryAfter: null });
});

test("the told pause: Retry-After's seconds, 1 s when missing or not seconds, at most the patience", () => {
  assert.equal(toldPause("3"), 3000);
  assert.equal(toldPause(null), 1000);
  assert.equal(toldPause("0"), 1000);
  assert.equal(toldPause("Wed, 21 Oct 2026 07:28:00 GMT"), 1000);
  assert.equal(toldPause("120"), PATIENCE_MS);
});
