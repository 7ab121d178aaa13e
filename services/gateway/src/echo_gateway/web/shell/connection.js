// WebSocket protocol v2 (services/gateway/PROTOCOL.md): hello, commands with client ids, acks and errors,
// pushes (update, notice, presence, heartbeat), and a reconnect that resends unanswered commands with their ids.
// Every game's page has one; `logDelta` (the long logs of Echo Challenge, Ghost Five and Echoes of Time) asks
// for log deltas in the hello (log_delta.js merges them). A game resumes its own view on the "online" event.
import { ensureToken, forgetToken } from "./session.js";

// A command a back-end service did not answer in time changed nothing and is resent with the same id
// (harmless: the engine applies an id once). A start is resent longer: at midnight everyone starts the
// Daily at once and the services serve them in arrival order (docs/performance.md, "Midnight surge").
const RESENDABLE = new Set(["engine_unavailable", "leagues_unavailable"]);
const RESENDS = { start: 8, other: 3 };
const resendDelay = (attempt) => Math.min(500 * attempt, 5000);

// A lost socket is opened again after a delay that doubles up to a ceiling: a server that is restarting is
// not flooded by every page at once, and a short drop is over in half a second.
export const FIRST_RETRY = 500;
const LAST_RETRY = 5000;

/** The delay before the reconnect after one that waited `delay` ms. */
export const nextRetry = (delay) => Math.min(delay * 2, LAST_RETRY);

// A hello the server could not check yet (its session store electing a leader after a lost server) is
// answered `store_unavailable` with `retry_after` seconds, then closed: the next socket waits that long, at most
// this, and keeps the token (the session stands). Meanwhile the state is "waiting", not "offline": the bar
// says the server asked for a moment rather than that the connection was lost.
const LONGEST_TOLD_WAIT = 10000;
const toldWait = (frame) => Math.min(frame.retry_after > 0 ? frame.retry_after * 1000 : FIRST_RETRY, LONGEST_TOLD_WAIT);

let counter = 0;
const newId = () => `c${Date.now().toString(36)}-${(counter++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export class Connection extends EventTarget {
  constructor({ logDelta = true } = {}) {
    super();
    this.logDelta = logDelta;
    this.ws = null;
    this.state = "offline"; // offline | waiting (told to, store_unavailable) | connecting | online
    this.told = false; // this socket was told to wait: its close is a "waiting"
    this.pending = new Map(); // id -> {frame, resolve, retries}
    this.retryDelay = FIRST_RETRY;
    this.accountId = null;
    this.closedByUs = false;
    this.pingTimer = null;
  }

  async open() {
    if (this.ws && this.state !== "offline") return;
    this.setState("connecting");
    let token;
    try {
      token = await ensureToken();
    } catch {
      this.scheduleReconnect();
      return;
    }
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws`);
    this.ws = ws;
    const hello = { type: "hello", v: 2, token, ...(this.logDelta ? { log_delta: true } : {}) };
    ws.addEventListener("open", () => ws.send(JSON.stringify(hello)));
    ws.addEventListener("message", (event) => this.onFrame(ws, event.data));
    ws.addEventListener("close", (event) => this.onClose(ws, event));
  }

  setState(state) {
    this.state = state;
    this.dispatchEvent(new CustomEvent("state", { detail: state }));
  }

  onFrame(ws, text) {
    let frame;
    try { frame = JSON.parse(text); } catch { return; }
    if (frame.type === "welcome") {
      this.accountId = frame.account_id;
      this.retryDelay = FIRST_RETRY;
      this.setState("online");
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: "ping", id: newId() }), 30000);
      for (const entry of this.pending.values()) this.send(entry.frame); // same ids: applied at most once
      this.dispatchEvent(new CustomEvent("online"));
      return;
    }
    if (frame.type === "error" && frame.code === "not_authenticated") {
      forgetToken();
      return;
    }
    if (frame.type === "error" && frame.code === "store_unavailable" && !frame.id) {
      this.retryDelay = Math.max(this.retryDelay, toldWait(frame));
      this.told = true;
    }
    const entry = frame.id ? this.pending.get(frame.id) : undefined;
    if (entry && ["ack", "error", "pong"].includes(frame.type)) {
      const resends = RESENDS[entry.frame.type] ?? RESENDS.other;
      if (frame.type === "error" && RESENDABLE.has(frame.code) && entry.retries < resends) {
        entry.retries += 1;
        setTimeout(() => this.send(entry.frame), resendDelay(entry.retries));
        this.dispatchEvent(new CustomEvent("retrying", { detail: frame }));
        return;
      }
      this.pending.delete(frame.id);
      entry.resolve(frame);
      return;
    }
    if (["update", "notice", "presence", "error"].includes(frame.type)) {
      this.dispatchEvent(new CustomEvent(frame.type, { detail: frame }));
    }
  }

  onClose(ws, event) {
    if (ws !== this.ws) return;
    this.ws = null;
    clearInterval(this.pingTimer);
    this.setState(this.told ? "waiting" : "offline");
    this.told = false;
    if (event.code === 4401) forgetToken();
    if (!this.closedByUs) this.scheduleReconnect();
  }

  scheduleReconnect() {
    const delay = this.retryDelay;
    this.retryDelay = nextRetry(delay);
    setTimeout(() => this.open(), delay);
  }

  send(frame) {
    if (this.ws && this.state === "online" && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(frame));
      return true;
    }
    return false;
  }

  /** Send a command; resolves with its ack or error frame (after reconnects, if need be). */
  command(type, fields = {}) {
    const frame = { type, id: newId(), ...fields };
    return new Promise((resolve) => {
      this.pending.set(frame.id, { frame, resolve, retries: 0 });
      this.send(frame);
    });
  }

  /** For tests and debugging: drop the socket as a network failure would. */
  drop() {
    this.ws?.close(4000, "dropped");
  }
}
