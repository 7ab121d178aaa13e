// The guided first match: hints in order, each gone once its move is made or it is waved away.
import { test } from "node:test";
import assert from "node:assert/strict";
import { coachStep } from "../../services/gateway/src/echo_gateway/web/ghost/js/coach.js";

const turn = (a, b = "P:A1") => ({ actions: { A: a, B: b } });

test("the hints follow the player's own moves, never the opponent's", () => {
  assert.equal(coachStep([], "A"), "c_place");
  assert.equal(coachStep([turn(null, "A:C3")], "A"), "c_place");
  assert.equal(coachStep([turn("P:C7")], "A"), "c_anchor");
  assert.equal(coachStep([turn("P:C7"), turn("A:D7")], "A"), "c_shot"); // no anchor on the board: no arrows yet
  assert.equal(coachStep([turn("P:C7"), turn("A:D7")], "A", { hasAnchor: true }), "c_arrows");
  assert.equal(coachStep([turn("P:C7"), turn("A:D7"), turn("M:D7:N"), turn("X:H8")], "A", { hasAnchor: true }), "c_memory");
});

test("a waved hint stays away; the take-back waits for an old enough anchor", () => {
  const log = [turn("P:C7"), turn("A:D7"), turn("S:D7:D8"), turn("X:H8")];
  const waved = ["c_memory"];
  assert.equal(coachStep(log, "A", { waved, hasAnchor: true }), null);
  assert.equal(coachStep(log, "A", { waved, hasAnchor: true, canTakeBack: true }), "c_takeBack");
  assert.equal(coachStep([...log, turn("P:E7;T:D8")], "A", { waved, canTakeBack: true }), null);
  assert.equal(coachStep([], "A", { waved: ["c_place", "c_anchor", "c_arrows", "c_shot", "c_memory", "c_takeBack"] }), null);
});
