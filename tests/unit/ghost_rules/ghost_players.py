"""Baseline players the bot is measured against: a random legal player and a greedy one-ply player."""

from __future__ import annotations

from ghost_five.candidates import legal_actions
from ghost_five.evaluation import cell_values, owners
from ghost_five.pick import pick
from ghost_five.state import MatchState


def random_player(state: MatchState, seat: int, seed: int) -> str:
    """Uniform over every legal main action of the turn."""
    key = f"random|{seed}|{state.board.round}|{state.open_turn}|{seat}"
    return pick(key, legal_actions(state.board, state.geo, seat)).text


def greedy_player(state: MatchState, seat: int, seed: int) -> str:
    """The stone that builds plus blocks the most on the board as it stands (lowest cell on ties)."""
    board, settings, geo = state.board, state.settings, state.geo
    values = cell_values(owners(board.pieces, board.walls, geo.size), settings.board, settings.row, seat)
    if not values:
        return random_player(state, seat, seed)
    cell = min(values, key=lambda c: (-(values[c][0] + values[c][1]), c))
    return f"P:{geo.names[cell]}"
