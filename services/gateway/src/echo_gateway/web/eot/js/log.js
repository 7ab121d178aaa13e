// The table's log, told from the game's own public events (`view.game.log`, every event of the game in its
// public form, the same for every seat): the same lines after a reload, in the page's language, in words.
// Pure: `say(key, params)` is the dictionary, `name(playerId)` and `card(id)` the names shown.

const ACTIONS = ["draw", "play", "advance", "capture", "entrench"];
const action = (slot) => ACTIONS.find((a) => slot.startsWith(`${a}.`));
const list = (cards, card) => cards.map(card).join(", ");

// One line per event worth telling; the rest (hand sizes, phases, cubes going back) the table itself shows.
const TELL = {
  GameStarted: (e, s, n) => s("log_start", { p: n(e.first_player) }),
  DeckShuffled: (e, s) => s(e.k ? "log_reshuffle" : "log_shuffle", { n: e.size }),
  TimeStepped: (e, s, n, c) => (e.leaving.length ? s("log_leaving", { p: n(e.player), list: list(e.leaving, c), k: e.leaving.length }) : null),
  CardSummoned: (e, s, n, c) => s("log_summon", { p: n(e.player), c: c(e.card) }),
  EffectResolved: (e, s, n, c) => s("log_effect", { p: n(e.player), c: c(e.source) }),
  VpGained: (e, s, n) => s("log_vp", { p: n(e.player), n: e.n }),
  MainSupplyExhausted: (e, s) => s("log_supply_out"),
  EndFlagRaised: (e, s) => s("log_flag", { f: e.flag, what: s(`r_${e.flag}`) }),
  CardsDrawnCount: (e, s, n) => s("log_drawn", { p: n(e.player), n: e.n }),
  CardsLookedCount: (e, s, n) => s("log_looked", { p: n(e.player), n: e.n }),
  // a hand-limit discard is told by its HandLimitApplied
  CardsDiscarded: (e, s, n, c) => (e.cards.length && e.reason !== "hand_limit" ? s("log_discard", { p: n(e.player), list: list(e.cards, c) }) : null),
  CardsRetrieved: (e, s, n, c) => s("log_retrieve", { p: n(e.player), list: list(e.cards, c) }),
  TurnStarted: (e, s, n) => s("log_turn", { p: n(e.player) }),
  MainActionTaken: (e, s, n) => (action(e.slot) === "draw" ? null : s("log_main", { p: n(e.player), a: s(`act_${action(e.slot)}`) })),
  CardPlayed: (e, s, n, c) => s(e.space ? "log_play" : "log_play0", { p: n(e.player), c: c(e.card), n: e.space }),
  CardAdvanced: (e, s, n, c) => s(e.to ? "log_advance" : "log_advance0", { p: n(e.player), c: c(e.card), a: e.from, b: e.to }),
  SourceCaptured: (e, s, n, c) => s(e.from_player ? "log_capture_from" : "log_capture", { p: n(e.player), s: c(e.source), q: e.from_player ? n(e.from_player) : "", n: e.attack }),
  SourceReinforced: (e, s, n, c) => s("log_reinforce", { p: n(e.player), s: c(e.source), n: e.defence }),
  SourceEntrenched: (e, s, n, c) => s("log_entrench", { p: n(e.player), s: c(e.source) }),
  AbilityActivated: (e, s, n, c) => s("log_activate", { p: n(e.player), c: c(e.target) }),
  DecisionMade: (e, s, n, c) => (e.kind === "summon_order" && typeof e.choice === "string" ? s("log_summon_first", { p: n(e.player), c: c(e.choice) }) : null),
  HandLimitApplied: (e, s, n, c) => s("log_hand_limit", { p: n(e.player), list: list(e.discarded, c) }),
  FirstPlayerPassed: (e, s, n) => s("log_first", { p: n(e.player) }),
  PlayerConceded: (e, s, n) => s("log_concede", { p: n(e.player) }),
  GameFinished: (e, s, n) => s("log_over", { list: e.winners.map(n).join(", "), k: e.winners.length }),
};

/** One event in words, or null for an event the table itself shows. */
export function tellEntry(entry, { say, name, card }) {
  const tell = TELL[entry.type];
  return tell ? tell(entry, say, name, card) : null;
}

/** The log's lines, oldest first: `{ round, text, entry }` (`round` 0 before the first round). */
export function logLines(entries, { say, name, card }) {
  const lines = [];
  let round = 0;
  for (const entry of entries ?? []) {
    if (entry.type === "RoundStarted") { round = entry.round; continue; }
    const text = tellEntry(entry, { say, name, card });
    if (text) lines.push({ round, text, entry });
  }
  return lines;
}

/** The log's lines grouped by round, the newest round first. */
export function logHTML(lines, { say, escape }) {
  if (!lines.length) return `<section class="log"><h3>${say("log")}</h3><p>${say("logEmpty")}</p></section>`;
  const rounds = [];
  for (const line of lines) {
    if (!rounds.length || rounds[rounds.length - 1].round !== line.round) rounds.push({ round: line.round, texts: [] });
    rounds[rounds.length - 1].texts.push(line.text);
  }
  const body = rounds.reverse().map((r) => `<li><b>${r.round ? say("round", { n: r.round }) : say("setupLog")}</b>
    <ol>${r.texts.map((x) => `<li>${escape(x)}</li>`).join("")}</ol></li>`).join("");
  return `<section class="log"><h3>${say("log")}</h3><ol class="log-rounds" data-testid="log" data-lines="${lines.length}">${body}</ol></section>`;
}
