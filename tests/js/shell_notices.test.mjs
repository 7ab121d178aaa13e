// The shell's notice line (web/shell/notices.js): a command's refusal in words, a success clears it.
import assert from "node:assert/strict";
import { test } from "node:test";

import { notices } from "../../services/gateway/src/echo_gateway/web/shell/notices.js";

const line = () => ({ textContent: "", dataset: {}, hidden: true });
const answering = (answer) => ({ command: async (type, fields) => ({ ...answer, asked: { type, fields } }) });
const refusal = (code) => `words for ${code}`;

test("a refused command shows the refusal's words, not the server's message", async () => {
  const element = line();
  const { command } = notices(element, answering({ type: "error", code: "busy", message: "busy, retry" }), refusal);
  const answer = await command("act", { game_id: "g-1" });
  assert.deepEqual(answer.asked, { type: "act", fields: { game_id: "g-1" } });
  assert.equal(element.textContent, "words for busy");
  assert.equal(element.dataset.kind, "error");
  assert.equal(element.hidden, false);
});

test("an acknowledged command clears the line", async () => {
  const element = line();
  const { say, command } = notices(element, answering({ type: "ack" }), refusal);
  say("Ход ещё в пути", "info");
  assert.equal(element.dataset.kind, "info");
  assert.equal(element.hidden, false);
  await command("act", {});
  assert.equal(element.textContent, "");
  assert.equal(element.hidden, true);
});
