// Protocol v2 for Ark (services/gateway/PROTOCOL.md): Echo's Connection (ids, acks, resends, reconnects)
// with a v2 hello, and the `presence` frames of the table this device sits at.
import { Connection } from "../../js/connection.js";
import { ensureToken } from "../../js/api.js";

export class TableConnection extends Connection {
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
    ws.addEventListener("open", () => ws.send(JSON.stringify({ type: "hello", v: 2, token })));
    ws.addEventListener("message", (event) => this.onFrame(ws, event.data));
    ws.addEventListener("close", (event) => this.onClose(ws, event));
  }

  onFrame(ws, text) {
    let frame;
    try { frame = JSON.parse(text); } catch { return; }
    if (frame.type === "presence") this.dispatchEvent(new CustomEvent("presence", { detail: frame }));
    else super.onFrame(ws, text);
  }
}
