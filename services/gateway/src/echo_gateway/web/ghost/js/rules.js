// What the client knows of the rules (docs/games/ghost-five.md): cell names, the actions legal on a cell
// at the start of a turn (for the cell menu; the server checks again), and the boards of past turns
// rebuilt from the log's outcomes (rewind). A view is the per-seat view of the rules library.
export const LETTERS = "ABCDEFGHJKLMNOPQRST"; // no «I»
export const DIRECTIONS = { N: [0, 1], NE: [1, 1], E: [1, 0], SE: [1, -1], S: [0, -1], SW: [-1, -1], W: [-1, 0], NW: [-1, 1] };
const TAKE_BACK_AGE = 5;

export const cellName = (col, row) => `${LETTERS[col]}${row + 1}`;
export function cellPos(name) {
  return [LETTERS.indexOf(name[0]), Number(name.slice(1)) - 1];
}

export function neighbour(name, dir, n) {
  const [c, r] = cellPos(name);
  const [dc, dr] = DIRECTIONS[dir];
  const col = c + dc;
  const row = r + dr;
  return col >= 0 && col < n && row >= 0 && row < n ? cellName(col, row) : null;
}

/** The board of a view as maps: cell -> stone (from `stones`), cell -> wall, cell -> mark. */
export function boardOf(view) {
  return {
    stones: new Map(view.stones.map((s) => [s.cell, s])),
    walls: new Map(view.walls.map((w) => [w.cell, w])),
    marks: new Map(view.marks.map((m) => [m.cell, m])),
  };
}

/** The anchors of `seat` that may ride a take-back along this turn's action (age ≥ 5). */
export function takeBackable(view, seat) {
  return view.stones.filter((s) => s.anchor && s.seat === seat && s.age >= TAKE_BACK_AGE).map((s) => s.cell);
}

/** Every main action legal on `cell` for `seat` at the start of this turn, as canonical texts. */
export function legalOn(view, seat, cell) {
  const n = view.settings.board;
  const { stones, walls } = boardOf(view);
  const piece = stones.get(cell);
  const wall = walls.has(cell);
  const actions = [];
  if (!piece && !wall) actions.push(`P:${cell}`);
  if (view.reserve[seat] > 0 && !wall && (!piece || (piece.seat === seat && !piece.anchor))) actions.push(`A:${cell}`);
  if (!wall && (!piece || (piece.seat !== seat && !piece.anchor))) actions.push(`X:${cell}`);
  if (piece?.anchor && piece.seat === seat) {
    for (const dir of Object.keys(DIRECTIONS)) {
      const to = neighbour(cell, dir, n);
      if (to && !stones.has(to)) actions.push(`S:${cell}:${to}`);
    }
    if (view.magnet_ready[seat]) for (const dir of Object.keys(DIRECTIONS)) actions.push(`M:${cell}:${dir}`);
  }
  return actions;
}

/**
 * The boards after each turn of `round`, rebuilt from the log (index 0: the empty board before turn 1).
 * Pieces, walls and marks only: ages and corner digits belong to the current view.
 */
export function rewindBoards(view, round) {
  const wallLife = view.settings.walls === "permanent" ? null : Number(view.settings.walls);
  const pieces = new Map(); // cell -> {seat, anchor}
  const walls = new Map(); // cell -> {until, trail}
  const marks = new Map(); // cell -> until
  const snapshot = () => ({
    stones: [...pieces].map(([cell, p]) => ({ cell, seat: p.seat, anchor: p.anchor, digit: null, frame: false })),
    walls: [...walls].map(([cell, w]) => ({ cell, ...w })),
    marks: [...marks].map(([cell, until]) => ({ cell, until })),
  });
  const boards = [snapshot()];
  for (const entry of view.log.filter((e) => e.round === round)) {
    const t = entry.turn;
    const steps = (types) => ["A", "B"].flatMap((seat) => entry.outcomes[seat].filter((o) => types.includes(o.type)).map((o) => [seat, o]));
    for (const [seat, o] of steps(["converted"])) pieces.set(o.cell, { seat, anchor: true });
    const burnt = new Set(steps(["burnt"]).map(([, o]) => o.cell));
    for (const cell of burnt) walls.set(cell, { until: wallLife === null ? null : t + wallLife, trail: false });
    for (const [seat, o] of steps(["placed", "anchored", "shifted"])) {
      if (o.type === "shifted") {
        const anchor = pieces.get(o.from);
        pieces.delete(o.from);
        walls.delete(o.to);
        pieces.set(o.to, anchor ?? { seat, anchor: true });
        walls.set(o.from, { until: t + 1, trail: true });
      } else {
        pieces.set(o.cell, { seat, anchor: o.type === "anchored" });
      }
    }
    const pulls = steps(["pulled"]).flatMap(([, o]) => o.moves);
    const moving = pulls.map(([from, to]) => [to, pieces.get(from)]);
    for (const [from] of pulls) pieces.delete(from);
    for (const [to, piece] of moving) if (piece) pieces.set(to, piece);
    for (const [, o] of steps(["hit", "fresh_hit"])) { pieces.delete(o.cell); marks.set(o.cell, t + 1); }
    for (const [, o] of steps(["captured"])) for (const cell of o.cells) pieces.delete(cell);
    for (const [seat, o] of steps(["taken_back"])) pieces.set(o.cell, { seat, anchor: false });
    for (const [, o] of steps(["expired"])) pieces.delete(o.cell);
    for (const [cell, w] of walls) if (w.until !== null && w.until <= t) walls.delete(cell);
    for (const [cell, until] of marks) if (until <= t) marks.delete(cell);
    boards.push(snapshot());
  }
  return boards;
}

/** The board rows as the rules write them (top row first: . a b A B #), to compare a rebuilt board. */
export function rowsText(board, n) {
  const rows = [];
  for (let r = n - 1; r >= 0; r -= 1) {
    let line = "";
    for (let c = 0; c < n; c += 1) {
      const cell = cellName(c, r);
      const stone = board.stones.find((s) => s.cell === cell);
      if (stone) line += stone.anchor ? stone.seat : stone.seat.toLowerCase();
      else line += board.walls.some((w) => w.cell === cell) ? "#" : ".";
    }
    rows.push(line);
  }
  return rows;
}

/** A board from the rows the rules write (`rounds[].board`: top row first, . a b A B #): a round's last board. */
export function boardFromRows(rows, n) {
  const stones = [];
  const walls = [];
  rows.forEach((line, i) => {
    const row = n - 1 - i;
    [...line].forEach((ch, col) => {
      const cell = cellName(col, row);
      if (ch === "#") walls.push({ cell, until: null, trail: false });
      else if (ch !== ".") stones.push({ cell, seat: ch.toUpperCase(), anchor: ch === ch.toUpperCase(), digit: null, frame: false });
    });
  });
  return { stones, walls, marks: [] };
}

/** The cells of `seat`'s runs of `length` or more pieces (anchors included) in a line: the row that won. */
export function rowCells(board, seat, length, n) {
  const own = new Set(board.stones.filter((s) => s.seat === seat).map((s) => s.cell));
  const lit = new Set();
  for (const dir of ["E", "N", "NE", "SE"]) {
    const back = { E: "W", N: "S", NE: "SW", SE: "NW" }[dir];
    for (const cell of own) {
      const before = neighbour(cell, back, n);
      if (before && own.has(before)) continue; // not the start of a run
      const run = [cell];
      for (let next = neighbour(cell, dir, n); next && own.has(next); next = neighbour(next, dir, n)) run.push(next);
      if (run.length >= length) run.forEach((c) => lit.add(c));
    }
  }
  return [...lit];
}

/** The cells each seat's action of a log entry named (its last move, marked on the board). */
export function movedCells(entry) {
  const marked = {};
  for (const seat of ["A", "B"]) {
    const action = entry?.actions?.[seat];
    if (!action) continue;
    const [main] = action.split(";");
    const parts = main.split(":");
    const cell = parts[0] === "S" ? parts[2] : parts[1];
    if (cell) marked[cell] = seat;
  }
  return marked;
}
