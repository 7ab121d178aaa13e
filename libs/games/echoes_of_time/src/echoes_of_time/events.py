"""The facts of a game. † marks internal events or fields that `public.py` filters out of what clients get."""

from __future__ import annotations

from typing import Any

from echo_events.model import Event
from echo_events.registry import event
from pydantic import ConfigDict, Field

Ids = tuple[str, ...]
Task = tuple[str | int, ...]


class EotEvent(Event):
    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


@event("echoes_of_time.GameCreated", 1)
class GameCreated(EotEvent):
    """† The seed (hex of the 32 key bytes) and the table; in no view."""

    game_id: str
    seats: Ids
    seed: str
    catalogue: str
    turn_timer_s: int | None = None


@event("echoes_of_time.GameStarted", 1)
class GameStarted(EotEvent):
    seats: Ids
    first_player: str
    sources_in: Ids
    sources_out: Ids
    main_supply: int
    catalogue: str


@event("echoes_of_time.DeckShuffled", 1)
class DeckShuffled(EotEvent):
    k: int
    size: int
    order: Ids  # †


@event("echoes_of_time.CardsDealt", 1)
class CardsDealt(EotEvent):
    """†"""

    player: str
    cards: Ids


@event("echoes_of_time.HandSizeChanged", 1)
class HandSizeChanged(EotEvent):
    player: str
    size: int


@event("echoes_of_time.RoundStarted", 1)
class RoundStarted(EotEvent):
    round: int
    first_player: str


@event("echoes_of_time.PhaseStarted", 1)
class PhaseStarted(EotEvent):
    phase: str


@event("echoes_of_time.TimeStepped", 1)
class TimeStepped(EotEvent):
    player: str
    leaving: Ids
    cause: str


@event("echoes_of_time.CardSummoned", 1)
class CardSummoned(EotEvent):
    player: str
    card: str
    origin: str = Field(alias="from")


@event("echoes_of_time.EffectResolved", 1)
class EffectResolved(EotEvent):
    player: str
    source: str
    op: str


@event("echoes_of_time.VpGained", 1)
class VpGained(EotEvent):
    player: str
    n: int
    from_main: int
    from_extra: int
    cause: str


@event("echoes_of_time.MainSupplyExhausted", 1)
class MainSupplyExhausted(EotEvent):
    round: int


@event("echoes_of_time.EndFlagRaised", 1)
class EndFlagRaised(EotEvent):
    flag: str
    round: int


@event("echoes_of_time.CardsDrawn", 1)
class CardsDrawn(EotEvent):
    """† Public form: CardsDrawnCount."""

    player: str
    cards: Ids


@event("echoes_of_time.CardsLooked", 1)
class CardsLooked(EotEvent):
    """† Public form: CardsLookedCount. The cards wait aside until the keep choice."""

    player: str
    cards: Ids


@event("echoes_of_time.CardsKept", 1)
class CardsKept(EotEvent):
    """† The looked cards a player keeps go to the end of his hand."""

    player: str
    cards: Ids


@event("echoes_of_time.CardsDiscarded", 1)
class CardsDiscarded(EotEvent):
    player: str
    cards: Ids
    reason: str


@event("echoes_of_time.CardsRetrieved", 1)
class CardsRetrieved(EotEvent):
    player: str
    cards: Ids


@event("echoes_of_time.TurnStarted", 1)
class TurnStarted(EotEvent):
    player: str
    index: int
    step_id: str
    deadline: int | None = None


@event("echoes_of_time.MainActionTaken", 1)
class MainActionTaken(EotEvent):
    player: str
    slot: str
    args: dict[str, Any]


@event("echoes_of_time.CardPlayed", 1)
class CardPlayed(EotEvent):
    player: str
    card: str
    discards: Ids
    space: int
    cause: str


@event("echoes_of_time.CardAdvanced", 1)
class CardAdvanced(EotEvent):
    player: str
    card: str
    origin: int = Field(alias="from")
    to: int


@event("echoes_of_time.SourceCaptured", 1)
class SourceCaptured(EotEvent):
    player: str
    source: str
    creatures: Ids
    attack: int
    from_player: str | None
    returned: Ids


@event("echoes_of_time.SourceReinforced", 1)
class SourceReinforced(EotEvent):
    player: str
    source: str
    creatures: Ids
    hold: int
    defence: int


@event("echoes_of_time.SourceEntrenched", 1)
class SourceEntrenched(EotEvent):
    player: str
    source: str
    creatures: Ids
    hold: int


@event("echoes_of_time.AbilityActivated", 1)
class AbilityActivated(EotEvent):
    player: str
    target: str
    discards: Ids


@event("echoes_of_time.ActivationTokenRemoved", 1)
class ActivationTokenRemoved(EotEvent):
    target: str
    cause: str


@event("echoes_of_time.DecisionRequested", 1)
class DecisionRequested(EotEvent):
    """`context` (the op's numbers) and `agenda` (the resolution waiting behind the decision) are †."""

    decision_id: str
    player: str
    kind: str
    options: Ids
    min: int
    max: int
    step_id: str
    deadline: int | None = None
    context: dict[str, str | int] = {}
    agenda: tuple[Task, ...] = ()


@event("echoes_of_time.DecisionMade", 1)
class DecisionMade(EotEvent):
    decision_id: str
    player: str
    kind: str
    choice: Any


@event("echoes_of_time.TurnEnded", 1)
class TurnEnded(EotEvent):
    player: str
    auto: bool


@event("echoes_of_time.HandLimitApplied", 1)
class HandLimitApplied(EotEvent):
    player: str
    discarded: Ids


@event("echoes_of_time.CubesReturned", 1)
class CubesReturned(EotEvent):
    pass


@event("echoes_of_time.FirstPlayerPassed", 1)
class FirstPlayerPassed(EotEvent):
    player: str


@event("echoes_of_time.RoundEnded", 1)
class RoundEnded(EotEvent):
    round: int


@event("echoes_of_time.PlayerConceded", 1)
class PlayerConceded(EotEvent):
    player: str


@event("echoes_of_time.GameFinished", 1)
class GameFinished(EotEvent):
    reason: tuple[str, ...]
    winners: Ids
    tie_break: str | None
    scores: dict[str, dict[str, int]]
