// Challenges (echo-challenge.md §18): «Бросить вызов» after a Daily makes today's link; a link opened on this device
// (`/?challenge=<token>`) shows who challenged and, once the Daily is played, both scores side by side.
import { t, lang, serverError } from "./i18n.js";
import { keepChallenge, pendingChallenge } from "./api.js";
import { call } from "../../shell/session.js";
import { dayText } from "./board.js";
import { escapeHTML } from "../../shell/text.js";

/** The «Бросить вызов» block of a Daily's end panel; `state` survives the game screen's re-renders. */
export function challengeMakerHTML(state) {
  let result = "";
  if (state.url) {
    result = `<p class="muted">${t("challengeLink")}:</p><div class="copy-row">
      <input readonly value="${escapeHTML(state.url)}" data-testid="challenge-url" aria-label="${t("challengeLink")}">
      <button type="button" class="btn small" data-action="copy-challenge" data-testid="challenge-copy">${t("copy")}</button></div>
      <span class="muted" role="status" data-testid="challenge-copied">${state.copied ? t("copiedShort") : ""}</span>`;
  } else if (state.needsEmail) {
    result = `<p class="error-line" role="alert" data-testid="challenge-error">${t("challengeNeedsEmail")} ${t("emailWhy")}</p>
      <a class="btn small" href="#/account" data-testid="challenge-account">${t("toAccount")}</a>`;
  } else if (state.error) {
    result = `<p class="error-line" role="alert" data-testid="challenge-error">${escapeHTML(state.error)}</p>`;
  }
  const compare = pendingChallenge()
    ? `<p><a class="btn small primary" href="#/" data-testid="challenge-compare">${t("challengeCompare")}</a></p>` : "";
  return `<div class="challenge-box" data-testid="challenge-box">${compare}<p class="muted">${t("challengeHelp")}</p>
    ${state.url ? "" : `<button type="button" class="btn primary" data-action="make-challenge" data-testid="challenge-make">${t("challengeMake")}</button>`}
    ${result}</div>`;
}

/** Wire the block: `redraw()` re-renders the owner. */
export function wireChallengeMaker(root, state, redraw) {
  root.querySelector("[data-action=make-challenge]")?.addEventListener("click", async () => {
    const reply = await call("POST", "/api/v1/challenges");
    if (reply.ok) state.url = reply.body.challenge.url;
    else if (reply.body?.error?.code === "email_not_confirmed") state.needsEmail = true;
    else state.error = serverError(reply.body, t("err_connect"));
    redraw();
  });
  root.querySelector("[data-action=copy-challenge]")?.addEventListener("click", async () => {
    const input = root.querySelector("[data-testid=challenge-url]");
    try { await navigator.clipboard.writeText(state.url); } catch { input.select(); document.execCommand?.("copy"); }
    state.copied = true;
    root.querySelector("[data-testid=challenge-copied]").textContent = t("copiedShort");
  });
}

/** The score to beat, once the sender's Daily is counted. */
function beatHTML(sender) {
  if (sender.credits === null || sender.credits === undefined) return `<p class="muted">${escapeHTML(sender.callsign)}: ${t("challengeWait")}</p>`;
  return `<p class="beat" data-testid="challenge-beat">${t("challengeBeat", { c: escapeHTML(sender.callsign), n: sender.credits })}</p>`;
}

/** The score a challenge link opened on this device asks to beat: {callsign, credits} or null. */
export async function scoreToBeat() {
  const token = pendingChallenge();
  if (!token) return null;
  const reply = await call("GET", `/api/v1/challenges/${encodeURIComponent(token)}/scores`);
  if (!reply.ok || reply.body.own || reply.body.sender?.credits == null) return null;
  return reply.body.sender;
}

/** The challenge card of the main screen for a link opened on this device; "" when there is none. */
export async function challengeCard() {
  const token = pendingChallenge();
  if (!token) return "";
  const path = `/api/v1/challenges/${encodeURIComponent(token)}/scores`;
  let reply = await call("GET", path);
  if (!reply.ok) {
    if (reply.status === 404 || reply.status === 400) keepChallenge(null);
    return `<section class="card challenge" data-testid="challenge-card"><p class="error-line">${escapeHTML(reply.status === 404 ? t("challengeGone") : serverError(reply.body, t("err_connect")))}</p></section>`;
  }
  let s = reply.body;
  if (s.own) {
    keepChallenge(null);
    return `<section class="card challenge" data-testid="challenge-card"><p>${t("challengeOwn")}</p></section>`;
  }
  let friends = "";
  if (s.me.credits !== null && s.me.credits !== undefined) {
    const played = await call("POST", `/api/v1/challenges/${encodeURIComponent(token)}/played`);
    if (played.ok) { s = played.body; if (played.body.friends_made) friends = `<p class="muted">${t("friendsMade", { c: escapeHTML(s.sender.callsign) })}</p>`; }
    const score = (who, label) => `<div class="vs-side"><span class="muted">${label}</span><strong class="vs-score" data-testid="vs-${who}">${who === "me" ? s.me.credits ?? "—" : s.sender.credits ?? "—"}</strong></div>`;
    return `<section class="card challenge" data-testid="challenge-card">
      <h2 data-testid="challenge-from">${t("challengeVs", { c: escapeHTML(s.sender.callsign) })}</h2>
      <div class="vs">${score("me", t("you"))}<span class="vs-x">×</span>${score("sender", escapeHTML(s.sender.callsign))}</div>
      ${s.sender.credits === null ? `<p class="muted">${escapeHTML(s.sender.callsign)}: ${t("challengeWait")}</p>` : ""}${friends}
      <button type="button" class="btn ghost small" data-action="dismiss-challenge">${t("challengeDismiss")}</button></section>`;
  }
  return `<section class="card challenge" data-testid="challenge-card">
    <h2 data-testid="challenge-from">${t("challengeFrom", { c: escapeHTML(s.sender.callsign) })}</h2>
    ${beatHTML(s.sender)}
    <p>${t("challengeOffer", { d: escapeHTML(dayText(s.daily_date, lang())) })}</p>
    <button type="button" class="btn primary" data-start="daily" data-testid="challenge-play">${t("challengeAccept")}</button></section>`;
}
