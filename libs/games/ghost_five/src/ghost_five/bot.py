"""The computer opponent (§1): two levels, pure and deterministic given a seed.

- `easy`: one ply — each empty cell is valued by what a stone there builds and what it blocks; it
  picks among the best three at random.
- `strong`: simultaneous one-ply search. Its own candidates (the best placements, a stone or a shot
  on the opponent's best cells, an anchor on its own best) are played against the opponent's most
  likely replies through the real turn resolution (burns, hits, expiry and all). A reply is taken to
  be as likely as its cell is good for the opponent (a winning cell is all but certain); the bot keeps
  the action with the best blend of expected and worst-case value.
"""

from __future__ import annotations

from typing import Literal

from .board import SEAT_LETTERS
from .ending import round_result
from .evaluation import cell_values, owners, score
from .notation import Action
from .pick import pick
from .resolution import resolve
from .state import MatchState

Level = Literal["easy", "strong"]
LEVELS: tuple[Level, ...] = ("easy", "strong")
OWN_PLACEMENTS = 8
REPLIES = 5
WIN = 1e5
DRAWN_ROUND = -3e4  # a replayed round throws away the lead the strong bot usually has
DEFENCE_WEIGHT = 1.2
WORST_CASE_WEIGHT = 0.2
SKIP_WEIGHT = 0.02  # how likely the opponent is taken to let the turn pass


def choose(state: MatchState, seat: int, level: Level, seed: int) -> str:
    """The bot's canonical action for the open turn."""
    board = state.board
    key = f"{seed}|{state.match_id}|{board.round}|{state.open_turn}|{seat}|{level}"
    ranked = _ranked(_cell_values(state, seat))
    if not ranked:
        return _first_empty(state)
    if level == "easy":
        return f"P:{state.geo.names[pick(key, ranked[:3])]}"
    return _search(state, seat, ranked, key).text


def _cell_values(state: MatchState, seat: int) -> dict[int, tuple[float, float]]:
    board, settings = state.board, state.settings
    return cell_values(owners(board.pieces, board.walls, state.geo.size), settings.board, settings.row, seat)


def _ranked(values: dict[int, tuple[float, float]]) -> list[int]:
    """Empty cells, best (what a stone there builds plus what it blocks) first."""
    return sorted(values, key=lambda c: (-(values[c][0] + values[c][1]), c))


def _first_empty(state: MatchState) -> str:
    board, geo = state.board, state.geo
    centre = geo.size // 2
    cell = min((c for c in range(geo.size) if c not in board.pieces and c not in board.walls),
               key=lambda c: (abs(c % geo.n - centre % geo.n) + abs(c // geo.n - centre // geo.n), c))
    return f"P:{geo.names[cell]}"


def _search(state: MatchState, seat: int, ranked: list[int], key: str) -> Action:
    board, geo, settings = state.board, state.geo, state.settings
    names = geo.names
    their_values = _cell_values(state, 1 - seat)
    theirs = _ranked(their_values)[:REPLIES]
    candidates = [Action("P", names[c]) for c in ranked[:OWN_PLACEMENTS]]
    candidates += [Action("P", names[c]) for c in theirs[:3]] + [Action("X", names[c]) for c in theirs[:2]]
    if board.reserve[seat] > 0:
        candidates += [Action("A", names[c]) for c in ranked[:2]]
    candidates = list(dict.fromkeys(candidates))
    replies: list[Action | None] = [Action("P", names[c]) for c in theirs] + [None]
    goodness = [sum(their_values[c]) for c in theirs]
    total = sum(goodness) or 1.0
    likelihood = [(1 - SKIP_WEIGHT) * g / total for g in goodness] + [SKIP_WEIGHT]
    me = SEAT_LETTERS[seat]
    best: list[Action] = []
    best_value = -float("inf")
    for mine in candidates:
        values = []
        for reply in replies:
            actions = (mine, reply) if seat == 0 else (reply, mine)
            _, after = resolve(board, geo, settings, actions)
            ended = round_result(after, geo, settings)
            if ended is None or ended.reason in ("skips", "double_skip"):
                totals = score(owners(after.pieces, after.walls, geo.size), settings.board, settings.row)
                values.append(max(-WIN, min(WIN, totals[seat] - DEFENCE_WEIGHT * totals[1 - seat])))
            elif ended.result == "draw":
                values.append(DRAWN_ROUND)
            else:
                values.append(WIN if ended.result == me else -WIN)
        expected = sum(p * v for p, v in zip(likelihood, values, strict=True))
        value = (1 - WORST_CASE_WEIGHT) * expected + WORST_CASE_WEIGHT * min(values)
        if value > best_value + 1e-9:
            best, best_value = [mine], value
        elif abs(value - best_value) <= 1e-9:
            best.append(mine)
    return pick(key, best)
