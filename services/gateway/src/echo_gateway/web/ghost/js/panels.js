// The parts of the match screen around the board: the player cards (score circles, clocks, reserve, the
// "has moved" sign), the move panel (selection, confirm pause, waiting), the cell menu and the end of a match.
import { elapsed, left, mmss } from "./clock.js";
import { actionWords } from "./notation.js";
import { legalOn, neighbour, takeBackable } from "./rules.js";
import { t } from "./words.js";
import { escapeHTML } from "../../shell/text.js";

const LAG = 2; // the server's lag allowance: `deadlines.clocks` includes it

/** What is left of each clock, for the card and for the auto-commit. */
export function clockOf(game, seat, serverNow) {
  const s = game.settings;
  const reserve = game.clock[seat].reserve;
  if (!s.clock) return null;
  const due = game.deadlines?.clocks?.[seat];
  if (due == null) {
    const used = elapsed(game.open_turn?.[seat], serverNow);
    return { ...left(s, reserve, used), running: false };
  }
  const total = due - LAG - serverNow;
  const rest = Math.max(0, Math.min(reserve, total));
  return { move: Math.max(0, total - reserve), reserve: rest, out: total <= 0, running: true };
}

export function clockText(clock, live = true) {
  if (!clock) return t("clockOff");
  if (!live) return `${t("clockReserve")} ${mmss(clock.reserve)}`;
  return `${t("clockMove")} ${mmss(clock.move)} · ${t("clockReserve")} ${mmss(clock.reserve)}`;
}

function circles(won) {
  return [0, 1].map((i) => `<span class="circle${i < won ? " won" : ""}"></span>`).join("");
}

export function playerCard(game, seat, name, { me, serverNow, rating = null }) {
  const open = game.open_turn?.[seat];
  const moved = open?.committed ? `<span class="moved" data-testid="moved-${seat}" title="${escapeHTML(t("tip_moved"))}">✓ ${t("moved")}</span>` : "";
  const clock = clockOf(game, seat, serverNow);
  const s = game.settings;
  // each fact with its explanation as a tooltip: [text, tip]
  const extra = [rating === null ? null : [t("ratingShort", { r: rating }), t("tip_rating")], [t("anchorsLeft", { n: `${"∞".repeat(game.reserve[seat])}${game.reserve[seat] ? "" : "0"}` }), t("tip_anchors")],
    s.capture === "on" ? [t("pairs", { n: game.pairs[seat] }), t("tip_pairs")] : null,
    game.skips[seat] ? [t("skips", { n: game.skips[seat] }), t("tip_skips")] : null,
    s.clock && game.clock[seat].streak ? [t("refill", { n: game.clock[seat].streak }), t("tip_refill")] : null].filter(Boolean);
  const running = clock?.running ? " running" : "";
  return `<section class="player seat-${seat}${seat === me ? " mine" : ""}${running}" data-testid="card-${seat}">
    <header><span class="dot seat-${seat}"></span><b>${escapeHTML(name(seat))}</b><span class="circles" data-testid="score-${seat}" data-won="${game.score[seat]}" title="${escapeHTML(t("tip_score", { n: game.score[seat] }))}">${circles(game.score[seat])}</span></header>
    <div class="g-clock" data-clock="${seat}" title="${escapeHTML(t(s.clock ? "tip_clock" : "tip_noClock"))}">${clockText(clock, game.status === "live")}</div>
    <div class="facts"><small>${extra.map(([text, tip]) => `<span class="stat" title="${escapeHTML(tip)}">${escapeHTML(text)}</span>`).join(" · ")}</small>${moved}</div></section>`;
}

/** How an action reads in the panel: in words. */
const said = (action) => `<b class="action" data-action="${escapeHTML(action)}">${escapeHTML(actionWords(action, t))}</b>`;

export function movePanel(game, me, ui) {
  const mine = game.open_turn?.[me];
  const other = game.open_turn?.[me === "A" ? "B" : "A"];
  if (ui.looking) {
    return `<section class="moves looking" data-testid="moves" data-state="looking"><p>${t("rewinding", { r: ui.looking[0], t: ui.looking[1] })}</p>
      <button type="button" class="btn primary" data-do="now" data-testid="to-current">${t("toCurrent")}</button></section>`;
  }
  if (!mine) return "";
  if (game.reveal_since != null) {
    const text = mine.committed ? t("revealing") : t("outOfTurn");
    return `<section class="moves" data-testid="moves" data-state="reveal"><p>${text}</p></section>`;
  }
  if (mine.committed) {
    const canWithdraw = !other?.committed;
    return `<section class="moves" data-testid="moves" data-state="committed"><p>${t("committed")} ${ui.secret ? said(ui.secret.action) : ""}</p>
      ${canWithdraw ? `<button type="button" class="btn" data-do="withdraw" data-testid="withdraw">${t("withdraw")}</button>` : ""}</section>`;
  }
  if (ui.pause) {
    const n = Math.max(0, Math.ceil((ui.pause.until - Date.now()) / 1000));
    return `<section class="moves" data-testid="moves" data-state="pause"><p class="pause-line"><span class="blink">${said(ui.pause.action)}</span>
      <small data-testid="pause-left">${t("sendsIn", { n })}</small></p>
      <button type="button" class="btn primary" data-do="confirm" data-testid="confirm">${t("confirm")}</button>
      <button type="button" class="btn ghost" data-do="unpause" data-testid="unpause">${t("cancel")}</button></section>`;
  }
  return choosePanel(game, me, ui);
}

/**
 * The choice, every move reachable by a tap (a phone has no right button, and a long press must never
 * choose): the cell's stone, anchor and shot, its anchor's shifts and magnets as compasses, and which old
 * anchor, if any, goes back with the move.
 */
function choosePanel(game, me, ui) {
  const cell = ui.selected;
  const legal = cell ? legalOn(game, me, cell) : [];
  const button = (kind, testid, label, primary = false) => {
    const action = `${kind}:${cell}`;
    const ok = legal.includes(action);
    return `<button type="button" class="btn${primary ? " primary" : ""}" data-do="menu-act" data-action="${ok ? action : ""}" data-testid="${testid}" ${ok ? "" : "disabled"}>${label}</button>`;
  };
  const n = game.settings.board;
  const dirOf = (to) => Object.keys(ARROWS).find((d) => neighbour(cell, d, n) === to);
  const shifts = legal.filter((a) => a[0] === "S");
  const magnets = legal.filter((a) => a[0] === "M");
  const wheels = [shifts.length ? compass(t("m_shiftTitle"), cell, shifts, (a) => dirOf(a.split(":")[2])) : "",
    magnets.length ? compass(t("m_magnetTitle"), cell, magnets, (a) => a.split(":")[2]) : ""].join("");
  const backs = takeBackable(game, me);
  const takeBack = backs.length ? `<div class="take-backs" data-testid="take-backs"><small>${t("pickTakeBack")}</small>
      ${[null, ...backs].map((c) => `<button type="button" class="btn small${ui.takeBack === c ? " on" : ""}" data-do="take-back" data-cell="${c ?? ""}"
        data-testid="take-back${c ? `-${c}` : "-none"}" aria-pressed="${ui.takeBack === c}">${c ? `∞ ${c}` : t("noTakeBack")}</button>`).join("")}</div>` : "";
  return `<section class="moves" data-testid="moves" data-state="choose"><p class="muted">${cell ? t("menuTitle", { c: cell }) : t("selectHint")}</p>
    <div class="move-buttons">${button("P", "make-move", t("makeMove"), true)}${button("A", "anchor", t("anchor"))}${button("X", "shot", t("shot"))}</div>
    ${wheels ? `<div class="wheels">${wheels}</div>` : ""}${takeBack}</section>`;
}

function menuLabel(action, piece) {
  const kind = action[0];
  if (kind === "P") return t("m_place");
  if (kind === "A") return t(piece ? "m_convert" : "m_anchor");
  return t("m_shot");
}

const COMPASS = ["NW", "N", "NE", "W", null, "E", "SW", "S", "SE"];
const ARROWS = { N: "↑", NE: "↗", E: "→", SE: "↘", S: "↓", SW: "↙", W: "←", NW: "↖" };

/** The anchor's shifts or magnets as a compass around it: each legal direction a button. */
function compass(title, cell, actions, direction) {
  const byDir = new Map(actions.map((a) => [direction(a), a]));
  const keys = COMPASS.map((d) => {
    if (d === null) return `<span class="compass-core">∞</span>`;
    const action = byDir.get(d);
    const words = action ? escapeHTML(actionWords(action, t)) : "";
    return action ? `<button type="button" class="compass-key" data-do="menu-act" data-action="${action}" title="${words}" aria-label="${words}">${ARROWS[d]}</button>`
      : `<span class="compass-key off">${ARROWS[d]}</span>`;
  }).join("");
  return `<div class="compass-box"><h4>${escapeHTML(title)}</h4><div class="compass" data-cell="${cell}">${keys}</div></div>`;
}

/** The cell menu: every action legal on the cell, the take-back of an old anchor, the anchor's memo. */
export function cellMenu(game, me, cell, memoText) {
  const piece = game.stones.find((s) => s.cell === cell);
  const actions = legalOn(game, me, cell);
  const plain = actions.filter((a) => "PAX".includes(a[0]));
  const items = plain.map((a) => `<button type="button" class="menu-item" data-do="menu-act" data-action="${a}">${escapeHTML(menuLabel(a, piece))}
      <small>${escapeHTML(actionWords(a, t))}</small></button>`);
  const shifts = actions.filter((a) => a[0] === "S");
  const magnets = actions.filter((a) => a[0] === "M");
  const n = game.settings.board;
  const dirOf = (to) => Object.keys(ARROWS).find((d) => neighbour(cell, d, n) === to);
  const wheels = [shifts.length ? compass(t("m_shiftTitle"), cell, shifts, (a) => dirOf(a.split(":")[2])) : "",
    magnets.length ? compass(t("m_magnetTitle"), cell, magnets, (a) => a.split(":")[2]) : ""].join("");
  if (takeBackable(game, me).includes(cell)) items.push(`<button type="button" class="menu-item" data-do="menu-take-back" data-cell="${cell}">${t("m_takeBack")}</button>`);
  const memo = piece?.anchor ? `<p class="memo">${escapeHTML(memoText(cell))}</p>` : "";
  const empty = !items.length && !wheels;
  return `<div class="menu-back" data-do="menu-close"></div><div class="cell-menu" role="menu" data-testid="cell-menu" data-cell="${cell}">
    <h3>${t("menuTitle", { c: cell })}</h3>${memo}${items.join("")}${wheels ? `<div class="wheels">${wheels}</div>` : ""}
    ${empty ? `<p class="muted">${t("m_nothing")}</p>` : ""}
    <button type="button" class="btn ghost small" data-do="menu-close">${t("m_close")}</button></div>`;
}

/** A round just over: who took it and why, the score, and «Дальше» back to the next round's board. */
export function roundOverPanel(game, record, name, you, live) {
  const reason = t(`r_${record.reason}`);
  let text;
  if (record.result === "draw") text = t("roundOverDraw", { r: reason });
  else if (record.result === you) text = t("roundOverYou", { r: reason });
  else text = t("roundOverThem", { p: name(record.result), r: reason });
  const score = t("scoreNow", { a: game.score.A, b: game.score.B });
  return `<section class="round-over" data-testid="round-over" data-round="${record.round}" data-result="${record.result}">
    <h2>${t("roundOver", { n: record.round })}</h2><p>${escapeHTML(text)}</p><p class="muted">${escapeHTML(score)}</p>
    ${live ? `<button type="button" class="btn primary" data-do="go-on" data-testid="go-on">${t("goOn")}</button>` : ""}</section>`;
}

/** The end of the match: who won and how (rounds, or a resignation). */
export function endPanel(game, name, you, rating = null, rematch = "") {
  if (game.status === "live") return "";
  let text;
  if (game.status === "finished") {
    const resigned = game.rounds.at(-1)?.reason === "resign";
    let who = t("youLose", { p: name(game.winner) });
    if (you == null) who = t("winnerIs", { p: name(game.winner) }); // two on one device
    else if (game.winner === you) who = t("youWin");
    const how = resigned ? t(game.winner === you ? "theyResigned" : "youResigned") : t("endByRounds", { a: game.score.A, b: game.score.B });
    text = `${who} ${how}`;
    if (rating) text += ` ${t("ratingChange", { r: rating.now, d: `${rating.change >= 0 ? "+" : "−"}${Math.abs(rating.change)}` })}`;
  } else text = t(game.status === "cancelled" ? "cancelled" : "aborted");
  return `<section class="over" data-testid="over" data-status="${game.status}"><h2>${t("over")}</h2><p data-testid="over-text">${escapeHTML(text)}</p>${rematch}
    <nav class="row"><a class="btn primary small" href="#/">${t("newGame")}</a><a class="btn ghost small" href="#/games" data-testid="my-games-link">${t("myGames")}</a>
    <a class="btn ghost small" href="#/history" data-testid="history-link">${t("history")}</a><a class="btn ghost small" href="#/leaders" data-testid="leaders-link">${t("leaders")}</a></nav></section>`;
}
