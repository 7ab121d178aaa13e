"""Tic-tac-toe as an Echo rules library: two seats, X (0) moves first, three in a row wins, a full board with
no row is a draw. The engine hosts it at a table through the `echo.games` entry point (`tictactoe.hosting`);
nothing else in the platform names it. It is the game the capacity benchmark plays against boardgame.io and
Colyseus (tests/load/peers/), each in its canonical tic-tac-toe shape."""
