// Colyseus 0.18's tic-tac-toe in its canonical shape (colyseus/tic-tac-toe: a room of two clients, the board
// in the room's synchronized schema state, an "action" message per move) on its own server with the WebSocket
// transport. The room sends its patch as soon as a move is applied (`setPatchRate(null)` + `broadcastPatch()`,
// the usual choice for a turn-based room) rather than on the default 50 ms tick. The capacity benchmark's peer.
//   node colyseus_server.mjs PORT
import { Room, Server } from "@colyseus/core";
import { ArraySchema, MapSchema, schema, t } from "@colyseus/schema";
import { WebSocketTransport } from "@colyseus/ws-transport";

const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

const State = schema({
  currentTurn: t.string(),
  players: t.map("boolean"),
  board: t.array("number"),
  winner: t.string(),
  draw: t.boolean(),
});

class TicTacToe extends Room {
  maxClients = 2;

  onCreate() {
    this.setState(new State({ board: new ArraySchema(0, 0, 0, 0, 0, 0, 0, 0, 0), players: new MapSchema() }));
    this.setPatchRate(null);
    this.onMessage("action", (client, message) => this.playerAction(client, message));
  }

  onJoin(client) {
    this.state.players.set(client.sessionId, true);
    if (this.state.players.size === 1) this.state.currentTurn = client.sessionId;
    if (this.state.players.size === 2) this.lock();
    this.broadcastPatch();
  }

  playerAction(client, { x, y }) {
    const state = this.state;
    if (state.winner || state.draw || client.sessionId !== state.currentTurn) return;
    const index = x + 3 * y;
    if (state.board[index] !== 0) return;
    const ids = Array.from(state.players.keys());
    const mark = client.sessionId === ids[0] ? 1 : 2;
    state.board[index] = mark;
    if (LINES.some((line) => line.every((i) => state.board[i] === mark))) state.winner = client.sessionId;
    else if (state.board.every((c) => c !== 0)) state.draw = true;
    else state.currentTurn = ids.find((id) => id !== client.sessionId);
    this.broadcastPatch();
  }
}

const server = new Server({ transport: new WebSocketTransport(), greet: false, logger: { info() {}, debug() {},
  warn: console.warn, error: console.error, log() {} } });
server.define("tictactoe", TicTacToe);
await server.listen(Number(process.argv[2]));
console.log("ready");
