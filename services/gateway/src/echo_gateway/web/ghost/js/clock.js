// The seats' clocks (docs/games/ghost-five.md §7) counted down on this device from the view: a seat's clock
// runs since `clock_since` (the server's time, which shell/servertime.js learns) on top of `clock_spent`; move
// time first, then the reserve.

/** The server times a view says have passed, for ServerTime: each running clock's start and the reveal
 * window's opening. */
export function pastMoments(view) {
  const starts = Object.values(view.open_turn ?? {}).map((seat) => seat.clock_since);
  return [...starts, view.reveal_since].filter((moment) => moment != null);
}

/** Seconds of the seat's clock used so far in the open turn. */
export function elapsed(turn, serverNow) {
  if (!turn) return 0;
  return turn.clock_spent + (turn.clock_since == null ? 0 : Math.max(0, serverNow - turn.clock_since));
}

/** {move, reserve, out}: what is left of the move time and the reserve after `used` seconds. */
export function left(settings, reserve, used) {
  const move = Math.max(0, settings.move_time - used);
  const over = Math.max(0, used - settings.move_time);
  const rest = Math.max(0, reserve - over);
  return { move, reserve: rest, out: used >= settings.move_time + reserve };
}

export const mmss = (seconds) => {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};
