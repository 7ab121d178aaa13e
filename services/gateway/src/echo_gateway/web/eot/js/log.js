// The log of a table, told from one view to the next (the views carry the state, not its events): rounds,
// turns, cubes placed, cards put on the time board or into a fellowship, Sources taken, VP, end conditions.
import { cardName } from "./cards.js";
import { playerName } from "./table.js";
import { escapeHTML, t } from "./words.js";

const MAX_LINES = 80;

export class TableLog {
  constructor() {
    this.lines = [];
    this.last = null;
  }

  /** Adds what changed since the last view (nothing the first time: a reload starts the log afresh). */
  see(game, you) {
    const before = this.last;
    this.last = game;
    if (!before) return;
    const name = (id) => playerName(game, id, you);
    const add = (key, params) => this.lines.push(t(key, params));
    if (game.round !== before.round) add("log_round", { n: game.round });
    game.players.forEach((p, i) => {
      const old = before.players[i];
      for (const slot of p.cubes) if (slot && !old.cubes.includes(slot)) add("log_slot", { p: name(p.id), a: `${t(`act_${slot.split(".")[0]}`)} (${slot})` });
      for (let n = 1; n <= 5; n += 1) {
        for (const c of p.board[String(n)]) if (!old.board[String(n)].includes(c)) add("log_board", { p: name(p.id), c: cardName(c), n });
      }
      for (const c of p.fellowship) if (!old.fellowship.includes(c)) add("log_fellow", { p: name(p.id), c: cardName(c) });
      if (p.vp_tokens > old.vp_tokens) add("log_vp", { p: name(p.id), n: p.vp_tokens - old.vp_tokens });
      if (p.conceded && !old.conceded) add("log_concede", { p: name(p.id) });
    });
    game.sources.forEach((s, i) => {
      const old = before.sources[i];
      if (s.holder && (s.holder !== old.holder || s.state !== old.state)) {
        add("log_src", { p: name(s.holder), s: cardName(s.id), st: t(`st_${s.state}`, { p: name(s.holder) }) });
      }
    });
    for (const flag of ["A", "B", "C"]) if (game.flags[flag] && !before.flags[flag]) add("log_flag", { f: flag });
    if (game.turn && (game.turn.player !== before.turn?.player || game.turn.index !== before.turn?.index)) add("log_turn", { p: name(game.turn.player) });
    if (game.pending && game.pending.decision_id !== before.pending?.decision_id) add("log_decide", { p: name(game.pending.player), k: game.pending.kind });
    if (game.phase === "over" && before.phase !== "over") add("log_over", {});
    this.lines = this.lines.slice(-MAX_LINES);
  }

  html() {
    const items = this.lines.slice().reverse().map((line) => `<li>${escapeHTML(line)}</li>`).join("");
    return `<section class="log"><h3>${t("log")}</h3>${items ? `<ol data-testid="log">${items}</ol>` : `<p>${t("logEmpty")}</p>`}</section>`;
  }
}
