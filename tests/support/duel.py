"""A tiny two-seat game used only in tests: it proves a game plugs into the engine through the rules
contract alone (`echo_events.game_rules`), with no change to the engine, gateway, store or projections.

«Duel»: each seat picks a number from 1 to 9 in secret before the deadline; when both have picked, both
picks are revealed and the higher wins (equal: a draw). A seat that has not picked when the deadline comes
loses (both: a draw). A view never shows the other seat's pick before the reveal."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Annotated, Any, Literal

from echo_events.game_rules import Deadline, Refused
from echo_events.model import Command, Event, Message
from echo_events.registry import event
from pydantic import AwareDatetime, Field, TypeAdapter

KIND = "duel"
SEATS = (2, 2)


@event("duel.DuelStarted", 1)
class DuelStarted(Event):
    seats: int
    deadline: AwareDatetime


@event("duel.NumberPicked", 1)
class NumberPicked(Event):
    """Internal subjects only: the number stays secret until `DuelRevealed`."""

    seat: int
    number: int


@event("duel.DuelRevealed", 1)
class DuelRevealed(Event):
    picks: tuple[int | None, ...]
    winner: int | None
    reason: Literal["higher", "draw", "timeout"]


class PickAction(Message):
    type: Literal["pick"] = "pick"
    number: int = Field(ge=1, le=9)


class Pick(Command):
    seat: int
    number: int
    now: AwareDatetime


class Timeout(Command):
    deadline: AwareDatetime


COMMANDS: TypeAdapter[PickAction] = TypeAdapter(Annotated[PickAction, Field(discriminator="type")])
TIMER: TypeAdapter[Timeout] = TypeAdapter(Timeout)
ENDING_EVENTS = frozenset({DuelRevealed.event_type})


class Settings(Message):
    pick_seconds: int = Field(30, ge=1, le=600)


@dataclass(frozen=True, slots=True)
class Setup:
    settings: Settings
    started_at: datetime


@dataclass(frozen=True, slots=True)
class State:
    deadline: datetime
    picks: tuple[int | None, ...]
    result: DuelRevealed | None = None


def new_setup(settings: Mapping[str, Any], seats: int, seed: int, now: datetime) -> Setup:
    return Setup(Settings.model_validate(dict(settings)), now)


def start(setup: Setup) -> tuple[State, list[Event]]:
    events: list[Event] = [DuelStarted(seats=2, deadline=setup.started_at + timedelta(
        seconds=setup.settings.pick_seconds))]
    return fold(events), events


def command_for(action: Mapping[str, Any], seat: int, now: datetime) -> Command:
    return Pick(seat=seat, number=COMMANDS.validate_python(dict(action)).number, now=now)


def timer_command(command: Mapping[str, Any]) -> Command:
    return TIMER.validate_python(dict(command))


def decide(state: State, command: Command) -> list[Event] | Refused:
    if state.result is not None:
        return Refused("stale" if isinstance(command, Timeout) else "game_over", "the duel is over")
    if isinstance(command, Timeout):
        if command.deadline != state.deadline:
            return Refused("stale", "that deadline is not this duel's")
        picks = state.picks
        winner = next((seat for seat, pick in enumerate(picks) if pick is not None), None)
        if all(pick is not None for pick in picks) or all(pick is None for pick in picks):
            winner = None
        return [DuelRevealed(picks=picks, winner=winner, reason="timeout")]
    assert isinstance(command, Pick)
    if command.now > state.deadline:
        return Refused("too_late", "the deadline has passed")
    if state.picks[command.seat] is not None:
        return Refused("already_picked", "you have picked already")
    picked = NumberPicked(seat=command.seat, number=command.number)
    picks = evolve(state, picked).picks
    if any(pick is None for pick in picks):
        return [picked]
    high = max(picks)
    winner = None if picks[0] == picks[1] else picks.index(high)  # type: ignore[arg-type]
    return [picked, DuelRevealed(picks=picks, winner=winner, reason="draw" if winner is None else "higher")]


def evolve(state: State | None, event: Event) -> State:
    if isinstance(event, DuelStarted):
        return State(deadline=event.deadline, picks=(None,) * event.seats)
    assert state is not None
    if isinstance(event, NumberPicked):
        picks = list(state.picks)
        picks[event.seat] = event.number
        return replace(state, picks=tuple(picks))
    if isinstance(event, DuelRevealed):
        return replace(state, result=event)
    raise TypeError(f"not an event of the duel: {event!r}")


def fold(events: Iterable[Event]) -> State:
    state: State | None = None
    for e in events:
        state = evolve(state, e)
    assert state is not None
    return state


def view(state: State, seat: int | None = None) -> dict[str, Any]:
    result = state.result
    seen: dict[str, Any] = {"deadline": state.deadline.isoformat(), "picked": [p is not None for p in state.picks]}
    if seat is not None:
        seen["mine"] = state.picks[seat]
    if result is not None:
        seen["result"] = {"picks": list(result.picks), "winner": result.winner, "reason": result.reason}
    return seen


def deadlines(state: State) -> list[Deadline]:
    if state.result is not None:
        return []
    return [Deadline("pick", state.deadline, {"deadline": state.deadline.isoformat()})]


def is_over(state: State) -> bool:
    return state.result is not None


BOT_LEVELS = ("easy",)


def bot_action(state: State, seat: int, level: str, seed: int) -> dict[str, Any] | None:
    """The bot picks a number from its seed, once."""
    if state.result is not None or state.picks[seat] is not None:
        return None
    return {"type": "pick", "number": 1 + seed % 9}
