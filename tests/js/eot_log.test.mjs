// Echoes of Time's log (web/eot/js/log.js): public events told as lines by round, the ones the table itself
// shows (hand sizes, phases) left out, an unknown event never shown as its code.
import assert from "node:assert/strict";
import { test } from "node:test";
import { logHTML, logLines, tellEntry } from "../../services/gateway/src/echo_gateway/web/eot/js/log.js";

const say = (key, params = {}) => `${key}(${Object.entries(params).map(([k, v]) => `${k}=${v}`).join(",")})`;
const words = { say, name: (id) => `N${id}`, card: (id) => `C${id}` };

test("each telling event is one line of its round; hand sizes, phases and unknown events are not told", () => {
  const lines = logLines([
    { type: "GameStarted", first_player: "p2" },
    { type: "HandSizeChanged", player: "p1", size: 6 },
    { type: "RoundStarted", round: 1, first_player: "p2" },
    { type: "PhaseStarted", phase: "time" },
    { type: "MainActionTaken", player: "p1", slot: "draw.1", args: {} },
    { type: "CardsDrawnCount", player: "p1", n: 2 },
    { type: "CardPlayed", player: "p2", card: "W01", discards: [], space: 0, cause: "main" },
    { type: "SomethingNew", player: "p1" },
    { type: "RoundStarted", round: 2, first_player: "p1" },
    { type: "TurnEnded", player: "p1", auto: true },
    { type: "CardsDiscarded", player: "p1", cards: ["F01"], reason: "cost" },
    { type: "CardsDiscarded", player: "p3", cards: ["E02"], reason: "hand_limit" },
    { type: "HandLimitApplied", player: "p3", discarded: ["E02"] },
    { type: "DecisionMade", player: "p1", kind: "discard", decision_id: "d1" },
  ], words);
  assert.deepEqual(lines.map(({ round, text }) => ({ round, text })), [
    { round: 0, text: "log_start(p=Np2)" },
    { round: 1, text: "log_drawn(p=Np1,n=2)" },
    { round: 1, text: "log_play0(p=Np2,c=CW01,n=0)" },
    { round: 2, text: "log_discard(p=Np1,list=CF01)" },
    { round: 2, text: "log_hand_limit(p=Np3,list=CE02)" },
  ]);
  assert.deepEqual(lines.map((line) => line.entry.type),
    ["GameStarted", "CardsDrawnCount", "CardPlayed", "CardsDiscarded", "HandLimitApplied"], "each line keeps its event");
});

test("an event told again in another language: tellEntry says it with the words it is given", () => {
  const entry = { type: "CardSummoned", player: "p1", card: "W01" };
  assert.equal(tellEntry(entry, words), "log_summon(p=Np1,c=CW01)");
  assert.equal(tellEntry(entry, { ...words, say: (key) => `EN:${key}` }), "EN:log_summon");
  assert.equal(tellEntry({ type: "PhaseStarted", phase: "time" }, words), null);
});

test("the log's HTML groups the lines by round, the newest first, and escapes them", () => {
  const html = logHTML([{ round: 1, text: "a<b" }, { round: 2, text: "c" }], { say, escape: (x) => x.replace("<", "&lt;") });
  assert.ok(html.indexOf("round(n=2)") < html.indexOf("round(n=1)"));
  assert.ok(html.includes("a&lt;b") && html.includes('data-lines="2"'));
  assert.ok(logHTML([], { say, escape: String }).includes("logEmpty()"));
});
