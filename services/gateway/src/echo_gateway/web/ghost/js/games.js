// This device's matches, per account (another account on this browser never sees them): «Мои партии»
// lists them beside what the server's history returns.
const LIMIT = 50;
const key = (accountId) => `ghost.games.${accountId ?? "anonymous"}`;

export function deviceGames(accountId) {
  try { return JSON.parse(localStorage.getItem(key(accountId))) ?? []; } catch { return []; }
}

export const known = (accountId, gameId) => deviceGames(accountId).find((g) => g.game_id === gameId) ?? null;

/** Note a match (or update it from its latest view). `extra`: what only this device knows (the bot's level). */
export function remember(accountId, gameId, view, extra = {}) {
  const games = deviceGames(accountId);
  const old = games.find((g) => g.game_id === gameId) ?? { game_id: gameId, at: new Date().toISOString() };
  const game = view?.game;
  const entry = {
    ...old, ...extra,
    opponent: view?.table?.settings?.opponent ?? old.opponent ?? "online",
    status: game?.status ?? (view?.table?.status === "closed" ? "cancelled" : old.status ?? "lobby"),
    started: game ? game.round > 1 || game.turn > 0 : old.started ?? false,
    score: game ? game.score : old.score ?? null,
    seat: game?.seat ?? old.seat ?? null,
  };
  const rest = games.filter((g) => g.game_id !== gameId);
  localStorage.setItem(key(accountId), JSON.stringify([entry, ...rest].slice(0, LIMIT)));
}
