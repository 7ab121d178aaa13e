"""A long game's moves, for the benchmarks: Probe free sectors while the Contour has room, Beam a segment
(or, with none to spare, a free sector) when it is full, leave the reds and the last ephemeron for the
end, and now and then click at random to cover the rarer paths (burns, misses, overloads)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from echo_challenge import hosting
from echo_challenge.game import Rejection, play
from echo_challenge.prng import SplitMix64
from echo_challenge.view import client_view


def choose(field: Any, hidden: list[int], v: dict[str, Any], rng: SplitMix64, probe: Any, beam: Any):
    """The next click of a player who knows the field and plays long (a benchmark's player, never the
    game's: the field is test-side knowledge). `v` is what he sees (the client view: charge, contour);
    returns the sector and `probe` or `beam`, whatever those two are to the caller."""

    def color(i: int) -> str | None:
        return field.ephemera[field.owner[i]].color if field.owner[i] >= 0 else None

    charge, contour = v["charge"], v["contour"]
    free = [i for i in hidden if color(i) is None]
    segments = [i for i in hidden if color(i) is not None]
    last = len({field.owner[i] for i in segments}) == 1
    if rng.below(20) == 0:  # a random non-red click now and then: burns, misses, overloads
        calm = [i for i in hidden if color(i) != "red"]
        if calm:
            return calm[rng.below(len(calm))], probe if rng.below(2) else beam
    if free and charge < contour:
        return free[-1], probe
    greens = [i for i in segments if color(i) == "green" and not last]
    yellows = [i for i in segments if color(i) == "yellow" and not last and charge + 2 <= contour]
    if greens or yellows:
        return (greens or yellows)[-1], beam
    if free:
        return free[-1], beam  # a deliberate miss: spends Charge, no overload
    return segments[-1], beam if charge >= 2 else probe


def whole_game(setup: Any, label: str) -> list[tuple[str, int]]:
    """Every click of one long game of `setup` as `choose` plays it against the pure rules, until the game
    ends: the clicks the rules accept, in order (a refused click is left out — the server refuses it too, and
    a refusal changes nothing). The same clicks on the same Daily make the same game for every player, so
    one list serves a whole crowd of them."""
    state, _ = hosting.start(setup)
    hidden = [i for i in range(100) if i not in setup.opened]
    rng, clicks, now = SplitMix64(label), [], datetime.now(UTC)
    while state.live and hidden:
        sector, tool = choose(setup.field, hidden, client_view(state), rng, "probe", "beam")
        hidden.remove(sector)
        state, outcome = play(state, hosting.command_for({"type": tool, "sector": sector}, 0, now))
        if not isinstance(outcome, Rejection):
            clicks.append((tool, sector))
    return clicks
