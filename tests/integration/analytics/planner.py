"""Test-side knowledge of a Free game's hidden field, used to steer a real game to a chosen ending.

The rules are pure, so a game can be played out in memory first (the same setup the engine derives from
the account, the Moscow date and the Free slot) and the moves that reach the ending sent for real."""

from __future__ import annotations

from echo_challenge import game
from echo_challenge.commands import Beam, Probe
from echo_challenge.modes import free_setup
from echo_challenge.state import HIDDEN
from echo_events.moscow import moscow_date
from echo_runtime.clock import SystemClock

Move = tuple[str, int]


def _setup(account_id: str, preset: str, slot: int):  # noqa: ANN202
    return free_setup(preset, account_id, moscow_date(SystemClock().now()), slot, None)


def _score(state) -> float:  # noqa: ANN001
    if state.status == "complete":
        return 1e9
    if state.status != "live":
        return -1e9
    perturbed = sum(1 for t in state.timers if t is not None)
    return state.connectivity * 10 + sum(state.segments_open) * 3 + (state.clean + state.lossy) * 5 - perturbed * 4


def plan(account_id: str, ending: str, preset: str = "standard", slot: int = 1, limit: int = 150) -> list[Move] | None:
    """Moves that end this account's Free game with `ending` ("complete" or "breakdown"), or None."""
    setup = _setup(account_id, preset, slot)
    state, _ = game.start(setup)
    free = set(setup.field.free_sectors())
    moves: list[Move] = []
    while state.status == "live" and len(moves) < limit:
        hidden = [i for i, c in enumerate(state.board) if c == HIDDEN]
        if ending == "breakdown":  # the Probe on segments: a Nadlom each time
            segments = [i for i in hidden if i not in free]
            if not segments:
                return None
            options = [(0.0, 0, Probe, segments[0], game.play(state, Probe(sector=segments[0]))[0])]
        else:  # a greedy player: keep connectivity, open whole ephemera, avoid perturbing reds
            options = []
            for sector in hidden:
                for tool in (Beam, Probe) if sector not in free else (Probe,):
                    after, outcome = game.play(state, tool(sector=sector))
                    if not isinstance(outcome, game.Rejection):
                        options.append((_score(after), -sector, tool, sector, after))
            if not options:
                return None
        _, _, tool, sector, state = max(options, key=lambda o: o[:2])
        moves.append(("beam" if tool is Beam else "probe", sector))
    return moves if state.status == ending else None
