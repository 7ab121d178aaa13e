// The account screen's card of signed-in devices (GET /api/v1/sessions): each device named from its
// browser's User-Agent, when it signed in (Moscow time), «Выйти» for one device, for every other one, and
// for this device. A device signed out here has its open game connection closed by the server at once.
// While the server's session store elects a leader (503, a few seconds) the card says it is waiting and
// sends the call again by itself (shell/patience.js).
import { t, lang, serverError } from "./i18n.js";
import { call, forgetToken } from "../../shell/session.js";
import { patiently } from "../../shell/patience.js";
import { escapeHTML } from "../../shell/text.js";

const BROWSERS = [[/Edg\//, "Edge"], [/OPR\/|Opera/, "Opera"], [/YaBrowser/, "Яндекс Браузер"], [/Firefox\//, "Firefox"],
  [/Chrome\/|CriOS/, "Chrome"], [/Safari\//, "Safari"]];
const SYSTEMS = [[/iPhone/, "iPhone"], [/iPad/, "iPad"], [/Android/, "Android"], [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"], [/CrOS/, "ChromeOS"], [/Linux/, "Linux"]];

/** "Chrome · Windows" from a User-Agent; the agent itself (shortened) when it is not a browser's. */
export function deviceName(agent) {
  const found = (table) => table.find(([pattern]) => pattern.test(agent ?? ""))?.[1];
  const browser = found(BROWSERS);
  const system = found(SYSTEMS);
  if (browser || system) return [browser, system].filter(Boolean).join(" · ");
  const raw = String(agent ?? "").trim();
  return raw ? raw.slice(0, 40) : t("deviceUnknown");
}

function moscowTime(iso) {
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return "";
  const text = when.toLocaleString(lang() === "en" ? "en-GB" : "ru-RU", {
    timeZone: "Europe/Moscow", day: "numeric", month: "long", hour: "2-digit", minute: "2-digit" });
  return `${text} ${t("moscowShort")}`;
}

export class DevicesCard {
  constructor({ guest }) {
    this.sessions = null; // null: not loaded yet
    this.note = { text: "", ok: true };
    this.waiting = false; // a call is waiting for the server to come back: its buttons rest meanwhile
    this.guest = guest; // () => true while the account has no confirmed e-mail (signing out loses it)
    this.el = null;
  }

  /** `call(...)`, sent again while the server asks to wait, saying so in the card's note meanwhile. */
  async patiently(...args) {
    const reply = await patiently(() => call(...args), { onWait: () => {
      this.waiting = true;
      this.note = { text: t("serverWaiting"), ok: true };
      this.render();
    } });
    if (this.waiting) this.note = { text: "", ok: true }; // the caller says how it ended
    this.waiting = false;
    return reply;
  }

  async load() {
    const reply = await this.patiently("GET", "/api/v1/sessions");
    this.sessions = reply.ok ? reply.body.sessions : [];
    if (!reply.ok) this.note = { text: serverError(reply.body, t("err_connect")), ok: false };
    this.render();
  }

  /** Draw into `el` (the account screen re-renders its cards: the list survives). */
  attach(el) {
    this.el = el;
    this.render();
  }

  render() {
    if (!this.el) return;
    const list = this.sessions && [...this.sessions].sort((a, b) => Number(b.current) - Number(a.current)); // this one first
    const others = (list ?? []).filter((s) => !s.current);
    const rest = this.waiting ? "disabled" : "";
    const rows = (list ?? []).map((s) => `<li class="device" data-testid="device" data-current="${s.current}" data-session="${escapeHTML(s.session_id)}">
        <div class="device-text">
          <span class="device-name">${escapeHTML(deviceName(s.agent))}${s.current ? ` <span class="tag-this">${t("deviceThis")}</span>` : ""}</span>
          <span class="muted small">${t("deviceSince", { d: escapeHTML(moscowTime(s.signed_in_at)) })}</span>
        </div>
        ${s.current ? "" : `<button class="btn ghost small" data-testid="device-sign-out" data-session="${escapeHTML(s.session_id)}" ${rest}>${t("deviceSignOut")}</button>`}
      </li>`).join("");
    this.el.innerHTML = `<h2>${t("devicesTitle")}</h2>
      <p class="muted">${t("devicesHelp")}</p>
      <ul class="device-list" data-testid="device-list" data-loaded="${list !== null}">${rows}</ul>
      <div class="device-actions">
        ${others.length ? `<button class="btn" data-testid="sign-out-others" ${rest}>${t("signOutOthers")}</button>` : ""}
        <button class="btn ghost" data-testid="sign-out-here" ${rest}>${t("signOutHere")}</button>
      </div>
      <p class="form-note" role="status" data-testid="devices-note" data-ok="${this.note.ok}" data-waiting="${this.waiting}" ${this.note.text ? "" : "hidden"}>${escapeHTML(this.note.text)}</p>`;
    this.el.querySelectorAll("[data-testid=device-sign-out]").forEach((button) =>
      button.addEventListener("click", () => this.signOut(`/api/v1/sessions/${encodeURIComponent(button.dataset.session)}`, "deviceSignedOut")));
    this.el.querySelector("[data-testid=sign-out-others]")?.addEventListener("click", () => this.signOut("/api/v1/sessions/others", "othersSignedOut"));
    this.el.querySelector("[data-testid=sign-out-here]").addEventListener("click", () => this.signOutHere());
  }

  async signOut(path, done) {
    const reply = await this.patiently("DELETE", path);
    this.note = reply.ok ? { text: t(done, { n: reply.body.signed_out }), ok: true }
      : { text: serverError(reply.body, t("err_connect")), ok: false };
    await this.load();
  }

  async signOutHere() {
    if (this.guest() && !window.confirm(t("signOutGuestWarn"))) return;
    const reply = await this.patiently("DELETE", "/api/v1/sessions/current", undefined, { guest: false });
    if (reply.status === 503 || reply.status === 0) { // the session stands on the server: stay signed in
      this.note = { text: serverError(reply.body, t("err_connect")), ok: false };
      this.render();
      return;
    }
    forgetToken();
    location.hash = "#/";
    location.reload();
  }
}
