"""JetStream streams as plain data: names, subjects and retention. The runtime turns these into configs."""

from __future__ import annotations

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


def game_subject(game_id: str) -> str:
    return f"echo.game.{game_id}"


GAMES = StreamSpec(
    name="GAMES",
    subjects=("echo.game.*",),
    description="Echo Challenge games: one subject per game, the source of truth",
)
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
DEAD_LETTERS = StreamSpec(
    name="DEAD_LETTERS",
    subjects=("dlq.>",),
    description="Messages a consumer gave up on, kept for inspection and replay",
    deny_purge=False,
    deny_delete=False,
)

ALL_STREAMS: tuple[StreamSpec, ...] = (GAMES, ACCOUNTS, DAILY, DEAD_LETTERS)
