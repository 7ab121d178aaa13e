// Ghost Five in the browser: a new match (§12 settings; a friend by link or the bot), a match by its link
// (settings shown before joining), the match itself (match.js), «Мои партии», «История» with replays and
// «Лидеры». Speaks protocol v2 (services/gateway/PROTOCOL.md, «Ghost Five») over the shared Connection.
import { installChrome } from "../../shell/chrome.js";
import { Connection } from "../../shell/connection.js";
import { lang } from "../../shell/i18n.js";
import { notices } from "../../shell/notices.js";
import { onRoute } from "../../shell/router.js";
import { getJSON } from "../../shell/session.js";
import { boardHTML } from "./board.js";
import { deviceGames, remember } from "./games.js";
import { logHTML, roundResult } from "./log.js";
import { MatchScreen, rebuiltMatches } from "./match.js";
import { rulesHTML } from "./rules_page.js";
import { movedCells, rewindBoards } from "./rules.js";
import { KIND, parseLinkSettings, publicSettings, readSettings, settingsForm, settingsSummary } from "./settings.js";
import { knownCodes, refusal, t } from "./words.js";
import { escapeHTML } from "../../shell/text.js";

const conn = new Connection(); // log deltas: a match's acks and updates carry only the turns this page lacks
const screen = document.getElementById("screen");
const { say, command } = notices(document.getElementById("notice"), conn, refusal);

const nav = () => `<nav class="tabs"><a class="btn ghost small" href="#/">${t("newGame")}</a>
  <a class="btn ghost small" href="#/games" data-testid="my-games-link">${t("myGames")}</a>
  <a class="btn ghost small" href="#/history" data-testid="history-link">${t("history")}</a>
  <a class="btn ghost small" href="#/leaders" data-testid="leaders-link">${t("leaders")}</a>
  <a class="btn ghost small" href="#/rules" data-testid="rules-link">${t("rulesLink")}</a></nav>`;

// --- a new match, a match by its link ---
function home() {
  screen.innerHTML = `${nav()}<section class="panel"><h2>${t("newGame")}</h2><form id="new-match" class="form">
      <fieldset class="opponents"><legend>${t("opponent")}</legend>
        <label><input type="radio" name="opponent" value="online" checked data-testid="vs-friend"> ${t("vsFriend")}</label>
        <label><input type="radio" name="opponent" value="quick" data-testid="vs-quick"> ${t("vsQuick")}</label>
        <label><input type="radio" name="opponent" value="bot" data-testid="vs-bot"> ${t("vsBot")}</label>
        <label><input type="radio" name="opponent" value="device" data-testid="vs-device"> ${t("vsLocal")}</label>
        <label class="field"><span>${t("botLevel")}</span><select name="level" data-testid="bot-level">
          <option value="easy">${t("lv_easy")}</option><option value="strong">${t("lv_strong")}</option></select></label></fieldset>
      <h3>${t("settings")}</h3>${settingsForm()}
      <button class="btn primary" type="submit" data-testid="create">${t("create")}</button></form></section>
    <section class="panel"><h2>${t("joinTitle")}</h2><form id="join-match" class="form row">
      <input name="link" placeholder="${t("joinHint")}" aria-label="${t("joinHint")}" required>
      <button class="btn" type="submit">${t("join")}</button></form></section>`;
  const formEl = screen.querySelector("#new-match");
  const fit = () => { // the bot's level for the bot; "no time limit" only against the bot or on one device
    const opponent = new FormData(formEl).get("opponent");
    formEl.querySelector("[name=level]").disabled = opponent !== "bot";
    const noClock = formEl.querySelector("[name=no_clock]");
    noClock.disabled = !["bot", "device"].includes(opponent);
    if (noClock.disabled) noClock.checked = false;
  };
  formEl.addEventListener("change", fit);
  fit();
  formEl.addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = new FormData(event.target);
    const chosen = form.get("opponent");
    const opponent = chosen === "quick" ? "online" : chosen;
    const settings = { ...readSettings(event.target, { clockAllowed: ["bot", "device"].includes(opponent) }), opponent };
    if (chosen === "quick") { await pair(settings); return; }
    const bots = opponent === "bot" ? [form.get("level")] : [];
    const answer = await command("start", { kind: KIND, seats: 2, settings, bots, ...(opponent === "device" ? { one_device: true } : {}) });
    if (answer.type !== "ack") return;
    remember(conn.accountId, answer.game_id, answer.view, opponent === "bot" ? { level: form.get("level") } : {});
    location.hash = `#/m/${answer.game_id}`;
  });
  screen.querySelector("#join-match").addEventListener("submit", (event) => {
    event.preventDefault();
    const link = String(new FormData(event.target).get("link"));
    location.hash = `#/join/${link.split("/join/").pop()}`;
  });
}

// --- quick pairing: a waiting player with the same settings and a similar rating, or wait for one ---
let pairing = false;

async function pair(settings) {
  const answer = await command("pair", { kind: KIND, settings });
  if (answer.type !== "ack") return;
  if (answer.game_id && answer.view) { paired(answer.game_id, answer.view); return; }
  pairing = true;
  screen.innerHTML = `<section class="panel" data-testid="pairing"><h2>${t("pairing")}</h2>${settingsSummary(publicSettings(settings))}
    <button class="btn" type="button" id="unpair" data-testid="unpair">${t("stopPairing")}</button></section>`;
  screen.querySelector("#unpair").addEventListener("click", async () => {
    if ((await command("unpair", { kind: KIND })).type === "ack") { pairing = false; home(); }
  });
}

function paired(gameId, view) {
  pairing = false;
  remember(conn.accountId, gameId, view);
  location.hash = `#/m/${gameId}`;
}

conn.addEventListener("update", (event) => {
  const { game_id: gameId, view } = event.detail;
  if (pairing && view?.kind === KIND && !current) paired(gameId, view);
});

/** The invitation: its settings first (from the link), then «Присоединиться». */
function joinScreen(invite, linked) {
  const settings = parseLinkSettings(linked);
  screen.innerHTML = `<section class="panel" data-testid="join-screen"><h2>${t("joinAsk")}</h2>
    ${settings ? `${settingsSummary(settings)}<p class="muted small">${t("joinSettingsNote")}</p>` : ""}
    <button class="btn primary" type="button" id="join" data-testid="join">${t("join")}</button>
    <a class="btn ghost" href="#/">${t("cancel")}</a></section>`;
  screen.querySelector("#join").addEventListener("click", async () => {
    const answer = await command("join", { kind: KIND, invite });
    if (answer.type !== "ack") return;
    remember(conn.accountId, answer.game_id, answer.view);
    location.replace(`#/m/${answer.game_id}`);
  });
}

// --- «Мои партии»: the server's finished matches and this device's, live ones first ---
async function myGames() {
  screen.innerHTML = `${nav()}<section class="panel" data-testid="my-games"><h2>${t("myGames")}</h2><p class="muted">…</p></section>`;
  const served = await getJSON(`/api/v1/history?kind=${KIND}&limit=50`);
  const device = deviceGames(conn.accountId);
  const finished = new Set((served?.games ?? []).map((g) => g.game_id));
  const live = device.filter((g) => !finished.has(g.game_id) && ["live", "lobby"].includes(g.status));
  const rows = [
    ...live.map((g) => `<li data-game="${g.game_id}" data-status="${g.status}"><a href="#/m/${g.game_id}">${escapeHTML(new Date(g.at).toLocaleString(lang()))}</a>
      · ${t(`st_${g.status}`)}${g.score ? ` · ${g.score.A}:${g.score.B}` : ""}
      ${g.status === "live" && g.started ? `<button type="button" class="btn ghost danger small" data-resign="${g.game_id}" data-testid="list-resign">${t("resign")}</button>` : ""}</li>`),
    ...(served?.games ?? []).map((g) => `<li data-game="${g.game_id}" data-status="${g.outcome}">${escapeHTML(new Date(g.finished_at).toLocaleString(lang()))}
      · ${t(`st_${g.outcome}`)} · ${g.seats.map((s) => `${escapeHTML(seatName(s))} ${s.score ?? ""}`).join(" : ")}
      · <a href="#/r/${g.game_id}" data-testid="replay-link">${t("replay")}</a></li>`),
    ...(served ? [] : device.filter((g) => !live.includes(g)).map((g) => `<li data-game="${g.game_id}" data-status="${g.status}">${escapeHTML(new Date(g.at).toLocaleString(lang()))}
      · ${t(`st_${g.status}`)}${g.score ? ` · ${g.score.A}:${g.score.B}` : ""} · <a href="#/r/${g.game_id}" data-testid="replay-link">${t("replay")}</a></li>`)),
  ];
  const shown = screen.querySelector("[data-testid=my-games]");
  if (!shown) return; // left for another screen while the server answered
  shown.innerHTML = `<h2>${t("myGames")}</h2>
    ${served ? "" : `<p class="muted small" data-testid="device-only">${t("myGamesDevice")}</p>`}
    ${rows.length ? `<ul class="games-list">${rows.join("")}</ul>` : `<p>${t("myGamesEmpty")}</p>`}`;
  screen.querySelectorAll("[data-resign]").forEach((button) => button.addEventListener("click", async () => {
    if (!window.confirm(t("resignConfirm"))) return;
    const answer = await command("act", { game_id: button.dataset.resign, action: { type: "resign" } });
    if (answer.type === "ack") { remember(conn.accountId, button.dataset.resign, answer.view); myGames(); }
  }));
}

// --- «История»: the account's finished matches, each with its date, opponent and result, and its rounds,
// each replayable turn by turn ---

/** A seat of a served game as people read it: «Вы», the callsign, or the bot with its level. */
const seatName = (s) => (s.you ? t("you") : s.name ?? t("bot", { l: t(`lv_${s.bot}`) }));

function matchGroup(g) {
  const mine = g.seats.find((s) => s.you);
  const them = g.seats.find((s) => !s.you) ?? mine;
  const name = (seat) => seatName(g.seats[seat === "A" ? 0 : 1] ?? them);
  const result = g.outcome === "aborted" ? t("st_aborted") : t(`res_${mine?.result ?? "draw"}`);
  const score = `${mine?.score ?? 0}:${them?.score ?? 0}`; // the viewer's first
  const rounds = (g.rounds ?? []).map((r) => `<li><a href="#/r/${g.game_id}/${r.round}" data-testid="history-round">${t("round", { n: r.round })}</a>
    · ${escapeHTML(roundResult(r, name))} · ${t("turnsCount", { n: r.turns })}</li>`).join("");
  return `<li class="match-group" data-testid="history-match" data-game="${g.game_id}">
    <div><b>${escapeHTML(new Date(g.finished_at).toLocaleString(lang(), { dateStyle: "medium", timeStyle: "short" }))}</b>
      · ${escapeHTML(t("vsName", { p: seatName(them) }))} · <span class="res-${mine?.result ?? "none"}">${escapeHTML(result)}</span> ${score}</div>
    ${rounds ? `<ol class="rounds-list">${rounds}</ol>` : ""}</li>`;
}

async function historyScreen() {
  screen.innerHTML = `${nav()}<section class="panel" data-testid="history"><h2>${t("history")}</h2><p class="muted">…</p></section>`;
  const served = await getJSON(`/api/v1/history?kind=${KIND}&limit=50`);
  let items;
  if (served) items = served.games.map(matchGroup).join("");
  else {
    const ended = deviceGames(conn.accountId).filter((g) => ["finished", "aborted"].includes(g.status));
    const replays = await Promise.all(ended.map((g) => getJSON(`/api/v1/games/${encodeURIComponent(g.game_id)}/replay`)));
    const rounds = replays.filter(Boolean).flatMap((r) => (r.frames.at(-1)?.rounds ?? []).map((round) => ({ ...round, game_id: r.game_id, name: (s) => (s === r.frames.at(-1).seat ? t("you") : t("rival")) })));
    items = rounds.slice(0, 50).map((r) => `<li><a href="#/r/${r.game_id}/${r.round}" data-testid="history-round">${t("round", { n: r.round })}</a>
      · ${escapeHTML(roundResult(r, r.name))} · ${t("turnsCount", { n: r.turns })}</li>`).join("");
  }
  const shown = screen.querySelector("[data-testid=history]");
  if (!shown) return; // left for another screen while the server answered
  shown.innerHTML = `<h2>${t("history")}</h2>
    ${served ? "" : `<p class="muted small" data-testid="device-only">${t("historyDevice")}</p>`}
    ${items ? `<ol class="games-list">${items}</ol>` : `<p>${t("historyEmpty")}</p>`}`;
}

// --- a finished match, round by round and turn by turn, from its log (GET /api/v1/games/<id>/replay) ---

/**
 * The board after turn `turn` of `round` as the live board showed it: the seat's view of that moment (its
 * stones with their corner digits and dashed frames, its anchors' memos). A round's last board, which the
 * live view leaves at once for the fresh round, is the rebuilt one with the corners the round's record kept.
 */
function replayedBoard(frames, round, turn, rebuilt) {
  const seen = frames.findLast((f) => f.round === round && f.turn === turn);
  if (seen) return { board: seen, memos: seen.anchors };
  const record = frames.at(-1).rounds.find((r) => r.round === round);
  const stones = rebuilt.stones.map((s) => ({ ...s, digit: record?.digits[s.cell] ?? null, frame: record?.next_to_go.includes(s.cell) ?? false }));
  return { board: { ...rebuilt, stones }, memos: null };
}

class ReplayScreen {
  constructor(gameId, round) { this.gameId = gameId; this.round = round; this.turn = 0; }

  async mount() {
    const [replay, served] = await Promise.all([getJSON(`/api/v1/games/${encodeURIComponent(this.gameId)}/replay`),
      getJSON(`/api/v1/history?kind=${KIND}&limit=50`)]);
    this.seats = served?.games.find((g) => g.game_id === this.gameId)?.seats ?? null;
    this.frames = replay?.frames ?? [];
    this.game = this.frames.at(-1) ?? null;
    if (this.game && !this.round) this.round = this.game.log[0]?.round ?? 1;
    this.render();
  }

  unmount() {}

  render() {
    const game = this.game;
    if (!game) { screen.innerHTML = `${nav()}<p class="panel">${t("historyEmpty")}</p>`; return; }
    const boards = rewindBoards(game, this.round);
    this.turn = Math.min(this.turn, boards.length - 1);
    const shown = replayedBoard(this.frames, this.round, this.turn, boards[this.turn]);
    const last = movedCells(game.log.find((e) => e.round === this.round && e.turn === this.turn)); // as the live board marked it
    const name = (s) => {
      const seat = this.seats?.[s === "A" ? 0 : 1];
      if (seat) return seatName(seat);
      return s === game.seat ? t("you") : t("rival");
    };
    const rounds = [...new Set(game.log.map((e) => e.round))];
    const log = { ...game, log: game.log.filter((e) => e.round === this.round && e.turn <= this.turn) };
    screen.innerHTML = `${nav()}<div class="replay" data-testid="replay" data-round="${this.round}" data-turn="${this.turn}">
      <nav class="row">${rounds.map((r) => `<button class="btn small${r === this.round ? " primary" : ""}" data-pick-round="${r}">${t("round", { n: r })}</button>`).join("")}
      <button class="btn small" id="prev" ${this.turn ? "" : "disabled"}>◀</button>
      <span>${t("replayTurn", { r: this.round, t: this.turn })}</span>
      <button class="btn small" id="next" data-testid="replay-next" ${this.turn + 1 < boards.length ? "" : "disabled"}>▶</button></nav>
      <div class="play-area"><div class="board-col">${boardHTML(shown.board, game.settings.board, { memos: shown.memos, last })}</div>
      <div class="side-col"><section class="g-log"><h3>${t("log")}</h3>${logHTML(log, name)}</section></div></div></div>`;
    screen.querySelector("#prev").addEventListener("click", () => { this.turn -= 1; this.render(); });
    screen.querySelector("#next").addEventListener("click", () => { this.turn += 1; this.render(); });
    screen.querySelectorAll("[data-pick-round]").forEach((b) => b.addEventListener("click", () => { this.round = Number(b.dataset.pickRound); this.turn = 0; this.render(); }));
  }
}

// --- «Лидеры» (GET /api/v1/games/{KIND}/leaders) ---
async function leaders() {
  screen.innerHTML = `${nav()}<section class="panel" data-testid="leaders"><h2>${t("leaders")}</h2><p class="muted">…</p></section>`;
  const board = await getJSON(`/api/v1/games/${KIND}/leaders`);
  const row = (r) => `<tr class="${r.you ? "you" : ""}"><td>${r.place ?? "—"}</td><td>${escapeHTML(r.name)}${r.you ? ` (${t("you_row")})` : ""}</td><td>${r.rating}</td><td>${r.matches}</td><td>${r.wins}</td></tr>`;
  const head = `<tr><th>${t("place")}</th><th>${t("nick")}</th><th>${t("rating")}</th><th>${t("matches")}</th><th>${t("wins")}</th></tr>`;
  let body;
  if (!board) body = `<p data-testid="leaders-none">${t("leadersNone")}</p>`;
  else {
    const mine = board.you && !board.leaders.some((r) => r.you) ? `<tbody class="own" data-testid="leaders-you">${row(board.you)}</tbody>` : "";
    const empty = board.leaders.length ? "" : `<p data-testid="leaders-empty">${t("leadersEmpty", { n: board.min_matches ?? 5 })}</p>`;
    body = `${empty}${board.leaders.length || mine ? `<table class="leaders-table">${head}<tbody>${board.leaders.map(row).join("")}</tbody>${mine}</table>` : ""}`;
  }
  const shown = screen.querySelector("[data-testid=leaders]");
  if (!shown) return; // left for another screen while the server answered
  shown.innerHTML = `<h2>${t("leaders")}</h2>${body}`;
}

// --- routing ---
let current = null;

async function show([where, arg, more]) {
  current?.unmount?.();
  current = null;
  if (pairing) command("unpair", { kind: KIND }); // left the waiting screen: stop waiting
  pairing = false;
  say("");
  if (where === "join" && arg) joinScreen(arg, more);
  else if (where === "m" && arg) current = new MatchScreen(arg, { conn, screen, say, command });
  else if (where === "r" && arg) current = new ReplayScreen(arg, more ? Number(more) : null);
  else if (where === "games") await myGames();
  else if (where === "history") await historyScreen();
  else if (where === "leaders") await leaders();
  else if (where === "rules") screen.innerHTML = `${nav()}<div data-testid="rules">${rulesHTML()}</div>`;
  else home();
  if (current) await current.mount();
}

const route = onRoute(show);
installChrome(conn, {
  title: () => t("title"),
  onLang: () => { if (current?.render) current.render(); else route(); },
});
let routed = false;
conn.addEventListener("online", () => { if (!routed) { routed = true; route(); } });
// for tests: the socket, the screen's state, the client's refusal table
window.ghost = { conn, screen: () => current, refusal, knownCodes, rebuiltMatches };
conn.open();
