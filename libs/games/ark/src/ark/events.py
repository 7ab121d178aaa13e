"""Ark events, registered as "ark.<Name>". `INTERNAL` ones never reach a client as they are:
the seed, the deal, the deck order and every ballot with its choice. `public_form` gives what clients get.
"""

from __future__ import annotations

from typing import Literal

from echo_events.model import Event
from echo_events.registry import event

from .catalogue import Catalogue
from .settings import Settings

CardsByCategory = dict[str, str]


@event("ark.RoomCreated", 1)
class RoomCreated(Event):
    seed: str  # hex of the 32 (or more) seed bytes
    catalogue: Catalogue


@event("ark.PlayerJoined", 1)
class PlayerJoined(Event):
    player: str
    nick: str
    ordinal: int  # 1 for the room's first join, counting rejoins


@event("ark.PlayerLeft", 1)
class PlayerLeft(Event):
    player: str


@event("ark.NicknameChanged", 1)
class NicknameChanged(Event):
    player: str
    nick: str


@event("ark.SettingsChanged", 1)
class SettingsChanged(Event):
    settings: Settings


@event("ark.ReadinessChanged", 1)
class ReadinessChanged(Event):
    player: str
    ready: bool


@event("ark.PlayerKicked", 1)
class PlayerKicked(Event):
    player: str


@event("ark.OwnershipPassed", 1)
class OwnershipPassed(Event):
    owner: str


@event("ark.RoomClosed", 1)
class RoomClosed(Event):
    reason: Literal["empty", "session_expired"]


@event("ark.GameStarted", 1)
class GameStarted(Event):
    settings: Settings
    turn_order: tuple[str, ...]
    catastrophe: str
    years: int
    catalogue_version: str
    step_id: int  # the preparation step
    deadline: float | None


@event("ark.CharactersDealt", 1)
class CharactersDealt(Event):
    cards: dict[str, CardsByCategory]


@event("ark.ArkCardsDrawn", 1)
class ArkCardsDrawn(Event):
    cards: tuple[str, ...]


@event("ark.PlayerPrepared", 1)
class PlayerPrepared(Event):
    player: str


@event("ark.PreparationEnded", 1)
class PreparationEnded(Event):
    reason: Literal["all_prepared", "timeout", "skipped"]


@event("ark.RoundStarted", 1)
class RoundStarted(Event):
    round: int
    ark_card: str


@event("ark.TurnStarted", 1)
class TurnStarted(Event):
    player: str
    kind: Literal["reveal", "discussion"]
    step_id: int
    deadline: float | None


@event("ark.CardRevealed", 1)
class CardRevealed(Event):
    player: str
    category: str
    card: str
    by_timeout: bool


@event("ark.TurnPassed", 1)
class TurnPassed(Event):
    player: str


@event("ark.DiscussionStarted", 1)
class DiscussionStarted(Event):
    step_id: int
    deadline: float | None


@event("ark.EndDiscussionRequested", 1)
class EndDiscussionRequested(Event):
    player: str


@event("ark.DiscussionEnded", 1)
class DiscussionEnded(Event):
    step_id: int
    reason: Literal["passed", "timeout", "agreed", "skipped", "departed"]


@event("ark.ExileVoteOpened", 1)
class ExileVoteOpened(Event):
    step_id: int
    round: int
    index: int
    attempt: int
    targets: tuple[str, ...]
    voters: tuple[str, ...]
    deadline: float | None


@event("ark.ExileVoteCast", 1)
class ExileVoteCast(Event):
    step_id: int
    voter: str
    target: str | None  # None: abstained


@event("ark.PlayerVoted", 1)
class PlayerVoted(Event):
    """The public form of every ballot: who has voted in which step, never for what."""

    step_id: int
    player: str


@event("ark.ExileVoteTallied", 1)
class ExileVoteTallied(Event):
    round: int
    index: int
    attempt: int
    tally: dict[str, int]
    abstained: int
    result: str  # the exiled player's id, or "tie"


@event("ark.ExileVoteTied", 1)
class ExileVoteTied(Event):
    round: int
    index: int
    attempt: int


@event("ark.PlayerExiled", 1)
class PlayerExiled(Event):
    player: str
    cards: CardsByCategory


@event("ark.IncidentsBegan", 1)
class IncidentsBegan(Event):
    exiled: tuple[str, ...]
    ark: tuple[str, ...]
    revealed: dict[str, CardsByCategory]  # every card still hidden until now


@event("ark.IncidentsDealt", 1)
class IncidentsDealt(Event):
    cards: dict[str, tuple[str, ...]]


@event("ark.IncidentTurnStarted", 1)
class IncidentTurnStarted(Event):
    subject: str
    cards: tuple[str, ...]
    step_id: int
    deadline: float | None


@event("ark.CardCited", 1)
class CardCited(Event):
    player: str
    card: str


@event("ark.SurvivalVoteOpened", 1)
class SurvivalVoteOpened(Event):
    step_id: int
    subject: str
    voters: tuple[str, ...]
    deadline: float | None


@event("ark.SurvivalVoteCast", 1)
class SurvivalVoteCast(Event):
    step_id: int
    voter: str
    survived: bool


@event("ark.SurvivalVoteTallied", 1)
class SurvivalVoteTallied(Event):
    subject: str
    survived_votes: int  # s
    voters: int  # v


@event("ark.PlayerSurvived", 1)
class PlayerSurvived(Event):
    player: str


@event("ark.PlayerDied", 1)
class PlayerDied(Event):
    player: str


@event("ark.KindVoteOpened", 1)
class KindVoteOpened(Event):
    step_id: int
    attempt: int
    candidates: tuple[str, ...]
    hint_pairs: tuple[tuple[str, str], ...]
    voters: tuple[str, ...]
    deadline: float | None


@event("ark.KindVoteCast", 1)
class KindVoteCast(Event):
    step_id: int
    voter: str
    continue_kind: bool


@event("ark.KindVoteTallied", 1)
class KindVoteTallied(Event):
    attempt: int
    votes_for: int
    votes_against: int
    result: Literal["tie", "continued", "failed"]


@event("ark.KindVoteTied", 1)
class KindVoteTied(Event):
    attempt: int


@event("ark.KindContinued", 1)
class KindContinued(Event):
    pass


@event("ark.KindFailed", 1)
class KindFailed(Event):
    candidates: tuple[str, ...]  # set when fewer than two candidates failed the kind without a vote


@event("ark.ChatPosted", 1)
class ChatPosted(Event):
    player: str
    text: str
    at: float


@event("ark.PlayerMuted", 1)
class PlayerMuted(Event):
    player: str
    muted: bool


@event("ark.PlayerConnected", 1)
class PlayerConnected(Event):
    player: str


@event("ark.PlayerDisconnected", 1)
class PlayerDisconnected(Event):
    player: str
    at: float


@event("ark.PlayerDeparted", 1)
class PlayerDeparted(Event):
    player: str
    at: float


@event("ark.StepSkipped", 1)
class StepSkipped(Event):
    step_id: int
    by: str


@event("ark.SessionExpired", 1)
class SessionExpired(Event):
    pass


@event("ark.GameFinished", 1)
class GameFinished(Event):
    ending: Literal["kind_failed", "no_survivors", "ark_saved", "exiles_only"]
    ending_card: str | None
    winners: tuple[str, ...]
    results: dict[str, Literal["win", "loss"]]
    cards: dict[str, CardsByCategory]  # every characteristic card, all revealed now
    at: float


@event("ark.GameDeleted", 1)
class GameDeleted(Event):
    pass


INTERNAL = (RoomCreated, CharactersDealt, ArkCardsDrawn, ExileVoteCast, IncidentsDealt, SurvivalVoteCast,
            KindVoteCast)
BALLOTS = (ExileVoteCast, SurvivalVoteCast, KindVoteCast)


def public_form(fact: Event) -> Event | None:
    """What a client may receive of an event: ballots become `PlayerVoted`, other internal events nothing."""
    if isinstance(fact, BALLOTS):
        return PlayerVoted(step_id=fact.step_id, player=fact.voter)
    if isinstance(fact, INTERNAL):
        return None
    return fact
