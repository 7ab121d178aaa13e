// The Chart's «Друзья» tab beyond the scores: find a player by callsign and add him, remove a friend,
// unblock a blocked player (GET /friends/search, POST /friends, DELETE /friends/{id}, GET /friends,
// DELETE /friends/blocks/{id}).
import { t, serverError } from "./i18n.js";
import { call } from "../../shell/session.js";
import { escapeHTML } from "../../shell/text.js";
import { shownName } from "./names.js";

/** The search form and the blocked players, below the friends' table. */
export function friendsToolsHTML(list) {
  const blocked = list?.blocked ?? [];
  const rows = blocked.map((p) => `<li data-testid="blocked-row">${escapeHTML(shownName(p.callsign) ?? "—")}
    <button type="button" class="btn ghost small" data-unblock="${escapeHTML(p.account_id)}">${t("unblock")}</button></li>`);
  return `<form class="inline-form" data-testid="friend-search" role="search">
      <input name="q" type="search" minlength="2" maxlength="20" required placeholder="${t("searchPlaceholder")}" aria-label="${t("searchPlaceholder")}">
      <button type="submit" class="btn">${t("search")}</button></form>
    <ul class="found" data-testid="found"></ul>
    <p class="muted" role="status" data-testid="friends-status"></p>
    ${rows.length ? `<h3>${t("blockedTitle")}</h3><ul class="blocked">${rows.join("")}</ul>` : ""}`;
}

/** Wire the tab: every change reloads it (`reload`). */
export function wireFriends(root, reload) {
  const status = root.querySelector("[data-testid=friends-status]");
  const say = (reply, done) => { status.textContent = reply.ok ? done : serverError(reply.body, t("chartFailed")); status.dataset.ok = String(reply.ok); };
  root.querySelector("[data-testid=friend-search]")?.addEventListener("submit", async (e) => {
    e.preventDefault();
    const q = new FormData(e.currentTarget).get("q");
    const found = await call("GET", `/api/v1/friends/search?q=${encodeURIComponent(q)}`);
    const list = root.querySelector("[data-testid=found]");
    if (!found.ok) { say(found, ""); list.innerHTML = ""; return; }
    const players = found.body.players ?? [];
    status.textContent = players.length ? "" : t("notFound");
    list.innerHTML = players.map((p) => `<li data-testid="found-row">${escapeHTML(shownName(p.callsign))}
      ${p.added ? `<span class="muted">${t("alreadyFriend")}</span>`
        : `<button type="button" class="btn small" data-add="${escapeHTML(p.account_id)}">${t("addFriend")}</button>`}</li>`).join("");
    for (const b of list.querySelectorAll("[data-add]")) {
      b.addEventListener("click", async () => { const r = await call("POST", "/api/v1/friends", { account_id: b.dataset.add }); say(r, t("friendAdded")); if (r.ok) reload(); });
    }
  });
  for (const b of root.querySelectorAll("[data-remove]")) {
    b.addEventListener("click", async () => { const r = await call("DELETE", `/api/v1/friends/${encodeURIComponent(b.dataset.remove)}`); say(r, t("friendRemoved")); if (r.ok) reload(); });
  }
  for (const b of root.querySelectorAll("[data-unblock]")) {
    b.addEventListener("click", async () => { const r = await call("DELETE", `/api/v1/friends/blocks/${encodeURIComponent(b.dataset.unblock)}`); say(r, t("unblocked")); if (r.ok) reload(); });
  }
}
