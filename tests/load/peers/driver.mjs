// The capacity benchmark's one load driver: the same tic-tac-toe workload over WebSocket against this platform
// (examples/tictactoe through the gateway's protocol v2), boardgame.io 0.50 (its socket.io protocol, as its
// client speaks it) and Colyseus 0.18 (its own SDK). Run by tests/load/bench_peers.py, which starts and kills
// the servers; prints one JSON object.
//
//   node driver.mjs SYSTEM URL PHASE [--key value ...]
//     SYSTEM  echo | bgio | colyseus;  URL  http://127.0.0.1:PORT
//     PHASE   latency  --moves N                one game at a time, one move at a time
//             saturate --players N --seconds S  every pair moves as soon as the last move was seen (after a
//                                              warm-up of up to 3 s, not counted)
//             capacity --stages 50,100,… --seconds S --pids 1,2  each player one move a second, stage by stage
//             durable                          three moves of a game, acknowledged; prints the game's handle
//             recall   --handle JSON           which of those moves the (restarted) server still has
//             surge    --tokens FILE --window S  (echo only) players starting the Daily within S seconds
//             whole    --tokens FILE --clicks FILE --stages 10,20,… --seconds S --pids 1,2  (echo only) whole
//                                              Daily games, each player one click a second, stage by stage
//
// A move's time: from sending it until the OPPONENT's socket has the update that shows it (for this platform
// that is after its events are stored; the mover's own ack leaves at the same point). Every game is X 0, O 3,
// X 1, O 4, X 2: X wins on the fifth move and the pair opens a new game, as players do.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const WebSocket = require("ws");
const ioClient = require("socket.io-client");
const { Client: ColyseusClient } = require("@colyseus/sdk");

const SCRIPT = [0, 3, 1, 4, 2];
const [system, url, phase, ...rest] = process.argv.slice(2);
const args = {};
for (let i = 0; i < rest.length; i += 2) args[rest[i].replace(/^--/, "")] = rest[i + 1];
const now = () => Number(process.hrtime.bigint()) / 1e6; // ms

function deferred() {
  let resolve, reject;
  const promise = new Promise((a, b) => { resolve = a; reject = b; });
  return { promise, resolve, reject };
}

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([promise, new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms);
  })]).finally(() => clearTimeout(timer));
}

// ---- this platform: guests over HTTP, then one WebSocket a player (protocol v2) ----
class EchoPlayer {
  static async open(base, token) {
    const player = new EchoPlayer();
    player.ws = new WebSocket(base.replace("http", "ws") + "/ws", { perMessageDeflate: true });
    player.waiting = new Map(); // command id -> deferred
    player.watch = null; // (frame) => void, for updates
    const hello = deferred();
    player.ws.on("message", (data) => {
      const frame = JSON.parse(data);
      if (frame.type === "welcome" || frame.type === "hello") { hello.resolve(frame); return; }
      if (frame.id && player.waiting.has(frame.id)) {
        player.waiting.get(frame.id).resolve(frame);
        player.waiting.delete(frame.id);
        return;
      }
      if (frame.type === "update" && player.watch) player.watch(frame);
      else if (frame.type === "error") hello.reject(new Error(JSON.stringify(frame)));
    });
    player.ws.on("error", (e) => hello.reject(e));
    await new Promise((ok, fail) => { player.ws.once("open", ok); player.ws.once("error", fail); });
    player.ws.send(JSON.stringify({ type: "hello", v: 2, token }));
    await withTimeout(hello.promise, 30000, "hello");
    return player;
  }

  ask(frame) {
    frame.id = Math.random().toString(36).slice(2) + Date.now().toString(36);
    const answer = deferred();
    this.waiting.set(frame.id, answer);
    this.ws.send(JSON.stringify(frame));
    return withTimeout(answer.promise, 30000, frame.type);
  }

  close() { this.ws.close(); }
}

async function echoGuests(base, n) {
  const tokens = [];
  for (let i = 0; i < n; i += 20) {
    tokens.push(...await Promise.all(Array.from({ length: Math.min(20, n - i) }, async () => {
      const response = await fetch(base + "/api/v1/guest", { method: "POST" });
      if (!response.ok) throw new Error(`guest: HTTP ${response.status}`);
      return (await response.json()).token;
    })));
  }
  return tokens;
}

const echo = {
  async pair(base) {
    const [a, b] = await echoGuests(base, 2);
    const players = [await EchoPlayer.open(base, a), await EchoPlayer.open(base, b)];
    return { players, tokens: [a, b] };
  },
  async newGame(pair) {
    const [a, b] = pair.players;
    const opened = await a.ask({ type: "start", kind: "tictactoe", seats: 2, settings: {} });
    if (opened.type !== "ack") throw new Error(`start: ${JSON.stringify(opened)}`);
    pair.gameId = opened.game_id;
    const joined = await b.ask({ type: "join", kind: "tictactoe", invite: opened.view.table.invite });
    if (joined.type !== "ack") throw new Error(`join: ${JSON.stringify(joined)}`);
  },
  // resolves when the opponent's socket has an update of this game showing the cell taken
  async move(pair, seat, cell) {
    const mover = pair.players[seat], other = pair.players[1 - seat];
    const seen = deferred();
    other.watch = (frame) => {
      const board = frame.game_id === pair.gameId && frame.view?.game?.board;
      if (board && board[cell] !== null) { other.watch = null; seen.resolve(); }
    };
    const ack = await mover.ask({ type: "act", game_id: pair.gameId, action: { type: "place", cell } });
    if (ack.type !== "ack") throw new Error(`act: ${JSON.stringify(ack)}`);
    await withTimeout(seen.promise, 30000, "update");
  },
  close(pair) { pair.players.forEach((p) => p.close()); },
  async handle(pair) { return { token: pair.tokens[0], game_id: pair.gameId }; },
  async recall(base, handle) {
    const player = await EchoPlayer.open(base, handle.token);
    try {
      const whole = await player.ask({ type: "resume", game_id: handle.game_id, version: 0 });
      const board = whole.view?.game?.board;
      return { answer: whole.type, board: board ?? null };
    } finally { player.close(); }
  },
};

// ---- boardgame.io: its lobby API over HTTP, then its socket.io protocol, one socket a player ----
const BGIO_GAME = "tic-tac-toe";
const bgio = {
  async pair() { return { sockets: [] }; },
  // sockets of their own for each match, as a boardgame.io client is made for one match
  async connect(pair, base) {
    pair.sockets.forEach((s) => s.close());
    pair.sockets = [0, 1].map(() => ioClient(`${base}/${BGIO_GAME}`, { transports: ["websocket"] }));
    pair.stateID = 0;
    pair.listeners = [null, null];
    pair.synced = [];
    pair.sockets.forEach((socket, seat) => {
      const seen = (matchID, stateID) => {
        if (matchID !== pair.matchID) return;
        pair.stateID = Math.max(pair.stateID, stateID);
        pair.listeners[seat]?.(stateID);
      };
      socket.on("patch", (matchID, prev, stateID) => seen(matchID, stateID));
      socket.on("update", (matchID, state) => seen(matchID, state._stateID));
      socket.on("sync", (matchID, info) => { if (matchID === pair.matchID) pair.synced[seat]?.(info); });
    });
    await Promise.all(pair.sockets.map((s) => new Promise((ok) => s.connected ? ok() : s.once("connect", ok))));
  },
  async newGame(pair, base) {
    const post = async (path, body) => {
      const response = await fetch(`${base}/games/${BGIO_GAME}${path}`, {
        method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      return response.json();
    };
    const { matchID } = await post("/create", { numPlayers: 2 });
    pair.matchID = matchID;
    pair.credentials = [];
    for (const seat of [0, 1]) {
      pair.credentials[seat] = (await post(`/${matchID}/join`, { playerID: String(seat), playerName: `p${seat}` }))
        .playerCredentials;
    }
    await bgio.connect(pair, base);
    await Promise.all([0, 1].map((seat) => {
      const synced = new Promise((ok) => { pair.synced[seat] = ok; });
      pair.sockets[seat].emit("sync", matchID, String(seat), pair.credentials[seat], 2);
      return withTimeout(synced, 30000, "sync");
    }));
  },
  async move(pair, seat, cell) {
    const seen = deferred();
    const sent = pair.stateID; // the opponent sees the move in the first state after this one (not a late one before)
    pair.listeners[1 - seat] = (stateID) => {
      if (stateID > sent) { pair.listeners[1 - seat] = null; seen.resolve(); }
    };
    const action = { type: "MAKE_MOVE", payload: { type: "clickCell", args: [cell], playerID: String(seat),
      credentials: pair.credentials[seat] } };
    pair.sockets[seat].emit("update", action, pair.stateID, pair.matchID, String(seat));
    await withTimeout(seen.promise, 30000, "patch");
  },
  close(pair) { pair.sockets.forEach((s) => s.close()); },
  async handle(pair) { return { matchID: pair.matchID }; },
  async recall(base, handle) {
    const response = await fetch(`${base}/games/${BGIO_GAME}/${handle.matchID}`);
    return { answer: `HTTP ${response.status}`, board: null };
  },
};

// ---- Colyseus: its SDK, a room per game (a connection per player and room, as its client does) ----
const colyseus = {
  async pair(base) { return { clients: [new ColyseusClient(base), new ColyseusClient(base)], rooms: [] }; },
  async newGame(pair) {
    pair.rooms.forEach((room) => room.leave());
    const a = await pair.clients[0].create("tictactoe");
    const b = await pair.clients[1].joinById(a.roomId);
    pair.rooms = [a, b];
    pair.listeners = [null, null];
    pair.rooms.forEach((room, seat) => room.onStateChange((state) => pair.listeners[seat]?.(state)));
  },
  async move(pair, seat, cell) {
    const seen = deferred();
    pair.listeners[1 - seat] = (state) => {
      if (state.board[cell] !== 0) { pair.listeners[1 - seat] = null; seen.resolve(); }
    };
    pair.rooms[seat].send("action", { x: cell % 3, y: Math.floor(cell / 3) });
    await withTimeout(seen.promise, 30000, "state");
  },
  close(pair) { pair.rooms.forEach((room) => room.leave()); },
  async handle(pair) { return { roomId: pair.rooms[0].roomId }; },
  async recall(base, handle) {
    try {
      const room = await new ColyseusClient(base).joinById(handle.roomId);
      const board = Array.from(room.state.board ?? []);
      room.leave();
      return { answer: "joined", board };
    } catch (error) {
      return { answer: String(error.message ?? error).slice(0, 80), board: null };
    }
  },
};

const SYSTEMS = { echo, bgio, colyseus };

// ---- one pair playing the script ----
const newGames = []; // ms each new game took to open (both players seated), in every phase

class Pair {
  constructor(adapter) { this.adapter = adapter; this.step = SCRIPT.length; }

  async open() { this.inner = await this.adapter.pair(url); }

  // the next move (a new game first when the last one ended): its ms, the new game not counted
  async next() {
    if (this.step === SCRIPT.length) {
      const t0 = now();
      await this.adapter.newGame(this.inner, url);
      newGames.push(now() - t0);
      this.step = 0;
    }
    const seat = this.step % 2, cell = SCRIPT[this.step];
    const t0 = now();
    await this.adapter.move(this.inner, seat, cell);
    this.step += 1;
    return now() - t0;
  }

  close() { try { this.adapter.close(this.inner); } catch { /* already gone */ } }
}

function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : 0;
  return { n: sorted.length, median_ms: at(0.5), p99_ms: at(0.99), max_ms: sorted.at(-1) ?? 0 };
}

function rssKib(pids) {
  let total = 0;
  for (const pid of pids) {
    try {
      const line = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((l) => l.startsWith("VmRSS:"));
      total += Number(line.split(/\s+/)[1]);
    } catch { /* a process that ended (a PostgreSQL backend) */ }
  }
  return total;
}

async function openPairs(adapter, count) {
  const pairs = [];
  for (let i = 0; i < count; i += 25) {
    pairs.push(...await Promise.all(Array.from({ length: Math.min(25, count - i) }, async () => {
      const pair = new Pair(adapter);
      await pair.open();
      return pair;
    })));
  }
  return pairs;
}

async function latency(adapter) {
  const [pair] = await openPairs(adapter, 1);
  for (let i = 0; i < 10; i++) await pair.next(); // warm-up
  const samples = [];
  for (let i = 0; i < Number(args.moves ?? 200); i++) samples.push(await pair.next());
  pair.close();
  return { ...stats(samples), new_game: stats(newGames) };
}

async function saturate(adapter) {
  const pairs = await openPairs(adapter, Number(args.players ?? 40) / 2);
  const seconds = Number(args.seconds ?? 10);
  let moves = 0;
  const start = now() + Math.min(seconds, 3) * 1000; // a warm-up first: the JIT, the servers' caches
  const end = start + seconds * 1000;
  await Promise.all(pairs.map(async (pair) => {
    while (now() < end) {
      await pair.next();
      if (now() >= start && now() < end) moves += 1;
    }
  }));
  pairs.forEach((p) => p.close());
  return { players: pairs.length * 2, seconds, moves, moves_per_s: moves / seconds, new_game: stats(newGames) };
}

// Stage by stage, a crowd at a human pace: `open(players)` seats a stage's crowd as units that move on a
// timeline of their own every `interval` ms (a late move is sent at once, and the timeline does not slip);
// a unit's `next()` gives a move's ms, or null when it has no move left. A stage holds when p99 ≤ 100 ms,
// no error, and ≥ 95 % of the moves due were made; the stages stop at the first that does not hold.
async function paced({ open, interval, close, seconds = Number(args.seconds ?? 10) }) {
  const pids = (args.pids ?? "").split(",").filter(Boolean).map(Number);
  const start_kib = rssKib(pids);
  const stages = [];
  for (const players of (args.stages ?? "50,100,200,400,800").split(",").map(Number)) {
    let units;
    try {
      units = await open(players);
    } catch (error) {
      stages.push({ players, held: false, error: `opening: ${error.message}` });
      break;
    }
    const samples = [];
    let errors = 0, due = 0;
    const t0 = now() + 200;
    const end = t0 + seconds * 1000;
    await Promise.all(units.map(async (unit, i) => {
      for (let at = t0 + (i * interval) / units.length; at < end; at += interval) { // spread over one interval
        const wait = at - now();
        if (wait > 0) await new Promise((ok) => setTimeout(ok, wait));
        let ms;
        try { ms = await unit.next(); } catch { errors += 1; due += 1; continue; }
        if (ms === null) break;
        samples.push(ms);
        due += 1;
      }
    }));
    const figures = stats(samples);
    const stage = { players, ...figures, errors, moves_made: samples.length, moves_due: due, rss_kib: rssKib(pids) };
    stage.held = figures.p99_ms <= 100 && errors === 0 && samples.length >= 0.95 * due && due > 0;
    stages.push(stage);
    units.forEach(close);
    await new Promise((ok) => setTimeout(ok, 1000));
    if (!stage.held) break;
  }
  const held = stages.filter((s) => s.held).at(-1);
  return { start_kib, stages, held_players: held?.players ?? 0,
    per_player_kib: held ? (held.rss_kib - start_kib) / held.players : null };
}

// the shared game: each player one move a second, so a pair moves every 500 ms
async function capacity(adapter) {
  return paced({ open: (players) => openPairs(adapter, players / 2), interval: 500, close: (pair) => pair.close() });
}

// this platform only: whole games of today's Daily, each player one click every `--interval` ms (default a
// second), a stage lasting until every player has made his last click. The players' guests were
// made beforehand (`--tokens FILE`, one a line; a Daily is one attempt, so each stage takes fresh ones) and
// every one plays the same clicks (`--clicks FILE`, a JSON list of actions: one Daily, the same clicks, the
// same game). A click's time: from sending it until its ack (with the view) is back — after it is stored.
async function whole() {
  if (system !== "echo") throw new Error("the Daily is this platform's: echo only");
  const tokens = readFileSync(args.tokens, "utf8").split("\n").filter(Boolean);
  const clicks = JSON.parse(readFileSync(args.clicks, "utf8"));
  let used = 0;
  const open = async (players) => {
    if (used + players > tokens.length) throw new Error(`${players} players wanted, ${tokens.length - used} guests left`);
    const mine = tokens.slice(used, used += players);
    const crowd = [];
    for (let i = 0; i < mine.length; i += 25) {
      crowd.push(...await Promise.all(mine.slice(i, i + 25).map(async (token) => {
        const player = await EchoPlayer.open(url, token);
        const started = await player.ask({ type: "start", kind: "echo", mode: "daily" });
        if (started.type !== "ack") throw new Error(`start: ${started.code ?? started.type}`);
        let step = 0;
        player.next = async () => {
          if (step === clicks.length) return null;
          const t0 = now();
          const reply = await player.ask({ type: "act", game_id: started.game_id, action: clicks[step] });
          if (reply.type !== "ack") throw new Error(`click ${step}: ${reply.code ?? reply.type}`);
          step += 1;
          return now() - t0;
        };
        return player;
      })));
    }
    return crowd;
  };
  const interval = Number(args.interval ?? 1000);
  const seconds = (clicks.length * interval) / 1000 + 1; // the last player starts one interval after the first
  return { clicks: clicks.length, interval_ms: interval,
    ...await paced({ open, interval, seconds, close: (player) => player.close() }) };
}

async function durable(adapter) {
  const [pair] = await openPairs(adapter, 1);
  for (let i = 0; i < 3; i++) await pair.next(); // X 0, O 3, X 1: each seen by the opponent, so acknowledged
  const handle = await adapter.handle(pair.inner);
  return { handle, acked_cells: SCRIPT.slice(0, 3) };
}

async function recall(adapter) {
  const handle = JSON.parse(args.handle);
  const found = await adapter.recall(url, handle.handle);
  const board = found.board;
  const kept = board ? handle.acked_cells.filter((cell) => board[cell] !== null && board[cell] !== 0).length : 0;
  return { ...found, acked: handle.acked_cells.length, kept };
}

// this platform only (the peers have no Daily): the midnight surge — players whose guests were made beforehand
// (`--tokens FILE`, one a line) arrive spread evenly over `--window` seconds; each opens a WebSocket, says hello
// and starts the Daily. Timed: the start alone, and connect → the start's view.
async function surge() {
  if (system !== "echo") throw new Error("the surge is this platform's Daily: echo only");
  const tokens = readFileSync(args.tokens, "utf8").split("\n").filter(Boolean);
  const window = Number(args.window ?? 60) * 1000;
  const starts = [], whole = [], errors = {}, players = [];
  const t0 = now() + 200;
  await Promise.all(tokens.map(async (token, i) => {
    const wait = t0 + (i * window) / tokens.length - now();
    if (wait > 0) await new Promise((ok) => setTimeout(ok, wait));
    const connected = now();
    try {
      const player = await EchoPlayer.open(url, token);
      players.push(player);
      const sent = now();
      const reply = await player.ask({ type: "start", kind: "echo", mode: "daily" });
      if (reply.type !== "ack") throw new Error(reply.code ?? reply.type);
      starts.push(now() - sent);
      whole.push(now() - connected);
    } catch (error) {
      const code = String(error.message ?? error).slice(0, 40);
      errors[code] = (errors[code] ?? 0) + 1;
    }
  }));
  const seconds = (now() - t0) / 1000;
  players.forEach((p) => p.close());
  return { players: tokens.length, window_s: window / 1000, start: stats(starts), connect_to_view: stats(whole),
    starts_per_s: starts.length / seconds, errors };
}

const PHASES = { latency, saturate, capacity, durable, recall, surge, whole };
const adapter = SYSTEMS[system];
if (!adapter || !PHASES[phase]) {
  console.error("usage: node driver.mjs echo|bgio|colyseus URL latency|saturate|capacity|durable|recall|surge|whole [--key value]");
  process.exit(2);
}
try {
  const result = await PHASES[phase](adapter);
  process.stdout.write(JSON.stringify({ system, phase, ...result }) + "\n");
  process.exit(0);
} catch (error) {
  console.error(`${system} ${phase}: ${error.stack ?? error}`);
  process.exit(1);
}
