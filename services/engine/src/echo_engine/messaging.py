"""What the engine reads and writes on NATS besides its requests (`engine.cmd`, core request/reply on bare
nats-py — the move path — described by the event contract): four durables and what it publishes."""

from __future__ import annotations

from echo_events.daily import SUBJECT_CLOSED
from echo_events.envelope import Batch
from echo_events.play import GameUpdate, TimerFired
from echo_events.streams import GAMES, ROOMS, TIMER_SET_PREFIX, TIMERS
from echo_runtime.consumer import ConsumerSpec
from echo_runtime.messaging import Messaging, Publication

from .accounts import ACCOUNTS_CONSUMER
from .projections import GAMES_CONSUMER
from .timers import FIRED_CONSUMER

EXPIRY_CONSUMER = ConsumerSpec(stream="DAILY", durable="engine-expiry",
                               filter_subject=SUBJECT_CLOSED.format(league="*"),
                               description="A Daily closed: every game of it still running expires.")

MESSAGING = Messaging(
    service="engine",
    consumers=(GAMES_CONSUMER, ACCOUNTS_CONSUMER, EXPIRY_CONSUMER, FIRED_CONSUMER),
    publications=(
        Publication("engine-game-events", "echo.game.{game_id}.{kind}", GAMES.name,
                    "Every accepted command appends one Batch to its game, with the expected last subject "
                    "sequence and the command id as Nats-Msg-Id (nats-py: the move path)."),
        Publication("engine-room-events", "echo.room.{game_id}.{kind}", ROOMS.name,
                    "A room (a game its rules delete when it ends: Ark) is appended to like a game, in ROOMS; "
                    "after its rules' PURGE_EVENTS every message of the room is purged, with its timers.", Batch,
                    {"game_id": "the room's id (it starts with `r`)",
                     "kind": "`lifecycle` for a batch that creates or ends the room, `move` for every other"}),
        Publication("engine-game-updates", "echo.updates.{account_id}", None,
                    "After every accepted command: the game's new view for each device of each seat.", GameUpdate),
        Publication("engine-timer-schedules", TIMER_SET_PREFIX + ".{game_id}.{name}", TIMERS.name,
                    "A game's deadline as a message schedule (Nats-Schedule: @at …); at its time the server "
                    "publishes the body on echo.timer.fired.{game_id}.", TimerFired,
                    {"game_id": "the game", "name": "the deadline's name in the game's rules"}),
    ),
)
