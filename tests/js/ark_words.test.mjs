// Ark's words (web/ark/js/words.js): Russian and English say the same things, and every refusal code the
// rules define (libs/games/ark/src/ark/rejection.py) has its own words in both.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { DICTIONARIES } from "../../services/gateway/src/echo_gateway/web/ark/js/words.js";

const rejection = readFileSync(new URL("../../libs/games/ark/src/ark/rejection.py", import.meta.url), "utf8");
const codes = [...rejection.match(/Code = Literal\[([^\]]*)\]/s)[1].matchAll(/"(\w+)"/g)].map((m) => m[1]);

test("Russian and English have the same entries, none empty", () => {
  assert.deepEqual(Object.keys(DICTIONARIES.en).sort(), Object.keys(DICTIONARIES.ru).sort());
  for (const [lang, words] of Object.entries(DICTIONARIES)) {
    for (const [key, text] of Object.entries(words)) assert.ok(String(text).trim(), `${lang}.${key}`);
  }
});

test("every refusal code of the rules has words in both languages", () => {
  assert.ok(codes.length > 20);
  for (const code of codes) {
    assert.ok(DICTIONARIES.ru[`code_${code}`], `ru code_${code}`);
    assert.ok(DICTIONARIES.en[`code_${code}`], `en code_${code}`);
    assert.doesNotMatch(DICTIONARIES.en[`code_${code}`], /[а-яё]/i);
  }
});
