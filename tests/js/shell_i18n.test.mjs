// The shell's language (web/shell/i18n.js): the device's choice, and a game's dictionaries read in it.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { useLanguage } from "./storage.mjs";
import { lang, shellWord, translator } from "../../services/gateway/src/echo_gateway/web/shell/i18n.js";

beforeEach(() => localStorage.removeItem("echo.lang"));

test("Russian until the device chose English; anything else stored is Russian", () => {
  assert.equal(lang(), "ru");
  useLanguage("en");
  assert.equal(lang(), "en");
  useLanguage("de");
  assert.equal(lang(), "ru");
});

test("a game's words in the page's language, with their forms; Russian where English has none", () => {
  const t = translator(
    { moves: "{n} {n:ход|хода|ходов}", only: "только по-русски", won: "{p} {p.g:выиграл|выиграла}" },
    { moves: "{n} {n:move|moves}" },
  );
  assert.equal(t("moves", { n: 22 }), "22 хода");
  assert.equal(t("won", { p: "Анна", "p.g": "f" }), "Анна выиграла");
  useLanguage("en");
  assert.equal(t("moves", { n: 1 }), "1 move");
  assert.equal(t("moves", { n: 5 }), "5 moves");
  assert.equal(t("only"), "только по-русски");
  assert.equal(t("nothing"), "nothing", "a missing entry shows its key, which a test of the dictionaries catches");
});

test("the bar's words: the connection's three states and the switch to the other language", () => {
  const states = ["online", "connecting", "offline"];
  const russian = states.map((state) => shellWord(state));
  assert.equal(shellWord("langSwitch"), "EN");
  useLanguage("en");
  const english = states.map((state) => shellWord(state));
  assert.equal(shellWord("langSwitch"), "RU");
  assert.equal(new Set([...russian, ...english]).size, 6, "each state has its own words in each language");
  assert.ok(russian.every((text) => /[а-яё]/i.test(text)) && english.every((text) => !/[а-яё]/i.test(text)));
});
