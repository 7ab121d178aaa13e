// The pages a letter's link opens (the gateway redirects `…/email/confirm?token=` to `#/confirm/<token>` and
// `…/login/complete?token=` to `#/login/<token>`). Opening one spends nothing — mail scanners prefetch
// links —; only the press does. The confirmation page names the account (callsign) the address will join
// and warns when this browser plays as another account; both lead back into the game.
import { t, lang, serverError } from "./i18n.js";
import { account } from "./api.js";
import { call, storedToken } from "../../shell/session.js";
import { dayTime } from "./board.js";
import { escapeHTML } from "../../shell/text.js";

const page = (body) => `<div class="main landing" data-testid="landing"><section class="card landing-card">${body}</section></div>`;

export class ConfirmEmailScreen {
  constructor(root, token) {
    this.root = root;
    this.token = token;
  }

  async mount() {
    this.root.innerHTML = page(`<p class="loading">${t("loading")}</p>`);
    const preview = await call("GET", `/api/v1/account/email/confirmation?token=${encodeURIComponent(this.token)}`, undefined, { guest: false });
    if (this.gone) return;
    if (!preview.ok) { this.show(this.refusedHTML(preview.body)); return; }
    this.preview = preview.body;
    if (this.preview.this_browser === "other") this.mine = (await account())?.account ?? null;
    this.show(this.askHTML());
  }

  unmount() { this.gone = true; }

  show(html) {
    if (this.gone) return;
    this.root.innerHTML = page(html);
    this.root.querySelector("[data-action=confirm]")?.addEventListener("click", () => this.confirm());
  }

  target() {
    const c = this.preview.callsign;
    return c ? t("landingAccountNamed", { c: escapeHTML(c) }) : t("landingAccountGuest");
  }

  askHTML() {
    const p = this.preview;
    const other = p.this_browser === "other"
      ? `<p class="warn" role="alert" data-testid="landing-other">${t("landingOther", {
        mine: escapeHTML(this.mine?.callsign ?? t("profileGuest")), target: this.target() })}</p>` : "";
    return `<h1>${t("landingConfirmTitle")}</h1>
      <p data-testid="landing-target">${t("landingWillJoin", { e: escapeHTML(p.email), target: this.target() })}</p>
      ${other}
      <p class="muted">${t("landingWhy")}</p>
      <p class="muted small">${t("landingUntil", { d: escapeHTML(dayTime(p.expires_at, lang())) })}</p>
      <div class="row"><button type="button" class="btn primary" data-action="confirm" data-testid="landing-confirm">${t("emailConfirm")}</button>
      <a class="btn ghost" href="#/" data-testid="landing-home">${t("landingNotMine")}</a></div>`;
  }

  refusedHTML(body) {
    return `<h1>${t("landingConfirmTitle")}</h1>${refusalHTML(body)}
      <div class="row"><a class="btn primary" href="#/account">${t("toAccount")}</a><a class="btn ghost" href="#/">${t("landingToGame")}</a></div>`;
  }

  async confirm() {
    const button = this.root.querySelector("[data-action=confirm]");
    button.disabled = true;
    const reply = await call("POST", "/api/v1/account/email/confirm", { token: this.token }, { guest: false });
    if (!reply.ok) { this.show(this.refusedHTML(reply.body)); return; }
    const here = this.preview.this_browser === "same";
    const next = here ? t("landingDoneHere") : t("landingDoneElsewhere", { target: this.target() });
    this.show(`<h1>${t("landingDoneTitle")}</h1>
      <p class="ok-line" data-testid="landing-done">✔ ${t("emailConfirmed", { e: escapeHTML(reply.body.email ?? this.preview.email) })}</p>
      <p>${next}</p>
      <div class="row"><a class="btn primary" href="#/" data-testid="landing-to-game">${t("landingToGame")}</a>
      ${here ? "" : `<a class="btn" href="#/account">${t("loginOther")}</a>`}</div>`);
  }
}

export class LoginLinkScreen {
  constructor(root, token) {
    this.root = root;
    this.token = token;
  }

  async mount() {
    const known = storedToken() ? (await account())?.account ?? null : null;
    const signedIn = known?.callsign || known?.email_confirmed ? known : null; // a bare guest loses nothing
    if (this.gone) return;
    const now = signedIn ? `<p class="warn" data-testid="landing-other">${t("landingLoginSwitch", { mine: escapeHTML(signedIn.callsign ?? t("profileGuest")) })}</p>` : "";
    this.root.innerHTML = page(`<h1>${t("landingLoginTitle")}</h1><p>${t("landingLoginText")}</p>${now}
      <div data-testid="landing-refusal"></div>
      <div class="row"><button type="button" class="btn primary" data-action="login" data-testid="landing-login">${t("landingLogin")}</button>
      <a class="btn ghost" href="#/">${t("landingToGame")}</a></div>`);
    this.root.querySelector("[data-action=login]").addEventListener("click", () => this.login());
  }

  unmount() { this.gone = true; }

  async login() {
    const reply = await call("POST", "/api/v1/account/login/complete", { token: this.token }, { guest: false });
    if (reply.ok) {
      localStorage.setItem("echo.token", reply.body.token);
      location.replace("/"); // a fresh page: the socket and every screen start with the new session
      return;
    }
    this.root.querySelector("[data-testid=landing-refusal]").innerHTML = refusalHTML(reply.body);
  }
}

/** Why a letter's link did not work, and what to do: a malformed or cut link (a mail program split it) is
 *  said in words, never as the request's validation message; every refusal ends with the next step. */
function refusalHTML(body) {
  const code = body?.error?.code;
  const what = code === "bad_request" ? t("landingBadLink") : escapeHTML(serverError(body, t("err_connect")));
  return `<p class="error-line" role="alert" data-testid="landing-error">${what}</p>
    <p data-testid="landing-next">${t("landingBadLinkNext")}</p>`;
}
