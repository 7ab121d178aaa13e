// The client's entry point: one connection, a hash router, the notice banner and the language switch.
import { t, lang, setLang } from "./i18n.js";
import { Connection } from "./connection.js";
import { GameScreen } from "./game.js";
import { MainScreen } from "./main.js";
import { RulesScreen } from "./rules.js";
import { ReplayScreen } from "./replay.js";
import { ChartScreen } from "./chart.js";
import { AccountScreen } from "./account.js";
import { ConfirmEmailScreen, LoginLinkScreen } from "./landing.js";
import { keepChallenge } from "./api.js";
import { installTermPopover, hideTerm } from "./terms.js";
import { clock } from "./board.js";

const conn = new Connection();
const root = document.getElementById("screen");
const status = document.getElementById("conn");
const banner = document.getElementById("notice");
let screen = null;
let countdown = null;

function navigate(hash) {
  if (location.hash === hash) route();
  else location.hash = hash;
}

function route() {
  screen?.unmount();
  hideTerm();
  const hash = location.hash || "#/";
  const game = hash.match(/^#\/game\/([A-Za-z0-9_:-]{1,64})$/);
  const replay = hash.match(/^#\/replay\/([A-Za-z0-9_-]{1,64})$/);
  const chart = hash.match(/^#\/chart(?:\/(\w+))?(?:\/(\w+))?$/);
  const letter = hash.match(/^#\/(confirm|login)\/([^/]{1,600})$/);
  if (letter) {
    const token = decodeURIComponent(letter[2]);
    screen = letter[1] === "confirm" ? new ConfirmEmailScreen(root, token) : new LoginLinkScreen(root, token);
  } else if (chart) screen = new ChartScreen(root, navigate, chart[1], chart[2]);
  else if (hash === "#/account") screen = new AccountScreen(root);
  else if (game) screen = new GameScreen(root, conn, game[1], navigate);
  else if (replay) screen = new ReplayScreen(root, conn, replay[1], navigate);
  else if (hash === "#/rules") screen = new RulesScreen(root);
  else screen = new MainScreen(root, conn, navigate);
  screen.mount();
  window.scrollTo(0, 0);
}

function showConn(state) {
  status.dataset.state = state;
  status.textContent = state === "online" ? t("online") : state === "connecting" ? t("connecting") : t("offline");
}

function showNotice(notice) {
  clearInterval(countdown);
  banner.hidden = false;
  banner.dataset.kind = notice.kind;
  if (notice.kind === "countdown_10min" && notice.closes_at) {
    const closes = Date.parse(notice.closes_at);
    const tick = () => {
      const left = (closes - Date.now()) / 1000;
      banner.textContent = t("countdown", { t: clock(left) });
      if (left <= 0) clearInterval(countdown);
    };
    tick();
    countdown = setInterval(tick, 1000);
    return;
  }
  const text = { warning_30min: "warn30", daily_closed: "dailyClosed", daily_published: "dailyPublished",
    signed_out: "signedOutElsewhere" }[notice.kind];
  banner.textContent = text ? t(text) : notice.kind;
  if (notice.kind === "daily_published" && screen instanceof MainScreen) screen.refresh();
}

// A sign-out from another device (its «Выйти»): the server closes this connection, which comes back as a
// new guest. Say so, and leave the previous account's screen.
let accountShown = null;
conn.addEventListener("online", () => {
  if (accountShown && conn.accountId !== accountShown) {
    showNotice({ kind: "signed_out" });
    navigate("#/");
  }
  accountShown = conn.accountId;
});
conn.addEventListener("state", (e) => showConn(e.detail));
conn.addEventListener("notice", (e) => showNotice(e.detail));

document.getElementById("lang").addEventListener("click", () => {
  setLang(lang() === "ru" ? "en" : "ru");
  paintChrome();
  route();
});

function paintChrome() {
  document.documentElement.lang = lang();
  document.title = t("title");
  const button = document.getElementById("lang");
  button.textContent = lang() === "ru" ? "EN" : "RU";
  button.setAttribute("aria-label", t("langLabel"));
  document.getElementById("home-link").textContent = t("title");
  for (const [id, key] of [["eot-link", "gameEot"], ["ark-link", "gameArk"], ["ghost-link", "gameGhost"]]) {
    const link = document.querySelector(`[data-testid=${id}]`);
    link.textContent = t(key);
    link.lang = lang();
  }
  document.querySelector(".chrome nav.games").setAttribute("aria-label", t("gamesLabel"));
  showConn(conn.state);
}

// A challenge link (`/challenge/<token>`, before 2026-12-01 `/?challenge=<token>`): kept on this device,
// shown on the main screen. A replay link (`/replay/<id>`) opens the replay. The server renders both paths
// with their link preview; the client goes on from `#/`.
const challenge = location.pathname.match(/^\/challenge\/([\w-]+)$/)?.[1] ?? new URLSearchParams(location.search).get("challenge");
const replayLink = location.pathname.match(/^\/replay\/([\w-]+)$/)?.[1];
if (challenge) {
  keepChallenge(challenge);
  history.replaceState(null, "", "/#/");
} else if (replayLink) {
  history.replaceState(null, "", `/#/replay/${replayLink}`);
}

installTermPopover();
window.addEventListener("hashchange", route);
paintChrome();
route();
conn.open();
window.echo = { conn, showNotice, view: () => screen?.view ?? null }; // for tests and debugging
