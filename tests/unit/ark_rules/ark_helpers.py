"""Drives Ark rooms through arkctl's script session: joins, starts, and plays default moves step by step."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ark.catalogue import shipped
from ark.cli import Session
from ark.script import MAIN_ROOM
from ark.state import Room
from ark.view import view


class Table:
    def __init__(self, seed: str = "seed") -> None:
        self.session = Session(seed=seed, catalogue=shipped())
        self.session.room(MAIN_ROOM)
        self.lines = 0

    @property
    def room(self) -> Room:
        return self.session.rooms[MAIN_ROOM]

    def do(self, *lines: str) -> str | None:
        """Runs the lines; the code of the last line's rejection, or None when it was accepted."""
        code = None
        for line in lines:
            self.lines += 1
            before = len(self.session.rejections)
            self.session.run(self.lines, line)
            rejected = self.session.rejections[before:]
            code = rejected[-1]["code"] if rejected else None
        return code

    def view(self, seat: str | None = None) -> dict[str, Any]:
        return view(self.room, seat)

    def output(self, seat: str | None = None) -> dict[str, Any]:
        return self.session.output(seat, internal=False)

    @property
    def step(self) -> dict[str, Any]:
        return self.view()["step"]


def players(n: int) -> list[str]:
    return [f"p{i}" for i in range(1, n + 1)]


def lobby(n: int, *settings: str, seed: str = "seed") -> Table:
    table = Table(seed)
    ids = players(n)
    table.do(*(f"join {p}" for p in ids))
    if settings:
        assert table.do(f"settings {' '.join(settings)}") is None
    table.do(*(f"ready {p}" for p in ids[1:]))
    return table


def started(n: int, *settings: str, seed: str = "seed") -> Table:
    """A game of n players p1..pn, started and through preparation (round 1, first reveal open)."""
    table = lobby(n, *settings, seed=seed)
    assert table.do("start p1") is None
    table.do(*(f"prepared {p}" for p in players(n)))
    return table


Vote = Callable[[Table, str, dict[str, Any]], str]


def first_target(table: Table, voter: str, step: dict[str, Any]) -> str:
    return step["targets"][0]


def default_move(table: Table, vote: Vote = first_target) -> None:
    """One step of play by every awaited player: the least interesting legal choice."""
    step = table.step
    kind, player = step["kind"], step["player"]
    if kind == "prepare":
        table.do(*(f"prepared {p}" for p in table.room.ids if p not in step["prepared"]))
    elif kind == "reveal":
        hidden = table.room.get(player).hidden()
        table.do(f"reveal {player} {'profession' if table.room.round == 1 else hidden[0]}")
    elif kind == "discussion":
        table.do(f"pass {player}")
    elif kind == "common_discussion":
        table.do(*(f"end_discussion {p}" for p in table.room.ids if p not in step["requested"]))
    elif kind == "exile_vote":
        for voter in [v for v in step["voters"] if v not in step["voted"]]:
            table.do(f"vote {voter} {vote(table, voter, table.step)}")
    elif kind == "incident_discussion":
        table.do(f"to_vote {player}")
    elif kind == "survival_vote":
        table.do(*(f"survive {v} yes" for v in step["voters"] if v not in step["voted"]))
    elif kind == "kind_vote":
        table.do(*(f"kind {v} for" for v in step["voters"] if v not in step["voted"]))


def play_until(table: Table, done: Callable[[Table], bool], vote: Vote = first_target, limit: int = 2000) -> None:
    for _ in range(limit):
        if done(table):
            return
        default_move(table, vote)
    raise AssertionError("the game did not get there")


def step_is(kind: str) -> Callable[[Table], bool]:
    return lambda table: table.room.step is not None and table.room.step.kind == kind


def finished(table: Table) -> bool:
    return table.room.phase == "finished"
