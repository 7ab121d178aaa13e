// One match as this seat sees it: the lobby with its invitation, then the board, the cards, the move
// panel with its confirm pause, the cell menu, the log with rewind, and the end. Every move goes out as a
// SHA-256 commit; its action and salt wait in localStorage for the reveal (secret.js).
import { getJSON } from "../../shell/session.js";
import { ServerTime } from "../../shell/servertime.js";
import { boardHTML } from "./board.js";
import { pastMoments } from "./clock.js";
import { withLog } from "../../shell/log_delta.js";
import { known, remember } from "./games.js";
import { logHTML } from "./log.js";
import { cellMenu, clockOf, clockText, endPanel, movePanel, playerCard, roundOverPanel } from "./panels.js";
import { boardFromRows, movedCells, rewindBoards, rowCells, rowsText, takeBackable } from "./rules.js";
import { coachStep } from "./coach.js";
import { commitHash, forget, seal, secureHashing, stored } from "./secret.js";
import { DEFAULTS, KIND, linkSettings, publicSettings, settingsSummary } from "./settings.js";
import { t } from "./words.js";
import { escapeHTML } from "../../shell/text.js";

const PAUSE_MS = 3000;
const other = (seat) => (seat === "A" ? "B" : "A");

export class MatchScreen {
  constructor(gameId, { conn, screen, say, command }) {
    this.gameId = gameId;
    this.conn = conn;
    this.screen = screen;
    this.say = say;
    this.command = command;
    this.view = null;
    this.time = new ServerTime();
    this.ui = { selected: null, takeBack: null, pause: null, menu: null, looking: null, secret: null, handoff: null };
    this.sending = false;
    this.revealed = new Set(); // "round.turn.seat" whose reveal went out
    this.checks = {}; // "round.turn" -> the opponent's commit rechecked against its published salt
    this.onUpdate = (event) => { if (event.detail.game_id === this.gameId) this.accept(event.detail); };
    this.onOnline = () => this.resume();
    this.timer = null;
  }

  async mount() {
    this.conn.addEventListener("update", this.onUpdate);
    this.conn.addEventListener("online", this.onOnline);
    this.screen.addEventListener("click", this.onClick = (e) => this.click(e));
    this.screen.addEventListener("contextmenu", this.onContext = (e) => this.context(e));
    // a finger's contextmenu (a long press) only selects its cell: the menu that would open under the
    // finger is the mouse's, or the finger's lift would press whatever the menu put there
    this.screen.addEventListener("pointerdown", this.onDown = (e) => { this.pointer = e.pointerType; });
    this.onKey = (e) => { if (e.key === "Escape" && this.ui.menu) { this.ui.menu = null; this.render(); } };
    document.addEventListener("keydown", this.onKey);
    this.screen.addEventListener("mouseover", this.onOver = (e) => this.light(e, true));
    this.screen.addEventListener("mouseout", this.onOut = (e) => this.light(e, false));
    this.timer = setInterval(() => this.tick(), 250);
    this.time.ask();
    if (this.conn.state === "online") await this.resume();
  }

  unmount() {
    this.conn.removeEventListener("update", this.onUpdate);
    this.conn.removeEventListener("online", this.onOnline);
    for (const [type, fn] of [["click", this.onClick], ["contextmenu", this.onContext], ["pointerdown", this.onDown],
      ["mouseover", this.onOver], ["mouseout", this.onOut]]) this.screen.removeEventListener(type, fn);
    document.removeEventListener("keydown", this.onKey);
    clearInterval(this.timer);
  }

  async resume() {
    const answer = await this.command("resume", { game_id: this.gameId, version: this.view?.version ?? 0 });
    if (answer.type === "ack") this.accept(answer);
  }

  async act(action, seat = this.me) {
    const sent = this.oneDevice ? { ...action, seat: seat === "A" ? 0 : 1 } : action;
    const answer = await this.command("act", { game_id: this.gameId, action: sent });
    if (answer.type === "ack") this.accept(answer);
    return answer;
  }

  get game() { return this.view?.game ?? null; }

  /** Two players on one device: the table's seats are both this account's, each act names its seat. */
  get oneDevice() { return this.view?.table?.settings?.opponent === "device"; }

  /** The seat this screen plays: the device's; on one device, the first who has not moved this turn. */
  get me() {
    const game = this.game;
    if (this.oneDevice && game?.open_turn) return game.open_turn.A.committed && !game.open_turn.B.committed ? "B" : "A";
    return game?.seat ?? (this.view?.table?.you === 1 ? "B" : "A");
  }

  /** The seats whose secrets this device keeps. */
  get mySeats() { return this.oneDevice ? ["A", "B"] : [this.me]; }

  name = (seat) => {
    if (this.oneDevice) return t("seatName", { s: seat });
    if (seat === this.me) return t("you");
    const seated = this.view?.table?.players?.[seat === "A" ? 0 : 1]; // the server's: callsign or bot's level
    if (seated?.bot) return t("bot", { l: t(`lv_${seated.bot}`) });
    if (seated?.name) return seated.name;
    const person = this.people?.[seat === "A" ? 0 : 1];
    if (person?.name) return person.name; // the callsign, once the server's history has the match
    const s = this.view?.table?.settings ?? {};
    return s.opponent === "bot" ? t("bot", { l: t(`lv_${known(this.conn.accountId, this.gameId)?.level ?? "easy"}`) }) : t("rival");
  };

  /**
   * «Реванш» under the end of an online match: offer it, wait for the answer, accept the other's offer, or
   * (the match opened later) go to the rematch. Both must accept; the server swaps the colours.
   */
  rematchHTML(game) {
    const table = this.view.table;
    const people = table.players?.length === 2 && table.players.every((p) => p.name);
    if (game.status === "live" || this.oneDevice || table.you == null || table.settings?.opponent !== "online" || !people) return "";
    const offer = table.rematch;
    let body;
    if (offer?.game_id) body = `<a class="btn primary small" href="#/m/${encodeURIComponent(offer.game_id)}" data-testid="rematch-open">${t("rematchOpen")}</a>`;
    else if (offer && offer.by === table.you) body = `<p data-testid="rematch-waiting">${escapeHTML(t("rematchWaiting"))}</p>`;
    else if (offer) {
      body = `<p data-testid="rematch-offered">${escapeHTML(t("rematchOffered", { p: this.name(table.you === 0 ? "B" : "A") }))}</p>
        <button type="button" class="btn primary small" data-do="rematch" data-testid="rematch-accept">${t("rematchAccept")}</button>`;
    } else body = `<button type="button" class="btn small" data-do="rematch" data-testid="rematch">${t("rematch")}</button> <small class="muted">${t("rematchNote")}</small>`;
    return `<div class="rematch" data-testid="rematch-box">${body}</div>`;
  }

  /** Offer or accept a rematch: the acceptance answers with the rematch's table, where this page goes. */
  async rematch() {
    const answer = await this.command("act", { game_id: this.gameId, action: { type: "rematch" } });
    if (answer.type !== "ack") return;
    if (answer.game_id === this.gameId) this.accept(answer);
    else this.goTo(answer.game_id, answer.view);
  }

  goTo(gameId, view) {
    remember(this.conn.accountId, gameId, view);
    location.hash = `#/m/${gameId}`;
  }

  /** A seat's rating as the table was seated (a rated room only), while the match is live: after it, the end
   *  says the rating it left. */
  ratingOf = (seat) => (this.game?.status === "live" ? this.view?.table?.players?.[seat === "A" ? 0 : 1]?.rating ?? null : null);

  /** An ack or an update of this match. A log delta (only the turns after `log_from`) is merged into the log
   *  shown; one that extends a version this page does not hold (it was elsewhere) asks for the whole view. */
  accept(frame) {
    if (!frame.view || (this.view && frame.version < this.view.version)) return; // none, or older than shown
    const view = withLog(frame, this.view, this.view?.version);
    if (!view) { this.resume(); return; }
    this.show(view);
  }

  show(view) {
    const before = this.game;
    const rematch = view.table?.rematch?.game_id;
    if (rematch && this.view && !this.view.table?.rematch?.game_id) { // accepted just now: both go to it
      this.goTo(rematch, null);
      return;
    }
    this.view = view;
    const game = this.game;
    if (game) {
      this.time.observe(pastMoments(game));
      if (!before || before.round !== game.round || before.turn !== game.turn) {
        this.ui = { ...this.ui, selected: null, takeBack: null, pause: null, menu: null };
      }
      // a round that ended just now: its last board stays, its row lit, until the player goes on
      const ended = before && (before.round !== game.round || (before.status === "live" && game.status !== "live"));
      if (ended && game.rounds.some((r) => r.round === before.round)) this.ui.held = before.round;
      this.keepCommits(game);
    }
    remember(this.conn.accountId, this.gameId, view);
    this.learnPeople(view);
    this.sync();
    this.render();
  }

  /**
   * An online match's people: the rating before it (the «Лидеры» row of this account, kept per match on
   * this device), and once it is over the callsigns (the history) and the rating after it, whose difference
   * is the change (one live Ghost Five match per account, so no other match moved it meanwhile).
   */
  async learnPeople(view) {
    const game = view.game;
    if (!game || view.table?.settings?.opponent !== "online" || this.learning) return;
    const key = `ghost.rating.${this.gameId}`;
    if (game.status === "live") {
      if (localStorage.getItem(key)) return;
      this.learning = true;
      const board = await getJSON(`/api/v1/games/${KIND}/leaders`);
      if (board?.you) localStorage.setItem(key, JSON.stringify({ rating: board.you.rating, matches: board.you.matches }));
      this.learning = false;
      return;
    }
    if (this.people) return;
    this.learning = true;
    let before = null;
    try { before = JSON.parse(localStorage.getItem(key)); } catch { before = null; }
    const rated = before && game.status === "finished";
    for (let tries = 0; tries < 8; tries += 1) { // the history and the ratings projections follow the end
      if (!this.people) {
        const served = await getJSON(`/api/v1/history?kind=${KIND}&limit=10`);
        this.people = served?.games.find((g) => g.game_id === this.gameId)?.seats ?? null;
      }
      if (rated && !this.rating) {
        const board = await getJSON(`/api/v1/games/${KIND}/leaders`);
        if (board?.you && board.you.matches > before.matches) this.rating = { now: board.you.rating, change: board.you.rating - before.rating };
      }
      if (this.people && (this.rating || !rated)) break;
      await new Promise((ok) => { setTimeout(ok, 1000); });
    }
    this.learning = false;
    if (this.people || this.rating) this.render();
  }

  /** The opponent's commits as seen before each reveal, to recheck them once the salts are published. */
  keepCommits(game) {
    const key = `ghost.seen.${this.gameId}`;
    let seen;
    try { seen = JSON.parse(localStorage.getItem(key)) ?? {}; } catch { seen = {}; }
    const theirs = game.open_turn?.[other(this.me)];
    if (theirs?.commit) seen[`${game.round}.${game.turn + 1}`] = theirs.commit;
    localStorage.setItem(key, JSON.stringify(seen));
    const opp = other(this.me);
    for (const entry of game.log) {
      const id = `${entry.round}.${entry.turn}`;
      const commit = seen[id];
      if (!commit || id in this.checks || !entry.salts?.[opp] || !entry.actions[opp]) continue;
      this.checks[id] = null;
      commitHash(game.match_id, entry.round, entry.turn, opp, entry.actions[opp], entry.salts[opp]).then((hash) => {
        this.checks[id] = hash === commit;
        this.render();
      });
    }
  }

  /** The secrets of the open turn: reveal each when the window opens, drop them once the turn is over. */
  sync() {
    const game = this.game;
    if (!game) return;
    this.ui.secret = null;
    for (const seat of this.mySeats) {
      const secret = stored(this.gameId, seat);
      if (!secret) continue;
      const mine = game.open_turn?.[seat];
      const current = game.status === "live" && secret.round === game.round && secret.turn === game.turn + 1;
      if (!current) { forget(this.gameId, seat); continue; }
      if (mine?.committed && mine.commit === secret.commit) {
        if (seat === this.me) this.ui.secret = secret;
        const id = `${secret.round}.${secret.turn}.${seat}`;
        if (game.reveal_since != null && !this.revealed.has(id)) {
          this.revealed.add(id);
          this.act({ type: "reveal", action: secret.action, salt: secret.salt }, seat);
        }
      } else if (!this.sending) {
        // not standing (withdrawn, or lost in a reload before it left): back to the selection
        forget(this.gameId, seat);
        const [main, back] = secret.action.split(";T:");
        this.ui.selected = main.split(":")[1];
        this.ui.takeBack = back ?? null;
      }
    }
  }

  async commit(action) {
    const game = this.game;
    if (!secureHashing()) { this.say(t("noSecure")); return; }
    this.sending = true;
    this.ui.pause = null;
    try {
      const secret = await seal(this.gameId, game.match_id, game.round, game.turn + 1, this.me, action);
      this.ui.secret = secret;
      const answer = await this.act({ type: "commit", commit: secret.commit }, secret.seat);
      if (answer.type !== "ack") forget(this.gameId, secret.seat);
      else this.ui = { ...this.ui, selected: null, takeBack: null }; // on one device, nothing of it for the next player
    } finally {
      this.sending = false;
      this.sync();
      this.render();
    }
  }

  /** The action for the selection: the stone by default, with the take-back riding along. */
  withTakeBack(action) {
    return this.ui.takeBack ? `${action};T:${this.ui.takeBack}` : action;
  }

  pauseWith(action) {
    this.ui.menu = null;
    this.ui.pause = { action: this.withTakeBack(action), until: Date.now() + PAUSE_MS };
    this.render();
  }

  tick() {
    const game = this.game;
    if (!game || game.status !== "live") return;
    if (this.ui.pause && Date.now() >= this.ui.pause.until && !this.sending) {
      this.commit(this.ui.pause.action);
      return;
    }
    const now = this.time.now();
    for (const seat of ["A", "B"]) {
      const el = this.screen.querySelector(`[data-clock="${seat}"]`);
      if (el) el.textContent = clockText(clockOf(game, seat, now));
    }
    const left = this.screen.querySelector("[data-testid=pause-left]");
    if (left && this.ui.pause) left.textContent = t("sendsIn", { n: Math.max(0, Math.ceil((this.ui.pause.until - Date.now()) / 1000)) });
    this.autoCommit(game, now);
  }

  /** Out of time (move time and reserve spent): the selection goes as it is, a stone if nothing was chosen. */
  autoCommit(game, now) {
    const mine = game.open_turn?.[this.me];
    if (!game.settings.clock || !mine || mine.committed || game.reveal_since != null || this.sending) return;
    const clock = clockOf(game, this.me, now);
    if (!clock?.running || !clock.out) return;
    const action = this.ui.pause?.action ?? (this.ui.selected ? this.withTakeBack(`P:${this.ui.selected}`) : null);
    if (action) this.commit(action);
  }

  canMove() {
    const game = this.game;
    if (this.ui.held) return false;
    const mine = game?.open_turn?.[this.me];
    return Boolean(game && game.status === "live" && mine && !mine.committed && game.reveal_since == null
      && !this.ui.pause && !this.ui.looking && !this.sending);
  }

  async click(event) {
    const el = event.target.closest("[data-do], [data-cell], [data-rewind]");
    if (!el) return;
    if (el.dataset.rewind) { this.look(el.dataset.rewind.split(".").map(Number)); return; }
    if (el.classList.contains("g-cell")) {
      if (!this.canMove()) return;
      // a tap selects (a second tap on a finger's cell must not undo a long press's selection); a click toggles
      const toggle = this.pointer === "mouse" && this.ui.selected === el.dataset.cell;
      this.ui.selected = toggle ? null : el.dataset.cell;
      this.render();
      return;
    }
    const game = this.game;
    switch (el.dataset.do) {
      case "take-back":
        this.ui.takeBack = takeBackable(game, this.me).includes(el.dataset.cell) ? el.dataset.cell : null;
        this.render();
        break;
      case "coach-wave": this.saveCoach({ ...this.coach(), waved: [...this.coach().waved, el.dataset.key] }); this.render(); break;
      case "coach-off": this.saveCoach({ ...this.coach(), off: true }); this.render(); break;
      case "zoom": this.ui.zoom = !this.ui.zoom; this.render(); break;
      case "go-on": this.ui.held = null; this.render(); break;
      case "confirm": if (this.ui.pause) this.commit(this.ui.pause.action); break;
      case "unpause": this.ui.pause = null; this.render(); break;
      case "withdraw": {
        const answer = await this.act({ type: "withdraw" });
        if (answer.type === "ack") { this.sync(); this.render(); }
        break;
      }
      case "menu-act":
        if (!el.dataset.action || !this.canMove()) break;
        if (this.ui.menu) this.ui.selected = this.ui.menu;
        this.pauseWith(el.dataset.action);
        break;
      case "menu-take-back": this.ui.takeBack = el.dataset.cell; this.ui.menu = null; this.render(); break;
      case "menu-close": this.ui.menu = null; this.render(); break;
      case "handoff": this.ui.handoff = el.dataset.key; this.render(); break;
      case "prev": case "next": this.step(el.dataset.do === "prev" ? -1 : 1); break;
      case "now": this.ui.looking = null; this.render(); break;
      case "rematch": await this.rematch(); break;
      case "resign": if (window.confirm(t("resignConfirm"))) await this.act({ type: "resign" }); break;
      case "cancel-match": if (window.confirm(t("cancelConfirm"))) await this.act({ type: "cancel_match" }); break;
      case "copy": navigator.clipboard?.writeText(this.inviteLink()).then(() => this.say(t("copied"), "info"), () => {}); break;
      case "leave": if ((await this.command("leave", { game_id: this.gameId })).type === "ack") location.hash = "#/"; break;
      default: break;
    }
  }

  context(event) {
    const cell = event.target.closest(".g-cell");
    if (!cell) return;
    event.preventDefault();
    const finger = event.pointerType === "touch" || this.pointer === "touch" || event.sourceCapabilities?.firesTouchEvents;
    if (!finger) { this.openMenu(cell.dataset.cell); return; }
    if (!this.canMove()) return;
    this.ui.selected = cell.dataset.cell; // the move panel below offers every move on it, by taps
    this.render();
  }

  openMenu(cell) {
    if (!this.canMove() || this.ui.menu === cell) return;
    this.ui.menu = cell;
    this.render();
  }

  light(event, on) {
    const addr = event.target.closest("[data-cells]");
    if (!addr) return;
    for (const cell of addr.dataset.cells.split(" ").filter(Boolean)) {
      this.screen.querySelector(`.g-cell[data-cell="${cell}"]`)?.classList.toggle("g-lit", on);
    }
  }

  /** Rewind: the turns of the log in order; the current position is not one of them. */
  turns() { return this.game.log.map((e) => [e.round, e.turn]); }

  look(position) {
    const game = this.game;
    const last = game.log.at(-1);
    const current = game.status === "live" && game.turn === 0 ? null : [last?.round, last?.turn];
    const isNow = current && position[0] === current[0] && position[1] === current[1] && game.turn > 0;
    this.ui.looking = isNow ? null : position;
    this.ui.pause = null;
    this.ui.menu = null;
    this.render();
  }

  step(delta) {
    const turns = this.turns();
    const game = this.game;
    const now = game.turn > 0 ? turns.length - 1 : turns.length; // the current board is the last entry's
    const at = this.ui.looking ? turns.findIndex(([r, tn]) => r === this.ui.looking[0] && tn === this.ui.looking[1]) : now;
    const next = Math.max(0, Math.min(now, at + delta));
    if (next >= now) { this.ui.looking = null; this.render(); return; }
    this.look(turns[next]);
  }

  /** The round whose end is held on the board: just ended (until «Дальше»), or the match's last once it is over. */
  heldRound() {
    const game = this.game;
    if (this.ui.looking) return null;
    const number = this.ui.held ?? (game.status !== "live" ? game.rounds.at(-1)?.round : null);
    return game.rounds.find((r) => r.round === number) ?? null;
  }

  shownBoard() {
    const game = this.game;
    if (!this.ui.looking) return game;
    const [round, turn] = this.ui.looking;
    return rewindBoards(game, round)[turn] ?? game;
  }

  memoText(cell) {
    const memo = this.game.anchors.find((a) => a.cell === cell);
    if (!memo) return "";
    const magnet = memo.magnet_cooldown ? t("magnetCool", { n: memo.magnet_cooldown }) : t("magnetReady");
    return t("memo", { s: memo.seat, a: memo.age, t: memo.take_back_turn, m: magnet });
  }

  roomSettings() {
    const s = this.view.table.settings ?? {};
    return publicSettings({ ...DEFAULTS, ...s, capture: Boolean(s.capture), walls: s.walls ?? null, clock: s.clock ?? true });
  }

  /** The invitation, with the settings after it so that the friend sees them before joining. */
  inviteLink() { return `${location.origin}/ghost/#/join/${this.view.table.invite}/${linkSettings(this.roomSettings())}`; }

  render() {
    const view = this.view;
    if (!view) return;
    const table = view.table;
    if (!view.game) { this.lobby(table); return; }
    const game = view.game;
    const me = this.me;
    const now = this.time.now();
    const n = game.settings.board;
    const held = this.heldRound();
    const board = held ? heldBoard(game, held) : this.shownBoard();
    const winners = held ? (held.result === "draw" ? ["A", "B"] : [held.result]) : [];
    const lit = winners.flatMap((seat) => rowCells(board, seat, game.settings.row, n));
    const lastEntry = this.ui.looking || held ? null : game.log.at(-1);
    const last = lastEntry?.round === game.round ? movedCells(lastEntry) : {};
    const pending = this.ui.pause?.action.split(";")[0].split(":")[1] ?? this.ui.secret?.action.split(";")[0].split(":")[1];
    const started = game.round > 1 || game.turn > 0;
    const live = game.status === "live";
    const controls = live && table.you != null ? `<div class="match-actions">
      ${started ? `<button type="button" class="btn ghost danger small" data-do="resign" data-testid="resign">${t("resign")}</button>`
        : `<button type="button" class="btn ghost small" data-do="cancel-match" data-testid="cancel-match">${t("cancelMatch")}</button>`}</div>` : "";
    const rewind = game.log.length ? `<div class="rewind"><button type="button" class="btn small" data-do="prev" data-testid="rewind-prev" aria-label="prev">${t("prevTurn")}</button>
      <button type="button" class="btn small" data-do="next" data-testid="rewind-next" aria-label="next">${t("nextTurn")}</button>
      ${this.ui.looking ? `<button type="button" class="btn small primary" data-do="now">${t("toCurrent")}</button>` : ""}</div>` : "";
    this.screen.innerHTML = `<div class="match" data-testid="match" data-version="${view.version}" data-status="${game.status}"
        data-round="${game.round}" data-turn="${game.turn}" data-seat="${me}" data-looking="${this.ui.looking ? this.ui.looking.join(".") : ""}">
      <div class="status-line"><b>${t("round", { n: game.round })}</b> · ${t("turn", { n: game.turn + (live ? 1 : 0) })}
        <a class="help" href="#/rules" target="_blank" rel="noopener" data-testid="match-rules" title="${t("rulesLink")}" aria-label="${t("rulesLink")}">?</a>${controls}</div>
      <div class="play-area"><div class="g-cards">${(this.oneDevice ? ["A", "B"] : [me, other(me)]).map((seat) => playerCard(game, seat, this.name, { me, serverNow: now, rating: this.ratingOf(seat) })).join("")}</div>
      <div class="board-col"><div class="board-scroll${this.ui.zoom ? " zoomed" : ""}">${boardHTML(board, n, { memos: this.ui.looking || held ? null : game.anchors, selected: held ? null : this.ui.selected, pending: held ? null : pending, label: t("title"), lit, last })}</div>
        <button type="button" class="btn ghost small zoom" data-do="zoom" data-testid="zoom" aria-pressed="${Boolean(this.ui.zoom)}">${t(this.ui.zoom ? "zoomOut" : "zoomIn")}</button></div>
      <div class="side-col">${held && !(held.reason === "resign" && !live) ? roundOverPanel(game, held, this.name, this.oneDevice ? null : me, live) : ""}${endPanel(game, this.name, this.oneDevice ? null : me, this.rating, this.rematchHTML(game))}${live && !held ? `${this.coachHTML(game)}${movePanel(game, me, this.ui)}` : ""}
        <section class="g-log"><h3>${t("log")}</h3>${rewind}${logHTML(game, this.name, { looking: this.ui.looking, checks: this.checks })}</section>
        <details class="panel room"><summary>${t("settings")}</summary>${settingsSummary(this.roomSettings())}</details></div></div>
      ${this.ui.menu ? cellMenu(game, me, this.ui.menu, (c) => this.memoText(c)) : ""}${this.handoff(game)}</div>`;
  }

  /** The guided match against the bot (its hints until every special move was tried, or switched off). */
  coach() {
    try { return { off: false, waved: [], ...JSON.parse(localStorage.getItem("ghost.coach")) }; } catch { return { off: false, waved: [] }; }
  }

  saveCoach(state) { localStorage.setItem("ghost.coach", JSON.stringify(state)); }

  coachHTML(game) {
    const state = this.coach();
    if (this.view.table?.settings?.opponent !== "bot" || state.off || this.ui.looking) return "";
    const me = this.me;
    const key = coachStep(game.log, me, { waved: state.waved, hasAnchor: game.stones.some((st) => st.anchor && st.seat === me),
      canTakeBack: takeBackable(game, me).length > 0 });
    if (!key) return "";
    return `<section class="coach" data-testid="coach" data-step="${key}"><p><b>${t("coachTitle")}</b> ${t(key)}</p>
      <button type="button" class="btn small" data-do="coach-wave" data-key="${key}" data-testid="coach-wave">${t("coachOk")}</button>
      <button type="button" class="btn ghost small" data-do="coach-off" data-testid="coach-off">${t("coachOff")}</button></section>`;
  }

  /** One device: before each player's choice, the other is asked to look away. */
  handoff(game) {
    if (!this.oneDevice || game.status !== "live" || game.reveal_since != null || this.ui.looking) return "";
    const key = `${game.round}.${game.turn + 1}.${this.me}`;
    if (this.ui.handoff === key) return "";
    return `<div class="menu-back"></div><div class="cell-menu handoff" data-testid="handoff" data-seat="${this.me}">
      <h3>${escapeHTML(t("localTurn", { p: this.name(this.me) }))}</h3>
      <button type="button" class="btn primary" data-do="handoff" data-key="${key}" data-testid="handoff-ready">${escapeHTML(t("localReady", { p: this.name(this.me) }))}</button></div>`;
  }

  lobby() {
    const link = this.inviteLink();
    this.screen.innerHTML = `<section class="panel" data-testid="lobby"><h2>${t("lobby")}</h2>
      ${settingsSummary(this.roomSettings())}
      <p>${t("invite")}:</p><p class="row"><input readonly value="${escapeHTML(link)}" data-testid="invite" aria-label="${t("invite")}">
      <button class="btn" type="button" data-do="copy">${t("copy")}</button></p>
      <button class="btn ghost" type="button" data-do="leave">${t("leave")}</button></section>`;
  }
}

/** A round's last board as the rules recorded it, with the corner digits and frames it kept. */
function heldBoard(game, record) {
  const board = boardFromRows(record.board, game.settings.board);
  const stones = board.stones.map((s) => ({ ...s, digit: record.digits?.[s.cell] ?? null, frame: record.next_to_go?.includes(s.cell) ?? false }));
  return { ...board, stones };
}

/** For tests: the board rebuilt from the log equals the view's own (when a turn of this round was played). */
export function rebuiltMatches(game) {
  if (game.turn === 0) return true;
  const boards = rewindBoards(game, game.round);
  return JSON.stringify(rowsText(boards.at(-1), game.settings.board)) === JSON.stringify(game.board);
}
