"""A long game's moves, for the benchmarks: Probe free sectors while the Contour has room, Beam a segment
(or, with none to spare, a free sector) when it is full, leave the reds and the last ephemeron for the
end, and now and then click at random to cover the rarer paths (burns, misses, overloads)."""

from __future__ import annotations

from typing import Any

from echo_challenge.prng import SplitMix64


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
