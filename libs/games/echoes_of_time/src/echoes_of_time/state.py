"""The state of a game: a plain structure that `evolve` copies and changes; `decide` works on a copy."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .events import Task

SPACES = 5
TOKEN_ROOM = 2
HAND_LIMIT = 10
HAND_SIZE = 6
ROUND_CAP = 40
FLAGS = ("A", "B", "C")


@dataclass(slots=True)
class Seat:
    id: str
    hand: list[str] = field(default_factory=list)
    board: list[list[str]] = field(default_factory=lambda: [[] for _ in range(SPACES)])  # [0] is space 1
    fellowship: list[str] = field(default_factory=list)
    cubes: list[str] = field(default_factory=list)
    vp: int = 0
    conceded: bool = False

    def clone(self) -> Seat:
        return Seat(self.id, list(self.hand), [list(s) for s in self.board], list(self.fellowship), list(self.cubes),
                    self.vp, self.conceded)

    def on_board(self, card: str) -> int:
        """The space (1…5) the card is on, 0 if it is not on the board."""
        for index, stack in enumerate(self.board):
            if card in stack:
                return index + 1
        return 0


@dataclass(slots=True)
class SourceSlot:
    id: str
    state: str = "free"  # free | captured | entrenched
    holder: str | None = None
    under: list[str] = field(default_factory=list)

    def clone(self) -> SourceSlot:
        return SourceSlot(self.id, self.state, self.holder, list(self.under))


@dataclass(frozen=True, slots=True)
class Turn:
    player: str
    index: int
    main_done: bool
    step_id: str
    deadline: int | None


@dataclass(frozen=True, slots=True)
class Pending:
    decision_id: str
    player: str
    kind: str
    options: tuple[str, ...]
    min: int
    max: int
    step_id: str
    deadline: int | None
    context: dict[str, Any]


@dataclass(slots=True)
class Table:
    game_id: str = ""
    key: bytes = b""
    catalogue: str = ""
    turn_timer_s: int | None = None
    seats: list[Seat] = field(default_factory=list)
    round: int = 0
    phase: str = "setup"  # setup | time | action | end | over
    first: int = 0
    turn: Turn | None = None
    turns_taken: int = 0
    sources: list[SourceSlot] = field(default_factory=list)
    sources_out: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    looking: list[str] = field(default_factory=list)
    reshuffles: int = 0
    tokens: set[str] = field(default_factory=set)
    vp_main: int = 0
    vp_extra: int = 0
    flags: dict[str, int | None] = field(default_factory=lambda: dict.fromkeys(FLAGS))
    pending: Pending | None = None
    agenda: list[Task] = field(default_factory=list)
    decisions: int = 0
    steps: int = 0
    version: int = 0
    result: dict[str, Any] | None = None
    # every event since the table was last compacted (hosting.compact): the source of the public log
    log: list[Any] = field(default_factory=list)

    def clone(self) -> Table:
        # written out rather than dataclasses.replace: bots clone a table for every option they weigh
        return Table(
            self.game_id, self.key, self.catalogue, self.turn_timer_s, [s.clone() for s in self.seats], self.round,
            self.phase, self.first, self.turn, self.turns_taken, [s.clone() for s in self.sources],
            list(self.sources_out), list(self.deck), list(self.discard), list(self.looking), self.reshuffles,
            set(self.tokens), self.vp_main, self.vp_extra, dict(self.flags), self.pending, list(self.agenda),
            self.decisions, self.steps, self.version, self.result, list(self.log))

    # --- lookups used everywhere ---
    def seat(self, player: str) -> Seat:
        for seat in self.seats:
            if seat.id == player:
                return seat
        raise KeyError(player)

    def has_player(self, player: str) -> bool:
        return any(seat.id == player for seat in self.seats)

    def source(self, source_id: str) -> SourceSlot | None:
        for slot in self.sources:
            if slot.id == source_id:
                return slot
        return None

    def turn_order(self) -> list[Seat]:
        """Clockwise from the holder of the first-player token."""
        return self.seats[self.first:] + self.seats[:self.first]

    def held(self, player: str) -> list[SourceSlot]:
        return [slot for slot in self.sources if slot.holder == player]

    def count(self, player: str) -> int:
        """The fellowship count of flag B: active cards + 2 per Source held."""
        return len(self.seat(player).fellowship) + 2 * len(self.held(player))

    def most_counted(self) -> int:
        """The highest fellowship count at the table (flag B), in one pass over the Sources."""
        held = {seat.id: 0 for seat in self.seats}
        for slot in self.sources:
            if slot.holder is not None:
                held[slot.holder] += 2
        return max((len(seat.fellowship) + held[seat.id] for seat in self.seats), default=0)

    @property
    def over(self) -> bool:
        return self.phase == "over"
