// Ghost Five's pure client modules: an action in words, a round's last board and its winning row, the last
// move's cells.
import { test } from "node:test";
import assert from "node:assert/strict";
import { actionWords, actionCells } from "../../services/gateway/src/echo_gateway/web/ghost/js/notation.js";
import { boardFromRows, movedCells, rowCells } from "../../services/gateway/src/echo_gateway/web/ghost/js/rules.js";

const WORDS = {
  a_place: "Фишка на {c}", a_anchor: "Якорь на {c}", a_shot: "Выстрел в {c}", a_shift: "Сдвиг якоря {c} на {to}",
  a_magnet: "Магнит от {c} на {d}", a_takeBack: "забрать якорь {c}", d_N: "север", d_SW: "юго-запад",
};
const say = (key, params = {}) => (WORDS[key] ?? key).replace(/\{(\w+)\}/g, (_, name) => params[name]);

test("every kind of action reads as words, never as its code", () => {
  assert.equal(actionWords("P:H8", say), "Фишка на H8");
  assert.equal(actionWords("X:G4", say), "Выстрел в G4");
  assert.equal(actionWords("M:G7:N", say), "Магнит от G7 на север");
  assert.equal(actionWords("S:G7:F6", say), "Сдвиг якоря G7 на F6");
  assert.equal(actionWords("A:C3;T:D4", say), "Якорь на C3, забрать якорь D4");
  assert.deepEqual(actionCells("S:G7:F6;T:D4"), ["G7", "F6", "D4"]);
});

test("a round's last board is read from its rows, and the winning row is lit, anchors included", () => {
  const rows = [".....", "aaaAa", "..b..", ".bb#.", "....."];
  const board = boardFromRows(rows, 5);
  assert.equal(board.stones.length, 8);
  assert.deepEqual(board.walls.map((w) => w.cell), ["D2"]);
  assert.deepEqual(rowCells(board, "A", 5, 5).sort(), ["A4", "B4", "C4", "D4", "E4"]);
  assert.deepEqual(rowCells(board, "B", 4, 5), []);
  const diagonal = boardFromRows(["b....", ".b...", "..b..", "...b.", "....."], 5);
  assert.deepEqual(rowCells(diagonal, "B", 4, 5).sort(), ["A5", "B4", "C3", "D2"]);
});

test("the last move of each side names its cell (a shift its target)", () => {
  assert.deepEqual(movedCells({ actions: { A: "P:H8;T:C3", B: "S:G7:G8" } }), { H8: "A", G8: "B" });
  assert.deepEqual(movedCells({ actions: { A: null, B: "M:G7:N" } }), { G7: "B" });
  assert.deepEqual(movedCells(undefined), {});
});
