"""Hypothesis strategies for Echo Challenge: valid fields, setups and move lists."""

from __future__ import annotations

from echo_challenge.commands import Beam, Finish, Probe
from echo_challenge.field import COLORS, NEIGHBOURS4, SECTORS, Field
from echo_challenge.setup import GameSetup, Rules
from hypothesis import assume
from hypothesis import strategies as st


@st.composite
def fields(draw: st.DrawFn, max_ephemera: int = 9) -> Field:
    """A valid field: ephemera grown by random walks, never side-touching each other."""
    segments: dict[int, tuple[str, bool]] = {}
    for _ in range(draw(st.integers(1, max_ephemera))):
        cells = [draw(st.integers(0, SECTORS - 1))]
        for _ in range(draw(st.integers(0, 8))):
            base = draw(st.sampled_from(cells))
            step = draw(st.sampled_from(NEIGHBOURS4[base]))
            if step not in cells:
                cells.append(step)
        if any(c in segments or any(n in segments for n in NEIGHBOURS4[c]) for c in cells):
            continue
        color = draw(st.sampled_from(COLORS))
        membrane = draw(st.sampled_from(cells))
        for c in cells:
            segments[c] = (color, c == membrane)
    assume(segments)
    return Field.from_segments(segments)


@st.composite
def rules(draw: st.DrawFn) -> Rules:
    conn_max = draw(st.integers(2, 12))
    contour = draw(st.integers(0, 12))
    det_max = draw(st.integers(0, 6))
    spec_max = draw(st.integers(0, 4))
    return Rules(
        connectivity=draw(st.integers(1, conn_max)),
        connectivity_max=conn_max,
        contour=contour,
        charge=draw(st.integers(0, contour)),
        detector=draw(st.integers(0, det_max)),
        detector_max=det_max,
        spectrometer=draw(st.integers(0, spec_max)),
        spectrometer_max=spec_max,
        detector_chance=draw(st.sampled_from([0.0, 0.25, 0.5, 1.0])),
        red_timer=draw(st.integers(1, 4)),
        beam_cost=draw(st.integers(0, 3)),
        price_clean=draw(st.integers(0, 60)),
        price_lossy=draw(st.integers(0, 30)),
        price_order=draw(st.integers(0, 30)),
        stale_after=draw(st.integers(1, 10)),
        freeze_ticks=draw(st.integers(1, 8)),
    )


@st.composite
def setups(draw: st.DrawFn) -> GameSetup:
    field = draw(fields())
    free = [i for i in range(SECTORS) if field.owner[i] < 0]
    opened = draw(st.lists(st.sampled_from(free), max_size=6, unique=True)) if free else []
    return GameSetup(
        field=field,
        rules=draw(rules()),
        opened=tuple(opened),
        seed=draw(st.integers(-(2**40), 2**40)),
        preset=draw(st.sampled_from([None, "standard"])),
    )


def moves(max_size: int = 60) -> st.SearchStrategy[list]:
    sector = st.integers(0, SECTORS - 1)
    move = st.one_of(
        sector.map(lambda s: Probe(sector=s)),
        sector.map(lambda s: Beam(sector=s)),
        st.just(Finish()) if max_size else st.nothing(),
    )
    weighted = st.one_of(move, sector.map(lambda s: Probe(sector=s)), sector.map(lambda s: Beam(sector=s)))
    return st.lists(weighted, max_size=max_size)
