// The shell's connection (web/shell/connection.js) against a fake socket: the hello, a command answered, a
// drop met by a reconnect after a growing delay, and the unanswered command sent again with its id.
import assert from "node:assert/strict";
import { afterEach, beforeEach, mock, test } from "node:test";

import "./storage.mjs";
import { Connection, FIRST_RETRY, nextRetry } from "../../services/gateway/src/echo_gateway/web/shell/connection.js";

class FakeSocket extends EventTarget {
  static OPEN = 1;
  static made = [];
  constructor(url) {
    super();
    this.url = url;
    this.readyState = FakeSocket.OPEN;
    this.sent = [];
    FakeSocket.made.push(this);
  }
  send(text) { this.sent.push(JSON.parse(text)); }
  close(code) { this.hear("close", { code }); }
  hear(type, fields = {}) { this.dispatchEvent(Object.assign(new Event(type), fields)); }
  answer(frame) { this.hear("message", { data: JSON.stringify(frame) }); }
}

globalThis.WebSocket = FakeSocket;
globalThis.location = { protocol: "https:", host: "echo.example" };

const settle = () => new Promise((resolve) => setImmediate(resolve));

async function online(conn) {
  await conn.open();
  const socket = FakeSocket.made.at(-1);
  socket.hear("open");
  socket.answer({ type: "welcome", account_id: "a-1" });
  return socket;
}

beforeEach(() => {
  FakeSocket.made = [];
  localStorage.setItem("echo.token", "token-1");
  mock.timers.enable({ apis: ["setTimeout", "setInterval"] });
});
afterEach(() => mock.timers.reset());

test("the delay before a reconnect doubles up to five seconds", () => {
  const delays = [FIRST_RETRY];
  while (delays.length < 6) delays.push(nextRetry(delays.at(-1)));
  assert.deepEqual(delays, [500, 1000, 2000, 4000, 5000, 5000]);
});

test("the hello carries the session and asks for log deltas; the welcome makes it online", async () => {
  const conn = new Connection();
  const states = [];
  conn.addEventListener("state", (event) => states.push(event.detail));
  const socket = await online(conn);
  assert.equal(socket.url, "wss://echo.example/ws");
  assert.deepEqual(socket.sent[0], { type: "hello", v: 2, token: "token-1", log_delta: true });
  assert.deepEqual(states, ["connecting", "online"]);
  assert.equal(conn.accountId, "a-1");
});

test("a command resolves with its answer, found by its id", async () => {
  const conn = new Connection({ logDelta: false });
  const socket = await online(conn);
  assert.equal(socket.sent[0].log_delta, undefined);
  const answered = conn.command("act", { game_id: "g-1" });
  const sent = socket.sent.at(-1);
  assert.equal(sent.type, "act");
  socket.answer({ type: "ack", id: sent.id, version: 3 });
  assert.deepEqual(await answered, { type: "ack", id: sent.id, version: 3 });
});

test("after a drop it reconnects, later each time, and sends the unanswered command again with its id", async () => {
  const conn = new Connection();
  const first = await online(conn);
  const answered = conn.command("act", { game_id: "g-1" });
  const id = first.sent.at(-1).id;
  first.close(1006);
  assert.equal(conn.state, "offline");
  mock.timers.tick(FIRST_RETRY - 1);
  await settle();
  assert.equal(FakeSocket.made.length, 1, "not before the delay");
  mock.timers.tick(1);
  await settle();
  assert.equal(FakeSocket.made.length, 2);
  const second = FakeSocket.made[1];
  second.close(1006); // refused again before its welcome: the next wait is longer
  mock.timers.tick(FIRST_RETRY);
  await settle();
  assert.equal(FakeSocket.made.length, 2, "the second wait is longer than the first");
  mock.timers.tick(nextRetry(FIRST_RETRY) - FIRST_RETRY);
  await settle();
  const third = FakeSocket.made[2];
  third.hear("open");
  third.answer({ type: "welcome", account_id: "a-1" });
  const again = third.sent.find((frame) => frame.type === "act");
  assert.equal(again.id, id, "the same id: the engine applies it at most once");
  third.answer({ type: "ack", id });
  assert.equal((await answered).type, "ack");
  assert.equal(conn.retryDelay, FIRST_RETRY, "a welcome starts the delays over");
});

test("a command a back-end did not answer in time is sent again, and its final answer resolves it", async () => {
  const conn = new Connection();
  const socket = await online(conn);
  const retrying = [];
  conn.addEventListener("retrying", (event) => retrying.push(event.detail.code));
  const answered = conn.command("act", { game_id: "g-1" });
  const { id } = socket.sent.at(-1);
  socket.answer({ type: "error", id, code: "engine_unavailable" });
  mock.timers.tick(500);
  assert.deepEqual(socket.sent.filter((frame) => frame.id === id).length, 2);
  socket.answer({ type: "error", id, code: "game_over" });
  assert.deepEqual(await answered, { type: "error", id, code: "game_over" });
  assert.deepEqual(retrying, ["engine_unavailable"]);
});

test("a hello the server cannot check yet waits the seconds it is told, keeps the token, then says hello again", async () => {
  const conn = new Connection();
  await conn.open();
  const first = FakeSocket.made[0];
  first.hear("open");
  first.answer({ type: "error", code: "store_unavailable", message: "electing", retry_after: 3 });
  first.close(1013);
  assert.equal(conn.state, "waiting", "told to wait, not lost");
  assert.equal(localStorage.getItem("echo.token"), "token-1", "the session stands");
  mock.timers.tick(3000 - 1);
  await settle();
  assert.equal(FakeSocket.made.length, 1, "not before the seconds it was told");
  mock.timers.tick(1);
  await settle();
  const second = FakeSocket.made[1];
  second.hear("open");
  assert.deepEqual(second.sent[0], { type: "hello", v: 2, token: "token-1", log_delta: true });
  second.answer({ type: "welcome", account_id: "a-1" });
  assert.equal(conn.state, "online");
  second.close(1006);
  assert.equal(conn.state, "offline", "a later drop is a lost connection again");
});
