// The seat's choices, only those its view's `moves` offer (the rules accept every one): the main actions,
// activations, the end of the turn, and each decision as a clear choice. A card to play asks for exactly the
// discards it costs and one of its legal spaces.
import { cardChip, cardFace, cardName } from "./cards.js";
import { t } from "./words.js";
import { escapeHTML } from "../../shell/text.js";

const button = (label, attrs, cls = "btn") => `<button type="button" class="${cls}" ${attrs}>${escapeHTML(label)}</button>`;

function moveText(moves) {
  if (!moves.length) return t("noMove");
  return moves.map((m) => t("moveText", { c: cardName(m.card), n: m.steps })).join(", ");
}

function choiceText(action, args) {
  if (action === "advance") return moveText(args.moves);
  const creatures = args.creatures.map(cardName).join(", ");
  return creatures ? t("withCreatures", { s: cardName(args.source), list: creatures }) : t("noCreatures", { s: cardName(args.source) });
}

export class MovesPanel {
  constructor(act) {
    this.act = act; // (action) => Promise
    this.reset();
  }

  reset() {
    this.mode = null; // null | play | advance | capture | entrench | activate
    this.card = null; // the card to play, or the target to activate
    this.picked = [];
    this.version = null;
  }

  /** The panel's HTML for this view; a new version of the game starts the choice afresh. */
  html(game, version) {
    if (version !== this.version) { this.reset(); this.version = version; }
    const moves = game.moves;
    if (!moves) return "";
    this.game = game;
    const body = moves.decision ? this.decision(game) : this.turn(game);
    return `<section class="moves" data-testid="moves" aria-live="polite"><h3>${t("moves")}</h3>${body}</section>`;
  }

  decision(game) {
    const pending = game.pending;
    const { kind, options, min, max } = pending;
    const title = `<p class="ask" data-testid="decision" data-kind="${kind}" data-min="${min}" data-max="${max}">${escapeHTML(t(`dk_${kind}`, { min, max }))}</p>`;
    if (this.game.moves.answers.length) {
      return title + this.game.moves.answers.map((answer, i) => {
        let label;
        if (answer === "decline") label = t("decline");
        else if (kind === "advance") label = moveText(answer);
        else label = `${t("playIt", { c: cardName(answer.card) })} · ${answer.space === 0 ? t("space0") : t("spaceN", { n: answer.space })}`;
        return button(label, `data-do="answer" data-i="${i}"`);
      }).join("");
    }
    if (kind === "summon_order") { // the cards' faces: what each one does decides the order
      return title + `<div class="hand-cards">${options.map((o) => `<button type="button" class="pick-card" data-do="option" data-id="${o}"
        aria-label="${escapeHTML(cardName(o))}">${cardFace(o)}</button>`).join("")}</div>`;
    }
    if (kind === "ready") {
      return title + `<div class="picks">${options.map((o) => button(cardName(o), `data-do="option" data-id="${o}"`)).join("")}</div>`;
    }
    const toggles = options.map((o) => this.toggle(o)).join("");
    const ready = this.picked.length >= min && this.picked.length <= max;
    return `${title}<div class="picks">${toggles}</div><p>${t("chosen", { k: this.picked.length, min, max })}</p>
      ${button(t("confirm"), `data-do="decide-list" ${ready ? "" : "disabled"}`, "btn primary")}`;
  }

  toggle(id) {
    const on = this.picked.includes(id);
    return `<button type="button" class="pick${on ? " on" : ""}" data-do="toggle" data-id="${id}" aria-pressed="${on}">${cardChip(id)}</button>`;
  }

  turn(game) {
    const moves = game.moves;
    if (this.mode === "play") return this.playing(game);
    if (this.mode === "activate") return this.activating(game);
    if (this.mode) {
      const choices = moves.main[this.mode].choices;
      return `<p class="ask">${t("pickChoice")}</p>${choices.map((c, i) => button(choiceText(this.mode, c), `data-do="choice" data-i="${i}"`)).join("")}
        ${button(t("cancel"), `data-do="cancel"`, "btn ghost")}`;
    }
    const main = Object.keys(moves.main).map((action) => button(t(`act_${action}`), `data-do="main" data-action="${action}"`, "btn primary")).join("");
    const acts = moves.activate.map((a) => button(a.discards ? t("activateCost", { c: cardName(a.target), n: a.discards }) : t("activate", { c: cardName(a.target) }),
      `data-do="activate" data-id="${a.target}" data-n="${a.discards}"`)).join("");
    const end = moves.end_turn ? button(t("endTurn"), `data-do="end-turn"`, "btn primary") : "";
    return `<div class="main-actions">${main}</div><div class="activations">${acts}</div>${end}
      ${button(t("concede"), `data-do="concede"`, "btn ghost danger")}`;
  }

  playing(game) {
    const terms = game.moves.main.play.cards;
    if (!this.card) {
      return `<p class="ask">${t("pickCard")}</p><div class="hand-cards">${terms.map((c) => `<button type="button" class="pick-card" data-do="pick-card" data-id="${c.card}">${cardFace(c.card)}</button>`).join("")}</div>
        ${button(t("cancel"), `data-do="cancel"`, "btn ghost")}`;
    }
    const chosen = terms.find((c) => c.card === this.card);
    const others = game.me.hand.filter((c) => c !== this.card);
    const discards = chosen.discards ? `<p data-need="${chosen.discards}">${t("pickDiscards", { n: chosen.discards, k: this.picked.length })}</p>
      <div class="picks">${others.map((o) => this.toggle(o)).join("")}</div>` : "";
    const ready = this.picked.length === chosen.discards;
    const spaces = chosen.spaces.map((s) => button(`${t("playIt", { c: cardName(this.card) })} · ${s === 0 ? t("space0") : t("spaceN", { n: s })}`,
      `data-do="space" data-space="${s}" ${ready ? "" : "disabled"}`, "btn primary")).join("");
    return `${cardFace(this.card)}${discards}<p class="ask">${t("pickSpace")}</p>${spaces}${button(t("cancel"), `data-do="cancel"`, "btn ghost")}`;
  }

  activating(game) {
    const n = game.moves.activate.find((a) => a.target === this.card).discards;
    return `<p data-need="${n}">${t("pickDiscards", { n, k: this.picked.length })}</p><div class="picks">${game.me.hand.map((o) => this.toggle(o)).join("")}</div>
      ${button(t("activate", { c: cardName(this.card) }), `data-do="activate-go" ${this.picked.length === n ? "" : "disabled"}`, "btn primary")}
      ${button(t("cancel"), `data-do="cancel"`, "btn ghost")}`;
  }

  /** A click in the panel: either a local step of the choice (returns true: draw again) or a sent action. */
  click(el) {
    const game = this.game;
    const moves = game.moves;
    const id = el.dataset.id;
    switch (el.dataset.do) {
      case "toggle": {
        this.picked = this.picked.includes(id) ? this.picked.filter((x) => x !== id) : [...this.picked, id];
        return true;
      }
      case "cancel": this.mode = null; this.card = null; this.picked = []; return true;
      case "pick-card": this.card = id; this.picked = []; return true;
      case "main": {
        const action = el.dataset.action;
        if (action === "draw") { this.act({ type: "main", slot: moves.main.draw.slot }); return false; }
        this.mode = action;
        return true;
      }
      case "choice": {
        const terms = moves.main[this.mode];
        this.act({ type: "main", slot: terms.slot, args: terms.choices[Number(el.dataset.i)] });
        return false;
      }
      case "space": {
        const args = { card: this.card, discards: this.picked, space: Number(el.dataset.space) };
        this.act({ type: "main", slot: moves.main.play.slot, args });
        return false;
      }
      case "activate": {
        if (Number(el.dataset.n) === 0) { this.act({ type: "activate", target: id, discards: [] }); return false; }
        this.mode = "activate"; this.card = id; this.picked = [];
        return true;
      }
      case "activate-go": this.act({ type: "activate", target: this.card, discards: this.picked }); return false;
      case "end-turn": this.act({ type: "end_turn" }); return false;
      case "concede":
        if (window.confirm(t("concedeConfirm"))) this.act({ type: "concede" });
        return false;
      case "answer": return this.decide(moves.answers[Number(el.dataset.i)]);
      case "option": return this.decide(id);
      case "decide-list": return this.decide(game.pending.options.filter((o) => this.picked.includes(o)));
      default: return false;
    }
  }

  decide(choice) {
    this.act({ type: "decide", decision_id: this.game.pending.decision_id, choice });
    return false;
  }
}
