"""Ghost Five at an engine table (`echo_events.game_rules.TableRules`): the room's settings (§12), a client's
action as its seat's command at the server's time, the clocks (§10) and the reveal window (§11) as deadlines,
and bots that play by the same commit-and-reveal as a person.

Seats are the engine's 0 (A) and 1 (B); the engine's `now` is `now.timestamp()`. The match id that goes
into every commit hash (§11) is derived from the seed the engine draws when the table fills and is in every
view (`match_id`); so is a second, secret value (`MatchCreated.secret`), which keys the bots' choices and
salts. The engine's per-decision bot seed is made of public things (the game id, the seat, the version), so
a salt derived from it alone could be recomputed by the opponent, who would then find the bot's action from
its hash by trying every move.

Clocks: a seat's deadline is move time + its reserve + the 2 s lag allowance after the turn opened (less
what it spent before a withdrawal); at that time `ExpireClock` voids the turn for it (`no_commit`, a skip).
The auto-commit of the selection at move time + reserve is the client's (it alone knows the selection, and
the server must never learn an action before its reveal): it sends an ordinary `commit`, which the lag
allowance admits. Once both seats are settled the reveal window's `CloseReveal` voids missing reveals.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from echo_events.game_rules import Deadline, Refused
from echo_events.model import Command
from pydantic import Field, TypeAdapter

from . import clock
from .board import SEAT_LETTERS
from .bot import LEVELS, choose
from .commands import COMMANDS, CloseReveal, CreateMatch, ExpireClock
from .commitment import commit_hash
from .decide import decide
from .elo import START as RATING_START
from .elo import rate
from .events import MatchAborted, MatchCancelled, MatchEnded
from .evolve import evolve, fold, start
from .history import summary
from .report import log_entries as report_log
from .settings import REVEAL_WINDOW, Settings
from .state import MatchState
from .view import view as seat_view

KIND = "ghost_five"
SEATS = (2, 2)
ENDING_EVENTS = frozenset(e.event_type for e in (MatchEnded, MatchAborted, MatchCancelled))
BOT_LEVELS = LEVELS  # easy, strong
SERVER_KEYS = ("seat", "now")  # what only the server says about a command
TIMERS: TypeAdapter[ExpireClock | CloseReveal] = TypeAdapter(
    Annotated[ExpireClock | CloseReveal, Field(discriminator="type")])
REVEAL_TIMER = "reveal"

__all__ = [
    "BOT_LEVELS", "COMMANDS", "ENDING_EVENTS", "KIND", "RATING_START", "SEATS", "SETTINGS", "RoomSettings",
    "bot_action",
    "command_for", "compact", "deadlines", "decide", "evolve", "fold", "is_over", "new_setup", "rate", "rated", "start",
    "summary", "timer_command",
    "view",
]


class RoomSettings(Settings):
    """§12's settings and who the opponent is: `online` (another account), `bot` or `device` (two players on
    one device). "No time limit" (`clock: false`) is for bot and one-device games only. A match is rated
    only when `opponent` is `online` and neither seat is a bot (the roster's `SeatTaken.bot`)."""

    opponent: Literal["online", "bot", "device"] = Field("online", description="who plays the other seat: "
                                                          "another account, the bot, or a player on the same device")


SETTINGS = RoomSettings  # what a table's `GameCreated.settings` hold: the room's, as the owner chose them


def clock_timer(seat: int) -> str:
    return f"clock-{SEAT_LETTERS[seat]}"


def _seconds(moment: datetime) -> float:
    return moment.timestamp()


def _moment(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


def _derived(purpose: str, seed: int) -> str:
    return hashlib.blake2b(f"ghost-five|{purpose}|{seed}".encode(), digest_size=16).hexdigest()


def room_settings(settings: Mapping[str, Any]) -> RoomSettings | Refused:
    chosen = RoomSettings.model_validate(dict(settings))
    if not chosen.clock and chosen.opponent == "online":
        return Refused("bad_settings", "clock: \"no time limit\" is for games against the bot or on one device")
    return chosen


def rated(settings: Mapping[str, Any]) -> bool:
    """A finished match counts for the rating only against another account online (not a bot, not one device)."""
    return settings.get("opponent", "online") == "online"


def new_setup(settings: Mapping[str, Any], seats: int, seed: int, now: datetime) -> CreateMatch | Refused:
    chosen = room_settings(settings)
    if isinstance(chosen, Refused):
        return chosen
    rules = Settings.model_validate(chosen.model_dump(exclude={"opponent"}))
    return CreateMatch(match_id="g" + _derived("match", seed)[:20], settings=rules,
                       secret=_derived("secret", seed), now=_seconds(now))


def command_for(action: Mapping[str, Any], seat: int, now: datetime) -> Command:
    """The seat and the time are the server's: whatever `seat` or `now` the client wrote is replaced."""
    return COMMANDS.validate_python({**action, "seat": seat, "now": _seconds(now)})


def clock_due(state: MatchState, seat: int) -> float | None:
    """When the seat's clock runs out (lag allowance included); None when it is not running."""
    turn = state.seats[seat]
    if not state.live or not state.settings.clock or turn.settled or turn.since is None:
        return None
    return turn.since + clock.deadline(state.settings, state.clocks[seat]) - turn.spent


def reveal_due(state: MatchState) -> float | None:
    """Computed exactly as `decide` checks it (not rounded: a due time a hair early is refused as not due,
    and a refused timer never comes back)."""
    return None if not state.live or state.reveal_since is None else state.reveal_since + REVEAL_WINDOW


def deadlines(state: MatchState) -> list[Deadline]:
    where = {"round": state.board.round, "turn": state.open_turn}
    found = []
    for seat in (0, 1):
        due = clock_due(state, seat)
        if due is not None:
            found.append(Deadline(clock_timer(seat), _moment(due),
                                  {"type": "expire_clock", "seat": seat, **where, "now": due}))
    due = reveal_due(state)
    if due is not None:
        found.append(Deadline(REVEAL_TIMER, _moment(due), {"type": "close_reveal", **where, "now": due}))
    return found


def timer_command(command: Mapping[str, Any]) -> ExpireClock | CloseReveal:
    return TIMERS.validate_python(dict(command))


def is_over(state: MatchState) -> bool:
    return not state.live


def bot_plan(state: MatchState, seat: int, level: str) -> tuple[str, str]:
    """The bot's action and salt for the open turn: the same all turn long, so its reveal matches its commit."""
    assert state.secret is not None, "a hosted match has a secret"
    where = f"{state.secret}|{state.board.round}|{state.open_turn}|{seat}"
    choice_seed = int(_derived(f"choice|{where}", 0), 16) >> 1
    action = choose(state, seat, level, choice_seed)  # type: ignore[arg-type]
    return action, hashlib.sha256(f"ghost-five/bot-salt|{where}".encode()).hexdigest()


def bot_action(state: MatchState, seat: int, level: str, seed: int) -> dict[str, Any] | None:
    """A commit as soon as the turn opens, the reveal once the window opens; nothing otherwise. `seed` is
    not used: it is public-derived, and both of the bot's actions of a turn must agree (see the module)."""
    del seed
    turn = state.seats[seat]
    if not state.live:
        return None
    if state.reveal_since is not None:
        if not turn.pending_reveal:
            return None
        action, salt = bot_plan(state, seat, level)
        return {"type": "reveal", "action": action, "salt": salt}
    if turn.settled:
        return None
    action, salt = bot_plan(state, seat, level)
    return {"type": "commit", "commit": commit_hash(state.match_id, state.board.round, state.open_turn, seat,
                                                    action, salt)}


def log_entries(state: MatchState) -> list[dict[str, Any]]:
    """The log's entries as every view shows them: with both salts (`salts`), published with the turn so each
    side rechecks the other's commit."""
    entries = report_log(state)
    for entry, turn in zip(entries, state.log, strict=True):
        entry["salts"] = {"A": turn.salts[0], "B": turn.salts[1]}
    return entries


def compact(state: MatchState) -> tuple[MatchState, list[dict[str, Any]]]:
    """The contract's incremental log: the state without its log, and the log as the view's entries (the
    same for every seat: a turn is in the log once it is resolved and public)."""
    return state._replace(log=()), log_entries(state)


def public(state: MatchState) -> dict[str, Any]:
    """What both seats see of this state alike (the contract's public part): a view names its seat and holds
    the log, and nothing else in it differs between the seats (§11: of the open turn every view has only
    who committed and the hashes). Rendered once per state, not once per seat."""
    picture = seat_view(state, None, with_log=False)
    picture["log"] = None  # the view's own, in this place of it
    return {**picture, "match_id": state.match_id,
            "deadlines": {"clocks": {SEAT_LETTERS[s]: clock_due(state, s) for s in (0, 1)},
                          "reveal": reveal_due(state)}}


def view(state: MatchState, seat: int | None = None, log: Sequence[Any] | None = None,
         public: dict[str, Any] | None = None) -> dict[str, Any]:
    """The rules' view of the seat, the match id its commits hash (§11) and the deadlines as server times
    (seconds since the epoch): each running clock's end (`clocks`, lag allowance included) and the reveal
    window's. The log's entries carry both salts (`log_entries`); `log`: those entries, kept by the engine
    for a compacted state (`compact`). `public`: this state's `public(state)`, when the caller rendered it
    already for the other seat."""
    shared = public if public is not None else public_part(state)
    return {**shared, "seat": None if seat is None else SEAT_LETTERS[seat],
            "log": log_entries(state) if log is None else list(log)}


public_part = public  # `view`'s parameter of that name hides the function inside it
