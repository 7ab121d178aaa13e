// Every refusal the server can send is worded in Russian and in English on the page of each game that can
// meet it: the codes are read from the Python sources (the gateway's socket, the engine, each game's rules),
// as `Refused("code", …)`, `refuse("code", …)`, `error("code", …)` and `Rejection("code", …)`, and Ghost
// Five's void turns' reasons (`VoidReason`).
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, test } from "node:test";

import { REFUSALS as ARK } from "../../services/gateway/src/echo_gateway/web/ark/js/words.js";
import { REFUSALS as EOT } from "../../services/gateway/src/echo_gateway/web/eot/js/words.js";
import { REFUSALS as GHOST } from "../../services/gateway/src/echo_gateway/web/ghost/js/words.js";
import { REFUSALS as ECHO } from "../../services/gateway/src/echo_gateway/web/echo/js/i18n.js";
import { refusals, wordedCodes } from "../../services/gateway/src/echo_gateway/web/shell/refusals.js";
import { useLanguage } from "./storage.mjs";

const ROOT = new URL("../../", import.meta.url).pathname;
const CALL = /\b(?:Refused|refuse|error|Rejection)\(\s*"([a-z_]+)"/g;

function pythonFiles(folder) {
  return readdirSync(join(ROOT, folder), { recursive: true })
    .filter((name) => name.endsWith(".py"))
    .map((name) => readFileSync(join(ROOT, folder, name), "utf8"));
}

function codesIn(...folders) {
  const codes = new Set();
  for (const source of folders.flatMap(pythonFiles)) {
    for (const [, code] of source.matchAll(CALL)) codes.add(code);
    const reasons = source.match(/^VoidReason = Literal\[([^\]]*)\]/m)?.[1] ?? "";
    for (const [, code] of reasons.matchAll(/"([a-z_]+)"/g)) codes.add(code);
  }
  return codes;
}

const SERVER = codesIn("services/gateway/src/echo_gateway/ws", "services/engine/src");
const GAMES = {
  echo: { words: ECHO, codes: codesIn("libs/games/echo/src") },
  ghost_five: { words: GHOST, codes: codesIn("libs/games/ghost_five/src") },
  echoes_of_time: { words: EOT, codes: codesIn("libs/games/echoes_of_time/src") },
  ark: { words: ARK, codes: codesIn("libs/games/ark/src") },
};

beforeEach(() => useLanguage("ru"));

test("the sources are read: each game and the server have the refusals they are known for", () => {
  assert.ok(SERVER.has("rate_limited") && SERVER.has("table_full") && SERVER.has("unknown_invite"), [...SERVER]);
  assert.ok(GAMES.echo.codes.has("sector_open"));
  assert.ok(GAMES.ghost_five.codes.has("opponent_committed") && GAMES.ghost_five.codes.has("reveal_mismatch"));
  assert.ok(GAMES.echoes_of_time.codes.has("not_enough_strength"));
  assert.ok(GAMES.ark.codes.has("nickname_taken"));
});

for (const [game, { words, codes }] of Object.entries(GAMES)) {
  test(`${game}: every code its page can meet has Russian and English words, never the code itself`, () => {
    const worded = new Set(wordedCodes(words));
    const missing = [...SERVER, ...codes].filter((code) => !worded.has(code));
    assert.deepEqual(missing, [], `without words in both languages: ${missing.join(", ")}`);
    const refusal = refusals(words);
    for (const language of ["ru", "en"]) {
      useLanguage(language);
      for (const code of [...SERVER, ...codes]) {
        const text = refusal(code);
        // a one-word code ("busy") may be a word of the English sentence; a code_with_underscores never is
        assert.ok(!code.includes("_") || !text.includes(code), `${game} ${language} ${code}: ${text}`);
        assert.equal(/[а-яё]/i.test(text), language === "ru", `${game} ${language} ${code}: ${text}`);
      }
    }
  });
}

test("a game's own words win over the shared ones, in the page's language", () => {
  const refusal = refusals({ ru: { busy: "Занято." }, en: { busy: "Taken." } });
  assert.equal(refusal("busy"), "Занято.");
  assert.equal(refusal("rate_limited"), "Слишком часто — чуть помедленнее.");
  useLanguage("en");
  assert.equal(refusal("busy"), "Taken.");
  assert.equal(refusal("rate_limited"), "Too fast — slow down a little.");
});

test("a code nobody words is a plain refusal, without the code", () => {
  const refusal = refusals();
  assert.equal(refusal("no_such_code_at_all"), "Сервер отклонил команду.");
  useLanguage("en");
  assert.equal(refusal("no_such_code_at_all"), "The server refused the command.");
});
