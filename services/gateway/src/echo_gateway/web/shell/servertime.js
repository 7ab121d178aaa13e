// The server's time on this device, whichever way this device's clock is off: this device's time minus an
// offset learnt from server times that had already passed when they arrived (an HTTP response's Date, a
// running clock's start, an open step's opening in a view). Such a moment is never later than its arrival,
// so the smallest (arrival − moment) seen is the offset; a moment seen again (a later view of the same step)
// says nothing new, its first arrival was the closest.
const KEEP = 6; // the latest moments: an old one would hold a stale offset after a server clock change

export class ServerTime {
  constructor() { this.offsets = new Map(); } // moment -> (its first arrival − it), in first-seen order

  /** `past`: server times (seconds since the epoch) that something just received says have passed. */
  observe(past) {
    const arrived = Date.now() / 1000;
    for (const moment of past) {
      if (!this.offsets.has(moment)) this.offsets.set(moment, arrived - moment);
    }
    for (const moment of [...this.offsets.keys()].slice(0, -KEEP)) this.offsets.delete(moment);
  }

  /** One fresh moment, for a page opened in the middle of a step (whose views only carry its old opening):
   * an HTTP response's Date. It is whole seconds (and uvicorn refreshes it once a second), so until a view
   * brings a fresh moment the server's time is known to within about 2 s, never ahead of it. */
  async ask() {
    try {
      const response = await fetch(location.pathname, { method: "HEAD", cache: "no-store" });
      const date = Date.parse(response.headers.get("date"));
      const age = Number(response.headers.get("age")) || 0; // seconds a cache in between held it
      if (!Number.isNaN(date)) this.observe([date / 1000 + age]);
    } catch {
      // offline: the views teach it
    }
  }

  /** The server's time now, in seconds since the epoch. */
  now() {
    const offset = this.offsets.size ? Math.min(...this.offsets.values()) : 0;
    return Date.now() / 1000 - offset;
  }
}
