// The account screen (`#/account`): the callsign, the e-mail confirmation, logging in on another device,
// the devices signed in (devices.js).
// The server's refusals are shown as it words them (message_ru in Russian), by their code. While the server's
// session store elects a leader (503, a few seconds) a form's note says it is waiting and the call is sent
// again by itself (shell/patience.js), as the devices card does.
import { t, serverError } from "./i18n.js";
import { friendsScores } from "./api.js";
import { call } from "../../shell/session.js";
import { patiently } from "../../shell/patience.js";
import { escapeHTML } from "../../shell/text.js";
import { DevicesCard } from "./devices.js";

export class AccountScreen {
  constructor(root) {
    this.root = root;
    this.account = null;
    this.notes = {};
    this.devices = new DevicesCard({ guest: () => !this.account?.email_confirmed });
  }

  async mount() {
    this.render();
    this.devices.load(); // its card draws itself: a wait for the server there does not hold the others
    const [mine, scores] = await Promise.all([this.loadAccount(), friendsScores()]);
    this.account = mine;
    this.shownAs = scores?.me?.callsign ?? null; // the name the Chart and friends see until a callsign is set
    this.render();
  }

  unmount() { this.gone = true; }

  /** The account (null when the server does not give it), sent for again while the server asks to wait. */
  async loadAccount() {
    const reply = await patiently(() => call("GET", "/api/v1/account"));
    return reply.ok ? reply.body?.account ?? null : null;
  }

  note(key, text, ok) {
    this.notes[key] = { text, ok };
    const el = this.root.querySelector(`[data-testid=${key}]`);
    if (el) { el.textContent = text; el.dataset.ok = String(ok); el.hidden = !text; }
  }

  /** The form `name`'s call (`call(...)`), sent again while the server asks to wait: its note says so and its
   *  button rests meanwhile. */
  async ask(name, ...args) {
    const button = () => this.root.querySelector(`[data-form=${name}] button`);
    let waited = false;
    const reply = await patiently(() => call(...args), { onWait: () => {
      waited = true;
      this.note(`${name}-note`, t("serverWaiting"), true);
      const waiting = button();
      if (waiting) waiting.disabled = true;
    } });
    const done = button();
    if (done) done.disabled = false;
    if (waited) this.note(`${name}-note`, "", true); // the caller says how it ended
    return reply;
  }

  render() {
    if (this.gone) return;
    const a = this.account;
    const confirmed = a?.email_confirmed;
    const line = (key) => {
      const n = this.notes[key] ?? { text: "", ok: true };
      return `<p class="form-note" role="status" data-testid="${key}" data-ok="${n.ok}" ${n.text ? "" : "hidden"}>${escapeHTML(n.text)}</p>`;
    };
    const emailState = confirmed
      ? `<p class="ok-line" data-testid="email-state" data-confirmed="true">✔ ${t("emailConfirmed", { e: escapeHTML(a.email ?? "") })}</p>`
      : `<p class="muted" data-testid="email-state" data-confirmed="false">${t("emailNotConfirmed")}${a?.pending_email ? ` ${t("emailSent", { e: escapeHTML(a.pending_email) })}` : ""}</p>`;
    this.root.innerHTML = `<div class="main account-page" data-testid="account-page" data-loaded="${a ? "true" : "false"}">
      <header class="main-head"><h1>${t("accountTitle")}</h1>
        <nav class="head-links"><a class="btn ghost small" href="#/chart">${t("chart")}</a><a class="btn ghost small" href="#/">${t("home")}</a></nav></header>
      <div class="cards">
        <section class="card">
          <h2>${t("callsign")}</h2>
          <p data-testid="callsign-now">${a?.callsign ? `<strong>${escapeHTML(a.callsign)}</strong>` : `<span class="muted">${this.shownAs ? t("callsignNone", { c: escapeHTML(this.shownAs) }) : t("callsignNoneYet")}</span>`}</p>
          <form class="inline-form" data-form="callsign">
            <label class="sr-only" for="callsign-input">${t("callsign")}</label>
            <input id="callsign-input" name="callsign" autocomplete="nickname" maxlength="20" required value="${escapeHTML(a?.callsign ?? "")}" data-testid="callsign-input">
            <button class="btn primary" data-testid="callsign-save">${t("callsignSave")}</button>
          </form>
          <p class="muted small">${t("callsignHelp")}</p>
          ${line("callsign-note")}
        </section>
        <section class="card">
          <h2>${t("email")}</h2>
          ${emailState}
          <p class="why">${t("emailWhy")}</p>
          ${confirmed ? "" : `<form class="inline-form" data-form="email">
            <label class="sr-only" for="email-input">${t("email")}</label>
            <input id="email-input" type="email" name="email" autocomplete="email" required data-testid="email-input" placeholder="name@example.org">
            <button class="btn primary" data-testid="email-send">${t("emailConfirm")}</button>
          </form>`}
          ${line("email-note")}
        </section>
        <section class="card">
          <h2>${t("loginOther")}</h2>
          <p class="muted">${t("loginOtherHelp")}</p>
          <form class="inline-form" data-form="login">
            <label class="sr-only" for="login-input">${t("email")}</label>
            <input id="login-input" type="email" name="email" autocomplete="email" required data-testid="login-input" placeholder="name@example.org">
            <button class="btn" data-testid="login-send">${t("loginSend")}</button>
          </form>
          ${line("login-note")}
        </section>
        <section class="card devices" data-testid="devices"></section>
      </div>
    </div>`;
    this.devices.attach(this.root.querySelector("[data-testid=devices]"));
    this.wire();
  }

  wire() {
    const form = (name, handler) => this.root.querySelector(`[data-form=${name}]`)?.addEventListener("submit", (e) => {
      e.preventDefault();
      handler(new FormData(e.target));
    });
    form("callsign", async (data) => {
      const reply = await this.ask("callsign", "PUT", "/api/v1/account/callsign", { callsign: String(data.get("callsign") ?? "").trim() });
      if (!reply.ok) { this.note("callsign-note", serverError(reply.body, t("err_connect")), false); return; }
      this.notes["callsign-note"] = { text: t("callsignSaved", { c: reply.body.callsign }), ok: true };
      this.account = { ...(this.account ?? {}), callsign: reply.body.callsign };
      this.render();
    });
    form("email", async (data) => {
      const email = String(data.get("email") ?? "").trim();
      const reply = await this.ask("email", "POST", "/api/v1/account/email", { email });
      if (!reply.ok) { this.note("email-note", serverError(reply.body, t("err_connect")), false); return; }
      if (reply.body.already_confirmed) { this.account = await this.loadAccount(); this.render(); return; }
      this.notes["email-note"] = { text: t("emailSent", { e: reply.body.email ?? email }), ok: true };
      this.account = { ...(this.account ?? {}), pending_email: null };
      this.render();
    });
    form("login", async (data) => {
      const reply = await this.ask("login", "POST", "/api/v1/account/login", { email: String(data.get("email") ?? "").trim() });
      this.note("login-note", reply.ok ? t("loginSent") : serverError(reply.body, t("err_connect")), reply.ok);
    });
  }
}
