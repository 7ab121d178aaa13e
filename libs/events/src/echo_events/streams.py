"""JetStream streams as plain data: names, subjects and retention. The runtime turns these into configs."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from . import daily


@dataclass(frozen=True, slots=True)
class StreamSpec:
    name: str
    subjects: tuple[str, ...]
    description: str
    deny_delete: bool = True
    deny_purge: bool = True
    max_msgs_per_subject: int = -1
    duplicate_window_seconds: float = 120.0
    allow_schedules: bool = False  # JetStream message schedules (Nats-Schedule), nats-server >= 2.12


#: A game's messages go to one of two subjects under `echo.game.<game_id>`: `lifecycle` for a batch that
#: creates or ends the game, `move` for every other. The projections (a player's games, the charts, the
#: challenges) need only the first, so they subscribe to `lifecycle` and never receive a move; the engine
#: reads and appends to both as one sequence (`game_events`: the expected-last-sequence check and the
#: history read both take that wildcard; nats-server >= 2.11).
#: A room — a game whose rules delete it when it ends (`PURGE_EVENTS` of game_rules, Ark) — has the same two
#: subjects under `echo.room.<game_id>` in the ROOMS stream instead: its id starts with `ROOM_MARK`.
LIFECYCLE, MOVE = "lifecycle", "move"
LIFECYCLE_EVENT_TYPES = frozenset({"echo.GameCreated", "echo.GameFinished"})
ALL_GAME_EVENTS = "echo.game.*.*"
ALL_GAME_LIFECYCLES = f"echo.game.*.{LIFECYCLE}"
ALL_ROOM_EVENTS = "echo.room.*.*"
ROOM_MARK = "r"


def is_room(game_id: str) -> bool:
    """The game lives in ROOMS (it is deleted when it ends), not in GAMES."""
    return game_id.startswith(ROOM_MARK)


def _root(game_id: str) -> str:
    return f"echo.room.{game_id}" if is_room(game_id) else f"echo.game.{game_id}"


def game_subject(game_id: str, event_types: Iterable[str], ending: frozenset[str] = frozenset()) -> str:
    """Where a batch with these event types is appended: `lifecycle` if it creates or ends the game
    (`ending`: the event types that end a game of its kind, as its rules name them)."""
    kinds = set(event_types)
    kind = MOVE if LIFECYCLE_EVENT_TYPES.isdisjoint(kinds) and ending.isdisjoint(kinds) else LIFECYCLE
    return f"{_root(game_id)}.{kind}"


def game_events(game_id: str) -> str:
    """Every message of one game, in stream order (a subject filter)."""
    return f"{_root(game_id)}.*"


GAMES = StreamSpec(
    name="GAMES",
    subjects=(ALL_GAME_EVENTS,),
    description="Every game of every kind: two subjects per game (lifecycle, move), the source of truth",
)
#: Rooms are deleted, not hidden: their stream allows purging (by subject, one room at a time), so GAMES,
#: whose games' histories the projections, the charts and the analysts rebuild from, can keep denying it.
#: JetStream's deny-purge is a property of a whole stream and a purge request's subject filter is in its
#: body, out of reach of NATS permissions: in one stream, the right to purge a room would be the right to
#: purge every Daily.
ROOMS = StreamSpec(
    name="ROOMS",
    subjects=(ALL_ROOM_EVENTS,),
    description="Games deleted when they end (Ark rooms): two subjects per room, purged with the room",
    deny_purge=False,
)


def stream_of(game_id: str) -> str:
    """The stream that holds a game."""
    return ROOMS.name if is_room(game_id) else GAMES.name


#: Deadlines of games (move clocks, reveal windows, phase timers): JetStream message schedules. A game's
#: deadline `<name>` is the schedule on `echo.timer.set.<game_id>.<name>` (one per subject: a new one
#: replaces it); at its time the server publishes its body on `echo.timer.fired.<game_id>`, which the
#: engines consume (one durable consumer: each fired timer reaches one replica).
TIMER_SET_PREFIX = "echo.timer.set"
TIMER_FIRED_PREFIX = "echo.timer.fired"
TIMERS = StreamSpec(
    name="TIMERS",
    subjects=("echo.timer.>",),
    description="Game deadlines as message schedules, and the timers they fired",
    deny_purge=False,  # a schedule's definition is removed by the server when it fires
    deny_delete=False,
    allow_schedules=True,
)


def timer_schedule_subject(game_id: str, name: str) -> str:
    return f"{TIMER_SET_PREFIX}.{game_id}.{name}"


def timer_fired_subject(game_id: str) -> str:
    return f"{TIMER_FIRED_PREFIX}.{game_id}"


def game_timers(game_id: str) -> tuple[str, str]:
    """The subject filters of every timer message of a game: its schedules, the timers they fired."""
    return f"{TIMER_SET_PREFIX}.{game_id}.*", timer_fired_subject(game_id)
ACCOUNTS = StreamSpec(
    name="ACCOUNTS",
    subjects=("account.>",),
    description="Accounts, callsigns, e-mail confirmations, friends and challenges",
)
#: The daily context's stream: its name and subjects are defined beside its events (echo_events.daily).
DAILY = StreamSpec(
    name=daily.STREAM,
    subjects=daily.STREAM_SUBJECTS,
    description="Dailies published and closed, warnings, league weeks",
)
#: The seed-free side of DAILY (echo_events.daily): the gateway reads this one, never DAILY.
DAILY_PUBLIC = StreamSpec(
    name=daily.PUBLIC_STREAM,
    subjects=daily.PUBLIC_STREAM_SUBJECTS,
    description="Dailies as anyone may know them (no seed): what the gateway shows",
)
DEAD_LETTERS = StreamSpec(
    name="DEAD_LETTERS",
    subjects=("dlq.>",),
    description="Messages a consumer gave up on, kept for inspection and replay",
    deny_purge=False,
    deny_delete=False,
)

ALL_STREAMS: tuple[StreamSpec, ...] = (GAMES, ROOMS, ACCOUNTS, DAILY, DAILY_PUBLIC, DEAD_LETTERS, TIMERS)


@dataclass(frozen=True, slots=True)
class BucketSpec:
    """A JetStream key-value bucket (the stream `KV_<name>`): one value per key, dropped `ttl_seconds`
    after its last write."""

    name: str
    description: str
    ttl_seconds: int


#: The gateway's open sessions, `<account_id>.<session_id>` → the device; a session not renewed within
#: 90 days is gone (a token's own lifetime is shorter: ECHO_GATEWAY_SESSION_DAYS).
SESSIONS = BucketSpec(name="ECHO_SESSIONS", description="Signed-in devices (open sessions)",
                      ttl_seconds=90 * 24 * 3600)
#: The gateway's flood limits, shared by its replicas: a counter per rule, client and time window.
LIMITS = BucketSpec(name="ECHO_LIMITS", description="Request counters of the flood limits", ttl_seconds=2 * 3600)

ALL_BUCKETS: tuple[BucketSpec, ...] = (SESSIONS, LIMITS)
