// The game as one seat sees it: the round and turn, the end conditions, every player's time board, cubes,
// fellowship and Sources, the shared Sources, the supply, one's hand and, at the end, the scores by part.
import { cardChip, cardFace, cardName, sourceFace } from "./cards.js";
import { t } from "./words.js";
import { escapeHTML } from "../../shell/text.js";

const ACTIONS = ["draw", "play", "advance", "capture", "entrench"];

// A seat's name: the callsign of the person at it, or the bot and its level (the table's `players`, which
// the game carries as `people`, seat by seat), «Игрок N» where the server has not named it.
export function seatName(people, seat) {
  const who = people?.[seat];
  if (who?.bot) {
    const twin = people.some((p, n) => n !== seat && p.bot === who.bot);
    return t(twin ? "botNumbered" : "botName", { l: t(`lv_${who.bot}`), n: seat + 1 });
  }
  return who?.name ?? t("player", { n: seat + 1 });
}

export function playerName(game, id, you) {
  const seat = game.players.findIndex((p) => p.id === id);
  const name = seatName(game.people, seat);
  return seat === you ? `${name} (${t("you")})` : name;
}

const dot = (seat) => `<span class="cube seat-${seat}" aria-hidden="true"></span>`;

function header(game, you, now) {
  const name = (id) => playerName(game, id, you);
  const turn = game.turn ? t("turnOf", { p: name(game.turn.player), i: game.turn.index }) : "";
  const pending = game.pending ? t("decides", { p: name(game.pending.player) }) : "";
  const mine = game.moves ? `<strong class="your-turn" data-testid="your-turn">${t(game.pending ? "yourDecision" : "yourTurn")}</strong>` : "";
  return `<header class="status" data-testid="status" data-round="${game.round}" data-phase="${game.phase}">
    <span>${t("round", { n: game.round })} · ${t(`ph_${game.phase}`)}</span><span>${escapeHTML(turn)}</span>
    <span>${escapeHTML(pending)}</span>${mine}${game.deadline ? countdownHTML(game.deadline, now) : ""}</header>`;
}

// The open step's timer: the server's deadline (ms since the epoch) against the server's time `now` (ms, as
// this device reckons it: shell/servertime.js), ticked down by tickCountdowns().
function countdownHTML(deadline, now) {
  return `<span class="countdown" role="timer" data-testid="countdown" data-deadline="${Number(deadline)}"
    title="${t("timeLeftLabel")}" aria-label="${t("timeLeftLabel")}">${countdownText(deadline, now)}</span>`;
}

function countdownText(deadline, now) {
  const left = Math.max(0, Math.ceil((deadline - now) / 1000));
  return t("timeLeft", { t: `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}` });
}

export function tickCountdowns(root, now) {
  for (const el of root.querySelectorAll("[data-deadline]")) {
    const deadline = Number(el.dataset.deadline);
    el.textContent = countdownText(deadline, now);
    el.classList.toggle("low", deadline - now <= 10_000);
  }
}

/** The server time (seconds since the epoch) a table's view says has passed: its open step's opening, its
 * deadline less the table's timer. */
export function stepOpened(view) {
  const timer = view.table.settings?.turn_timer_s;
  const deadline = view.game?.deadline;
  return timer && deadline ? [deadline / 1000 - timer] : [];
}

function flags(game) {
  const all = 10 * game.players.length + 14;
  const best = Math.max(...game.players.map((p) => p.count));
  const entrenched = game.sources.filter((s) => s.state === "entrenched").length;
  const row = (flag, text, value, max) => {
    const round = game.flags[flag];
    return `<li class="${round ? "raised" : ""}" data-flag="${flag}"><span>${escapeHTML(text)}${round ? ` — ${t("raised", { r: round })}` : ""}</span>
      <meter min="0" max="${max}" value="${value}"></meter></li>`;
  };
  return `<section class="flags"><h3>${t("flags")}</h3><ul>
    ${row("A", t("flagA", { left: game.vp_main_left, all }), all - game.vp_main_left, all)}
    ${row("B", game.flags.B ? t("flagBmet") : t("flagB", { best }), game.flags.B ? 12 : Math.min(best, 12), 12)}
    ${row("C", t("flagC", { n: entrenched, all: game.sources.length }), entrenched, game.sources.length)}</ul></section>`;
}

function slotsGrid(game, you) {
  const cells = ACTIONS.map((action) => {
    const slots = [1, 2].map((n) => {
      const slot = `${action}.${n}`;
      const cubes = game.players.filter((p) => p.cubes.includes(slot)).map((p) => dot(p.seat)).join("");
      return `<td data-slot="${slot}">${cubes}</td>`;
    }).join("");
    return `<tr><th>${t(`act_${action}`)}</th>${slots}</tr>`;
  }).join("");
  const free = game.players.map((p) => `<span>${dot(p.seat)}${escapeHTML(playerName(game, p.id, you))}: ${t("cubes", { n: p.cubes.filter((c) => c === null).length })}</span>`).join("");
  return `<section class="slots"><h3>${t("slots")}</h3><table><tr><th></th><th>1</th><th>2</th></tr>${cells}</table>
    <div class="cube-legend">${free}</div></section>`;
}

function playerPanel(game, player, you) {
  const spaces = [1, 2, 3, 4, 5].map((n) => `<div class="space" data-space="${n}"><span class="space-n">${n}</span>
    ${player.board[String(n)].map((c) => cardChip(c)).join("")}</div>`).join("");
  const fellows = player.fellowship.map((c) => cardChip(c, { token: player.activated.includes(c) })).join("")
    || `<small>${t("fellowshipEmpty")}</small>`;
  const held = player.sources.map((s) => `<span class="chip src">${escapeHTML(cardName(s))}</span>`).join("");
  const turn = game.turn?.player === player.id ? " on-turn" : "";
  return `<section class="player seat-${player.seat}${turn}${player.conceded ? " conceded" : ""}" data-player="${player.id}">
    <h3>${dot(player.seat)}${escapeHTML(playerName(game, player.id, you))}${player.id === game.first_player ? ` <small>· ${t("first")}</small>` : ""}
      ${player.conceded ? ` <small>· ${t("conceded")}</small>` : ""}</h3>
    <div class="numbers"><span data-testid="vp-${player.id}" title="${t("tipVp")}">${t("vp", { n: player.vp_tokens })}</span>
      <span title="${t("tipHand")}">${t("handSize", { n: player.hand_size })}</span><span title="${t("tipCount")}">${t("count", { n: player.count })}</span></div>
    <div class="time-board" aria-label="${t("board")}">${spaces}</div>
    <div class="fellowship"><b>${t("fellowship")}:</b> ${fellows}</div>
    ${held ? `<div class="held"><b>${t("held")}:</b> ${held}</div>` : ""}</section>`;
}

function sourcesRow(game, you) {
  const faces = game.sources.map((s) => sourceFace(s, s.holder ? playerName(game, s.holder, you) : "")).join("");
  const out = game.sources_out.length ? `<small>${escapeHTML(t("sourcesOut", { list: game.sources_out.map(cardName).join(", ") }))}</small>` : "";
  return `<section class="sources"><h3>${t("sources")}</h3><div class="source-row">${faces}</div>${out}</section>`;
}

function supply(game) {
  const recent = game.discard.slice(-6).map((c) => cardChip(c)).join("");
  return `<section class="supply"><p title="${t("tipSupply")}">${t("supply", { deck: game.deck_size, discard: game.discard.length, main: game.vp_main_left, extra: game.vp_extra_used })}</p>
    ${recent ? `<div><b>${t("discardPile")}:</b> ${recent}</div>` : ""}</section>`;
}

function hand(game) {
  const cards = game.me?.hand ?? [];
  return `<section class="hand"><h3>${t("hand")} (${cards.length})</h3>
    <div class="hand-cards" data-testid="hand">${cards.map((c) => cardFace(c)).join("") || `<p>${t("handEmpty")}</p>`}</div></section>`;
}

export function scoring(game, you) {
  if (!game.scores) return "";
  const parts = ["tokens", "sources", "cards", "effects", "total"];
  const reason = [].concat(game.end_condition ?? []).map((r) => t(`r_${r}`)).join(", ");
  // the players across, the parts down: a part's name has the room of a row, and 2–4 columns fit a phone
  const won = (p) => (game.winners.includes(p.id) ? " class=\"won\"" : "");
  const head = game.players.map((p) => `<th scope="col"${won(p)}>${dot(p.seat)}${escapeHTML(playerName(game, p.id, you))}</th>`).join("");
  const rows = parts.map((k) => `<tr class="part-${k}"><th scope="row" title="${t(`tip_${k}`)}">${t(`sc_${k}`)}</th>
    ${game.players.map((p) => `<td${won(p)}>${game.scores[p.id][k]}</td>`).join("")}</tr>`).join("");
  return `<section class="scoring" data-testid="scoring"><h2>${t("over")}</h2>
    <p>${escapeHTML(t("winners", { list: game.winners.map((w) => playerName(game, w, you)).join(", ") }))} · ${escapeHTML(t("reason", { r: reason }))}
    ${game.tie_break ? ` · ${escapeHTML(t("tieBreak", { t: game.tie_break }))}` : ""}</p>
    <table class="score-table"><tr><th></th>${head}</tr>${rows}</table></section>`;
}

/** Everything but the moves panel and the log, which the screen places beside it; `now`: the server's time
 * (ms) for the open step's countdown, if it has one. */
export function tableHTML(game, you, now) {
  const me = game.players[you];
  const others = game.players.filter((p) => p.seat !== you);
  return `${header(game, you, now)}${scoring(game, you)}
    <div class="columns"><div class="main-col">${me ? playerPanel(game, me, you) : ""}${hand(game)}${sourcesRow(game, you)}</div>
    <div class="side-col">${flags(game)}${slotsGrid(game, you)}${others.map((p) => playerPanel(game, p, you)).join("")}${supply(game)}</div></div>`;
}
