// The home's row of games: all four games of the site, each in a sentence, and what
// this player has open in each — his live Echo games (one player: always his turn) from the server's list,
// and his Ghost Five matches this device knows (the Ghost client keeps them per account: ghost/js/games.js).
// Ark and Echoes of Time keep no list of open rooms a page can read: their tiles lead to their lobbies.
import { t } from "./i18n.js";
import { escapeHTML } from "../../shell/text.js";

const GHOST_OPEN = ["live", "lobby"];

function ghostOpen(accountId) {
  try {
    const games = JSON.parse(localStorage.getItem(`ghost.games.${accountId ?? "anonymous"}`)) ?? [];
    return games.filter((g) => GHOST_OPEN.includes(g.status));
  } catch {
    return [];
  }
}

function echoOpen(games) {
  return (games ?? []).filter((g) => g.status === "live" || (!g.status && !g.finished_at));
}

/** `echoGames`: GET /api/v1/games's list (or null while unknown). */
export function gamesHomeHTML(echoGames, accountId) {
  const echo = echoOpen(echoGames).map((g) => `<li><a href="#/game/${escapeHTML(g.game_id)}" data-testid="home-open-echo">${t(`mode_${g.mode}`)}</a>
    · <strong>${t("homeYourTurn")}</strong></li>`);
  const ghost = ghostOpen(accountId).map((g) => `<li><a href="/ghost/#/m/${escapeHTML(g.game_id)}" data-testid="home-open-ghost">${t("gameGhost")}</a>
    · ${g.status === "lobby" ? t("homeWaiting") : `<strong>${t("homeYourTurn")}</strong>${g.score ? ` · ${escapeHTML(g.score.A)}:${escapeHTML(g.score.B)}` : ""}`}</li>`);
  const tile = (id, href, name, gist, open = []) => `<li class="game-tile" data-testid="home-game-${id}">
    ${href ? `<a class="tile-name" href="${href}">${name}</a>` : `<strong class="tile-name">${name}</strong> <span class="muted small">(${t("homeHere")})</span>`}
    <p class="muted">${gist}</p>
    ${open.length ? `<ul class="open-games">${open.join("")}</ul>` : ""}</li>`;
  return `<section class="games-home" aria-labelledby="games-home-title" data-testid="games-home">
    <h2 id="games-home-title" class="sr-only">${t("gamesLabel")}</h2>
    <ul class="game-tiles">
      ${tile("echo", "", t("mainTitle"), t("homeEchoGist"), echo)}
      ${tile("ghost", "/ghost/", t("gameGhost"), t("homeGhostGist"), ghost)}
      ${tile("ark", "/ark/", t("gameArk"), t("homeArkGist"))}
      ${tile("eot", "/eot/", t("gameEot"), t("homeEotGist"))}
    </ul></section>`;
}
