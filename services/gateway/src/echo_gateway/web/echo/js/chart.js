// «Чарт Эхо-вызова» (echo-challenge.md §16–§18), public: league tabs; today's Chart; the past day's results with its
// field; the Game of the day (▶ opens the replay viewer); «Лига» (the caller's group); «Друзья».
// A callsign opens a small card: add to friends, block.
import { t, lang, serverError } from "./i18n.js";
import { dailiesDay, friendsScores, myLeague } from "./api.js";
import { call, getJSON } from "../../shell/session.js";
import { dayText } from "./board.js";
import { escapeHTML } from "../../shell/text.js";
import { fieldHTML } from "./field.js";
import { termHTML } from "./terms.js";
import { friendsToolsHTML, wireFriends } from "./friends.js";
import { shownName } from "./names.js";

export const LEAGUES = ["bronze", "silver", "gold", "platinum"];
const TABS = ["today", "results", "gotd", "league", "friends"];
const TAB_LABEL = { today: "tabToday", results: "tabResults", gotd: "tabGotd", league: "tabLeague", friends: "tabFriends" };

const num = (n) => (n === null || n === undefined ? "—" : escapeHTML(n));

export class ChartScreen {
  constructor(root, navigate, tab = "today", league = null) {
    this.root = root;
    this.navigate = navigate;
    this.tab = TABS.includes(tab) ? tab : "today";
    this.league = LEAGUES.includes(league) ? league : null;
    this.body = `<p class="loading">${t("loading")}</p>`;
  }

  async mount() {
    if (!this.league) {
      const mine = await myLeague();
      if (this.gone) return;
      this.league = LEAGUES.includes(mine?.league) ? mine.league : "bronze";
    }
    this.render();
    this.load();
  }

  unmount() { this.gone = true; }

  render() {
    if (this.gone) return;
    const leagueTabs = LEAGUES.map((l) => `<button type="button" role="tab" class="tab${l === this.league ? " on" : ""}"
      aria-selected="${l === this.league}" data-league="${l}" data-testid="league-${l}">${t(l)}</button>`).join("");
    const tabs = TABS.map((k) => `<button type="button" role="tab" class="tab${k === this.tab ? " on" : ""}"
      aria-selected="${k === this.tab}" data-tab="${k}" data-testid="tab-${k}">${t(TAB_LABEL[k])}</button>`).join("");
    this.root.innerHTML = `<div class="main chart-page" data-testid="chart-page">
      <header class="main-head"><h1>${termHTML("chart", t("chartTitle"))}</h1>
        <nav class="head-links"><a class="btn ghost small" href="#/account">${t("account")}</a><a class="btn ghost small" href="#/">${t("home")}</a></nav></header>
      <div class="tabs leagues" role="tablist" aria-label="${t("leagueOf", { l: "" })}">${leagueTabs}</div>
      <div class="tabs" role="tablist">${tabs}</div>
      <section class="card chart-body" data-testid="chart-body" role="tabpanel">${this.body}</section>
      <dialog id="player-card" class="player-card" data-testid="player-card"></dialog>
    </div>`;
    for (const b of this.root.querySelectorAll("[data-league]")) b.addEventListener("click", () => { this.league = b.dataset.league; this.go(); });
    for (const b of this.root.querySelectorAll("[data-tab]")) b.addEventListener("click", () => { this.tab = b.dataset.tab; this.go(); });
    this.wireBody();
  }

  go() {
    const hash = `#/chart/${this.tab}/${this.league}`;
    history.replaceState(null, "", hash);
    this.body = `<p class="loading">${t("loading")}</p>`;
    this.render();
    this.load();
  }

  setBody(html) {
    this.body = html;
    const el = this.root.querySelector("[data-testid=chart-body]");
    if (!el || this.gone) return;
    el.innerHTML = html;
    this.wireBody();
  }

  wireBody() {
    for (const b of this.root.querySelectorAll("[data-callsign]")) b.addEventListener("click", () => this.card(b.dataset.callsign));
    if (this.tab === "friends") wireFriends(this.root.querySelector("[data-testid=chart-body]"), () => this.load());
  }

  async load() {
    const token = Symbol("load");
    this.loading = token;
    const html = await this[`load_${this.tab}`]();
    if (this.loading === token) this.setBody(html);
  }

  async load_today() {
    const day = await dailiesDay(0, this.league);
    const data = await getJSON(`/api/v1/charts/${this.league}/${day}?limit=100`);
    if (!data) return `<p class="error-line">${t("chartFailed")}</p>`;
    return `<h2>${t("tabToday")} · ${escapeHTML(dayText(day, lang()))}</h2>${chartTable(data)}`;
  }

  async load_results() {
    const day = await dailiesDay(-1, this.league);
    const reply = await call("GET", `/api/v1/results/${this.league}/${day}?limit=100`);
    if (reply.status === 409) return `<h2>${t("resultsOf", { d: escapeHTML(dayText(day, lang())) })}</h2><p class="muted">${t("resultsNotYet")}</p>`;
    if (!reply.ok) return `<h2>${t("resultsOf", { d: escapeHTML(dayText(day, lang())) })}</h2><p class="muted">${t("resultsNone")}</p>`;
    const data = reply.body;
    let field = "";
    if (data.field?.grid) {
      const view = { board: data.field.grid.map(() => "##########"), field: data.field, status: "finished", mode: "daily" };
      field = `<div class="past-field" data-testid="past-field"><h3>${t("pastField")}</h3>${fieldHTML(view, -1, true)}</div>`;
    }
    const gotd = data.game_of_the_day
      ? `<p><a class="btn small" href="#/replay/${escapeHTML(data.game_of_the_day)}" data-testid="results-gotd">▶ ${t("watch")}</a></p>` : "";
    return `<h2>${t("resultsOf", { d: escapeHTML(dayText(day, lang())) })}</h2><div class="results-grid"><div>${chartTable(data, data.game_of_the_day, true)}${gotd}</div>${field}</div>`;
  }

  async load_gotd() {
    const day = await dailiesDay(-1, this.league);
    const reply = await call("GET", `/api/v1/game-of-the-day/${day}`);
    if (!reply.ok) return `<h2>${t("tabGotd")}</h2><p class="muted">${t(reply.status === 409 ? "resultsNotYet" : "gotdNone", { d: escapeHTML(dayText(day, lang())) })}</p>`;
    const g = reply.body;
    const last = g.frames?.[g.frames.length - 1];
    let field = "";
    if (last?.board) field = fieldHTML({ ...last, status: last.status ?? "finished", mode: "daily" }, -1, true);
    return `<h2>${t("gotdTitle", { d: escapeHTML(dayText(day, lang())) })}</h2>
      <p class="gotd-line"><a class="play" href="#/replay/${escapeHTML(g.game_id)}" aria-label="${t("watch")}" data-testid="gotd-play">▶</a>
      ${callsignButton(g.callsign)} · <strong>${num(g.credits)}</strong> ${t("colCredits").toLowerCase()} · <a href="#/replay/${escapeHTML(g.game_id)}">${t("watch")}</a></p>
      <div class="past-field">${field}</div>`;
  }

  async load_league() {
    const me = await myLeague();
    if (!me) return `<p class="error-line">${t("chartFailed")}</p>`;
    if (!me.group) return `<p><strong>${t("leagueOf", { l: t(me.league) })}</strong></p><p class="muted" data-testid="league-none">${t("leagueNone")}</p>`;
    const group = await getJSON(`/api/v1/groups/${encodeURIComponent(me.group.group_id)}`);
    const head = `<p data-testid="league-head"><strong>${termHTML("league", t("leagueOf", { l: t(me.group.league) }))}</strong> · ${t("groupPlace", { p: me.group.place, n: me.group.size })}</p>`;
    if (!group) return head;
    // on a phone the seven day columns give way to one line under the callsign: «За неделю» stays in view
    const days = group.days.map((d) => `<th scope="col" class="num day">${escapeHTML(d.slice(8))}</th>`).join("");
    const rows = group.members.map((m) => `<tr><td class="num">${num(m.place)}</td><td>${callsignButton(m.callsign)}
      <span class="days-inline muted" aria-hidden="true">${m.days.map((c) => c || "·").join(" ")}</span></td>
      ${m.days.map((c) => `<td class="num muted day">${c || "·"}</td>`).join("")}<td class="num"><strong>${num(m.credits)}</strong></td></tr>`).join("");
    return `${head}<p class="muted">${t("groupWeek", { d: escapeHTML(dayText(group.week_start, lang())) })}${group.settled ? ` · ${t("settled")}` : ""}</p>
      <div class="table-wrap"><table class="chart-table" data-testid="group-table"><thead><tr><th scope="col">${t("colPlace")}</th><th scope="col">${t("colCallsign")}</th>${days}<th scope="col" class="num">${t("weekSum")}</th></tr></thead>
      <tbody>${rows}</tbody></table></div>`;
  }

  async load_friends() {
    const [data, list] = await Promise.all([friendsScores(), getJSON("/api/v1/friends")]);
    if (!data) return `<p class="error-line">${t("chartFailed")}</p>`;
    return `<h2>${t("friendsTitle")}</h2>${friendsTable(data)}${friendsToolsHTML(list)}`;
  }

  async card(callsign) {
    const dialog = this.root.querySelector("#player-card");
    const friend = ((await friendsScores())?.friends ?? []).find((f) => f.callsign?.toLowerCase() === callsign.toLowerCase());
    const add = friend
      ? `<p data-testid="card-friend">✔ ${t("cardFriend")}${friend.mutual ? ` <span class="muted" title="${t("mutual")}">⇄</span>` : ""}</p>`
      : `<button type="button" class="btn primary" data-act="add" data-testid="card-add">${t("addFriend")}</button>`;
    dialog.innerHTML = `<h2>${t("cardOf", { c: escapeHTML(shownName(callsign)) })}</h2>
      <div class="row">${add}
      <button type="button" class="btn danger" data-act="block" data-testid="card-block">${t("block")}</button></div>
      <p class="muted" role="status" data-testid="card-status"></p>
      <form method="dialog"><button class="btn ghost small">${t("close")}</button></form>`;
    const status = dialog.querySelector("[data-testid=card-status]");
    dialog.querySelector("[data-act=add]")?.addEventListener("click", async () => {
      const reply = await call("POST", "/api/v1/friends", { callsign });
      status.textContent = reply.ok ? t("friendAdded") : serverError(reply.body, t("chartFailed"));
      status.dataset.ok = String(reply.ok);
    });
    dialog.querySelector("[data-act=block]").addEventListener("click", async () => {
      const found = await call("GET", `/api/v1/friends/search?q=${encodeURIComponent(callsign)}`);
      const player = (found.body?.players ?? []).find((p) => p.callsign?.toLowerCase() === callsign.toLowerCase());
      if (!found.ok) { status.textContent = serverError(found.body, t("chartFailed")); return; }
      if (!player) { status.textContent = t("notFound"); return; }
      const reply = await call("POST", "/api/v1/friends/blocks", { account_id: player.account_id });
      status.textContent = reply.ok ? t("blocked") : serverError(reply.body, t("chartFailed"));
      status.dataset.ok = String(reply.ok);
    });
    dialog.showModal();
  }
}

export function callsignButton(callsign) {
  return `<button type="button" class="callsign" data-callsign="${escapeHTML(callsign)}">${escapeHTML(shownName(callsign))}</button>`;
}

function chartRow(r, gotd) {
  const cls = [r.me ? "me" : "", r.out_of_chart ? "out" : ""].join(" ").trim();
  const play = gotd && r.game_id === gotd && r.place === 1
    ? `<a class="play" href="#/replay/${escapeHTML(r.game_id)}" aria-label="${t("watch")}" data-testid="row-play">▶</a> ` : "";
  const name = r.me ? `<strong class="name">${escapeHTML(shownName(r.callsign))}</strong> <span class="muted">(${t("you")})</span>` : callsignButton(r.callsign);
  return `<tr class="${cls}" data-testid="chart-row"${r.me ? ' data-me="true"' : ""}>
    <td class="num">${play}${r.out_of_chart ? `<span class="pill out-badge">${t("outOfChart")}</span> ` : ""}${num(r.place)}</td>
    <td>${name}</td><td class="num">${num(r.opened)} <span class="muted">/ ${num(r.clean)}<span class="unit"> ${t("colClean")}</span></span></td>
    <td class="num">${num(r.orders)}</td><td class="num"><strong>${num(r.credits)}</strong></td></tr>`;
}

/** The Chart's table: the top; below a gap, the caller's neighbourhood when he is not in the top. */
export function chartTable(data, gotd = null, past = false) {
  const top = data.top ?? [];
  const inTop = top.some((r) => r.me);
  let rows = top.map((r) => chartRow(r, gotd)).join("");
  const around = (data.around ?? []).filter((r) => !top.some((x) => x.game_id === r.game_id));
  if (!inTop && around.length) rows += `<tr class="gap"><td colspan="5">…</td></tr>${around.map((r) => chartRow(r)).join("")}`;
  else if (!inTop && data.me && !top.some((x) => x.game_id === data.me.game_id)) rows += `<tr class="gap"><td colspan="5">…</td></tr>${chartRow(data.me)}`;
  if (!rows) return `<p class="muted" data-testid="chart-empty">${t(past ? "chartEmptyPast" : "chartEmpty")}</p>`;
  const note = data.me?.out_of_chart ? `<p class="muted" data-testid="out-note">${t("outOfChartNote")} <a href="#/account">${t("account")}</a></p>` : "";
  return `<p class="muted">${t("chartTotal", { n: data.total ?? top.length })}</p>
    <div class="table-wrap"><table class="chart-table" data-testid="chart-table"><thead><tr>
    <th scope="col">${t("colPlace")}</th><th scope="col">${termHTML("callsign", t("colCallsign"))}</th><th scope="col" class="num">${t("colOpened")}<span class="unit"> / ${t("colClean")}</span></th>
    <th scope="col" class="num">${t("colOrders")}</th><th scope="col" class="num">${t("colCredits")}</th></tr></thead>
    <tbody>${rows}</tbody></table></div>${note}`;
}

/** Friends' Credits today / yesterday / this week; `limit` shows the top few (the main screen). */
export function friendsTable(data, limit = 0) {
  let friends = data.friends ?? [];
  if (!friends.length) return `<p class="muted" data-testid="friends-none">${t("friendsNone")}</p>`;
  if (limit) friends = friends.slice(0, limit);
  const row = (f, me = false) => `<tr${me ? ' class="me"' : ""} data-testid="friend-row"><td>${me ? `<strong>${escapeHTML(shownName(f.callsign) ?? t("you"))}</strong> <span class="muted">(${t("you")})</span>`
    : `${limit ? escapeHTML(shownName(f.callsign)) : callsignButton(f.callsign)}${f.mutual ? ` <span class="muted" title="${t("mutual")}">⇄</span>` : ""}`}</td>
    <td class="num"><strong>${num(f.today)}</strong></td><td class="num">${num(f.yesterday)}</td><td class="num">${num(f.week)}</td>${limit ? "" : `<td>${me ? "" : `<button type="button" class="btn ghost small remove" data-remove="${escapeHTML(f.account_id)}" aria-label="${t("removeFriend")}: ${escapeHTML(f.callsign)}" title="${t("removeFriend")}"><span class="wide">${t("removeFriend")}</span><span class="narrow" aria-hidden="true">✕</span></button>`}</td>`}</tr>`;
  return `<div class="table-wrap"><table class="chart-table" data-testid="friends-table"><thead><tr><th scope="col">${t("colCallsign")}</th>
    <th scope="col" class="num">${t("colToday")}</th><th scope="col" class="num">${t("colYesterday")}</th><th scope="col" class="num">${t("colWeek")}</th>${limit ? "" : "<th></th>"}</tr></thead>
    <tbody>${data.me && !limit ? row(data.me, true) : ""}${friends.map((f) => row(f)).join("")}</tbody></table></div>
    ${friends.some((f) => f.today === null || f.today === undefined) ? `<p class="muted small" data-testid="friends-dash">${t("friendsDash")}</p>` : ""}`;
}

export { lang };
