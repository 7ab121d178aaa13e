// The device's guest (web/shell/session.js): a 503 while a lost server's streams elect leaders is asked
// again after the gateway's Retry-After, a few times, and the guest made then is the device's one token.
import assert from "node:assert/strict";
import { afterEach, beforeEach, mock, test } from "node:test";

import "./storage.mjs";
import { GUEST_ATTEMPTS, ensureToken, forgetToken } from "../../services/gateway/src/echo_gateway/web/shell/session.js";

const unavailable = () => ({ ok: false, status: 503, headers: new Headers({ "retry-after": "3" }) });
const made = (token) => ({ ok: true, status: 201, headers: new Headers(), json: async () => ({ token }) });
const settle = () => new Promise((resolve) => setImmediate(resolve));

beforeEach(() => {
  forgetToken();
  mock.timers.enable({ apis: ["setTimeout"] });
});

afterEach(() => {
  mock.timers.reset();
  mock.restoreAll();
});

test("a guest answered 503 is asked again after Retry-After, and made", async () => {
  const answers = [unavailable(), unavailable(), made("token-new")];
  const fetched = mock.fn(async () => answers.shift());
  globalThis.fetch = fetched;
  const token = ensureToken();
  for (const asked of [1, 2]) {
    await settle();
    assert.equal(fetched.mock.callCount(), asked);
    mock.timers.tick(2999);
    await settle();
    assert.equal(fetched.mock.callCount(), asked); // not before the gateway said
    mock.timers.tick(1);
  }
  assert.equal(await token, "token-new");
  assert.equal(fetched.mock.callCount(), 3);
  assert.equal(localStorage.getItem("echo.token"), "token-new");
});

test("a guest still refused after a few askings fails, as any other answer that is not made", async () => {
  const fetched = mock.fn(async () => unavailable());
  globalThis.fetch = fetched;
  const token = ensureToken();
  const failed = assert.rejects(token, /HTTP 503/);
  for (let n = 1; n < GUEST_ATTEMPTS; n += 1) {
    await settle();
    mock.timers.tick(3000);
  }
  await failed;
  assert.equal(fetched.mock.callCount(), GUEST_ATTEMPTS);
  assert.equal(localStorage.getItem("echo.token"), null);
});
