// The main screen: today's Daily, the Tutorial and the Free games.
import { t, errorText, lang } from "./i18n.js";
import { account, dailyToday, friendsScores, myLeague, playOptions } from "./api.js";
import { getJSON } from "../../shell/session.js";
import { friendsTable } from "./chart.js";
import { challengeCard } from "./challenge.js";
import { keepChallenge } from "./api.js";
import { clock, dayText, secondsToMidnightMSK } from "./board.js";
import { escapeHTML } from "../../shell/text.js";
import { rememberView } from "./game.js";
import { termHTML } from "./terms.js";
import { shownName } from "./names.js";
import { gamesHomeHTML } from "./home.js";
import { askBeforeDaily, forgetUnfinishedTutorial, tutorialDone, unfinishedTutorial } from "./tutorial.js";

// Used until GET /api/v1/play/options answers (the engine's presets, echo-challenge.md §23).
const FALLBACK_PRESETS = [
  { id: "as-daily" },
  { id: "standard", name: "Ровный фон", gist: "по два Эфемера каждого цвета, от 3 до 5 сегментов", name_en: "Even background", gist_en: "two ephemera of each colour, 3 to 5 segments" },
  { id: "nine-small", name: "Мелкая рябь", gist: "девять мелких, пустых мало", name_en: "Small ripple", gist_en: "nine small, few empty" },
  { id: "big-red", name: "Багровый исполин", gist: "один красный на девять сегментов и мелочь вокруг", name_en: "Crimson giant", gist_en: "one red of nine segments and small fry around it" },
];

const pick = (obj, ...keys) => { for (const k of keys) if (obj && obj[k] !== undefined && obj[k] !== null) return obj[k]; return undefined; };

function presetName(p) {
  const en = lang() === "en";
  if (p.id === "as-daily" || p.id === "as_daily") return [t("asDaily"), (en ? p.gist_en : pick(p, "gist_ru", "gist")) ?? t("asDailyGist")];
  const known = FALLBACK_PRESETS.find((f) => f.id === p.id);
  if (en && known?.name_en) return [known.name_en, known.gist_en];
  return [pick(p, en ? "name_en" : "name_ru", "name", "name_ru", "title", "title_ru", "id"), pick(p, en ? "gist_en" : "gist_ru", "gist", "gist_ru") ?? ""];
}

export class MainScreen {
  constructor(root, conn, navigate) {
    this.root = root;
    this.conn = conn;
    this.navigate = navigate;
    this.daily = null;
    this.options = null;
    this.unfinished = null;
    this.timer = null;
    this.error = "";
  }

  async mount() {
    this.render();
    this.timer = setInterval(() => this.tickClock(), 1000);
    await this.refresh();
    this.findUnfinished();
    this.findTutorial();
    this.announcePhase();
    const game = pick(pick(this.options ?? {}, "daily") ?? {}, "game");
    if (game?.game_id && game.status && game.status !== "live") {
      const known = await getJSON(`/api/v1/games/${encodeURIComponent(game.game_id)}`);
      if (known?.view) { this.dailyCredits = known.view.credits; this.render(); }
    }
  }

  /** Today's Daily and what this player may start, then his social cards: read (again when a new Daily is
   *  published) and drawn over what the screen shows, never clearing it. */
  async refresh() {
    const [daily, options] = await Promise.all([dailyToday(), playOptions()]);
    this.daily = daily;
    this.options = options;
    this.render();
    this.loadSocial();
  }

  /** The player's callsign, league and group place; friends' scores; a challenge opened on this device. */
  async loadSocial() {
    const [me, league, friends, challenge, games] = await Promise.all([
      account(), myLeague(), friendsScores(), challengeCard(), getJSON("/api/v1/games")]);
    this.best = (games?.games ?? []).filter((g) => g.best);
    this.games = games?.games ?? null;
    this.me = me?.account ?? null;
    this.league = league;
    this.friends = friends;
    this.challenge = challenge;
    this.render();
  }

  profileHTML() {
    const callsign = this.me?.callsign ?? this.friends?.me?.callsign; // the Chart's «Эхонавт-…» until one is set
    const l = this.league;
    const leagueText = !l ? "" : l.group
      ? t("profileLeague", { l: t(l.group.league), p: l.group.place, n: l.group.size })
      : t("profileNoGroup", { l: t(l.league) });
    return `<div class="profile" data-testid="profile">
      <a class="callsign-big" href="#/account" data-testid="profile-callsign">${callsign ? escapeHTML(shownName(callsign)) : t("profileGuest")}</a>
      ${leagueText ? `<a class="muted" href="#/chart/league" data-testid="profile-league">${leagueText}</a>` : ""}
      ${this.me && !this.me.email_confirmed ? `<a class="pill" href="#/account" data-testid="profile-confirm">${t("emailNotConfirmed")}</a>` : ""}
    </div>`;
  }

  friendsCard() {
    if (!this.friends) return "";
    return `<section class="card friends" data-testid="friends-card"><h2>${termHTML("friends", t("friendsTitle"))}</h2>
      ${friendsTable(this.friends, 5)}<a href="#/chart/friends" data-testid="friends-link">${t("friendsAll")}</a></section>`;
  }

  /** A page opened in the last half hour missed the notice: show it from today's Daily phase. */
  announcePhase() {
    if (this.gone) return;
    const phase = pick(this.daily ?? {}, "phase");
    const kind = { warning: "warning_30min", countdown: "countdown_10min" }[phase];
    if (kind) this.conn.dispatchEvent(new CustomEvent("notice", { detail: { kind, closes_at: this.daily.closes_at } }));
  }

  unmount() {
    this.gone = true; // answers that arrive later must not draw over the next screen
    clearInterval(this.timer);
  }

  /** Without /play/options, the last Free game this device played, if it is still live. */
  async findUnfinished() {
    const fromServer = pick(this.options ?? {}, "unfinished_free", "unfinished", "current_free");
    if (fromServer || this.options) return;
    const id = localStorage.getItem("echo.freeGame");
    if (!id) return;
    if (await this.resumeLive(id)) {
      this.unfinished = { game_id: id };
      this.render();
    }
  }

  /** A live Tutorial game of this device (its id kept by tutorial.js): offered to continue. */
  async findTutorial() {
    const id = unfinishedTutorial();
    if (!id) return;
    const reply = await this.resumeLive(id);
    if (!reply) { forgetUnfinishedTutorial(); return; }
    this.tutorialGame = { id, step: reply.view.tutorial?.step, total: reply.view.tutorial?.total, done: reply.view.tutorial?.done };
    this.render();
  }

  /** The resume reply of a game if it is still live, else null (it is then remembered for the game screen). */
  async resumeLive(id) {
    if (this.conn.state !== "online") await new Promise((resolve) => this.conn.addEventListener("online", resolve, { once: true }));
    const reply = await this.conn.command("resume", { game_id: id, version: 0 });
    if (reply.type !== "ack" || reply.view?.status !== "live") return null;
    rememberView(id, reply.version, reply.view);
    return reply;
  }

  tickClock() {
    const el = this.root.querySelector("[data-testid=time-left]");
    if (el) el.textContent = t("timeLeft", { t: clock(this.secondsLeft()) });
  }

  secondsLeft() {
    const fromServer = pick(this.daily ?? {}, "seconds_left", "time_left_seconds");
    if (typeof fromServer === "number" && this.loadedAt) return fromServer - (Date.now() - this.loadedAt) / 1000;
    const closes = pick(this.daily ?? {}, "closes_at");
    if (closes) return (Date.parse(closes) - Date.now()) / 1000;
    return secondsToMidnightMSK();
  }

  async start(mode, preset) {
    if (mode === "daily" && !this.dailyGame() && askBeforeDaily()) { this.root.querySelector("#first-daily")?.showModal(); return; }
    const fields = { kind: "echo", mode };
    if (preset) fields.preset = preset;
    this.setError("");
    for (const b of this.root.querySelectorAll("button[data-start]")) b.disabled = true;
    const reply = await this.conn.command("start", fields);
    for (const b of this.root.querySelectorAll("button[data-start]")) b.disabled = false;
    if (reply.type === "error") { this.setError(errorText(reply.code, reply.message)); return; }
    rememberView(reply.game_id, reply.version, reply.view);
    if (mode === "free") localStorage.setItem("echo.freeGame", reply.game_id);
    this.navigate(`#/game/${reply.game_id}`);
  }

  setError(text) {
    this.error = text;
    const line = this.root.querySelector("[data-testid=main-error]");
    if (line) { line.textContent = text; line.hidden = !text; }
  }

  render() {
    if (this.gone) return;
    this.loadedAt ??= this.daily ? Date.now() : undefined;
    const asking = this.root.querySelector("#first-daily")?.open; // answers arriving redraw; the question stays
    this.root.innerHTML = `<div class="main" data-testid="main">
      <header class="main-head"><h1>${t("mainTitle")}</h1><nav class="head-links">
        <a class="btn ghost small" href="#/chart" data-testid="chart-link">${t("chart")}</a>
        <a class="btn ghost small" href="#/account" data-testid="account-link">${t("account")}</a>
        <a class="btn ghost small" href="#/rules">${t("rules")}</a></nav></header>
      ${this.profileHTML()}
      ${gamesHomeHTML(this.games, this.conn.accountId)}
      <p class="error-line" role="alert" data-testid="main-error" ${this.error ? "" : "hidden"}>${escapeHTML(this.error)}</p>
      <div class="cards">${this.challenge ?? ""}${this.firstStepsCard()}${this.dailyCard()}${this.friendsCard()}${this.freeCard()}${this.newcomer() ? "" : this.tutorialCard()}</div>
      <dialog id="first-daily" data-testid="first-daily" aria-labelledby="first-daily-title">
        <h2 id="first-daily-title">${t("firstDailyTitle")}</h2><p>${t("firstDailyText")}</p>
        <div class="row"><button type="button" class="btn primary" data-action="tutorial-first" data-testid="tutorial-first">${t("startTutorial")}</button>
        <button type="button" class="btn" data-action="daily-now" data-testid="daily-now">${t("dailyNow")}</button></div>
      </dialog>
    </div>`;
    for (const b of this.root.querySelectorAll("button[data-start]")) {
      b.addEventListener("click", () => this.start(b.dataset.start, b.dataset.preset));
    }
    for (const b of this.root.querySelectorAll("[data-go]")) b.addEventListener("click", () => this.navigate(b.dataset.go));
    // a challenge's «Принять вызов» starts the same Daily: it is the one primary button then
    if (this.root.querySelector("[data-testid=challenge-play]")) this.root.querySelector("[data-testid=play-daily]")?.classList.remove("primary");
    const ask = this.root.querySelector("#first-daily");
    if (asking) ask.showModal();
    ask.querySelector("[data-action=tutorial-first]").addEventListener("click", () => { ask.close(); this.start("tutorial"); });
    ask.querySelector("[data-action=daily-now]").addEventListener("click", () => { ask.close(); this.start("daily"); });
    this.root.querySelector("[data-action=dismiss-challenge]")?.addEventListener("click", () => { keepChallenge(null); this.challenge = ""; this.render(); });
    this.root.querySelector("[data-action=special]")?.addEventListener("click", (e) => {
      const list = this.root.querySelector("#special-list");
      list.hidden = !list.hidden;
      e.currentTarget.setAttribute("aria-expanded", String(!list.hidden));
    });
  }

  dailyCard() {
    const d = this.daily;
    let head = `<h2>${termHTML("daily", t("daily"))}</h2>`;
    let body = "";
    if (d) {
      const number = pick(d, "number");
      const name = pick(d, lang() === "en" ? "name_en" : "name_ru", "name", "name_ru");
      const date = pick(d, "date", "msk_date");
      const preset = pick(d, "preset") ?? {};
      const [pname, gist] = typeof preset === "string" ? [preset, ""] : presetName(preset);
      const special = pick(d, "special");
      const specialList = Array.isArray(special) ? special : pick(special ?? {}, lang() === "en" ? "changes_en" : "changes_ru", "changes_ru", "changes", "list") ?? [];
      const dailyId = pick(d, "daily_id");
      // the Daily's own image (the link previews' too): drawn by the server from what the text below says
      const poster = dailyId ? `<img class="daily-poster" src="/og/daily/${encodeURIComponent(dailyId)}/image.svg?lang=${lang()}" alt="" width="1200" height="630" data-testid="daily-poster">` : "";
      head = `<div class="daily-image">${poster}<span class="kicker">${termHTML("daily", t("daily"))}</span>
        <h2 data-testid="daily-title">${number ? `№ ${escapeHTML(number)} · ` : ""}${escapeHTML(name ?? "")}</h2>
        ${date ? `<span class="muted" data-testid="daily-date">${escapeHTML(dayText(date, lang()))}</span>` : ""}
        ${pname ? `<p class="gist">${escapeHTML(pname)}${gist ? ` · ${escapeHTML(gist)}` : ""}</p>` : ""}
        ${special && (specialList.length || special === true) ? `<button type="button" class="badge" data-action="special" aria-expanded="false">${t("special")}</button>
          <ul id="special-list" hidden>${specialList.map((s) => `<li>${escapeHTML(typeof s === "string" ? s : pick(s, "ru", "text", "name") ?? "")}</li>`).join("")}</ul>` : ""}
      </div>`;
    } else {
      body = `<p class="muted">${t("dailyUnknown")}</p>`;
    }
    const game = this.dailyGame();
    const gameId = pick(game ?? {}, "game_id", "id");
    const status = pick(game ?? {}, "status");
    const primary = this.newcomer() ? "btn" : "btn primary";
    let action = `<button type="button" class="${primary}" data-start="daily" data-testid="play-daily">${t("play")}</button>`;
    if (gameId && status === "live") action = `<button type="button" class="btn primary" data-go="#/game/${escapeHTML(gameId)}" data-testid="play-daily">${t("cont")}</button>`;
    else if (gameId && status) action = `<p data-testid="daily-played">${t("dailyPlayed", { c: pick(game, "credits") ?? this.dailyCredits ?? "—" })}</p><button type="button" class="btn ghost" data-go="#/game/${escapeHTML(gameId)}">${t("details")}</button>`;
    if (this.options && this.options.daily === null && !d) {
      return `<section class="card daily" data-testid="daily-card">${head}<p data-testid="daily-none">${t("dailyNone")}</p>
        <p class="muted">${t("dailyUnknown")}</p></section>`;
    }
    return `<section class="card daily" data-testid="daily-card">${head}${body}
      <p class="clock" data-testid="time-left">${t("timeLeft", { t: clock(this.secondsLeft()) })}</p>
      <p class="muted">${t("oneAttempt")}</p>${action}</section>`;
  }

  dailyGame() {
    return pick(this.options ?? {}, "daily_game") ?? pick(pick(this.options ?? {}, "daily") ?? {}, "game") ?? null;
  }

  /** The rules page: a newcomer starts with the Tutorial. He is one until a Tutorial's steps are done on this
   *  device, a Daily was started on this account, or the account has a callsign or a confirmed e-mail. */
  newcomer() {
    return !tutorialDone() && !this.dailyGame() && !this.me?.callsign && !this.me?.email_confirmed;
  }

  /** First on the screen: continue a live Tutorial, or — for a newcomer — start it. */
  firstStepsCard() {
    const g = this.tutorialGame;
    if (g) {
      const where = g.done ? t("tutorialDone") : t("step", { s: g.step, n: g.total });
      return `<section class="card first-steps" data-testid="tutorial-continue-card"><h2>${t("tutorial")}</h2>
        <p>${t("tutorialUnfinished", { where })}</p>
        <button type="button" class="btn primary" data-go="#/game/${escapeHTML(g.id)}" data-testid="continue-tutorial">${t("tutorialContinue")}</button></section>`;
    }
    if (!this.newcomer()) return "";
    return `<section class="card first-steps" data-testid="first-steps"><h2>${t("firstSteps")}</h2>
      <ol><li>${t("firstStep1")}</li><li>${t("firstStep2")}</li><li>${t("firstStep3")}</li></ol>
      <button type="button" class="btn primary" data-start="tutorial" data-testid="play-tutorial">${t("startTutorial")}</button></section>`;
  }

  tutorialCard() {
    return `<section class="card tutorial"><h2>${t("tutorial")}</h2><p>${t("tutorialText")}</p>
      <button type="button" class="btn" data-start="tutorial" data-testid="play-tutorial">${t("startTutorial")}</button></section>`;
  }

  freeCard() {
    const o = this.options ?? {};
    const free = pick(o, "free") ?? o;
    const presets = pick(free, "presets") ?? pick(o, "presets") ?? FALLBACK_PRESETS;
    const used = pick(free, "free_starts_used", "starts_used", "used", "free_used");
    const limit = pick(free, "free_starts_limit", "limit", "free_limit") ?? 3;
    const unfinished = pick(free, "unfinished_free", "unfinished", "current_free", "current") ?? this.unfinished;
    const unfinishedId = typeof unfinished === "string" ? unfinished : pick(unfinished ?? {}, "game_id", "id");
    const items = presets.map((p) => {
      const [name, gist] = presetName(p);
      const id = p.id === "as_daily" ? "as-daily" : p.id;
      return `<li><button type="button" class="preset" data-start="free" data-preset="${escapeHTML(id)}" data-testid="preset-${escapeHTML(id)}">
        <strong>${escapeHTML(name)}</strong><small>${escapeHTML(gist)}</small></button></li>`;
    });
    return `<section class="card free" data-testid="free-card"><h2>${termHTML("free", t("free"))}</h2><p>${t("freeText")}</p>
      ${used !== undefined ? `<p class="muted" data-testid="free-left">${t("freeLeft", { n: Math.max(0, limit - used), m: limit })}</p>` : ""}
      ${unfinishedId ? `<button type="button" class="btn primary" data-go="#/game/${escapeHTML(unfinishedId)}" data-testid="continue-free">${t("freeContinue")}</button>` : ""}
      <ul class="presets">${items.join("")}</ul>${this.bestHTML(presets)}</section>`;
  }

  /** The best finished Free game of each field (GET /api/v1/games marks them), each replayable and shareable. */
  bestHTML(presets) {
    if (!this.best?.length) return "";
    const rows = this.best.map((g) => {
      const [name] = presetName(presets.find((p) => p.id === g.preset_id) ?? { id: g.preset_id });
      return `<li data-testid="best-row"><a href="#/replay/${escapeHTML(g.game_id)}">${escapeHTML(name ?? g.preset_id)}</a>
        <strong>${escapeHTML(g.credits)}</strong> <span class="muted">${escapeHTML(dayText(g.msk_date, lang()))}</span></li>`;
    });
    return `<h3>${t("bestTitle")}</h3><ul class="best" data-testid="best-free">${rows.join("")}</ul>`;
  }
}
