// The game screen (echo-challenge.md §19): twelve elements, all drawn from the server's view (echo-challenge.md §21).
import { t, errorText, lang } from "./i18n.js";
import { dailyToday } from "./api.js";
import { overloadRisk } from "./overload.js";
import { endPlaceHTML, loadPlace, shareHTML, wireShare } from "./game_end.js";
import { termHTML, membraneEffect } from "./terms.js";
import { indexOf, nameOf } from "./board.js";
import { escapeHTML } from "../../shell/text.js";
import { fieldHTML } from "./field.js";
import { fmt, logLine } from "./log.js";
import { challengeMakerHTML, scoreToBeat, wireChallengeMaker } from "./challenge.js";
import { rememberTutorial, tutorialBannerHTML, wrongClickText } from "./tutorial.js";
import { withLog } from "../../shell/log_delta.js";

const cache = new Map(); // game id -> {version, view}: views from acks made elsewhere (the main screen)
export const rememberView = (gameId, version, view) => cache.set(gameId, { version, view });

export class GameScreen {
  constructor(root, conn, gameId, navigate) {
    this.root = root;
    this.conn = conn;
    this.gameId = gameId;
    this.navigate = navigate;
    this.view = null;
    this.version = 0;
    this.tool = "probe";
    this.focus = 0;
    this.busy = false;
    this.error = "";
    this.listeners = [];
    const known = cache.get(gameId);
    if (known) { this.view = known.view; this.version = known.version; }
  }

  mount() {
    this.root.innerHTML = `<div class="game" data-testid="game"><p class="loading">${t("loading")}</p></div>`;
    this.on(this.conn, "update", (e) => this.accept(e.detail));
    this.on(this.conn, "online", () => this.resume());
    this.on(document, "keydown", (e) => this.onKey(e));
    if (this.view) { this.lookUpOnce(); this.render(); }
    if (this.conn.state === "online") this.resume();
  }

  unmount() {
    this.gone = true; // answers that arrive later must not draw over the next screen
    for (const [target, type, fn] of this.listeners) target.removeEventListener(type, fn);
    this.listeners = [];
  }

  on(target, type, fn) {
    target.addEventListener(type, fn);
    this.listeners.push([target, type, fn]);
  }

  async resume() {
    const reply = await this.conn.command("resume", { game_id: this.gameId, version: this.version });
    if (reply.type === "error") { this.showError(reply); if (!this.view) this.renderMissing(); return; }
    this.accept(reply);
  }

  /** An ack or an update: keep the highest version seen. */
  accept(frame) {
    if (frame.game_id !== this.gameId || !frame.view) return;
    // The same version again (our own ack and its push to every device) changes nothing: no redraw.
    if (frame.version !== undefined && this.view && frame.version <= this.version) return;
    const view = withLog(frame, this.view, this.version);
    if (!view) { this.resume(); return; } // a log delta on a version we do not hold: ask for the whole view
    this.version = frame.version ?? this.version;
    this.view = view;
    rememberView(this.gameId, this.version, this.view);
    if (this.view.mode === "free") localStorage.setItem("echo.freeGame", this.gameId);
    rememberTutorial(this.gameId, this.view);
    if (this.view.mode === "daily" && this.view.status === "live" && !this.phaseChecked) this.checkPhase();
    this.lookUpOnce();
    this.render();
  }

  /** Opened in the Daily's last half hour: show the warning or the countdown the page did not hear. */
  async checkPhase() {
    this.phaseChecked = true;
    const daily = await dailyToday(this.view.daily?.league ?? "bronze");
    const kind = { warning: "warning_30min", countdown: "countdown_10min" }[daily?.phase];
    if (kind && !this.gone) this.conn.dispatchEvent(new CustomEvent("notice", { detail: { kind, closes_at: daily.closes_at } }));
  }

  /** Once per screen: a Daily played from a challenge link shows the score to beat by its title; an ended
   *  Daily loads its place and shareable result. */
  lookUpOnce() {
    if (this.view.mode === "daily" && !this.beatAsked) {
      this.beatAsked = true;
      scoreToBeat().then((sender) => { if (sender && !this.gone) { this.beat = sender; this.render(); } });
    }
    if (this.view.mode === "daily" && this.view.status !== "live" && !this.readonly && !this.end) this.loadEnd();
  }

  /** An ended Daily's place for this hour (the leagues projection may lag the game by a moment) and the
   *  Daily's name for the shareable result. */
  async loadEnd() {
    this.end = { place: null, daily: null, share: this.end?.share ?? {} };
    const [place, today] = await Promise.all([loadPlace(this.view, () => this.gone), dailyToday(this.view.daily?.league ?? "bronze")]);
    if (this.gone) return;
    this.end.place = place;
    if (today?.daily_id === this.view.daily?.daily_id) {
      this.end.daily = { number: today.number, name: lang() === "en" ? today.name_en ?? today.name_ru : today.name_ru ?? today.name };
    }
    this.render();
  }

  renderMissing() {
    if (this.gone) return;
    this.root.innerHTML = `<div class="game"><p class="error-line" role="alert">${escapeHTML(this.error)}</p>
      <a class="btn" href="#/">${t("home")}</a></div>`;
  }

  showError(frame) {
    if (this.gone) return;
    this.error = frame.code === "tutorial_step" ? wrongClickText(this.view, frame.message) : errorText(frame.code, frame.message);
    const line = this.root.querySelector("[data-testid=error]");
    if (line) {
      line.textContent = this.error;
      line.hidden = false;
    }
  }

  async move(index) {
    const v = this.view;
    if (!v || v.status !== "live" || this.readonly) return;
    if (this.busy) { this.flashPending(); return; } // one move at a time: say so, do not drop it silently
    this.focus = index;
    this.busy = true;
    this.root.querySelectorAll(".cell")[index]?.classList.add("pending");
    const reply = await this.conn.command("act", { game_id: this.gameId, action: { type: this.tool, sector: nameOf(index) } });
    this.busy = false;
    this.root.querySelector(".cell.pending")?.classList.remove("pending");
    this.root.querySelector("[data-testid=in-flight]")?.setAttribute("hidden", "");
    if (reply.type === "error") { this.showError(reply); return; }
    this.error = "";
    this.accept(reply);
    this.announce();
  }

  flashPending() {
    const cell = this.root.querySelector(".cell.pending");
    const note = this.root.querySelector("[data-testid=in-flight]");
    if (note) note.hidden = false;
    cell?.classList.remove("again");
    void cell?.offsetWidth; // restart the animation
    cell?.classList.add("again");
  }

  /** Screen readers hear what the tick brought (the log line without markup). */
  announce() {
    const last = this.view?.log?.at(-1);
    const target = document.getElementById("announce");
    if (!last || !target) return;
    const box = document.createElement("div");
    box.innerHTML = logLine(last, this.view.log.at(-2));
    target.textContent = `${box.textContent.replace(/\s+/g, " ").trim()}. ${t("credits")}: ${this.view.credits}`;
  }

  async finish() {
    const reply = await this.conn.command("act", { game_id: this.gameId, action: { type: "finish" } });
    if (reply.type === "error") { this.showError(reply); return; }
    this.error = "";
    this.accept(reply);
  }

  setTool(tool) {
    this.tool = tool;
    for (const b of this.root.querySelectorAll("[data-tool]")) b.setAttribute("aria-pressed", String(b.dataset.tool === tool));
    this.root.querySelector(".field")?.setAttribute("data-tool", tool);
    this.warnOverload();
  }

  /** Before an Overload: the tool bar says what the next click would cost, and the field's hidden sectors
   *  are marked under the pointer (styles.css). The move stays the player's. */
  warnOverload() {
    const risk = overloadRisk(this.view, this.tool);
    this.root.querySelector(".field")?.setAttribute("data-overload", risk);
    const line = this.root.querySelector("[data-testid=overload]");
    if (!line) return;
    line.hidden = !risk;
    line.dataset.risk = risk;
    line.textContent = risk ? t(risk === "full" ? "overloadFull" : "overloadYellow", { n: this.view.charge, m: this.view.contour }) : "";
  }

  onKey(event) {
    if (!this.view || event.ctrlKey || event.metaKey || event.altKey) return;
    if (document.querySelector("dialog[open]")) return;
    const code = event.code;
    if (code === "KeyP") { this.setTool("probe"); event.preventDefault(); return; }
    if (code === "KeyB") { this.setTool("beam"); event.preventDefault(); return; }
    if (code === "KeyF" && this.view.status === "live") { this.askFinish(); event.preventDefault(); return; }
    const cell = event.target.closest?.(".cell");
    if (!cell) return;
    const steps = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -10, ArrowDown: 10 };
    if (!(event.key in steps)) return;
    event.preventDefault();
    const i = Number(cell.dataset.i);
    let next = i + steps[event.key];
    if (event.key === "ArrowLeft" && i % 10 === 0) next = i;
    if (event.key === "ArrowRight" && i % 10 === 9) next = i;
    if (next < 0 || next > 99) next = i;
    this.focusCell(next);
  }

  focusCell(i) {
    const cells = this.root.querySelectorAll(".cell");
    cells[this.focus]?.setAttribute("tabindex", "-1");
    this.focus = i;
    cells[i]?.setAttribute("tabindex", "0");
    cells[i]?.focus();
  }

  askFinish() {
    const dialog = this.root.querySelector("#finish-dialog");
    this.root.querySelector("#game-menu")?.close();
    dialog?.showModal();
  }

  render() {
    if (this.gone) return;
    const v = this.view;
    const hadFocus = this.root.contains(document.activeElement) && document.activeElement.classList.contains("cell");
    const logScroll = this.root.querySelector(".log ol")?.scrollTop ?? 0;
    const openDialog = this.root.querySelector("dialog[open]")?.id;
    const live = v.status === "live" && !this.readonly;
    const over = v.status !== "live";
    this.root.innerHTML = `
      <div class="game ${live ? "is-live" : "is-over"}${this.readonly ? " is-replay" : ""}" data-testid="game" data-status="${v.status}" data-mode="${v.mode ?? ""}">
        <header class="topbar">
          ${this.title()}
          <div class="gauges">
            ${this.credits()}${this.connectivity()}${this.contour()}${this.layer()}${this.membranes()}
          </div>
          <div class="top-actions">
            <a class="btn ghost desk-only" href="#/">${t("home")}</a>
            ${live ? `<button type="button" class="btn danger desk-only" data-el="8" data-action="finish">${t("finish")}</button>` : ""}
            <button type="button" class="btn ghost phone-only" data-action="menu" aria-haspopup="dialog" aria-label="${t("menu")}">☰</button>
          </div>
        </header>
        ${this.readonly ? this.replayBar() : tutorialBannerHTML(v, v.tutorial?.look === "orders" ? this.ordersInline() : "")}
        <div class="game-body">
          <section class="field-wrap" aria-label="${t("field")}">
            ${this.field()}
            <p class="error-line" role="alert" data-testid="error" ${this.error ? "" : "hidden"}>${escapeHTML(this.error)}</p>
            <p class="in-flight muted" role="status" data-testid="in-flight" hidden>${t("inFlight")}</p>
            <p class="legend">${t("legend", {
              membrane: termHTML("membrane", t("membraneSign")), interference: termHTML("interference", t("blinking")),
              perturbation: termHTML("perturbation", t("perturbationWord")), detector: termHTML("detector"),
              spectrometer: termHTML("spectrometer") })}</p>
            <p class="kbd-help desk-only">${t("keyboardHelp")}</p>
          </section>
          <aside class="side">
            ${over ? this.endPanel() : this.tools()}${this.instruments()}${this.ephemera()}${this.orders()}${this.log()}
          </aside>
        </div>
        <dialog id="game-menu" class="sheet" aria-label="${t("menu")}">
          <a class="btn" href="#/" data-action="home">${t("home")}</a>
          <p class="muted">${t("later")}</p>
          ${live ? `<button type="button" class="btn danger" data-el="8" data-action="finish">${t("finish")}</button>` : ""}
          <button type="button" class="btn ghost" data-action="close-dialog">${t("close")}</button>
        </dialog>
        <dialog id="finish-dialog" aria-label="${t("finish")}">
          <p>${t("finishConfirm")}</p>
          <div class="row"><button type="button" class="btn danger" data-action="finish-yes">${t("finish")}</button>
          <button type="button" class="btn ghost" data-action="close-dialog">${t("close")}</button></div>
        </dialog>
        <dialog id="membrane-dialog" aria-label="${t("membranes")}"></dialog>
      </div>`;
    this.wire();
    this.setTool(this.tool);
    const ol = this.root.querySelector(".log ol");
    if (ol) ol.scrollTop = logScroll;
    if (hadFocus) this.focusCell(this.focus);
    const reopen = openDialog && this.root.querySelector(`#${openDialog}`);
    if (reopen && (live || openDialog === "membrane-dialog") && reopen.innerHTML.trim()) reopen.showModal();
    if (over && this.wasLive) this.root.querySelector("[data-testid=end]")?.scrollIntoView({ block: "nearest" });
    this.showTutorialTarget();
    this.wasLive = !over;
  }

  /** A new Tutorial step: the sector it names is brought into view (on a phone the field runs under the tool bar). */
  showTutorialTarget() {
    const tut = this.view.tutorial;
    if (!tut || tut.done || this.view.status !== "live" || this.shownStep === tut.step) return;
    this.shownStep = tut.step;
    this.root.querySelector(`.cell[data-sector="${tut.sector}"]`)?.scrollIntoView({ block: "nearest" });
  }

  /** The Order board's symbols in one line, for the Tutorial's banner. */
  ordersInline() {
    const rows = (this.view.orders ?? []).map((o) => `<span class="order-mini">${o.symbols.map((sym, k) => symbolHTML(sym, k < o.progress)).join("")}</span>`);
    return `<span class="banner-orders" data-testid="tutorial-look">${t("orders")}: ${rows.join(" ")}</span>`;
  }

  wire() {
    const r = this.root;
    if (this.challengeState) wireChallengeMaker(r, this.challengeState, () => this.render());
    const field = r.querySelector(".field");
    field?.addEventListener("pointerdown", (e) => { this.pressed = { x: e.clientX, y: e.clientY }; });
    field?.addEventListener("click", (e) => {
      const cell = e.target.closest(".cell");
      if (cell && pressedOn(cell, e, this.pressed)) this.move(Number(cell.dataset.i));
      this.pressed = null;
    });
    r.querySelector("[data-testid=error]")?.addEventListener("click", (e) => { e.currentTarget.hidden = true; this.error = ""; });
    for (const b of r.querySelectorAll("[data-tool]")) b.addEventListener("click", () => this.setTool(b.dataset.tool));
    for (const b of r.querySelectorAll("[data-action=finish]")) b.addEventListener("click", () => this.askFinish());
    r.querySelector("[data-action=tutorial-finish]")?.addEventListener("click", () => this.finish());
    if (this.end) wireShare(r, this.end.share, () => this.render());
    r.querySelector("[data-action=finish-yes]")?.addEventListener("click", () => {
      r.querySelector("#finish-dialog").close();
      this.finish();
    });
    r.querySelector("[data-action=menu]")?.addEventListener("click", () => r.querySelector("#game-menu").showModal());
    for (const b of r.querySelectorAll("[data-action=close-dialog]")) b.addEventListener("click", () => b.closest("dialog").close());
    for (const b of r.querySelectorAll("[data-membrane]")) b.addEventListener("click", () => this.membraneDetails(b.dataset.membrane));
  }

  title() {
    const v = this.view;
    let name = t("free");
    if (v.mode === "tutorial") name = t("tutorial");
    if (v.mode === "daily") name = `${t("daily")}${v.daily?.number ? ` № ${v.daily.number}` : ""}`;
    return `<div class="game-title"><strong>${escapeHTML(name)}</strong>
      ${this.beat && v.mode === "daily" ? `<span class="beat-target" data-testid="beat-target">${t("beatTarget", { n: this.beat.credits, c: escapeHTML(this.beat.callsign) })}</span>` : ""}
      <span class="muted">${termHTML("tick", t("tick"))} ${v.tick}${v.freeze ? ` · <span class="freeze" data-testid="freeze">❄ ${t("freeze", { n: v.freeze })}</span>` : ""}</span></div>`;
  }

  credits() {
    return `<div class="gauge credits" data-el="1" data-testid="credits"><span class="label">${termHTML("credits", t("credits"))}</span>
      <span class="value big">${this.view.credits}</span></div>`;
  }

  connectivity() {
    const v = this.view;
    const cells = [];
    for (let i = 0; i < Math.ceil(v.connectivity_max); i++) {
      const fill = v.connectivity >= i + 1 ? "full" : v.connectivity >= i + 0.5 ? "half" : "none";
      cells.push(`<span class="div ${fill}"></span>`);
    }
    return `<div class="gauge connectivity" data-el="2" data-testid="connectivity" aria-label="${t("connectivity")} ${v.connectivity} / ${v.connectivity_max}">
      <span class="label">${termHTML("connectivity", t("connectivity"))}</span>
      <span class="divs" aria-hidden="true">${cells.join("")}</span><span class="value">${fmt(v.connectivity)}/${fmt(v.connectivity_max)}</span></div>`;
  }

  contour() {
    const v = this.view;
    const cells = [];
    for (let i = 0; i < v.contour; i++) cells.push(`<span class="pip ${i < v.charge ? "on" : ""}"></span>`);
    return `<div class="gauge contour" data-el="4" data-testid="contour" aria-label="${t("charge")} ${v.charge}, ${t("contour")} ${v.contour}">
      <span class="label">${termHTML("charge", t("charge"))} / ${termHTML("contour", t("contour"))}</span>
      <span class="pips" aria-hidden="true">${cells.join("")}</span><span class="value">${v.charge}/${v.contour}</span></div>`;
  }

  layer() {
    return `<div class="gauge layer" data-el="10" data-testid="layer"><span class="label">${termHTML("layer", t("layer"))}</span>
      <span class="value">${this.view.layer_charge}</span></div>`;
  }

  membranes() {
    const list = this.view.membranes ?? [];
    const chips = list.map((m, i) => {
      const effect = membraneEffect(m.color, m.kind);
      return `<button type="button" class="mem ${m.color} ${m.state}" data-membrane="${i}" title="${escapeHTML(effect)}"
        aria-label="${t(`${m.color}E`)} № ${m.kind}: ${escapeHTML(effect)} (${t(`memState_${m.state}`)})">◆<small>${m.kind}</small></button>`;
    });
    return `<div class="gauge membranes" data-el="3" data-testid="membranes"><span class="label">${termHTML("membrane", t("membranes"))}</span>
      <span class="mems">${chips.join("") || t("noMembranes")}</span></div>`;
  }

  membraneDetails(i) {
    const m = this.view.membranes[Number(i)];
    const dialog = this.root.querySelector("#membrane-dialog");
    dialog.innerHTML = `<h3><span class="mem ${m.color} ${m.state}">◆</span> ${t(`${m.color}E`)} — ${t("membraneSign")} № ${m.kind}</h3>
      <p><strong>${t("effect")}:</strong> ${escapeHTML(membraneEffect(m.color, m.kind))}</p>
      <p class="muted">${t(`memState_${m.state}`)}</p>
      <p>${escapeHTML(termText("membrane"))}</p>
      <button type="button" class="btn ghost" data-action="close-dialog">${t("close")}</button>`;
    dialog.querySelector("button").addEventListener("click", () => dialog.close());
    dialog.showModal();
  }

  replayBar() {
    return "";
  }

  field() {
    return fieldHTML(this.view, this.focus, this.readonly);
  }

  tools() {
    const v = this.view;
    const want = v.tutorial && !v.tutorial.done ? v.tutorial.tool : null;
    const b = (tool, hint, key) => `<button type="button" class="tool ${want === tool ? "want" : ""}" data-tool="${tool}" aria-pressed="false"
        data-testid="tool-${tool}"><span class="tname">${t(tool)}</span><small>${hint}<span class="key"> · ${key}</span></small></button>`;
    return `<section class="panel tools" data-el="6" aria-label="${t("tools")}">
      <h2>${t("tools")}</h2>
      <div class="row">${b("probe", t("probeHint"), "P")}${b("beam", t("beamHint", { cost: v.beam_cost ?? 2 }), "B")}</div>
      <p class="overload-warn" role="status" data-testid="overload" hidden></p></section>`;
  }

  instruments() {
    const v = this.view;
    const bar = (value, max) => Array.from({ length: max }, (_, i) => `<span class="pip ${i < value ? "on" : ""}"></span>`).join("");
    return `<section class="panel instruments" data-el="7" aria-label="${t("instruments")}">
      <div class="inst" data-testid="detector">${termHTML("detector", t("detector"))} <span class="pips">${bar(v.detector, v.detector_max)}</span> <span class="value">${v.detector}/${v.detector_max}</span></div>
      <div class="inst" data-testid="spectrometer">${termHTML("spectrometer", t("spectrometer"))} <span class="pips">${bar(v.spectrometer, v.spectrometer_max)}</span> <span class="value">${v.spectrometer}/${v.spectrometer_max}</span></div>
    </section>`;
  }

  ephemera() {
    const v = this.view;
    const p = v.prices ?? { clean: v.credits_breakdown?.clean?.price, lossy: v.credits_breakdown?.lossy?.price };
    const items = (v.ephemera ?? []).map((e) => {
      const state = e.opened ? (e.clean ? t("clean") : t("lossy")) : t("hidden");
      const dots = Array.from({ length: e.size }, () => `<span class="dot"></span>`).join("");
      return `<li class="eph ${e.color} ${e.opened ? (e.clean ? "clean" : "lossy") : "closed"}"
        aria-label="${t(`${e.color}E`)}, ${e.size}: ${state}"><span class="dots">${dots}</span><span class="st">${e.opened ? (e.clean ? "✓" : "½") : ""}</span></li>`;
    });
    return `<section class="panel ephemera" data-el="9" data-testid="ephemera">
      <h2>${termHTML("ephemeron", t("ephemera"))} <span class="price">${t("clean")} ${p.clean} · ${t("lossy")} ${p.lossy}</span></h2>
      <ul>${items.join("")}</ul></section>`;
  }

  orders() {
    const v = this.view;
    const price = v.prices?.order ?? v.credits_breakdown?.orders?.price;
    const bySlot = new Map((v.orders ?? []).map((o, i) => [o.slot ?? i, o]));
    const slots = v.order_slots ?? Math.max(3, bySlot.size);
    const rows = [];
    for (let s = 0; s < slots; s++) {
      const o = bySlot.get(s);
      if (!o) { rows.push(`<li class="order empty-slot">${t("emptySlot")}</li>`); continue; }
      const syms = o.symbols.map((sym, k) => symbolHTML(sym, k < o.progress)).join("");
      rows.push(`<li class="order" aria-label="${o.symbols.map(symbolText).join(", ")}; ${t("ofN", { a: o.progress, b: o.symbols.length })}">${syms}</li>`);
    }
    return `<section class="panel orders" data-el="11" data-testid="orders">
      <h2>${termHTML("orders", t("orders"))} <span class="price">${t("orderPrice", { price })}</span></h2>
      <ul>${rows.join("")}</ul></section>`;
  }

  log() {
    const log = this.view.log ?? [];
    const entries = log.map((e, i) => logLine(e, log[i - 1])).reverse();
    return `<section class="panel log" data-el="12" data-testid="log"><h2>${t("log")}</h2>
      ${entries.length ? `<ol>${entries.join("")}</ol>` : `<p class="muted">${t("logEmpty")}</p>`}</section>`;
  }

  endPanel() {
    const v = this.view;
    const b = v.credits_breakdown ?? {};
    const row = (key, item) => item ? `<tr><th scope="row">${t(key)}</th><td>${item.count} × ${item.price} = <strong>${item.sum}</strong></td></tr>` : "";
    let field = "";
    if (v.field?.grid) field = `<p class="muted" data-testid="revealed">${t("revealedNote")}</p>`;
    else if (v.mode === "daily") field = `<p class="muted">${t("fieldHidden")}</p>`;
    return `<section class="end-panel" data-testid="end" aria-labelledby="end-title">
      <h2 id="end-title">${t("gameOver")}: ${t(`st_${v.status}`)}</h2>
      <table class="breakdown" data-testid="breakdown">
        ${row("itemClean", b.clean)}${row("itemLossy", b.lossy)}${row("itemOrders", b.orders)}
        <tr class="total"><th scope="row">${t("total")}</th><td><strong>${v.credits}</strong></td></tr>
      </table>
      ${field}
      ${v.mode === "daily" && !this.readonly ? endPlaceHTML(v, this.end?.place) : ""}
      ${v.mode === "daily" && !this.readonly && this.end ? shareHTML(v, this.end, this.challengeState?.url) : ""}
      ${v.mode === "daily" && !this.readonly ? challengeMakerHTML(this.challengeState ??= {}) : ""}
      <div class="row">${v.mode === "free" && !this.readonly ? `<a class="btn" href="#/replay/${escapeHTML(this.gameId)}" data-testid="replay-link">${t("replay")}</a>` : ""}
      <a class="btn" href="#/">${t("home")}</a></div>
    </section>`;
  }
}

/** A click moves only when the press began inside that very cell: on a touch screen Chromium retargets a
 *  tap on a column letter or a row number to the nearest cell (even the pointerdown's target; only its
 *  coordinates stay where the finger was), and a stray tap must never spend a move. A click from the
 *  keyboard (Enter/Space: `detail` 0) has no press. */
function pressedOn(cell, event, pressed) {
  if (event.detail === 0) return true;
  if (!pressed) return false;
  const box = cell.getBoundingClientRect();
  const gap = 1; // half the 2 px between cells
  return pressed.x >= box.left - gap && pressed.x <= box.right + gap && pressed.y >= box.top - gap && pressed.y <= box.bottom + gap;
}

function termText(key) {
  const el = document.createElement("div");
  el.innerHTML = termHTML(key);
  return el.firstElementChild.getAttribute("title");
}

function symbolHTML(sym, done) {
  const cls = done ? "sym done" : "sym";
  if (sym === "empty") return `<span class="${cls} s-empty" title="${t("sym_empty")}"></span>`;
  if (["green", "yellow", "red"].includes(sym)) return `<span class="${cls} s-color ${sym}" title="${t(sym)}"></span>`;
  return `<span class="${cls} s-digit" title="${t("sym_digit", { d: sym })}">${sym}</span>`;
}

function symbolText(sym) {
  if (sym === "empty") return t("sym_empty");
  if (["green", "yellow", "red"].includes(sym)) return t(sym);
  return t("sym_digit", { d: sym });
}

export { indexOf };
