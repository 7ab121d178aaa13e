// Echo Challenge's page (and the site's home): the shell's connection, router and bar, the Daily's notice
// banner, and the screens by the hash.
import { t, lang } from "./i18n.js";
import { installChrome } from "../../shell/chrome.js";
import { Connection } from "../../shell/connection.js";
import { go, onRoute } from "../../shell/router.js";
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
const banner = document.getElementById("notice");
let screen = null;
let countdown = null;

const navigate = go;
const GAME_ID = /^[A-Za-z0-9_:-]{1,64}$/;
const REPLAY_ID = /^[A-Za-z0-9_-]{1,64}$/;
const WORD = /^\w+$/;

function show(parts) {
  screen?.unmount();
  hideTerm();
  const [where, arg, more] = parts;
  const one = parts.length === 2;
  if (["confirm", "login"].includes(where) && one && arg.length <= 600) {
    screen = where === "confirm" ? new ConfirmEmailScreen(root, arg) : new LoginLinkScreen(root, arg);
  } else if (where === "chart" && parts.length <= 3 && parts.slice(1).every((part) => WORD.test(part))) {
    screen = new ChartScreen(root, navigate, arg, more);
  } else if (where === "account" && parts.length === 1) screen = new AccountScreen(root);
  else if (where === "game" && one && GAME_ID.test(arg)) screen = new GameScreen(root, conn, arg, navigate);
  else if (where === "replay" && one && REPLAY_ID.test(arg)) screen = new ReplayScreen(root, conn, arg, navigate);
  else if (where === "rules" && parts.length === 1) screen = new RulesScreen(root);
  else screen = new MainScreen(root, conn, navigate);
  screen.mount();
  window.scrollTo(0, 0);
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
conn.addEventListener("notice", (e) => showNotice(e.detail));

/** The bar's links to the other games, in the page's language. */
function paintGameLinks() {
  for (const [id, key] of [["eot-link", "gameEot"], ["ark-link", "gameArk"], ["ghost-link", "gameGhost"]]) {
    const link = document.querySelector(`[data-testid=${id}]`);
    link.textContent = t(key);
    link.lang = lang();
  }
  document.querySelector(".chrome nav.games").setAttribute("aria-label", t("gamesLabel"));
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
const route = onRoute(show);
installChrome(conn, { title: () => t("title"), onLang: () => { paintGameLinks(); route(); } });
paintGameLinks();
route();
conn.open();
window.echo = { conn, showNotice, view: () => screen?.view ?? null }; // for tests and debugging
