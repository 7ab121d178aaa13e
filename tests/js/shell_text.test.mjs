// The web shell's text helpers (services/gateway/src/echo_gateway/web/shell/text.js), run by `make test`
// with node's own test runner.
import assert from "node:assert/strict";
import { test } from "node:test";

import { escapeHTML, fill, gendered, number, plural } from "../../services/gateway/src/echo_gateway/web/shell/text.js";

test("escapeHTML makes markup and quotes inert, and empty values empty", () => {
  assert.equal(escapeHTML(`<b a="1" b='2'>&</b>`), "&#60;b a=&#34;1&#34; b=&#39;2&#39;&#62;&#38;&#60;/b&#62;");
  assert.equal(escapeHTML(null), "");
  assert.equal(escapeHTML(undefined), "");
  assert.equal(escapeHTML(0), "0");
});

test("Russian plural forms follow the number's last digits", () => {
  const forms = ["ход", "хода", "ходов"];
  const cases = { 0: "ходов", 1: "ход", 2: "хода", 4: "хода", 5: "ходов", 11: "ходов", 12: "ходов", 14: "ходов",
    21: "ход", 22: "хода", 25: "ходов", 101: "ход", 111: "ходов" };
  for (const [n, word] of Object.entries(cases)) assert.equal(plural("ru", Number(n), forms), word, `n=${n}`);
  assert.equal(plural("ru", 1.5, forms), "хода", "a fraction takes the genitive singular");
});

test("English plural forms: one and other", () => {
  assert.equal(plural("en", 1, ["turn", "turns"]), "turn");
  assert.equal(plural("en", 0, ["turn", "turns"]), "turns");
  assert.equal(plural("en", 3, ["turn", "turns"]), "turns");
});

test("gender forms fall back to the masculine form", () => {
  assert.equal(gendered("f", ["выжил", "выжила"]), "выжила");
  assert.equal(gendered("m", ["выжил", "выжила"]), "выжил");
  assert.equal(gendered("n", ["выжил", "выжила"]), "выжил");
  assert.equal(gendered("n", ["выжил", "выжила", "выжили"]), "выжили");
});

test("fill puts values, plural and gender forms into an entry", () => {
  assert.equal(fill("ru", "{n} {n:ход|хода|ходов}", { n: 3 }), "3 хода");
  assert.equal(fill("ru", "{n} {n:ход|хода|ходов}", { n: 11 }), "11 ходов");
  assert.equal(fill("en", "{n} {n:turn|turns}", { n: 1 }), "1 turn");
  assert.equal(fill("ru", "{p} {p.g:выжил|выжила}?", { p: "Анна", "p.g": "f" }), "Анна выжила?");
  assert.equal(fill("ru", "{w} {w:победил|победила}", { w: "f" }), "f победила");
  assert.equal(fill("ru", "осталось {n}", {}), "осталось {n}", "a missing param stays visible to the tests");
});

test("numbers are written the way each language writes them", () => {
  assert.equal(number("ru", 3.5), "3,5");
  assert.equal(number("en", 3.5), "3.5");
});
