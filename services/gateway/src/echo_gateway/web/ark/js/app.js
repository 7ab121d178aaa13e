// Ark in the browser: create a room (#/), or sit at one by its invitation (#/room/<invite>); every view the
// server sends redraws the screen; the countdowns tick from the server's deadlines.
import { lang, setLang } from "../../js/i18n.js";
import { Connection } from "../../js/connection.js";
import { w } from "./words.js";
import { esc, left } from "./html.js";
import { readSettings, settingsForm } from "./settings.js";
import { final, lobby, running } from "./screens.js";
import { scrollChat } from "./chat.js";

const conn = new Connection({ logDelta: false }); // a table's views are whole
const screen = document.getElementById("screen");
const DEFAULTS = { mode: "rescue", incubator: "on", format: "separate", adult: "on", catastrophe: "random",
  timers: { card: 30, discussion: 60, voting: 60 } };
const state = { view: null, online: null, invite: null, error: "", cat: null, gone: false };

async function loadCatalogue() {
  const data = await (await fetch("/ark/catalogue.json")).json();
  const byId = {};
  for (const item of [...data.catastrophes, ...Object.values(data.cards).flat(), ...data.ark, ...data.incidents, ...data.endings]) {
    byId[item.id] = item;
  }
  return { ...data, byId };
}

const inviteFromHash = () => location.hash.match(/^#\/room\/([\w.-]+)/)?.[1] ?? null;
const me = () => state.view?.game?.me?.id ?? null;

function isOnline(player) {
  if (player.away) return false;
  if (!state.online) return true;
  return state.online.includes(Number(player.id.slice(1)));
}

function ctx() {
  return { me: me(), cat: state.cat, isOnline, inviteLink: `${location.origin}/ark/#/room/${state.invite}` };
}

function render() {
  const focused = document.activeElement?.id;
  const typed = focused ? document.activeElement.value : null;
  const error = state.error ? `<p class="error" role="alert" data-testid="error">${esc(state.error)}</p>` : "";
  let body;
  const game = state.view?.game;
  const gone = state.gone || ["closed", "void", "deleted"].includes(game?.phase);
  if (!state.invite) body = createScreen();
  else if (!game) body = `<p class="muted">${esc(w("connecting"))}</p>`;
  else if (gone) {
    const why = state.gone || game.phase === "deleted" ? "gameDeleted" : "roomGone";
    body = `<section class="panel"><p data-testid="gone">${esc(w(why))}</p><a class="btn primary" href="#/">${esc(w("backHome"))}</a></section>`;
  } else if (game.phase === "lobby") body = lobby(state.view, ctx());
  else if (game.phase === "finished") body = final(state.view, ctx());
  else body = running(state.view, ctx());
  screen.innerHTML = error + body;
  scrollChat();
  if (focused && document.getElementById(focused)) {
    const element = document.getElementById(focused);
    element.focus();
    if (typed != null && "value" in element) element.value = typed;
  }
  document.documentElement.lang = lang();
  document.getElementById("lang").textContent = w("lang");
  document.querySelector(".brand").textContent = w("brand");
  document.querySelector(".chrome a.muted").textContent = w("echoLink");
  showConnection();
  document.title = w("title");
}

function createScreen() {
  return `<section class="panel" data-testid="create"><h2>${esc(w("newRoom"))}</h2>
    <form id="create-room" class="settings">
      <label class="field"><span>${esc(w("seats"))}</span><input type="number" name="seats" min="4" max="16" value="16" data-testid="set-seats"></label>
      ${settingsForm(DEFAULTS, state.cat)}
      <button type="submit" class="btn primary" data-testid="create-room">${esc(w("create"))}</button>
    </form></section>`;
}

function show(frame) {
  if (frame.type === "error" && state.view && ["unknown_game", "unknown_invite"].includes(frame.code)) {
    state.gone = true; // the room was deleted while this device was away
    state.error = "";
  } else if (frame.type === "error") {
    state.error = w("err", { m: w(`code_${frame.code}`, {}, null) ?? (frame.message || frame.code) });
  } else {
    state.error = "";
    if (frame.view) accept(frame.view);
  }
  render();
  return frame;
}

function accept(view) {
  if (state.view && view.game_id === state.view.game_id && view.version < state.view.version) return;
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
  if (frame.type === "ack") localStorage.setItem("ark.invite", invite);
}

screen.addEventListener("click", async (event) => {
  const button = event.target.closest("button");
  if (!button) return;
  if (button.dataset.action) {
    const action = JSON.parse(button.dataset.action);
    if (action.type === "LeaveGame" && !confirm(w("leaveConfirm"))) return;
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
    const frame = show(await conn.command("start", { kind: "ark", seats, settings: readSettings(form) }));
    if (frame.type === "ack") {
      localStorage.setItem("ark.invite", state.invite);
      history.replaceState(null, "", `#/room/${state.invite}`);
      render();
    }
  } else if (form.id === "chat-form") {
    const input = document.getElementById("chat-text");
    const text = input.value.trim();
    if (!text) return;
    const frame = await act({ type: "SendChat", text });
    if (frame?.type === "ack") document.getElementById("chat-text").value = "";
  } else if (form.id === "room-settings") {
    await act({ type: "ChangeSettings", changes: Object.entries(readSettings(form)) });
  }
});

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
function showConnection() {
  const badge = document.getElementById("conn");
  const now = badge.dataset.state;
  badge.textContent = w(now === "online" ? "online" : now === "connecting" ? "connecting" : "offline");
}
conn.addEventListener("state", (event) => {
  document.getElementById("conn").dataset.state = event.detail;
  showConnection();
});

window.addEventListener("hashchange", () => {
  const invite = inviteFromHash();
  state.error = ""; // a refusal belongs to the screen it was shown on
  if (invite && invite !== state.invite) {
    state.view = null;
    state.gone = false;
    join(invite);
  } else if (!invite) {
    state.view = null;
    state.invite = null;
    state.online = null;
    state.gone = false;
    render();
  }
});
document.getElementById("lang").addEventListener("click", () => {
  setLang(lang() === "ru" ? "en" : "ru");
  render();
});
setInterval(() => {
  for (const clock of document.querySelectorAll("[data-deadline]")) clock.textContent = left(Number(clock.dataset.deadline));
}, 250);

window.ark = { conn, state, act };
state.cat = await loadCatalogue();
state.invite = inviteFromHash();
render();
conn.open();
