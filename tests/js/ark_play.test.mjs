// Ark's pure client modules: what the banner announces between two views (web/ark/js/news.js) and which
// cards a seat is offered to cite (web/ark/js/cite.js), run by `make test-js` with node's own runner.
import assert from "node:assert/strict";
import { test } from "node:test";

import { citeOptions } from "../../services/gateway/src/echo_gateway/web/ark/js/cite.js";
import { happenings } from "../../services/gateway/src/echo_gateway/web/ark/js/news.js";

const player = (id, extra = {}) => ({ id, nick: id, cards: [], ...extra });
const view = (game) => ({ game_id: "g1", game: { phase: "round", players: [], step: null, tally: null, ...game } });

test("a revealed card, an exile and a tie are announced once", () => {
  const before = view({ players: [player("p1"), player("p2")] });
  const revealed = view({ players: [player("p1", { cards: ["profession-01"] }), player("p2")] });
  assert.deepEqual(happenings(before, revealed, "p2"), [{ kind: "revealed", player: "p1", card: "profession-01" }]);
  assert.deepEqual(happenings(revealed, revealed, "p2"), []);
  const tie = view({ players: revealed.game.players, tally: { kind: "exile", result: "tie", attempt: 1 } });
  assert.deepEqual(happenings(revealed, tie, "p2"), [{ kind: "tie" }]);
  const exiled = view({ players: [player("p1", { cards: ["a", "b", "c"], exiled: true }), player("p2")],
    tally: { kind: "exile", result: "p1", attempt: 2 } });
  assert.deepEqual(happenings(tie, exiled, "p2"), [{ kind: "exiled", player: "p1" }]);
});

test("the turn coming to this seat and a survival result are announced", () => {
  const before = view({ step: { id: 1, kind: "reveal", player: "p1" } });
  const mine = view({ step: { id: 2, kind: "reveal", player: "p2" } });
  assert.deepEqual(happenings(before, mine, "p2"), [{ kind: "your_turn" }]);
  assert.deepEqual(happenings(before, mine, "p3"), []);
  const t = { kind: "survival", subject: "p1", s: 1, v: 3, chance: 33, outcome: "died" };
  assert.deepEqual(happenings(before, view({ tally: t }), "p3"), [{ kind: "died", player: "p1", tally: t }]);
});

test("a settings change that cleared this seat's ready mark is said", () => {
  const lobby = (ready, mode) => ({ game_id: "g1", game: { phase: "lobby", settings: { mode }, players: [player("p2", { ready })] } });
  assert.deepEqual(happenings(lobby(true, "rescue"), lobby(false, "survival"), "p2"), [{ kind: "ready_cleared" }]);
  assert.deepEqual(happenings(lobby(true, "rescue"), lobby(false, "rescue"), "p2"), []);
  assert.deepEqual(happenings(null, lobby(false, "rescue"), "p2"), []);
});

test("citing is offered to the subject's team only, with its members' cards, the dead's Baggage and Ark cards", () => {
  const game = {
    step: { kind: "incident_discussion", player: "p1" },
    ark_cards: ["ark-01"],
    me: { id: "p2", cards: ["mine-1", "mine-2"] },
    players: [
      player("p1", { cards: ["s-1"] }), player("p2", { cards: ["mine-1"] }),
      player("p3", { cards: ["d-1", "d-bag"], dead: true, remaining: ["d-bag"] }),
      player("p4", { cards: ["x-1"], exiled: true }),
    ],
  };
  assert.deepEqual(citeOptions(game, "p2").map((o) => o.card), ["s-1", "mine-1", "mine-2", "d-bag", "ark-01"]);
  assert.equal(citeOptions(game, "p4"), null, "the other team cites nothing");
  const exiledSubject = { ...game, step: { kind: "incident_discussion", player: "p4" }, me: { id: "p4", cards: ["x-1"] } };
  assert.deepEqual(citeOptions(exiledSubject, "p4").map((o) => o.card), ["x-1"], "no Ark cards for the exiled");
  assert.equal(citeOptions({ ...game, step: { kind: "survival_vote", player: "p1" } }, "p2"), null);
});
