"""The contract between a game's pure rules library and the engine that hosts it.

The engine knows no game: it looks a rules library up by its `KIND`, starts a game from a setup, turns
commands into events with `decide`, folds events into state with `evolve` (or `fold`), appends the
events and sends every seat its own `view`. Each game's library (`libs/games/<game>`) provides, as
module-level names:

- `KIND`: the game kind, `[a-z][a-z0-9_]{0,31}` (it becomes part of subjects).
- `SEATS`: `(fewest, most)` seats a game has (1 for Echo Challenge, 2 for Ghost Five, 4..16 for Ark).
- `COMMANDS`: a pydantic `TypeAdapter` validating one client action (a dict with `type`) into a command.
- `start(setup) -> (state, events)`: the first events of a game; the setup carries seeds, settings,
  seats and the time; nothing is drawn inside.
- `decide(state, command) -> events | rejection`: a rejection is a value with `code` and `message`.
  A command names its seat where the game has several; timer commands carry the time they fire at and
  are refused as stale when the game has moved on.
- `evolve(state, event) -> state`: pure; never rolls dice, never reads a clock.
- `fold(events) -> state`: the state of a whole stream, from its first event.
- `view(state, seat) -> dict`: what one seat may see (`None`: a spectator). Never anything hidden.

Time, seeds and ids come in through setups and commands. The engine never asks which of the optional names
a library has: registering it wraps it once in `echo_events.hosting.HostedGame`, which supplies a default
for each.

A game the engine hosts at a table (seats filled by invitation, then started) also provides
`TableRules` (`HOSTING`, a module-level object or the module itself):

- `new_setup(settings, seats, seed, now) -> setup | rejection`: the room settings a client chose (a
  dict, validated here), how many seats were filled, a seed the server drew and the time.
- `command_for(action, seat, now) -> command | rejection`: one client action (validated by `COMMANDS`)
  as the command of `seat`, at the server's time `now`. The seat and the time are never the client's.
- `deadlines(state) -> [Deadline]`: the timers the game's state wants now. The engine schedules them
  (JetStream message schedules); at its time a deadline's `command` comes back through `timer_command` —
  only while the state still wants that deadline (its name and time), so a deadline the game moved past
  never comes back; `decide` still refuses a command that is stale (the check is the rules').
- `timer_command(command) -> command`: a fired deadline's command (a dict the rules wrote) as a command.
- `is_over(state) -> bool`; `ENDING_EVENTS`: the event types that end a game (its lifecycle subject).
- optionally, a lobby of the rules' own (Ark: ready, nicknames, kicks, the owner's start): `seated(seat, now)
  -> command`. Such a game starts when its table opens (with `seats` = the most it may have) and each
  player who sits down is that command; leaving, readiness and the start are the game's own actions.
- optionally, presence (Ark: MarkConnected / MarkDisconnected): `presence(seat, connected, now) -> command |
  None`. The engine hears the players' devices (the gateways' `echo.presence.<game_id>`); when the last device
  of a seat goes (or falls silent), and when one comes back, it decides this command (None: nothing to say).
  A rejection of it changes nothing (e.g. a player who left the game).
- optionally, one table at a time: `occupies(state, seat) -> bool`, true while the seat's player is taken
  by this game. An account whose seat at another table of the same kind still `occupies` him is refused a
  seat here (`already_in_game`), both opening a table and joining one.
- optionally, deletion: `PURGE_EVENTS`, the event types after which nothing of the game is kept. Such a game
  lives in the ROOMS stream (`echo_events.streams`), which allows purging, and once one of these events is
  appended (and its views sent) the engine purges the game's messages and its timers. Every other game lives
  in GAMES, whose history is never purged.
- optionally, bots for empty seats: `BOT_LEVELS` (names, weakest first) and
  `bot_action(state, seat, level, seed) -> action | None` — the action (as a client would send it) the bot
  at `seat` takes now, or None when it has nothing to do. Pure: the same state and seed, the same action.

- optionally, a rating of its players: `RATING_START`, `rate(winner, loser) -> (winner_after, loser_after)` and
  `rated(settings) -> bool` (does a finished match at a table with these settings count). The engine's ratings
  projection and «Лидеры» serve the kind that has one (Ghost Five's Elo).

- a solo game (one seat, started in a mode rather than at a table: Echo Challenge) provides instead of the table
  hooks `command_for`, `is_over`, and the solo hooks (`echo_events.hosting.Solo`): `MODES` (the modes a
  player starts it in; the engine refuses any other), `start_settings(start) -> dict` (how a new game is
  started — the platform's `echo_events.solo_start.SoloStart`: its preset, its player's league, the Daily it is
  an attempt at, which of the day's Free games it is — as what its `GameCreated.settings` hold, validated by the
  game's own model) and `started_with(settings) -> SoloStart` (a game's `GameCreated.settings` read back as
  the platform's start: the engine reads nothing else of them); `tutorial_setup()`,
  `daily_setup(daily)`, `free_setup(preset, account_id, day, slot, daily)`, `free_presets(daily)`,
  `FREE_GAMES_PER_DAY` and `DEFAULT_PRESET`; `daily_game_id(account_id, daily_id)` and
  `free_game_id(account_id, day, slot)` — ids derived so that a Daily is one attempt and a day's Free games
  are numbered, both made atomic by the stream; `coach(mode, state, command) -> str | None` (the Tutorial's
  word on a click off its script: refused as `tutorial_step`); `mode_view(mode, state) -> dict` (what a
  mode adds to the view); `replay(events, show_field)`, `status(state)`, and the commands that end a game:
  `finish()` (the player's, or a new Free game replacing it) and `expire()` (its Daily's close);
  `result(event) -> dict` — a finished game's line in its player's list of games, from its ending event
  (one of `ENDING_EVENTS`): `status`, `credits`, `ticks`, `clean`, `lossy`, `orders`; and what a
  Daily shows of its rules (a gateway asks, through the registry): `preset(preset_id) -> dict | None` (its
  names, gists and titles in Russian and English), `prices(preset_id, changes) -> dict | None` (the day's
  prices, a special game's `(field, value)` changes applied) and `rule_en(field, value) -> str | None`.

- optionally, `SETTINGS`: the pydantic model of what a game's `GameCreated.settings` holds (a table's settings as
  the owner chose them, which `new_setup` validates; a solo game's start, `start_settings`'s). The event
  catalogue shows it by kind (docs/event-reference.md); a game without one says nothing of its settings there.

- optionally, reference data of the rules' own that a client draws from (Echoes of Time's cards and Sources):
  `catalogue() -> dict`. A gateway serves it as it is (`GET /api/v1/games/<kind>/catalogue`); it is never a
  game's (no hand, no deck).

- optionally, what a finished game leaves in its players' history: `summary(state) -> dict | None` —
  None while the game is on or when it ended without being played (cancelled, a lobby closed); else
  `{"outcome": "finished" | "aborted", "seats": [per seat: None (no part in the game) or
  {"result": "win" | "loss" | "draw" | None, "score": int | None}], "rounds": [dict, …] | None}`.

An optional decision with its state: `decided(state, command) -> (events, state_after) | rejection` — for
rules whose decision arrives at the state after its events anyway (Echoes of Time carries a command out on a
copy of the table, event by event): `state_after` must be what evolving `state` through `events` gives. The
engine then keeps it instead of evolving the events again.

An optional public part: `public(state) -> P` — what every seat sees of this state alike. The engine renders
every seat's view of each state one after the other, so with `public` it renders that part once per state and
hands it to `view(state, seat, public=P)`; `view(state, seat)` without it renders the part itself (a CLI, a
test). The views of one state share it, so nothing may change a view after it is made.

An optional incremental log (Echo Challenge's, Ghost Five's) lets the engine keep rendered log entries instead
of event models: `compact(state) -> (state_without_log, entries)` — the entries of the log the state holds —
and `view(state, seat, log=entries)`. The engine keeps states compacted, so evolving one and compacting
it again yields just the new entries; an entry must then be final once its command's events are in, and the
same for every seat.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol, runtime_checkable

from pydantic import TypeAdapter

from .model import Command, Event

KIND_PATTERN = re.compile(r"^[a-z][a-z0-9_]{0,31}$")


@runtime_checkable
class Rejection(Protocol):
    """A refused command: nothing changes. `code` is machine-readable, `message` is for people."""

    @property
    def code(self) -> str: ...

    @property
    def message(self) -> str: ...


@dataclass(frozen=True, slots=True)
class Refused:
    """A ready-made rejection value for rules libraries that need no richer one."""

    code: str
    message: str


@runtime_checkable
class RulesPackage(Protocol):
    """A game's rules, usually a module. States and setups are the library's own immutable types."""

    KIND: str
    SEATS: tuple[int, int]
    COMMANDS: TypeAdapter[Any]

    def start(self, setup: Any) -> tuple[Any, list[Event]]: ...

    def decide(self, state: Any, command: Command) -> Sequence[Event] | Rejection: ...

    def evolve(self, state: Any, event: Event) -> Any: ...

    def fold(self, events: Iterable[Event]) -> Any: ...

    def view(self, state: Any, seat: int | None = None) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True)
class Deadline:
    """A timer the game wants: at `at`, `command` (the rules' own JSON form) comes back to `decide`.
    `name` is the timer's identity within the game (a new deadline of the same name replaces the old).

    `calendar`: a moment of the calendar (a Daily's close), not the end of a span of play (a turn's 30
    seconds). NATS fires a schedule by the wall's clock, the engine keeps its own (a dev box's or a test's
    moved one): a span's deadline runs when its schedule fires, a calendar's only once the engine's clock
    has reached it."""

    name: str
    at: datetime
    command: Mapping[str, Any]
    calendar: bool = False


@runtime_checkable
class TableRules(Protocol):
    """What the engine needs to host a game at a table: settings, seats, a client's action, timers."""

    ENDING_EVENTS: frozenset[str]

    def new_setup(self, settings: Mapping[str, Any], seats: int, seed: int, now: datetime) -> Any: ...

    def command_for(self, action: Mapping[str, Any], seat: int, now: datetime) -> Command | Rejection: ...

    def deadlines(self, state: Any) -> Sequence[Deadline]: ...

    def timer_command(self, command: Mapping[str, Any]) -> Command: ...

    def is_over(self, state: Any) -> bool: ...


def is_rejection(outcome: object) -> bool:
    """True for a rejection value, False for a list of events. What `isinstance(outcome, Rejection)` decides
    (the protocol's members are there) without typing's protocol machinery, which cost ~20 µs a command where
    this costs ~3, and the engine asks of every table move's command and outcome."""
    return not isinstance(outcome, list | tuple) and hasattr(outcome, "code") and hasattr(outcome, "message")
