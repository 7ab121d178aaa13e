// Ark in the browser: create a room (#/), or sit at one by its invitation (#/room/<invite>); every view the
// server sends redraws the screen; the countdowns tick from the server's deadlines.
import { installChrome } from "../../shell/chrome.js";
import { Connection } from "../../shell/connection.js";
import { shellWord } from "../../shell/i18n.js";
import { route } from "../../shell/router.js";
import { refusal, w } from "./words.js";
import { esc, left } from "./html.js";
import { draftOf, readSettings, settingsForm } from "./settings.js";
import { happenings } from "./news.js";
import { drawing } from "./names.js";
import { signal } from "./signal.js";
import { rulesPage } from "./rules.js";
import { final, lobby, running } from "./screens.js";
import { scrollChat } from "./chat.js";

const conn = new Connection({ logDelta: false }); // a table's views are whole
const screen = document.getElementById("screen");
const DEFAULTS = { mode: "rescue", incubator: "on", format: "separate", adult: "on", catastrophe: "random",
  timers: { card: 30, discussion: 60, voting: 60 } };
const NEWS_MS = 6000; // a banner stays this long
const state = { view: null, online: null, invite: null, error: "", cat: null, gone: false, news: [], pending: null,
  chatOpen: false, chatSeen: 0, draft: "", createDraft: null, settingsDraft: null, settingsOpen: false, kicked: false,
  again: null, carryNick: null };

async function loadCatalogue() {
  const [data, english, forms] = await Promise.all(["/ark/catalogue.json", "/ark/catalogue.en.json", "/ark/catalogue.ru-forms.json"]
    .map(async (url) => (await fetch(url)).json()));
  const byId = {};
  for (const item of [...data.catastrophes, ...Object.values(data.cards).flat(), ...data.ark, ...data.incidents, ...data.endings]) {
    byId[item.id] = { ...item, en: english.items[item.id], forms: forms.items[item.id] };
  }
  return { ...data, byId };
}

const screenOf = () => route(location.hash)[0];
const inviteFromHash = () => {
  const [where, invite] = route(location.hash);
  return where === "room" && /^[\w.-]+$/.test(invite ?? "") ? invite : null;
};
const me = () => state.view?.game?.me?.id ?? null;

function isOnline(player) {
  if (player.away) return false;
  if (!state.online) return true;
  return state.online.includes(Number(player.id.slice(1)));
}

const NEW_ROOM = /\/ark\/#\/room\/([\w.-]+)/;

function unread() {
  const lines = state.view?.game?.chat ?? [];
  return lines.filter((line) => line.at > state.chatSeen && line.player !== me()).length;
}

function ctx() {
  const game = state.view?.game;
  const link = game?.phase === "finished" ? [...(game.chat ?? [])].reverse().map((l) => l.text.match(NEW_ROOM)).find(Boolean) : null;
  return { me: me(), cat: state.cat, isOnline, inviteLink: `${location.origin}/ark/#/room/${state.invite}`,
    news: state.news.filter((n) => n.until > Date.now()), pending: state.pending, chatOpen: state.chatOpen, unread: unread(),
    draft: state.draft, settingsDraft: state.settingsDraft, settingsOpen: state.settingsOpen, kicked: state.kicked,
    again: link && link[1] !== state.invite ? `#/room/${link[1]}` : null };
}

function render() {
  const focused = document.activeElement?.id;
  const typed = focused ? document.activeElement.value : null;
  // the refusal's code is kept and worded at each redraw, so a language switch rewords it too
  const words = state.error && refusal(state.error);
  const error = state.error ? `<p class="error" role="alert" data-testid="error" data-code="${esc(state.error)}">${esc(words)}</p>` : "";
  let body;
  const game = state.view?.game;
  drawing(game);
  const gone = state.gone || ["closed", "void", "deleted"].includes(game?.phase);
  if (screenOf() === "rules") body = rulesPage();
  else if (!state.invite) body = createScreen();
  else if (!game && !state.gone) body = state.error ? deadEnd() : `<p class="muted">${esc(shellWord("connecting"))}</p>`;
  else if (gone) {
    const why = state.gone === "link" ? "linkDead" : state.gone || game?.phase === "deleted" ? "gameDeleted" : "roomGone";
    body = `<section class="panel"><p data-testid="gone">${esc(w(why))}</p><a class="btn primary" href="#/">${esc(w("backHome"))}</a></section>`;
  } else if (game.phase === "lobby") body = lobby(state.view, ctx());
  else if (game.phase === "finished") body = final(state.view, ctx());
  else body = running(state.view, ctx());
  screen.innerHTML = error + body;
  if (state.chatOpen || matchMedia("(min-width: 900px)").matches) state.chatSeen = Math.max(state.chatSeen, ...(game?.chat ?? []).map((l) => l.at));
  scrollChat();
  if (focused && document.getElementById(focused)) {
    const element = document.getElementById(focused);
    element.focus();
    if (typed != null && "value" in element) element.value = typed;
  }
  document.getElementById("rules-link").textContent = w("rules");
}

/** A refused join (another room, a kick): never «Соединение…» forever, always the next step. */
function deadEnd() {
  const mine = localStorage.getItem("ark.invite");
  const back = mine && mine !== state.invite ? `<a class="btn primary" href="#/room/${esc(mine)}" data-testid="back-to-room">${esc(w("backToRoom"))}</a>` : "";
  return `<section class="panel" data-testid="dead-end"><div class="row">${back}<a class="btn" href="#/">${esc(w("backHome"))}</a></div></section>`;
}

function createScreen() {
  const mine = localStorage.getItem("ark.invite");
  const back = mine ? `<p><a class="btn primary" href="#/room/${esc(mine)}" data-testid="back-to-room">${esc(w("backToRoom"))}</a></p>` : "";
  return `${back}<section class="panel" data-testid="create"><h2>${esc(w("newRoom"))}</h2>
    <form id="create-room" class="settings">
      <label class="field"><span>${esc(w("seats"))}</span><input type="number" name="seats" min="4" max="16" value="16" data-testid="set-seats"></label>
      ${settingsForm(state.createDraft ?? DEFAULTS, state.cat)}
      <button type="submit" class="btn primary" data-testid="create-room">${esc(w("create"))}</button>
    </form></section>`;
}

function show(frame) {
  if (frame.type === "error" && ["unknown_game", "unknown_invite", "room_closed"].includes(frame.code)) {
    state.gone = state.view ? "deleted" : "link"; // the room was deleted, or its link is dead: say so, offer a new room
    state.error = "";
    if (localStorage.getItem("ark.invite") === state.invite) localStorage.removeItem("ark.invite");
  } else if (frame.type === "error") {
    // never the server's English, never a code: the client's own words for every refusal
    state.error = frame.code || "unknown";
    if (frame.code === "kicked") state.kicked = true;
  } else {
    state.error = "";
    if (frame.view) accept(frame.view);
  }
  render();
  return frame;
}

function accept(view) {
  if (state.view && view.game_id === state.view.game_id && view.version < state.view.version) return;
  const before = state.view;
  const fresh = happenings(before, view, view.game?.me?.id);
  if (fresh.length) {
    const until = Date.now() + NEWS_MS;
    state.news = [...state.news.filter((n) => n.until > Date.now()), ...fresh.map((n) => ({ ...n, until }))].slice(-4);
    setTimeout(render, NEWS_MS + 50);
    if (fresh.some((n) => n.kind !== "revealed")) signal(fresh.some((n) => n.kind === "your_turn"));
  }
  const step = (v) => `${v?.game?.phase}/${v?.game?.step?.id ?? ""}`;
  if (before && step(before) !== step(view)) {
    state.error = ""; // a refusal belongs to the step it was met in
    state.pending = null;
  }
  const wasIn = before?.game?.players.some((p) => p.id === before.game.me?.id);
  const nowIn = view.game?.players.some((p) => p.id === view.game.me?.id);
  if (before && before.game_id === view.game_id && wasIn && !nowIn && view.game?.phase === "lobby" && !state.leaving) state.kicked = true;
  state.view = view;
  if (view.table?.invite) state.invite = view.table.invite;
}

async function act(action) {
  if (!state.view) return null;
  return show(await conn.command("act", { game_id: state.view.game_id, action }));
}

async function join(invite) {
  state.invite = invite;
  const frame = show(await conn.command("join", { kind: "ark", invite }));
  if (frame.type === "ack") {
    localStorage.setItem("ark.invite", invite);
    await carryNick();
  }
}

/** "Play again": a player coming from the last game keeps the nickname he had there. */
async function carryNick() {
  const wanted = state.carryNick;
  state.carryNick = null;
  const mine = state.view?.game?.players.find((p) => p.id === me());
  if (wanted && mine && mine.nick !== wanted && state.view.game.phase === "lobby") await act({ type: "ChangeNickname", nickname: wanted });
}

async function playAgain() {
  const game = state.view.game;
  const old = { id: state.view.game_id, nick: game.players.find((p) => p.id === me())?.nick };
  const settings = { ...game.settings, ...Object.fromEntries(Object.entries(game.settings.timers).map(([k, v]) => [k, v == null ? "off" : String(v)])) };
  delete settings.timers;
  settings.years = Array.isArray(settings.years) ? `${settings.years[0]}..${settings.years[1]}` : "default";
  state.view = null;
  const frame = show(await conn.command("start", { kind: "ark", seats: Math.max(4, game.players.length), settings }));
  if (frame.type !== "ack") return;
  localStorage.setItem("ark.invite", state.invite);
  await conn.command("act", { game_id: old.id, action: { type: "SendChat", text: `→ ${location.origin}/ark/#/room/${state.invite}` } });
  history.replaceState(null, "", `#/room/${state.invite}`);
  state.carryNick = old.nick;
  await carryNick();
  render();
}

screen.addEventListener("click", async (event) => {
  const button = event.target.closest("button");
  if (!button) {
    const link = event.target.closest("a[data-testid=join-new]");
    if (link) state.carryNick = state.view?.game?.players.find((p) => p.id === me())?.nick ?? null;
    return;
  }
  if (button.dataset.pick) {
    state.pending = JSON.parse(button.dataset.pick); // a vote is final: pick, then confirm
    render();
  } else if (button.dataset.op === "cancel-vote") {
    state.pending = null;
    render();
  } else if (button.dataset.op === "chat") {
    state.chatOpen = !state.chatOpen;
    render();
  } else if (button.dataset.op === "rules-back") {
    location.hash = state.invite ? `#/room/${state.invite}` : "#/";
  } else if (button.dataset.op === "play-again") {
    await playAgain();
  } else if (button.dataset.action) {
    const action = JSON.parse(button.dataset.action);
    if (action.type === "LeaveGame" && !confirm(w("leaveConfirm"))) return;
    if (action.type === "LeaveRoom") state.leaving = true;
    state.pending = null;
    await act(action);
  } else if (button.dataset.op === "copy") {
    await navigator.clipboard?.writeText(ctx().inviteLink).catch(() => {});
    button.textContent = w("copied");
  } else if (button.dataset.op === "rename") {
    await act({ type: "ChangeNickname", nickname: document.getElementById("nick").value });
  }
});

screen.addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = event.target;
  if (form.id === "create-room") {
    const seats = Number(new FormData(form).get("seats"));
    state.createDraft = draftOf(form);
    const frame = show(await conn.command("start", { kind: "ark", seats, settings: readSettings(form) }));
    if (frame.type === "ack") {
      state.createDraft = null;
      localStorage.setItem("ark.invite", state.invite);
      history.replaceState(null, "", `#/room/${state.invite}`);
      render();
    }
  } else if (form.id === "chat-form") {
    const input = document.getElementById("chat-text");
    const text = input.value.trim();
    if (!text) return;
    const frame = await act({ type: "SendChat", text });
    if (frame?.type === "ack") { // a refused line stays in the box to send again
      state.draft = "";
      document.getElementById("chat-text").value = "";
    }
  } else if (form.id === "room-settings") {
    const frame = await act({ type: "ChangeSettings", changes: Object.entries(readSettings(form)) });
    if (frame?.type === "ack") {
      state.settingsDraft = null;
      state.settingsOpen = false;
      render();
    }
  }
});

// what a player is typing or setting survives every redraw (a chat line, a ready mark of someone else)
screen.addEventListener("input", (event) => {
  if (event.target.id === "chat-text") state.draft = event.target.value;
  const form = event.target.form;
  if (form?.id === "room-settings") state.settingsDraft = draftOf(form);
});
screen.addEventListener("change", (event) => {
  const form = event.target.form;
  if (form?.id === "room-settings") state.settingsDraft = draftOf(form);
  if (form?.id === "create-room") state.createDraft = draftOf(form);
  if (form && ["adult", "timers_off"].includes(event.target.name)) render(); // the choices offered follow
});
screen.addEventListener("toggle", (event) => {
  if (event.target.id === "settings-details") state.settingsOpen = event.target.open;
}, true);

conn.addEventListener("update", (event) => {
  if (event.detail.game_id === state.view?.game_id) {
    accept(event.detail.view);
    render();
  }
});
conn.addEventListener("presence", (event) => {
  if (event.detail.game_id === state.view?.game_id) {
    state.online = event.detail.online;
    render();
  }
});
conn.addEventListener("online", async () => {
  if (state.view) show(await conn.command("resume", { game_id: state.view.game_id, version: state.view.version }));
  else if (state.invite) await join(state.invite);
});

window.addEventListener("hashchange", () => {
  if (screenOf() === "rules") {
    render(); // the rules page over whatever room this is: the room stays as it was
    return;
  }
  const invite = inviteFromHash();
  state.error = ""; // a refusal belongs to the screen it was shown on
  if (invite && invite !== state.invite) {
    state.view = null;
    state.gone = false;
    state.kicked = false;
    state.leaving = false;
    state.news = [];
    join(invite);
  } else if (!invite) {
    state.view = null;
    state.invite = null;
    state.online = null;
    state.gone = false;
    state.kicked = false;
    render();
  } else render();
});
installChrome(conn, { title: () => w("title"), onLang: render });
setInterval(() => {
  for (const clock of document.querySelectorAll("[data-deadline]")) clock.textContent = left(Number(clock.dataset.deadline));
}, 250);

window.ark = { conn, state, act };
state.cat = await loadCatalogue();
state.invite = inviteFromHash();
render();
conn.open();
