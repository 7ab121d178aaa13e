// Echoes of Time in the browser: tables of 2–4 opened here (with bots for empty seats) or joined by link,
// the game as this seat sees it, its moves, the log, the final scores, and a finished game step by step.
// Speaks protocol v2 (services/gateway/PROTOCOL.md) over the shared Connection.
import { installChrome } from "../../shell/chrome.js";
import { Connection } from "../../shell/connection.js";
import { lang } from "../../shell/i18n.js";
import { notices } from "../../shell/notices.js";
import { onRoute } from "../../shell/router.js";
import { getJSON } from "../../shell/session.js";
import { withLog } from "../../shell/log_delta.js";
import { ServerTime } from "../../shell/servertime.js";
import { cardName, loadCards } from "./cards.js";
import { logHTML, logLines, tellEntry } from "./log.js";
import { MovesPanel } from "./moves.js";
import { rulesHTML } from "./rules.js";
import { playerName, seatName, stepOpened, tableHTML, tickCountdowns } from "./table.js";
import { refusal, t } from "./words.js";
import { escapeHTML } from "../../shell/text.js";

const KIND = "echoes_of_time";
const LEVELS = ["random", "greedy", "balanced"];
const TIMERS = [null, 30, 60, 120, 300];
const TABLES_KEY = "eot.history"; // this device's tables still in play (the finished ones come from the server)
// Others' moves (the bots' come in one frame, often with the answer to one's own move) are told line by line,
// this far apart, in «Только что», so a person can follow them. "eot.pace" (ms) changes it for a test.
const PACE_MS = Number(localStorage.getItem("eot.pace") ?? 700);
const RECENT_LINES = 8;

const conn = new Connection(); // a table's log comes as deltas (log_delta.js merges them)
const serverTime = new ServerTime();
const serverMillis = () => serverTime.now() * 1000;
const screen = document.getElementById("screen");
const { say, command } = notices(document.getElementById("notice"), conn, refusal);

function tablesInPlay() {
  try { return JSON.parse(localStorage.getItem(TABLES_KEY)) ?? []; } catch { return []; }
}

const finishedHere = new Set(); // games this page saw end: the history waits for them (the server lists them a moment later)

function remember(gameId, status) {
  if (status === "over") finishedHere.add(gameId);
  const known = tablesInPlay();
  const games = known.filter((g) => g.game_id !== gameId);
  if (status !== "over" && status !== "closed") {
    games.unshift({ game_id: gameId, status, at: known.find((g) => g.game_id === gameId)?.at ?? new Date().toISOString() });
  }
  localStorage.setItem(TABLES_KEY, JSON.stringify(games.slice(0, 30)));
}

const when = (iso) => escapeHTML(new Date(iso).toLocaleString(lang(), { dateStyle: "short", timeStyle: "short" }));

// One finished game of the account's (GET /api/v1/history): when, how it went for him, who sat there.
function historyItem(game) {
  const me = game.seats.find((s) => s.you);
  const result = me?.result ?? "none";
  const seats = game.seats.map((s) => (s.bot ? t("botSeat", { l: t(`lv_${s.bot}`) }) : s.you ? t("you") : s.name))
    .map((name, i) => `${escapeHTML(name)}${game.seats[i].score == null ? "" : ` ${t("vpOf", { n: game.seats[i].score })}`}`).join(" · ");
  return `<li data-game="${escapeHTML(game.game_id)}"><span>${when(game.finished_at)}</span>
    <span class="res-${result}" data-testid="result">${t(`res_${result}`)}</span><span class="seats">${seats}</span>
    <a href="#/r/${encodeURIComponent(game.game_id)}" data-testid="replay-link">${t("replay")}</a></li>`;
}

async function showHistory(section, tries = 10) {
  const answer = await getJSON(`/api/v1/history?kind=${KIND}&limit=50`);
  if (!section.isConnected) return; // the player went elsewhere meanwhile
  const listed = new Set(answer?.games.map((g) => g.game_id));
  if (answer && tries > 1 && [...finishedHere].some((id) => !listed.has(id))) {
    setTimeout(() => showHistory(section, tries - 1), 300);
    return;
  }
  if (!answer) { section.querySelector("p").textContent = t("historyFailed"); return; }
  section.innerHTML = `<h2>${t("history")}</h2>${answer.games.length
    ? `<ul class="history" data-testid="history">${answer.games.map(historyItem).join("")}</ul>` : `<p>${t("historyEmpty")}</p>`}`;
}

// --- the lobby: a new table, a table by its link, the games of this device ---
function lobby() {
  const options = (values, label) => values.map((v) => `<option value="${v ?? ""}">${label(v)}</option>`).join("");
  const playing = tablesInPlay().map((g) => `<li><a href="#/t/${encodeURIComponent(g.game_id)}">${when(g.at)}</a>
    · ${t(g.status === "lobby" ? "inLobby" : "inPlay")}</li>`).join("");
  screen.innerHTML = `<p class="rules-link"><a class="btn ghost small" href="#/rules" data-testid="rules-link">${t("rules")}</a></p>
    <section class="panel"><h2>${t("newTable")}</h2><form id="new-table" class="form">
      <label>${t("seats")} <select name="seats">${options([2, 3, 4], String)}</select></label>
      <label>${t("bots")} <select name="bots">${options([0, 1, 2, 3], String)}</select></label>
      <label>${t("botLevel")} <select name="level">${options(LEVELS, (l) => t(`lv_${l}`))}</select></label>
      <label>${t("timer")} <select name="timer">${options(TIMERS, (s) => (s ? t("seconds", { n: s }) : t("timerOff")))}</select></label>
      <button class="btn primary" type="submit" data-testid="create">${t("create")}</button></form></section>
    <section class="panel"><h2>${t("joinTitle")}</h2><form id="join-table" class="form">
      <input name="link" placeholder="${t("joinHint")}" aria-label="${t("joinHint")}" required>
      <button class="btn" type="submit">${t("join")}</button></form></section>
    ${playing ? `<section class="panel"><h2>${t("unfinished")}</h2><ul class="history" data-testid="in-play">${playing}</ul></section>` : ""}
    <section class="panel" id="history"><h2>${t("history")}</h2><p>…</p></section>`;
  showHistory(screen.querySelector("#history"));
  screen.querySelector("#new-table").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = new FormData(event.target);
    const seats = Number(form.get("seats"));
    const bots = Array(Math.min(Number(form.get("bots")), seats - 1)).fill(form.get("level"));
    const settings = form.get("timer") ? { turn_timer_s: Number(form.get("timer")) } : {};
    const answer = await command("start", { kind: KIND, seats, settings, bots });
    if (answer.type === "ack") location.hash = `#/t/${answer.game_id}`;
  });
  screen.querySelector("#join-table").addEventListener("submit", (event) => {
    event.preventDefault();
    const link = new FormData(event.target).get("link");
    location.hash = `#/join/${String(link).split("/join/").pop()}`;
  });
}

// --- a table: its lobby, then the game ---
class TableScreen {
  constructor(gameId) {
    this.gameId = gameId;
    this.view = null;
    this.moves = new MovesPanel((action) => this.act(action));
    this.recent = { lines: [], waiting: 0, told: 0 }; // others' moves since this page came: told one by one
    this.pacing = null;
    this.onUpdate = (event) => { if (event.detail.game_id === this.gameId) this.accept(event.detail); };
    this.onOnline = () => this.resume();
  }

  async mount() {
    conn.addEventListener("update", this.onUpdate);
    conn.addEventListener("online", this.onOnline);
    if (conn.state === "online") await this.resume();
  }

  unmount() {
    clearTimeout(this.pacing);
    conn.removeEventListener("update", this.onUpdate);
    conn.removeEventListener("online", this.onOnline);
  }

  async resume(whole = false) {
    const answer = await command("resume", { game_id: this.gameId, version: whole ? 0 : this.view?.version ?? 0 });
    if (answer.type === "ack") this.accept(answer);
  }

  /** The other seats' moves the log gained from `before` entries on: added to «Только что», told one by one. */
  tell(game, before) {
    const mine = game.players[this.view.table.you]?.id;
    const theirs = game.log.slice(before).filter((entry) => entry.player !== mine || entry.type === "RoundStarted");
    const lines = logLines(theirs, { say: t, name: (id) => playerName(game, id, this.view.table.you), card: cardName });
    if (!lines.length) return;
    const recent = this.recent;
    recent.lines = [...recent.lines, ...lines.map((l) => l.entry)].slice(-RECENT_LINES); // told in today's language
    recent.waiting = Math.min(recent.waiting + lines.length, recent.lines.length);
    this.pace();
  }

  pace() {
    if (this.pacing !== null || !this.recent.waiting) return;
    this.recent.waiting -= 1;
    this.recent.told += 1;
    const box = screen.querySelector("[data-testid=recent]");
    if (box) box.outerHTML = this.recentHTML(); else this.render();
    this.pacing = setTimeout(() => { this.pacing = null; this.pace(); }, PACE_MS);
  }

  recentHTML() {
    const { lines, waiting, told } = this.recent;
    const shown = lines.length - waiting;
    const game = this.view?.game;
    const words = { say: t, name: (id) => playerName(game, id, this.view.table.you), card: cardName };
    const items = lines.slice(0, shown).map((entry, i) => `<li${i === shown - 1 ? " class=\"fresh\"" : ""}>${escapeHTML(tellEntry(entry, words))}</li>`);
    return `<section class="recent" data-testid="recent" data-told="${told}" aria-live="polite"${shown ? "" : " hidden"}>
      <h3>${t("recent")}</h3><ol>${items.join("")}</ol></section>`;
  }

  async act(action) {
    const answer = await command("act", { game_id: this.gameId, action });
    if (answer.type === "ack" && answer.view) this.accept(answer);
    else this.render();
  }

  /** An ack or an update: a log delta is merged into the log held; one extending a version this page does
   *  not hold asks for the whole view. */
  accept(frame) {
    if (!frame.view || (this.view && frame.version < this.view.version)) return; // none, or older than shown
    const view = withLog(frame, this.view, this.view?.version);
    if (!view) { this.resume(true); return; }
    this.show(view);
  }

  show(view) {
    const before = this.view?.game?.log?.length;
    // the game as this page names its seats: who sits at each (the table's `players`) goes with it
    this.view = view.game ? { ...view, game: { ...view.game, people: view.table.players } } : view;
    view = this.view;
    if (view.game && before !== undefined) this.tell(view.game, before);
    serverTime.observe(stepOpened(view));
    remember(this.gameId, view.table.status);
    this.render();
  }

  render() {
    const view = this.view;
    if (!view) return;
    const table = view.table;
    if (!view.game) {
      const link = `${location.origin}/eot/#/join/${table.invite}`;
      screen.innerHTML = `<section class="panel" data-testid="table-lobby"><h2>${t("lobby", { taken: table.taken, seats: table.seats })}</h2>
        ${table.players ? `<p data-testid="seated">${escapeHTML(t("seated", { list: table.players.map((_, n) => seatName(table.players, n) + (n === table.you ? ` (${t("you")})` : "")).join(", ") }))}</p>` : ""}
        ${table.status === "closed" ? `<p>${t("closed")}</p>` : `<p>${t("invite")}:</p><p><input readonly value="${escapeHTML(link)}" data-testid="invite" aria-label="${t("invite")}">
        <button class="btn" type="button" id="copy">${t("copy")}</button></p>
        <button class="btn ghost" type="button" id="leave">${t("leave")}</button>`}</section>`;
      screen.querySelector("#copy")?.addEventListener("click", () => navigator.clipboard?.writeText(link).then(() => say(t("copied"), "info")));
      screen.querySelector("#leave")?.addEventListener("click", async () => {
        if ((await command("leave", { game_id: this.gameId })).type === "ack") location.hash = "#/";
      });
      return;
    }
    const game = view.game;
    screen.innerHTML = `<div class="game" data-testid="game" data-version="${view.version}" data-status="${table.status}">
      ${this.moves.html(game, view.version)}${this.recentHTML()}${tableHTML(game, table.you, serverMillis())}${tableLog(game, table.you)}
      <p>${table.status === "over" ? `<a class="btn" href="#/r/${this.gameId}" data-testid="replay-link">${t("replay")}</a>` : ""}
      <a class="btn ghost" href="#/rules" target="_blank" rel="noopener" data-testid="rules-link">${t("rules")}</a></p></div>`;
    screen.querySelector("[data-testid=moves]")?.addEventListener("click", (event) => {
      const el = event.target.closest("[data-do]");
      if (el && !el.disabled && this.moves.click(el)) this.render();
    });
  }
}

function tableLog(game, you, upTo) {
  const lines = logLines(upTo === undefined ? game.log : game.log.slice(0, upTo), {
    say: t, name: (id) => playerName(game, id, you), card: cardName,
  });
  return logHTML(lines, { say: t, escape: escapeHTML });
}

// --- a finished game, step by step (GET /api/v1/games/<id>/replay): each step told in words (the log's lines
// it added), and a jump to any round. The replay holds the log once, in its last frame; the others say how
// much of it they had (`log_length`).
class ReplayScreen {
  constructor(gameId) { this.gameId = gameId; this.step = 0; }

  async mount() {
    const replay = await getJSON(`/api/v1/games/${encodeURIComponent(this.gameId)}/replay`);
    this.frames = replay?.frames ?? [];
    this.log = this.frames.at(-1)?.log ?? [];
    this.render();
  }

  unmount() {}

  length(i) { return i < 0 ? 0 : this.frames[i].log_length ?? this.log.length; }

  render() {
    if (!this.frames.length) { screen.innerHTML = `<p class="panel">${t("game_over")}</p>`; return; }
    const game = { ...this.frames[this.step], log: this.log };
    const you = game.me ? game.players.findIndex((p) => p.id === game.me.id) : -1;
    const words = { say: t, name: (id) => playerName(game, id, you), card: cardName };
    const told = logLines(this.log.slice(this.length(this.step - 1), this.length(this.step)), words).map((l) => l.text);
    const rounds = [...new Set(this.frames.map((f) => f.round))].filter((r) => r > 0);
    const jump = `<label>${t("toRound")} <select id="round" data-testid="replay-round">${rounds.map((r) =>
      `<option value="${r}" ${r === game.round ? "selected" : ""}>${t("round", { n: r })}</option>`).join("")}</select></label>`;
    screen.innerHTML = `<div class="replay" data-testid="replay" data-step="${this.step}">
      <nav class="replay-nav"><button class="btn" id="prev" ${this.step ? "" : "disabled"}>${t("prev")}</button>
      <span>${t("replayStep", { i: this.step + 1, n: this.frames.length })}</span>
      <button class="btn" id="next" data-testid="replay-next" ${this.step + 1 < this.frames.length ? "" : "disabled"}>${t("next")}</button>
      ${jump}<a class="btn ghost" href="#/t/${this.gameId}">${t("toTable")}</a></nav>
      <section class="step-told" data-testid="replay-step"><h3>${t("thisStep")}</h3>${told.length
        ? `<ul>${told.map((x) => `<li>${escapeHTML(x)}</li>`).join("")}</ul>` : `<p>${t("stepQuiet")}</p>`}</section>
      ${tableHTML({ ...game, moves: null, deadline: null }, you)}${tableLog(game, you, this.length(this.step))}</div>`;
    screen.querySelector("#prev").addEventListener("click", () => { this.step -= 1; this.render(); });
    screen.querySelector("#next").addEventListener("click", () => { this.step += 1; this.render(); });
    screen.querySelector("#round").addEventListener("change", (event) => {
      this.step = this.frames.findIndex((f) => f.round === Number(event.target.value));
      this.render();
    });
  }
}

// --- an invitation link: first what it is and whether to sit down; a refused one (full, closed, forged) says so
// in words with a way on, never a blank page ---
const INVITE_REFUSALS = ["unknown_invite", "table_full", "table_closed", "already_in_game"];

function invitation(invite) {
  screen.innerHTML = `<section class="panel" data-testid="invitation"><h2>${t("invited")}</h2><p>${t("invitedText")}</p>
    <p><button class="btn primary" type="button" id="sit" data-testid="join-confirm">${t("join")}</button>
    <a class="btn ghost" href="#/">${t("notNow")}</a></p></section>`;
  screen.querySelector("#sit").addEventListener("click", async () => {
    const answer = await command("join", { kind: KIND, invite });
    if (answer.type === "ack") { location.replace(`#/t/${answer.game_id}`); return; }
    screen.innerHTML = `<section class="panel" data-testid="invitation-refused"><h2>${t("inviteFailed")}</h2>
      <p>${t(INVITE_REFUSALS.includes(answer.code) ? `inv_${answer.code}` : "inv_other")}</p><p>${t("inviteNext")}</p>
      <p><a class="btn primary" href="#/">${t("home")}</a></p></section>`;
  });
}

// --- routing ---
let current = null;

async function show([where, arg]) {
  current?.unmount?.();
  current = null;
  say("");
  if (where === "join" && arg) { invitation(arg); return; }
  if (where === "rules") current = { render: () => { screen.innerHTML = `${rulesHTML(lang())}<p><a class="btn" href="#/">${t("home")}</a></p>`; } };
  else if (where === "t" && arg) current = new TableScreen(arg);
  else if (where === "r" && arg) current = new ReplayScreen(arg);
  if (current?.mount) await current.mount();
  else if (current) current.render();
  else lobby();
}

const route = onRoute(show);
installChrome(conn, {
  title: () => t("title"),
  onLang: () => { if (current?.render) current.render(); else lobby(); },
});

setInterval(() => tickCountdowns(screen, serverMillis()), 500);
let routed = false;
conn.addEventListener("online", () => { if (!routed) { routed = true; route(); } });
window.eotConnection = conn; // for tests: drop the socket as a network failure would
await Promise.all([loadCards(), serverTime.ask()]);
conn.open();
