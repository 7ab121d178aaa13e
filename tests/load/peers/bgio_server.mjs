// boardgame.io 0.50's canonical tic-tac-toe (its tutorial's game, https://boardgame.io/documentation/#/tutorial)
// on its own server: koa + socket.io, the default in-memory storage. The capacity benchmark's peer.
//   node bgio_server.mjs PORT
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);  // boardgame.io 0.50 ships CommonJS entry points only
const bgio = require("boardgame.io/server");
const core = require("boardgame.io/core");

const { Server, Origins } = bgio;
const { INVALID_MOVE } = core;

function isVictory(cells) {
  const positions = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
  return positions.some((row) => cells[row[0]] !== null && row.every((i) => cells[i] === cells[row[0]]));
}

const TicTacToe = {
  name: "tic-tac-toe",
  setup: () => ({ cells: Array(9).fill(null) }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    clickCell: ({ G, playerID }, id) => {
      if (G.cells[id] !== null) return INVALID_MOVE;
      G.cells[id] = playerID;
    },
  },
  endIf: ({ G, ctx }) => {
    if (isVictory(G.cells)) return { winner: ctx.currentPlayer };
    if (G.cells.every((c) => c !== null)) return { draw: true };
  },
};

const server = Server({ games: [TicTacToe], origins: [Origins.LOCALHOST, /.*/] });
server.run(Number(process.argv[2]), () => console.log("ready"));
