"""A game's rules as the engine hosts them: the contract (`game_rules`) wrapped once, when the game is
registered, in a typed object with a value for every optional hook — as boardgame.io's `ProcessGameConfig`
fills a game's defaults — so that nothing that hosts a game asks which names its library happens to have.

`host(rules)` checks the required names and supplies the defaults: no bots, no presence, no lobby of the
rules' own, nobody kept at one table, no deletion, no history summary, no public part, no incremental log, no
catalogue and no settings model, `decide` answering with one shape, `Decided` (the events and, where the rules
reach it anyway, the state after them) or a rejection. The game kinds installed are the `echo.games` entry
points' names, which a gateway reads without importing any game; `installed_game(kind)` is one of them hosted,
loaded by its entry point, for what a gateway shows of a game that is the rules' own (a Daily's preset, a card
catalogue).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from importlib.metadata import entry_points
from typing import Any

from pydantic import BaseModel, TypeAdapter

from .game_rules import KIND_PATTERN, Deadline, Rejection, RulesPackage, is_rejection
from .model import Command, Event
from .solo_start import SoloStart

ENTRY_POINT_GROUP = "echo.games"


@dataclass(frozen=True, slots=True)
class Decided:
    """An accepted command: its events, and the rules' state after them where the rules gave it (else None:
    the host evolves the events)."""

    events: list[Event]
    state: Any = None


@dataclass(frozen=True, slots=True)
class Rating:
    """A rating of the game's players (the contract's optional `RATING_START`, `rate`, `rated`): where everyone
    starts, the winner's and the loser's ratings after a match, and whether a finished table's match counts
    (by its settings). The engine's ratings projection and «Лидеры» serve every kind that has one."""

    start: int
    rate: Callable[[int, int], tuple[int, int]]
    counts: Callable[[Mapping[str, Any]], bool]


def _never(*_: Any) -> bool:
    return False


NOT_RATED = Rating(start=0, rate=lambda winner, loser: (winner, loser), counts=_never)


def _not_solo(*_: Any) -> Any:
    raise TypeError("this game is not a solo game")


@dataclass(frozen=True, slots=True)
class Solo:
    """A solo game's hooks (one seat, started in a mode: the Tutorial, a Free game, the day's Daily; see
    `game_rules`): its modes, how a game was started (the platform's `SoloStart`) as its `GameCreated.settings`
    (its own model) and back, what each mode starts from, the ids that make a Daily one attempt and a day three
    Free games, the Tutorial's coach, what a view adds in a mode, the replay of a finished game, its status, the
    commands that end it — the player's own and the Daily's close — a finished game's line in its player's list
    (from its ending event), and what a Daily shows of its rules: a preset's names, the day's prices and a
    special game's changes in English."""

    modes: tuple[str, ...]
    free_games_per_day: int
    default_preset: str
    tutorial_setup: Callable[[], Any]
    daily_setup: Callable[[Any], Any]
    free_setup: Callable[[str, str, Any, int, Any], Any]
    free_presets: Callable[[Any], list[dict[str, str]]]
    daily_game_id: Callable[[str, str], str]
    free_game_id: Callable[[str, Any, int], str]
    coach: Callable[[str, Any, Command], str | None]
    mode_view: Callable[[str, Any], dict[str, Any]]
    replay: Callable[[Sequence[Event], bool], dict[str, Any]]
    status: Callable[[Any], str]
    finish: Callable[[], Command]
    expire: Callable[[], Command]
    result: Callable[[Event], dict[str, Any]]
    preset: Callable[[str], dict[str, str | None] | None]
    prices: Callable[[str, Sequence[tuple[str, Any]]], dict[str, int] | None]
    rule_en: Callable[[str, Any], str | None]
    start_settings: Callable[[SoloStart], dict[str, Any]]
    started_with: Callable[[Mapping[str, Any] | None], SoloStart]


_SOLO_VALUES = ("modes", "free_games_per_day", "default_preset")
SOLO_HOOKS = tuple(name for name in Solo.__dataclass_fields__ if name not in _SOLO_VALUES)


def _solo(optional: Mapping[str, Any]) -> Solo:
    if not all(name in optional for name in SOLO_HOOKS):
        return NOT_SOLO
    return Solo(modes=tuple(optional.get("MODES", ())), free_games_per_day=optional.get("FREE_GAMES_PER_DAY", 0),
                default_preset=optional.get("DEFAULT_PRESET", ""), **{name: optional[name] for name in SOLO_HOOKS})


def _no_coach(mode: str, state: Any, command: Command) -> None:
    return None


def _nothing_more(mode: str, state: Any) -> dict[str, Any]:
    return {}


#: A game that is not solo: no modes to start in; what every game's move asks (a coach, a mode's view) is empty.
NOT_SOLO = Solo(**{name: _not_solo for name in SOLO_HOOKS} | {
    "modes": (), "free_games_per_day": 0, "default_preset": "", "coach": _no_coach, "mode_view": _nothing_more})


def _no_deadlines(state: Any) -> Sequence[Deadline]:
    return ()


def _nothing(*_: Any) -> None:
    return None


def _occupies_nobody(state: Any, seat: int) -> bool:
    return False


def _no_log(state: Any) -> tuple[Any, list[dict[str, Any]]]:
    return state, []


def _everyone_reads(state: Any, seat: int) -> bool:
    return True


def _not_a_table(*_: Any) -> Any:
    raise TypeError("this game is not played at a table")


@dataclass(frozen=True, slots=True)
class HostedGame:
    """One game kind's rules with every hook filled in (see `game_rules` for what each means)."""

    kind: str
    seats: tuple[int, int]
    commands: TypeAdapter[Any]
    start: Callable[[Any], tuple[Any, list[Event]]]
    decide: Callable[[Any, Command], Decided | Rejection]
    evolve: Callable[[Any, Event], Any]
    fold: Callable[[Iterable[Event]], Any]
    view: Callable[..., dict[str, Any]]  # (state, seat, log, public): the host hands what the rules take
    # at a table
    at_table: bool
    new_setup: Callable[[Mapping[str, Any], int, int, datetime], Any]
    command_for: Callable[[Mapping[str, Any], int, datetime], Any]
    deadlines: Callable[[Any], Sequence[Deadline]]
    timer_command: Callable[[Mapping[str, Any]], Command]
    is_over: Callable[[Any], bool]
    ending_events: frozenset[str]
    # optional hooks, defaults filled in
    keeps_lobby: bool  # the rules' own lobby: each seat taken is their `seated` command
    seated: Callable[[int, datetime], Command]
    keeps_presence: bool  # the rules hear whether each seat has a device (`presence`)
    presence: Callable[[int, bool, datetime], Command | None]
    one_table_at_a_time: bool  # `occupies` holds a player at one table of the kind at a time
    occupies: Callable[[Any, int], bool]
    reads: Callable[[Any, int], bool]  # whether a seat still hears the game (Ark: a kicked member does not)
    purge_events: frozenset[str]  # non-empty: a room, deleted once one of these is appended
    bot_levels: tuple[str, ...]
    bot_action: Callable[[Any, int, str, int], Mapping[str, Any] | None]
    summary: Callable[[Any], dict[str, Any] | None]
    has_public: bool  # the state has a part every seat sees alike (`public`), rendered once for all of them
    public: Callable[[Any], Any]  # None: no public part
    rating: Rating
    solo: Solo
    keeps_log: bool
    compact: Callable[[Any], tuple[Any, list[dict[str, Any]]]]
    catalogue: Callable[[], dict[str, Any] | None]  # the rules' own reference data for a client (None: none)
    settings_model: type[BaseModel] | None  # what its `GameCreated.settings` hold (None: the rules did not say)
    rules: Any  # the library itself, for what is its own (a CLI, a test)

    @property
    def is_solo(self) -> bool:
        return self.solo is not NOT_SOLO

    @property
    def is_rated(self) -> bool:
        return self.rating is not NOT_RATED

    @property
    def is_room(self) -> bool:
        return bool(self.purge_events)

    def seat_view(self, state: Any, seat: int | None, log: Sequence[Any] = (), public: Any = None) -> dict[str, Any]:
        return self.view(state, seat, log, public)


def _decide(rules: Any) -> Callable[[Any, Command], Decided | Rejection]:
    decided = getattr(rules, "decided", None)
    if decided is not None:
        def with_state(state: Any, command: Command) -> Decided | Rejection:
            outcome = decided(state, command)
            return outcome if is_rejection(outcome) else Decided(list(outcome[0]), outcome[1])
        return with_state

    def events_only(state: Any, command: Command) -> Decided | Rejection:
        outcome = rules.decide(state, command)
        return outcome if is_rejection(outcome) else Decided(list(outcome))
    return events_only


def _view(rules: Any, keeps_log: bool, has_public: bool) -> Callable[..., dict[str, Any]]:
    render = rules.view
    if keeps_log:
        return lambda state, seat, log, public: render(state, seat, log=log)
    if has_public:
        return lambda state, seat, log, public: (render(state, seat) if public is None
                                                 else render(state, seat, public=public))
    return lambda state, seat, log, public: render(state, seat)


def host(rules: Any) -> HostedGame:
    """The rules library (a module or an object with the contract's names) as a `HostedGame`. The only place
    that asks which optional names a library has."""
    if isinstance(rules, HostedGame):
        return rules
    if not isinstance(rules, RulesPackage):
        raise TypeError(f"{rules!r} does not provide the rules contract (KIND, SEATS, COMMANDS, start, decide, "
                        "evolve, fold, view)")
    if not KIND_PATTERN.match(rules.KIND):
        raise ValueError(f"game kind {rules.KIND!r} must match {KIND_PATTERN.pattern}")
    optional = {name: getattr(rules, name) for name in dir(rules) if not name.startswith("_")}
    at_table = all(name in optional for name in ("new_setup", "command_for", "timer_command", "is_over"))
    keeps_log = "compact" in optional
    return HostedGame(
        kind=rules.KIND, seats=tuple(rules.SEATS), commands=rules.COMMANDS, start=rules.start,
        decide=_decide(rules), evolve=rules.evolve, fold=rules.fold,
        view=_view(rules, keeps_log, "public" in optional),
        at_table=at_table,
        new_setup=optional.get("new_setup", _not_a_table),
        command_for=optional.get("command_for", _not_a_table),
        deadlines=optional.get("deadlines", _no_deadlines),
        timer_command=optional.get("timer_command", _not_a_table),
        is_over=optional.get("is_over", _not_a_table),
        ending_events=frozenset(optional.get("ENDING_EVENTS", ())),
        keeps_lobby="seated" in optional,
        seated=optional.get("seated", _not_a_table),
        keeps_presence="presence" in optional,
        presence=optional.get("presence", _nothing),
        one_table_at_a_time="occupies" in optional,
        occupies=optional.get("occupies", _occupies_nobody),
        reads=optional.get("reads", _everyone_reads),
        purge_events=frozenset(optional.get("PURGE_EVENTS", ())),
        bot_levels=tuple(optional.get("BOT_LEVELS", ())),
        bot_action=optional.get("bot_action", _nothing),
        summary=optional.get("summary", _nothing),
        has_public="public" in optional,
        public=optional.get("public", _nothing),
        rating=(Rating(rules.RATING_START, rules.rate, rules.rated) if "rate" in optional else NOT_RATED),
        solo=_solo(optional),
        keeps_log=keeps_log,
        compact=optional.get("compact", _no_log),
        catalogue=optional.get("catalogue", _nothing),
        settings_model=optional.get("SETTINGS"),
        rules=rules,
    )


def installed_kinds() -> list[str]:
    """The kinds of every installed game library (its `echo.games` entry point's name), without importing one."""
    return sorted({point.name for point in entry_points(group=ENTRY_POINT_GROUP)})


def installed() -> list[Any]:
    """Every installed game library, loaded."""
    return [point.load() for point in entry_points(group=ENTRY_POINT_GROUP)]


@cache
def installed_game(kind: str) -> HostedGame:
    """The installed game of this kind, hosted; LookupError if none is installed."""
    for point in entry_points(group=ENTRY_POINT_GROUP, name=kind):
        return host(point.load())
    raise LookupError(f"no game of kind {kind!r} is installed")


def installed_solo_game() -> HostedGame:
    """The one installed solo game (the Daily's); LookupError if there is not exactly one."""
    solo = [game for game in map(installed_game, installed_kinds()) if game.is_solo]
    if len(solo) != 1:
        raise LookupError(f"{len(solo)} solo games are installed, one expected")
    return solo[0]
