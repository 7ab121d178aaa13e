// The room's chat (the rules' `chat` and `muted` in a player's view; never in anyone else's): its lines, a box
// to write in, and for the owner a mute beside another player's line and an unmute for each muted player.
import { w } from "./words.js";
import { actionButton, esc } from "./html.js";
import { nickOf } from "./names.js";

export const CHAT_LENGTH = 300; // the rules' bound of a line

function clock(at) {
  return new Date(at * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

export function chatPanel(game, ctx) {
  if (!game.chat) return "";
  const nick = (id) => nickOf(game, id);
  const owner = game.owner === ctx.me;
  const muted = game.muted ?? [];
  const lines = game.chat.map((line) => {
    const mine = line.player === ctx.me;
    const present = game.players.some((p) => p.id === line.player); // a kicked or gone player is not muted
    const mute = owner && !mine && present && !muted.includes(line.player)
      ? actionButton(w("mute"), { type: "MutePlayer", target: line.player, muted: true }, { cls: "btn ghost tiny", testid: `mute-${line.player}` })
      : "";
    return `<li class="${mine ? "own" : ""}" data-testid="chat-line"><span class="who">${esc(nick(line.player))}</span>
      <time>${esc(clock(line.at))}</time>${mute}<p>${esc(line.text)}</p></li>`;
  });
  const silenced = muted.map((id) => owner
    ? actionButton(`${w("unmute")}: ${nick(id)}`, { type: "MutePlayer", target: id, muted: false }, { cls: "btn ghost tiny", testid: `unmute-${id}` })
    : `<span class="badge">${esc(nick(id))}</span>`).join(" ");
  const me = muted.includes(ctx.me);
  return `<button type="button" class="btn chat-toggle" data-op="chat" data-testid="chat-toggle" aria-expanded="${ctx.chatOpen ? "true" : "false"}">${esc(ctx.chatOpen ? w("chatClose") : w("chatToggle"))}${ctx.unread && !ctx.chatOpen ? ` <span class="unread" data-testid="unread">${esc(w("unread", { n: ctx.unread }))}</span>` : ""}</button>
  <section class="panel chat${ctx.chatOpen ? " open" : ""}" data-testid="chat">
    <h3>${esc(w("chat"))}</h3>
    <ol class="lines" id="chat-lines">${lines.join("") || `<li class="muted">${esc(w("chatEmpty"))}</li>`}</ol>
    ${muted.length ? `<p class="muted small">${esc(w("mutedList"))} ${silenced}</p>` : ""}
    ${me ? `<p class="muted" data-testid="you-muted">${esc(w("youMuted"))}</p>` : `<form id="chat-form" class="row">
      <input id="chat-text" maxlength="${CHAT_LENGTH}" autocomplete="off" value="${esc(ctx.draft ?? "")}" placeholder="${esc(w("chatPlaceholder"))}" aria-label="${esc(w("chat"))}" data-testid="chat-text">
      <button type="submit" class="btn" data-testid="chat-send">${esc(w("send"))}</button></form>`}
  </section>`;
}

/** Keep the latest line in sight after a redraw. */
export function scrollChat() {
  const lines = document.getElementById("chat-lines");
  if (lines) lines.scrollTop = lines.scrollHeight;
}
