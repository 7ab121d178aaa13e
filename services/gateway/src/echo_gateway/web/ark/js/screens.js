// The room's screens from one seat's view (the rules' online view, docs/games/ark.md §5 "The online view"):
// the lobby, a running game (its current step, the cards, the players) and the final screen.
import { w } from "./words.js";
import { actionButton, esc, left } from "./html.js";
import { settingsForm, settingsSummary } from "./settings.js";
import { chatPanel } from "./chat.js";
import { citeOptions } from "./cite.js";
import { itemText, nickOf, person } from "./names.js";

const CATEGORIES = ["profession", "biology", "health", "hobby", "phobia", "baggage", "fact"];

const nick = nickOf;
const PLACES = (n) => Math.floor(n / 2);

/** The rules' exile schedule (docs/games/ark.md §7): round 1 none, rounds 2–5 share N − ⌊N/2⌋. */
export function exilesInRound(players, round) {
  if (round <= 1) return 0;
  const [base, extra] = [Math.floor((players - PLACES(players)) / 4), (players - PLACES(players)) % 4];
  return base + (round - 2 >= 4 - extra ? 1 : 0);
}

/** A player's revealed cards (ids, in category order) as list items: the category and the card's title. */
function openCards(ids, ctx) {
  return ids.map((id) => `<li><small>${esc(w("cat_" + ctx.cat.byId[id]?.category))}</small> ${esc(itemText(ctx.cat, id))}</li>`).join("");
}

function card(ctx, id, extra = "") {
  return `<div class="ark-card" data-card="${esc(id)}"><b>${esc(itemText(ctx.cat, id))}</b><span>${esc(itemText(ctx.cat, id, "text"))}</span>${extra}</div>`;
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
      <span class="nick">${esc(nick(game, p.id))}</span> ${badges(game, p, ctx)}
      ${p.id === game.owner ? "" : `<span class="badge ${p.ready ? "ok" : ""}" data-testid="ready-mark">${esc(w(p.ready ? "ready" : "notReady"))}</span>`}
      ${owner && p.id !== ctx.me ? actionButton(w("kick"), { type: "KickPlayer", target: p.id }, { cls: "btn ghost small", testid: `kick-${p.id}` }) : ""}
    </li>`).join("");
  const canStart = game.players.length >= 4 && game.players.every((p) => p.ready || p.id === game.owner);
  if (!mine && ctx.kicked) {
    return `<section class="panel" data-testid="kicked"><p>${esc(w("kicked"))}</p><a class="btn primary" href="#/">${esc(w("backHome"))}</a></section>`;
  }
  return `
  ${newsBanner(ctx.news, game, ctx)}
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
    ${owner ? `<details id="settings-details" data-testid="settings-details"${ctx.settingsOpen ? " open" : ""}><summary>${esc(w("settings"))} ✎</summary><form id="room-settings" class="settings">${settingsForm(ctx.settingsDraft ?? game.settings, ctx.cat)}
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

/** A vote's choices: one tap picks, a second button confirms (a vote is final); the pick lives in ctx.pending. */
function ballot(choices, ctx) {
  const pending = ctx.pending;
  const picked = choices.find((c) => pending && JSON.stringify(c.action) === JSON.stringify(pending));
  if (picked) {
    return `<div class="targets confirm" data-testid="confirm-row">
      ${actionButton(w("confirmVote", { c: picked.label }), picked.action, { cls: "btn primary", testid: "confirm-vote" })}
      <button type="button" class="btn ghost" data-op="cancel-vote" data-testid="cancel-vote">${esc(w("cancel"))}</button></div>`;
  }
  const buttons = choices.map((c) => `<button type="button" class="btn${c.self ? " self" : ""}" data-pick="${esc(JSON.stringify(c.action))}" data-testid="${c.testid}">${esc(c.label)}</button>`);
  return `<p class="muted small">${esc(w("pickFirst"))}</p><div class="targets">${buttons.join("")}</div>`;
}

function ballotLabel(game, ctx, step) {
  const choice = game.me?.ballot;
  if (choice == null) return w("youVotedPlain");
  if (step.kind === "exile_vote") return w("youVoted", { c: choice === ctx.me ? `${nick(game, choice)} ${w("youMark")}` : nick(game, choice) });
  if (step.kind === "survival_vote") return w("youVoted", { c: w(choice ? "survived" : "died", person(game, ctx.cat, step.player)) });
  return w("youVoted", { c: w(choice ? "kindFor" : "kindAgainst") });
}

function facts(game) {
  const n = game.players.length;
  const lines = [w("factPlaces", { n: PLACES(n), m: n })];
  if (game.phase === "round") {
    const e = exilesInRound(n, game.round);
    lines.push(e ? w("factExiles", { n: e }) : w("factNoExile"));
  }
  if (game.phase === "incidents") lines.push(w("factCite", { ark: w("factCiteArk") }));
  if (game.step?.kind === "survival_vote") lines.push(w("factChance", { s: 1, v: game.step.voters.length, c: Math.round(100 / game.step.voters.length) }));
  if (game.phase === "kind_vote") lines.push(w("factKind"));
  return `<ul class="facts muted small" data-testid="facts">${lines.map((l) => `<li>${esc(l)}</li>`).join("")}</ul>`;
}

function revealChoices(game, ctx) {
  const mine = game.me.cards;
  const shown = game.players.find((p) => p.id === ctx.me)?.cards ?? [];
  return CATEGORIES.map((c, n) => {
    if (shown.includes(mine[n]) || (game.round === 1 && c !== "profession")) return "";
    const label = `${w("cat_" + c)}: ${itemText(ctx.cat, mine[n])}`;
    return actionButton(label, { type: "RevealCard", card: c }, { cls: "btn primary reveal", testid: `reveal-${c}` });
  }).join("");
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
      parts.push(`<p><b>${esc(mine ? w("yourTurnReveal") : w("revealing", { p: nick(game, step.player) }))}</b></p>`);
      if (mine && game.round === 1) parts.push(`<p class="muted">${esc(w("professionFirst"))}</p>`);
      if (mine) parts.push(`<div class="targets column">${revealChoices(game, ctx)}</div>`);
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
        parts.push(ballot(step.targets.map((id) => ({ label: id === me ? `${nick(game, id)} ${w("youMark")}` : nick(game, id), self: id === me,
          action: { type: "CastExileVote", target: id }, testid: `vote-${id}` })), ctx));
      } else if (step.voted.includes(me)) parts.push(`<p data-testid="you-voted">${esc(ballotLabel(game, ctx, step))}</p>`);
      break;
    case "incident_discussion": {
      const subject = game.players.find((p) => p.id === step.player);
      parts.push(`<h3>${esc(w("incidentOf", { p: nick(game, step.player) }))}</h3>`);
      for (const id of subject?.incidents ?? []) parts.push(card(ctx, id));
      parts.push(`<p class="muted small">${esc(w("citeWho", { team: w(subject?.exiled ? "team_exiled" : "team_ark") }))}</p>`);
      if (step.cited.length) parts.push(`<p class="muted" data-testid="cited">${esc(w("cited"))}: ${step.cited.map((c) => `${esc(nick(game, c.player))}: ${esc(itemText(ctx.cat, c.card))}`).join("; ")}</p>`);
      const options = citeOptions(game, me);
      if (options) {
        parts.push(`<div class="targets" data-testid="cite-options">${options.map((o) => actionButton(`${w("cite")}: ${itemText(ctx.cat, o.card)}${o.owner && o.owner !== me ? ` (${nick(game, o.owner)})` : ""}`,
          { type: "CiteCard", card: o.card }, { cls: "btn ghost small", testid: `cite-${o.card}` })).join("")}</div>`);
      }
      if (mine) parts.push(actionButton(w("toVote"), { type: "EndIncidentDiscussion" }, { cls: "btn primary", testid: "to-vote" }));
      break;
    }
    case "survival_vote": {
      const who = person(game, ctx.cat, step.player);
      parts.push(`<h3>${esc(w("survivalVote", who))}</h3>`, votesLine(game, step));
      if (votable) {
        parts.push(ballot([{ label: w("survived", who), action: { type: "CastSurvivalVote", survived: true }, testid: "survived" },
          { label: w("died", who), action: { type: "CastSurvivalVote", survived: false }, testid: "died" }], ctx));
      } else if (step.voted.includes(me)) parts.push(`<p data-testid="you-voted">${esc(ballotLabel(game, ctx, step))}</p>`);
      break;
    }
    case "kind_vote": {
      const pairs = game.kind?.hint_pairs.map((pair) => pair.map((id) => nick(game, id)).join(" + ")).join("; ");
      parts.push(`<h3>${esc(w("kindVote"))}</h3><p class="muted">${esc(w("hintPairs", { pairs: pairs || "—" }))}</p>`, votesLine(game, step));
      if (votable) {
        parts.push(ballot([{ label: w("kindFor"), action: { type: "CastKindVote", continue_kind: true }, testid: "kind-for" },
          { label: w("kindAgainst"), action: { type: "CastKindVote", continue_kind: false }, testid: "kind-against" }], ctx));
      } else if (step.voted.includes(me)) parts.push(`<p data-testid="you-voted">${esc(ballotLabel(game, ctx, step))}</p>`);
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
    <div class="row between"><b>${esc(phaseTitle(game))}</b>${countdown(step)}</div>${parts.join("")}${facts(game)}</section>`;
}

function myCards(game, ctx) {
  const mine = game.me.cards; // all seven, in category order
  if (!mine.length) return "";
  const shown = game.players.find((p) => p.id === ctx.me)?.cards ?? [];
  const items = CATEGORIES.map((c, n) => {
    const open = shown.includes(mine[n]);
    return `<div class="mine ${open ? "open" : ""}"><small>${esc(w("cat_" + c))}${open ? " ✓" : ""}</small>${card(ctx, mine[n])}</div>`;
  });
  return `<section class="panel"><h3>${esc(w("yourCards"))}</h3><div class="cards" data-testid="my-cards">${items.join("")}</div></section>`;
}

function tallyLabel(game, tally) {
  if (tally.kind === "exile") return w("tallyExile", { r: tally.round, a: tally.attempt > 1 ? w("tallyAttempt", { n: tally.attempt }) : "" });
  if (tally.kind === "survival") return w("tallySurvival", { p: nick(game, tally.subject) });
  return w("tallyKind", { a: tally.attempt > 1 ? w("tallyAttempt", { n: tally.attempt }) : "" });
}

function tallyText(game, tally, ctx) {
  if (tally.kind === "exile") {
    const counts = Object.entries(tally.tally).filter(([, n]) => n > 0).map(([id, n]) => `${nick(game, id)}: ${n}`);
    const result = tally.result === "tie" ? w("tie") : `${w("exiled")}: ${nick(game, tally.result)}`;
    return `${counts.join(", ")}${tally.abstained ? ` · ${w("abstained", { n: tally.abstained })}` : ""} → ${result}`;
  }
  if (tally.kind === "survival") {
    const who = person(game, ctx.cat, tally.subject);
    return `${tally.s}/${tally.v} · ${w("chance", { c: tally.chance })} → ${w(tally.outcome === "survived" ? "survived" : "died", who)}`;
  }
  return `${w("kindFor")} ${tally.for} · ${w("kindAgainst")} ${tally.against} → ${w("kind_" + tally.result)}`;
}

function lastTally(game, ctx) {
  if (!game.tally) return "";
  return `<section class="panel" data-testid="tally"><h3>${esc(w("tally"))} · ${esc(tallyLabel(game, game.tally))}</h3><p>${esc(tallyText(game, game.tally, ctx))}</p></section>`;
}

// the final screen: every vote of the game, in order (the view carries them all once the game is over)
function allTallies(game, ctx) {
  const tallies = game.tallies ?? [];
  if (!tallies.length) return "";
  const items = tallies.map((t) => `<li><b>${esc(tallyLabel(game, t))}:</b> ${esc(tallyText(game, t, ctx))}</li>`);
  return `<section class="panel" data-testid="tallies"><h3>${esc(w("tallies"))}</h3><ol>${items.join("")}</ol></section>`;
}

function playersPanel(game, ctx) {
  const rows = game.players.map((p) => {
    return `<li data-player="${esc(p.id)}" class="${p.exiled ? "exiled" : ""}"><span class="nick">${esc(nick(game, p.id))}</span> ${badges(game, p, ctx)}
      <ul class="open-cards">${openCards(p.cards, ctx)}</ul></li>`;
  });
  return `<section class="panel"><h3>${esc(w("players"))}</h3><ul class="players" data-testid="players">${rows.join("")}</ul></section>`;
}

function catastrophePanel(game, ctx) {
  return `<section class="panel head" data-testid="game" data-phase="${game.phase}">
    <h2>${esc(itemText(ctx.cat, game.catastrophe))} · ${esc(w("years"))}: ${game.years}</h2><p class="muted">${esc(itemText(ctx.cat, game.catastrophe, "text"))}</p>
    ${game.ark_cards.length ? `<h3>${esc(w("arkCards"))}</h3><div class="cards" data-testid="ark-cards">${game.ark_cards.map((id) => card(ctx, id)).join("")}</div>` : ""}
  </section>`;
}

/** The banner: what just happened, on top of the screen for a few seconds (app.js keeps `ctx.news`). */
export function newsBanner(items, game, ctx) {
  if (!items.length || !game) return "";
  // each item: its words, and a detail line (both plain text, escaped below)
  const line = (item) => {
    switch (item.kind) {
      case "revealed": return [w("newsRevealed", { ...person(game, ctx.cat, item.player), c: `${w("cat_" + ctx.cat.byId[item.card]?.category)} — ${itemText(ctx.cat, item.card)}` }),
        itemText(ctx.cat, item.card, "text")];
      case "exiled": {
        const cards = game.players.find((p) => p.id === item.player)?.cards ?? [];
        return [w("newsExiled", person(game, ctx.cat, item.player)), cards.map((c) => itemText(ctx.cat, c)).join(" · ")];
      }
      case "tie": return [w("newsTie"), ""];
      case "survived": case "died":
        return [w(item.kind === "survived" ? "newsSurvived" : "newsDied", person(game, ctx.cat, item.player)), tallyText(game, item.tally, ctx)];
      case "kind": return [w("newsKind", { r: w("kind_" + item.result) }), ""];
      case "your_turn": return [w("yourTurnNow"), ""];
      case "ready_cleared": return [w("readyCleared"), ""];
      default: return ["", ""];
    }
  };
  const html = items.map((item) => {
    const [words, detail] = line(item);
    return `<li data-kind="${esc(item.kind)}">${esc(words)}${detail ? `<small>${esc(detail)}</small>` : ""}</li>`;
  });
  return `<section class="news" role="status" aria-live="assertive" data-testid="news"><ul>${html.join("")}</ul></section>`;
}

export function running(view, ctx) {
  const game = view.game;
  const member = game.players.find((p) => p.id === ctx.me && !p.departed);
  return `
  ${newsBanner(ctx.news, game, ctx)}
  ${stepPanel(game, ctx)}
  ${lastTally(game, ctx)}
  ${catastrophePanel(game, ctx)}
  ${myCards(game, ctx)}
  ${playersPanel(game, ctx)}
  ${member ? `<p>${actionButton(w("leaveGame"), { type: "LeaveGame" }, { cls: "btn ghost small", testid: "leave-game" })}</p>` : ""}
  ${chatPanel(game, ctx)}`;
}

function group(game, ctx, title, players, testid) {
  if (!players.length) return "";
  const rows = players.map((p) => `<li data-player="${esc(p.id)}"><span class="nick">${esc(nick(game, p.id))}</span>
      <span class="badge ${game.results[p.id] === "win" ? "ok" : ""}">${esc(w(game.results[p.id] ?? "loss"))}</span> ${badges(game, p, ctx)}
      <ul class="open-cards">${openCards(p.cards, ctx)}</ul>
      ${p.incidents?.length ? `<p class="small"><b>${esc(w("incidentsTitle"))}:</b> ${p.incidents.map((c) => esc(itemText(ctx.cat, c))).join(" · ")}</p>` : ""}</li>`);
  return `<section class="panel" data-testid="${testid}"><h3>${esc(title)} · ${players.length}</h3><ul class="players">${rows.join("")}</ul></section>`;
}

export function final(view, ctx) {
  const game = view.game;
  const winners = game.winners.map((id) => nick(game, id)).join(", ") || w("nobody");
  const deletes = game.deletes_at ? `<p class="muted" data-testid="deletes">${esc(w("deletesIn", { t: "" }))}<span class="clock" data-deadline="${game.deletes_at}">${left(game.deletes_at)}</span></p>` : `<p class="muted">${esc(w("finalNote"))}</p>`;
  return `
  <section class="panel" data-testid="final" data-ending="${esc(game.ending)}">
    <h2>${esc(w("phase_finished"))}</h2>
    <h3>${esc(w("ending"))}: ${esc(itemText(ctx.cat, game.ending_card) || game.ending)}</h3><p>${esc(itemText(ctx.cat, game.ending_card, "text"))}</p>
    <p><b>${esc(w("winners"))}:</b> <span data-testid="winners">${esc(winners)}</span></p>
    ${deletes}
    ${ctx.again ? `<p><a class="btn primary" href="${esc(ctx.again)}" data-testid="join-new">${esc(w("joinNew"))}</a></p>`
      : `<p><button type="button" class="btn primary" data-op="play-again" data-testid="play-again">${esc(w("playAgain"))}</button><br><small class="muted">${esc(w("playAgainNote"))}</small></p>`}
  </section>
  ${group(game, ctx, w("inArk"), game.players.filter((p) => !p.exiled), "final-ark")}
  ${group(game, ctx, w("exiledList"), game.players.filter((p) => p.exiled), "final-exiled")}
  ${catastrophePanel(game, ctx)}
  ${allTallies(game, ctx)}
  <p><a class="btn" href="#/">${esc(w("backHome"))}</a></p>
  ${chatPanel(game, ctx)}`;
}
