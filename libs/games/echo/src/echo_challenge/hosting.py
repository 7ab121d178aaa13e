"""Echo Challenge as the engine hosts it: a solo game (one seat, one player's account) started in a mode —
the Tutorial's fixed field, a Free game from a preset (three a day, one unfinished at a time), or the day's
Daily (one attempt, ended by the Daily's close: the game's one deadline). The contract's solo hooks
(`echo_events.game_rules`): what each mode starts from, the ids that make one attempt and three Free games a
day atomic, the Tutorial's coach that explains a click off its script, what a view adds in each mode, the replay
of a finished game, and what a Daily shows of its rules. Pure, like the rest of the library: the engine reads
the Daily and the clock and hands them in."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date, datetime
from typing import Any

from echo_events.daily import DailyPublished
from echo_events.game_rules import Deadline
from echo_events.model import Command, Event

from . import COMMANDS, ENDING_EVENTS, KIND, SEATS, compact, modes, view
from .commands import Beam, Expire, Finish, Probe
from .events import GameFinished, TickResolved
from .game import decide, evolve, fold, start
from .presets import UnknownPreset, get_preset
from .setup import GameSetup
from .specials import RuleChange, apply_changes, describe_rule_en
from .start_settings import StartSettings, start_settings, started_with
from .state import GameState
from .tutorial import current_step as tutorial_step
from .tutorial import explain_wrong_click, guidance
from .view import client_view, revealed_field

MODES = ("tutorial", "free", "daily")
DAILY_CLOSE = "daily-close"  # a Daily's game's deadline: its Daily's close
FREE_GAMES_PER_DAY = modes.FREE_STARTS_PER_DAY
DEFAULT_PRESET = modes.AS_DAILY
SETTINGS = StartSettings  # what a game's `GameCreated.settings` hold: how it was started
daily_game_id = modes.daily_game_id
free_game_id = modes.free_game_id

__all__ = [
    "COMMANDS", "DAILY_CLOSE", "DEFAULT_PRESET", "ENDING_EVENTS", "FREE_GAMES_PER_DAY", "KIND", "MODES", "SEATS",
    "SETTINGS",
    "coach", "command_for", "compact", "daily_game_id", "daily_setup", "deadlines", "decide", "evolve", "expire",
    "finish", "fold", "free_game_id", "free_presets", "free_setup", "is_over", "mode_view", "preset", "prices",
    "replay", "result", "rule_en", "start", "start_settings", "started_with", "status", "timer_command",
    "tutorial_setup", "tutorial_step", "view",
]


def command_for(action: Mapping[str, Any], seat: int, now: datetime) -> Command:
    """A player's action (validated by `COMMANDS`) as the command; the seat and the time change nothing."""
    return COMMANDS.validate_python(action).command()


def is_over(state: GameState) -> bool:
    return not state.live


def deadlines(state: GameState) -> list[Deadline]:
    """A live Daily's game ends itself when its Daily closes (echo-challenge.md §11, §14), credits counted."""
    closes_at = state.setup.closes_at
    if not state.live or closes_at is None:
        return []
    return [Deadline(DAILY_CLOSE, closes_at, {"type": "expire"}, calendar=True)]


def timer_command(command: Mapping[str, Any]) -> Command:
    """The Daily's close come back (its only deadline): the game expires."""
    return Expire()


def status(state: GameState) -> str:
    return state.status


def finish() -> Command:
    """The player's own end of a game (a new Free game replaces an unfinished one)."""
    return Finish()


def expire() -> Command:
    """The end a game is given when its Daily closes."""
    return Expire()


def result(end: GameFinished) -> dict[str, Any]:
    """A finished game's line in its player's list of games."""
    return {"status": end.status, "credits": end.credits, "ticks": end.tick, "clean": end.clean,
            "lossy": end.lossy, "orders": end.orders}


def tutorial_setup() -> GameSetup:
    return modes.tutorial()


def daily_setup(daily: DailyPublished) -> GameSetup:
    return modes.daily_setup(daily)


def free_setup(preset: str, account_id: str, day: date, slot: int, daily: DailyPublished | None) -> GameSetup:
    """LookupError (or KeyError) for a preset there is none of, or «as the Daily» with no Daily today."""
    return modes.free_setup(preset, account_id, day, slot, daily)


def free_presets(daily: DailyPublished | None) -> list[dict[str, str]]:
    return [{"id": o.id, "title": o.title_ru, "gist": o.gist_ru} for o in modes.free_options(daily)]


def coach(mode: str, state: GameState, command: Command) -> str | None:
    """The Tutorial's explanation of a click off its script (None: the click is the step's, or no Tutorial)."""
    if mode != "tutorial" or not state.live or not isinstance(command, Probe | Beam):
        return None
    return explain_wrong_click(state, "probe" if isinstance(command, Probe) else "beam", command.sector)


def mode_view(mode: str, state: GameState) -> dict[str, Any]:
    """What a view adds in a mode: the Tutorial's guidance; the field, once a game that is not a Daily's is over
    (a Daily's stays hidden until the Daily closes, echo-challenge.md §23: not in a game's view)."""
    extra: dict[str, Any] = {}
    if mode == "tutorial":
        extra["tutorial"] = guidance(state)
    if mode != "daily" and not state.live:
        extra["field"] = revealed_field(state)
    return extra


def replay(events: Sequence[Event], show_field: bool) -> dict[str, Any]:
    """The views after tick 0 and after every tick of a game (its events after `GameCreated`); its field too
    when `show_field` and the game is over."""
    state = fold(events[:2])  # GameStarted, OrdersDealt: tick 0
    frames = [client_view(state)]
    for event in events[2:]:
        state = evolve(state, event)
        if isinstance(event, TickResolved) or not state.live:
            frames.append(client_view(state))
    result: dict[str, Any] = {"status": state.status, "frames": frames}
    if not state.live and show_field:
        result["field"] = revealed_field(state)
    return result


def preset(preset_id: str) -> dict[str, str | None] | None:
    """A preset's name, gist and title in Russian and English, as a Daily or a Free game shows it (None: no
    such preset)."""
    try:
        found = get_preset(preset_id)
    except UnknownPreset:
        return None
    return {"id": found.id, "name_ru": found.name_ru, "gist_ru": found.gist_ru, "title_ru": found.title_ru,
            "name_en": found.name_en, "gist_en": found.gist_en, "title_en": found.title_en}


def prices(preset_id: str, changes: Sequence[tuple[str, Any]]) -> dict[str, int] | None:
    """A Daily's prices (echo-challenge.md §10: shown, and they can differ by day): its preset's, with its special
    game's (field, value) changes applied (None: a preset or a rule this library does not know)."""
    try:
        rules = apply_changes(get_preset(preset_id).rules, [RuleChange(field, value) for field, value in changes])
    except (UnknownPreset, ValueError):
        return None
    return {"clean": rules.price_clean, "lossy": rules.price_lossy, "order": rules.price_order}


def rule_en(field: str, value: Any) -> str | None:
    """A special game's change of one rule in English (None: a rule this library does not know)."""
    try:
        return describe_rule_en(field, value)
    except ValueError:
        return None
