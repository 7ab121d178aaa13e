// The seats' clocks (docs/games/ghost-five.md §7) counted down on this device from the view: a seat's clock
// runs since `clock_since` (the server's time) on top of `clock_spent`; move time first, then the reserve.
// The server's time is this device's minus an offset learnt from the views: a running clock's `since` is
// never later than the moment its view arrives, so the smallest (arrival − since) seen is the offset.
const KEEP = 6; // recent observations: an old one would hold a stale offset after a server clock change

export class ServerTime {
  constructor() { this.seen = []; }

  observe(view) {
    const arrived = Date.now() / 1000;
    for (const seat of Object.values(view.open_turn ?? {})) {
      if (seat.clock_since != null) this.seen.push(arrived - seat.clock_since);
    }
    if (view.reveal_since != null) this.seen.push(arrived - view.reveal_since);
    this.seen = this.seen.slice(-KEEP);
  }

  now() {
    const offset = this.seen.length ? Math.min(...this.seen) : 0;
    return Date.now() / 1000 - offset;
  }
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
