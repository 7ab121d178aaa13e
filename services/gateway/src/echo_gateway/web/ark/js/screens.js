// The room's screens from one seat's view (the rules' online view, docs/games/ark.md §5 "The online view"):
// the lobby, a running game (its current step, the cards, the players) and the final screen.
import { w } from "./words.js";
import { actionButton, esc, left } from "./html.js";
import { settingsForm, settingsSummary } from "./settings.js";
import { chatPanel } from "./chat.js";

const CATEGORIES = ["profession", "biology", "health", "hobby", "phobia", "baggage", "fact"];

function nick(game, id) {
  return game.players.find((p) => p.id === id)?.nick ?? id;
}

/** A player's revealed cards (ids, in category order) as list items: the category and the card's title. */
function openCards(ids, ctx) {
  return ids.map((id) => `<li><small>${esc(w("cat_" + ctx.cat.byId[id]?.category))}</small> ${esc(ctx.cat.byId[id]?.title ?? id)}</li>`).join("");
}

function card(ctx, id, extra = "") {
  const item = ctx.cat.byId[id];
  return `<div class="ark-card" data-card="${esc(id)}"><b>${esc(item?.title ?? id)}</b><span>${esc(item?.text ?? "")}</span>${extra}</div>`;
}

function badges(game, player, ctx) {
  const marks = [];
  if (player.id === game.owner) marks.push(`<span class="badge owner">★ ${esc(w("owner"))}</span>`);
  if (player.id === ctx.me) marks.push(`<span class="badge you">${esc(w("you"))}</span>`);
  if (!ctx.isOnline(player)) marks.push(`<span class="badge away" data-testid="offline">${esc(w("offlineMark"))}</span>`);
  if (player.exiled) marks.push(`<span class="badge">${esc(w("exiled"))}</span>`);
  if (player.dead) marks.push(`<span class="badge">${esc(w("dead"))}</span>`);
  if (player.departed) marks.push(`<span class="badge">${esc(w("departed"))}</span>`);
  if (game.muted?.includes(player.id)) marks.push(`<span class="badge" data-testid="muted-mark">${esc(w("muted"))}</span>`);
  return marks.join(" ");
}

export function lobby(view, ctx) {
  const game = view.game;
  const mine = game.players.find((p) => p.id === ctx.me);
  const owner = game.owner === ctx.me;
  const rows = game.players.map((p) => `
    <li data-player="${esc(p.id)}" class="${p.ready ? "ready" : ""}">
      <span class="nick">${esc(p.nick)}</span> ${badges(game, p, ctx)}
      ${p.id === game.owner ? "" : `<span class="badge ${p.ready ? "ok" : ""}" data-testid="ready-mark">${esc(w(p.ready ? "ready" : "notReady"))}</span>`}
      ${owner && p.id !== ctx.me ? actionButton(w("kick"), { type: "KickPlayer", target: p.id }, { cls: "btn ghost small", testid: `kick-${p.id}` }) : ""}
    </li>`).join("");
  const canStart = game.players.length >= 4 && game.players.every((p) => p.ready || p.id === game.owner);
  return `
  <section class="panel" data-testid="lobby">
    <h2>${esc(w("lobby"))}</h2>
    <div class="invite"><label for="invite-link">${esc(w("invite"))}</label>
      <div class="row"><input id="invite-link" readonly value="${esc(ctx.inviteLink)}" data-testid="invite-link">
      <button type="button" class="btn" data-op="copy">${esc(w("copy"))}</button></div></div>
    <h3>${esc(w("players"))} · ${game.players.length}/${view.table.seats}</h3>
    <ul class="players" data-testid="players">${rows}</ul>
    ${mine ? `<div class="row"><input id="nick" maxlength="20" value="${esc(mine.nick)}" aria-label="${esc(w("nickname"))}" data-testid="nick">
      <button type="button" class="btn ghost" data-op="rename">${esc(w("rename"))}</button></div>` : ""}
    <div class="row actions">
      ${mine && !owner ? actionButton(w(mine.ready ? "notReady" : "ready"), { type: "SetReady", ready: !mine.ready }, { testid: "ready" }) : ""}
      ${owner ? actionButton(w("start"), { type: "StartGame" }, { cls: "btn primary", testid: "start", disabled: !canStart }) : ""}
      ${mine ? actionButton(w("leave"), { type: "LeaveRoom" }, { cls: "btn ghost", testid: "leave" }) : actionButton(w("joinAgain"), { type: "JoinRoom" }, { testid: "rejoin" })}
    </div>
    ${owner && !canStart ? `<p class="muted">${esc(w("needPlayers"))}</p>` : ""}
    <h3>${esc(w("settings"))}</h3>
    ${settingsSummary(game.settings, ctx.cat)}
    ${owner ? `<details><summary>${esc(w("settings"))} ✎</summary><form id="room-settings" class="settings">${settingsForm(game.settings, ctx.cat)}
      <button type="submit" class="btn">${esc(w("saveSettings"))}</button></form></details>` : ""}
  </section>
  ${chatPanel(game, ctx)}`;
}

function countdown(step) {
  if (step?.deadline == null) return `<span class="clock muted">${esc(w("noTimer"))}</span>`;
  return `<span class="clock" data-deadline="${step.deadline}" data-testid="countdown">${left(step.deadline)}</span>`;
}

function phaseTitle(game) {
  return w(`phase_${game.phase}`, { n: game.round });
}

function votesLine(game, step) {
  return `<p class="muted" data-testid="voted">${esc(w("voted", { list: step.voted.map((id) => nick(game, id)).join(", ") || "—" }))} (${step.voted.length}/${step.voters.length})</p>`;
}

function stepPanel(game, ctx) {
  const step = game.step;
  if (!step) return "";
  const me = ctx.me;
  const mine = step.player === me;
  const parts = [];
  const votable = step.voters?.includes(me) && !step.voted?.includes(me);
  switch (step.kind) {
    case "prepare":
      parts.push(`<p>${esc(w("preparedList", { list: step.prepared.map((id) => nick(game, id)).join(", ") || "—" }))}</p>`);
      if (!step.prepared.includes(me)) parts.push(actionButton(w("prepared"), { type: "ConfirmPrepared" }, { cls: "btn primary", testid: "prepared" }));
      break;
    case "reveal":
      parts.push(`<p>${esc(mine ? w("yourTurnReveal") : w("revealing", { p: nick(game, step.player) }))}</p>`);
      if (mine && game.round === 1) parts.push(`<p class="muted">${esc(w("professionFirst"))}</p>`);
      break;
    case "discussion":
      parts.push(`<p>${esc(w("speaking", { p: nick(game, step.player) }))}</p>`);
      if (mine) parts.push(actionButton(w("passTurn"), { type: "PassTurn" }, { cls: "btn primary", testid: "pass" }));
      break;
    case "common_discussion": {
      const active = game.players.filter((p) => !p.departed).length;
      parts.push(`<p>${esc(w("commonDiscussion"))} · ${esc(w("asked", { n: step.requested.length, m: active }))}</p>`);
      if (!step.requested.includes(me)) parts.push(actionButton(w("endDiscussion"), { type: "RequestEndDiscussion" }, { cls: "btn primary", testid: "end-discussion" }));
      break;
    }
    case "exile_vote":
      parts.push(`<h3>${esc(step.attempt > 1 ? w("revote", { n: step.attempt }) : w("exileVote"))}</h3>`, votesLine(game, step));
      if (votable) {
        parts.push(`<div class="targets">${step.targets.map((id) => actionButton(nick(game, id), { type: "CastExileVote", target: id }, { testid: `vote-${id}` })).join("")}</div>`);
      } else if (step.voted.includes(me)) parts.push(`<p data-testid="you-voted">${esc(w("youVoted"))}</p>`);
      break;
    case "incident_discussion": {
      const subject = game.players.find((p) => p.id === step.player);
      parts.push(`<h3>${esc(w("incidentOf", { p: subject?.nick }))}</h3>`);
      for (const id of subject?.incidents ?? []) parts.push(card(ctx, id));
      if (step.cited.length) parts.push(`<p class="muted">${step.cited.map((c) => `${esc(nick(game, c.player))}: ${esc(ctx.cat.byId[c.card]?.title ?? c.card)}`).join("; ")}</p>`);
      const own = game.players.find((p) => p.id === me)?.cards ?? [];
      parts.push(`<div class="targets">${[...own, ...game.ark_cards].map((id) => actionButton(`${w("cite")}: ${ctx.cat.byId[id]?.title ?? id}`, { type: "CiteCard", card: id }, { cls: "btn ghost small" })).join("")}</div>`);
      if (mine) parts.push(actionButton(w("toVote"), { type: "EndIncidentDiscussion" }, { cls: "btn primary", testid: "to-vote" }));
      break;
    }
    case "survival_vote":
      parts.push(`<h3>${esc(w("survivalVote", { p: nick(game, step.player) }))}</h3>`, votesLine(game, step));
      if (votable) {
        parts.push(actionButton(w("survived"), { type: "CastSurvivalVote", survived: true }, { testid: "survived" }),
          actionButton(w("died"), { type: "CastSurvivalVote", survived: false }, { testid: "died" }));
      }
      break;
    case "kind_vote": {
      const pairs = game.kind?.hint_pairs.map((pair) => pair.map((id) => nick(game, id)).join(" + ")).join("; ");
      parts.push(`<h3>${esc(w("kindVote"))}</h3><p class="muted">${esc(w("hintPairs", { pairs: pairs || "—" }))}</p>`, votesLine(game, step));
      if (votable) {
        parts.push(actionButton(w("kindFor"), { type: "CastKindVote", continue_kind: true }, { testid: "kind-for" }),
          actionButton(w("kindAgainst"), { type: "CastKindVote", continue_kind: false }, { testid: "kind-against" }));
      }
      break;
    }
    default:
      break;
  }
  const someoneAway = game.players.some((p) => !p.departed && !ctx.isOnline(p));
  if (game.owner === me && step.deadline == null && someoneAway) {
    parts.push(actionButton(w("skip"), { type: "SkipStep" }, { cls: "btn ghost", testid: "skip" }));
  }
  return `<section class="panel step" data-testid="step" data-kind="${step.kind}">
    <div class="row between"><b>${esc(phaseTitle(game))}</b>${countdown(step)}</div>${parts.join("")}</section>`;
}

function myCards(game, ctx) {
  const mine = game.me.cards; // all seven, in category order
  if (!mine.length) return "";
  const shown = game.players.find((p) => p.id === ctx.me)?.cards ?? [];
  const revealing = game.step?.kind === "reveal" && game.step.player === ctx.me;
  const items = CATEGORIES.map((c, n) => {
    const open = shown.includes(mine[n]);
    const canReveal = revealing && !open && (game.round !== 1 || c === "profession");
    const button = canReveal ? actionButton(w("cat_" + c), { type: "RevealCard", card: c }, { cls: "btn small primary", testid: `reveal-${c}` }) : "";
    return `<div class="mine ${open ? "open" : ""}"><small>${esc(w("cat_" + c))}${open ? " ✓" : ""}</small>${card(ctx, mine[n], button)}</div>`;
  });
  return `<section class="panel"><h3>${esc(w("yourCards"))}</h3><div class="cards" data-testid="my-cards">${items.join("")}</div></section>`;
}

function tallyText(game, tally) {
  if (tally.kind === "exile") {
    const counts = Object.entries(tally.tally).filter(([, n]) => n > 0).map(([id, n]) => `${nick(game, id)}: ${n}`);
    const result = tally.result === "tie" ? w("tie") : `${w("exiled")}: ${nick(game, tally.result)}`;
    return `${counts.join(", ")}${tally.abstained ? ` · ${w("abstained", { n: tally.abstained })}` : ""} → ${result}`;
  }
  if (tally.kind === "survival") {
    return `${nick(game, tally.subject)}: ${tally.s}/${tally.v} · ${w("chance", { c: tally.chance })} → ${w(tally.outcome === "survived" ? "survived" : "died")}`;
  }
  return `${w("kindFor")} ${tally.for} · ${w("kindAgainst")} ${tally.against} → ${w("kind_" + tally.result)}`;
}

function lastTally(game) {
  if (!game.tally) return "";
  return `<section class="panel" data-testid="tally"><h3>${esc(w("tally"))}</h3><p>${esc(tallyText(game, game.tally))}</p></section>`;
}

// the final screen: every vote of the game, in order (the view carries them all once the game is over)
function allTallies(game) {
  const tallies = game.tallies ?? [];
  if (!tallies.length) return "";
  const items = tallies.map((t) => `<li>${esc(tallyText(game, t))}</li>`);
  return `<section class="panel" data-testid="tallies"><h3>${esc(w("tallies"))}</h3><ol>${items.join("")}</ol></section>`;
}

function playersPanel(game, ctx) {
  const rows = game.players.map((p) => {
    return `<li data-player="${esc(p.id)}" class="${p.exiled ? "exiled" : ""}"><span class="nick">${esc(p.nick)}</span> ${badges(game, p, ctx)}
      <ul class="open-cards">${openCards(p.cards, ctx)}</ul></li>`;
  });
  return `<section class="panel"><h3>${esc(w("players"))}</h3><ul class="players" data-testid="players">${rows.join("")}</ul></section>`;
}

export function running(view, ctx) {
  const game = view.game;
  const catastrophe = ctx.cat.byId[game.catastrophe];
  const member = game.players.find((p) => p.id === ctx.me && !p.departed);
  return `
  ${stepPanel(game, ctx)}
  ${chatPanel(game, ctx)}
  <section class="panel head" data-testid="game" data-phase="${game.phase}">
    <h2>${esc(catastrophe?.title ?? "")} · ${esc(w("years"))}: ${game.years}</h2><p class="muted">${esc(catastrophe?.text ?? "")}</p>
    ${game.ark_cards.length ? `<h3>${esc(w("arkCards"))}</h3><div class="cards">${game.ark_cards.map((id) => card(ctx, id)).join("")}</div>` : ""}
  </section>
  ${lastTally(game)}
  ${myCards(game, ctx)}
  ${playersPanel(game, ctx)}
  ${member ? `<p>${actionButton(w("leaveGame"), { type: "LeaveGame" }, { cls: "btn ghost small", testid: "leave-game" })}</p>` : ""}`;
}

export function final(view, ctx) {
  const game = view.game;
  const ending = ctx.cat.byId[game.ending_card];
  const winners = game.winners.map((id) => nick(game, id)).join(", ") || w("nobody");
  const rows = game.players.map((p) => `<li data-player="${esc(p.id)}"><span class="nick">${esc(p.nick)}</span>
      <span class="badge ${game.results[p.id] === "win" ? "ok" : ""}">${esc(w(game.results[p.id] ?? "loss"))}</span> ${badges(game, p, ctx)}
      <ul class="open-cards">${openCards(p.cards, ctx)}</ul></li>`);
  return `
  <section class="panel" data-testid="final" data-ending="${esc(game.ending)}">
    <h2>${esc(w("phase_finished"))}</h2>
    <h3>${esc(w("ending"))}: ${esc(ending?.title ?? game.ending)}</h3><p>${esc(ending?.text ?? "")}</p>
    <p><b>${esc(w("winners"))}:</b> <span data-testid="winners">${esc(winners)}</span></p>
    <p class="muted">${esc(w("finalNote"))}</p>
  </section>
  ${chatPanel(game, ctx)}
  ${allTallies(game)}
  <section class="panel"><h3>${esc(w("players"))}</h3><ul class="players">${rows.join("")}</ul></section>
  <p><a class="btn" href="#/">${esc(w("backHome"))}</a></p>`;
}
