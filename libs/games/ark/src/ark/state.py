"""The immutable state of one Ark room, rebuilt by `evolve`.

Room, Player and Step are NamedTuples: `_replace` is several times faster than `dataclasses.replace`, and
evolve runs once per event.

Everything hidden (the seed, every card, every ballot's choice) lives here; `view` decides what is shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, NamedTuple

from .catalogue import CATEGORIES, Catalogue
from .settings import Settings

Phase = Literal["lobby", "preparation", "round", "incidents", "kind_vote", "finished", "closed", "void", "deleted"]
StepKind = Literal["prepare", "reveal", "discussion", "common_discussion", "exile_vote", "incident_discussion",
                   "survival_vote", "kind_vote"]
RUNNING: frozenset[str] = frozenset({"preparation", "round", "incidents", "kind_vote"})
ENDED: frozenset[str] = frozenset({"closed", "void", "deleted"})
Choice = str | bool | None  # an exile target (None: abstained), survived, or for the kind


class Player(NamedTuple):
    id: str
    nick: str
    joined: int  # ordinal of his latest join: ownership passes to the earliest
    ready: bool = False
    connected: bool = True
    departed: bool = False
    exiled: bool = False
    alive: bool = True
    cards: tuple[str, ...] = ()  # one per category, in CATEGORIES order (all seven from the start)
    shown: frozenset[str] = frozenset()  # revealed categories
    incidents: tuple[str, ...] = ()
    incidents_shown: bool = False

    def card(self, category: str) -> str:
        return self.cards[CATEGORIES.index(category)]

    def category_of(self, card_id: str) -> str | None:
        return CATEGORIES[self.cards.index(card_id)] if card_id in self.cards else None

    def hidden(self) -> list[str]:
        """His unrevealed categories, in the fixed order of the catalogue."""
        return [category for category in CATEGORIES if category not in self.shown]


class Step(NamedTuple):
    """The one thing the room waits for. `ballots` holds (voter, choice) and is never shown as such."""

    id: int
    kind: StepKind
    player: str | None
    deadline: float | None
    attempt: int = 0
    index: int = 0  # which exile of the round
    targets: tuple[str, ...] = ()
    voters: tuple[str, ...] = ()
    ballots: tuple[tuple[str, Choice], ...] = ()
    requested: tuple[str, ...] = ()  # prepared players, or who asked to end the common discussion
    cited: tuple[tuple[str, str], ...] = ()  # (citer, card)

    @property
    def voted(self) -> tuple[str, ...]:
        return tuple(voter for voter, _ in self.ballots)


@dataclass(frozen=True, slots=True)
class Tally:
    """A tallied vote as everyone sees it (the `votes` of arkctl's output)."""

    kind: Literal["exile", "survival", "kind"]
    round: int = 0
    index: int = 0
    attempt: int = 0
    counts: tuple[tuple[str, int], ...] = ()  # exile: votes per target
    abstained: int = 0
    subject: str | None = None
    s: int = 0  # survival: «Выжил» votes; kind: «За»
    v: int = 0  # survival: voters; kind: «Против»
    result: str = ""


@dataclass(frozen=True, slots=True)
class Ballot:
    voter: str
    ref: str  # exile:ROUND:INDEX:ATTEMPT, survival:SUBJECT or kind:ATTEMPT
    choice: Choice


@dataclass(frozen=True, slots=True)
class Kind:
    candidates: tuple[str, ...]
    hint_pairs: tuple[tuple[str, str], ...]
    result: Literal["continued", "failed"] | None = None


@dataclass(frozen=True, slots=True)
class Outcome:
    ending: str
    ending_card: str | None
    winners: tuple[str, ...]
    results: tuple[tuple[str, str], ...]
    finished_at: float


class ChatLine(NamedTuple):
    player: str
    text: str
    at: float


class Room(NamedTuple):
    seed: bytes
    catalogue: Catalogue
    settings: Settings = Settings()
    phase: Phase = "lobby"
    players: tuple[Player, ...] = ()  # join order in the lobby, turn order from the start
    owner: str | None = None
    kicked: frozenset[str] = frozenset()
    joins: int = 0
    catastrophe: str | None = None
    years: int | None = None
    turn_order: tuple[str, ...] = ()
    ark_deck: tuple[str, ...] = ()  # the five Ark cards drawn at the start
    round: int = 0
    exiles_this_round: int = 0
    revealed_this_round: frozenset[str] = frozenset()
    discussed_this_round: frozenset[str] = frozenset()
    common_done: bool = False
    exiled: tuple[str, ...] = ()
    step: Step | None = None
    steps_opened: int = 0
    tallies: tuple[Tally, ...] = ()
    ballots: tuple[Ballot, ...] = ()
    faced: tuple[str, ...] = ()  # players whose incident turn is over
    awaiting_survival_vote: str | None = None  # subject whose discussion ended, vote not opened yet
    kind: Kind | None = None
    kind_attempts: int = 0
    outcome: Outcome | None = None
    last_disconnect_at: float = 0.0
    chat: tuple[ChatLine, ...] = ()  # the latest lines (chat.KEPT), oldest first
    muted: frozenset[str] = frozenset()

    def find(self, player_id: str) -> Player | None:
        for player in self.players:
            if player.id == player_id:
                return player
        return None

    def get(self, player_id: str) -> Player:
        player = self.find(player_id)
        if player is None:
            raise KeyError(player_id)
        return player

    @property
    def ark_cards(self) -> tuple[str, ...]:
        return self.ark_deck[: self.round]

    @property
    def not_exiled(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.players if not p.exiled)

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.players)
