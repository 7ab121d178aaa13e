"""What a stolen gateway credential hears (issue 35, point 1): a listener connected as the gateway's NATS user
subscribes to everything that user may — and tries `_INBOX.>` and every other service's inbox prefix — while
a whole game of each kind is played: a live Daily, Ghost Five against the bot, Echoes of Time, Ark.

Before: the gateway's user might subscribe to `_INBOX.>` and heard the engine's reads of the streams — the
live Daily's seed and hidden grid, an Echoes of Time game's key, the Ghost Five bot's salt before its reveal,
an Ark room's seed. Now each service's replies come back under its own prefix, which no other user may hear."""

from __future__ import annotations

import asyncio
import random
import uuid
from collections.abc import Iterator
from typing import Any

import echoes_of_time as eot
import nats
import pytest
from ark import events as ark_events
from echo_challenge.generator import layout_rows
from echo_challenge.modes import daily_setup
from echo_events.envelope import unwrap
from echo_events.moscow import moscow_date
from echo_runtime.clock import SystemClock
from echo_runtime.nats_access import ACCESS, inbox_prefix
from echo_runtime.nats_client import connect
from nats.aio.msg import Msg

from tests.integration.engine.test_ark_tables import open_room
from tests.integration.engine.test_eot_tables import latest, open_table, over, rules_events_with_versions
from tests.integration.engine.test_replicas_and_crashes import stream_events
from tests.integration.gateway.test_ghost_ws import first_empty
from tests.support.ghost import GhostPlayer
from tests.support.nats_users import CREDENTIALS
from tests.support.play import ask, publish_daily
from tests.support.wsclient import Device
from tests.unit.eot_rules.test_eot_hosting import offered

pytestmark = pytest.mark.integration

SEED = 5_551_234_987


class Listener:
    """The gateway's NATS user, subscribed to all it may hear; every message it got, with its subject."""

    def __init__(self) -> None:
        self.heard: list[tuple[str, bytes]] = []
        self.problems: list[str] = []
        self.nc: nats.NATS | None = None

    async def start(self, url: str) -> None:
        async def on_error(error: Exception) -> None:
            self.problems.append(str(error).lower())

        self.nc = await nats.connect(url, user="gateway", password=CREDENTIALS["gateway"], error_cb=on_error,
                                     inbox_prefix=inbox_prefix("gateway"), allow_reconnect=False)
        others = [f"{inbox_prefix(name)}.>" for name in ACCESS if name != "gateway"]
        for subject in (*ACCESS["gateway"].subscribe, "_INBOX.>", *others):
            await self.nc.subscribe(subject, cb=self._record)
        await self.nc.flush()
        await asyncio.sleep(0.2)
        for subject in ("_INBOX.>", *others):
            assert any("permissions violation" in p and subject.lower() in p for p in self.problems), subject

    async def _record(self, msg: Msg) -> None:
        self.heard.append((msg.subject, msg.data))

    def texts(self) -> Iterator[bytes]:
        return (data for _, data in self.heard)

    def assert_never_heard(self, secrets: list[str], what: str) -> None:
        for secret in secrets:
            assert not any(secret.encode() in data for data in self.texts()), f"{what}: {secret!r} was heard"


async def test_a_listener_with_the_gateways_credentials_hears_no_secret_of_any_game(
        system: str, private_nats_url: str) -> None:
    listener = Listener()
    await listener.start(private_nats_url)
    operator = await connect(private_nats_url, "tests")
    try:
        await a_live_daily(system, operator, listener)
        await ghost_five_against_the_bot(system, listener)
        await echoes_of_time(operator, listener)
        await ark(operator, listener)
        # it heard the players' updates all along: the test listened where the secrets would have passed
        assert sum(subject.startswith("echo.updates.") for subject, _ in listener.heard) > 100
        assert not [s for s, _ in listener.heard if s.startswith("_INBOX") and not s.startswith("_INBOX_gateway.")]
    finally:
        await operator.drain()
        assert listener.nc is not None
        await listener.nc.close()


async def a_live_daily(system: str, operator: nats.NATS, listener: Listener) -> None:
    daily = await publish_daily(operator.jetstream(), moscow_date(SystemClock().now()), seed=SEED)
    grid = [row for row in layout_rows(daily_setup(daily)) if set(row) != {"."}]
    player = await Device.guest(system)
    await player.connect()
    game = await player.command("start", mode="daily")
    board = "".join(game["view"]["board"])
    for sector in [i for i, c in enumerate(board) if c == "#"][:5]:
        await player.command("probe", game_id=game["game_id"], sector=sector)
    await player.command("finish", game_id=game["game_id"])
    await player.close()
    listener.assert_never_heard([str(SEED), *([daily.seed_salt] if daily.seed_salt else []), *grid], "the Daily")


async def ghost_five_against_the_bot(system: str, listener: Listener) -> None:
    me = await GhostPlayer.guest(system, 0)
    opened = await me.open({"opponent": "bot"}, bots=["easy"])
    assert opened["type"] == "ack", opened
    game = opened["view"]["game"]
    for _ in range(200):
        if game["status"] != "live":
            break
        turns = len(game["log"])
        await me.commit(f"P:{first_empty(game)}")
        before_reveal = list(listener.texts())  # the bot committed (and keeps its salt) already
        revealed = await me.reveal()
        assert revealed["type"] == "ack", revealed
        game = revealed["view"]["game"]
        salt = game["log"][turns]["salts"]["B"]
        assert salt and not any(salt.encode() in data for data in before_reveal), "the bot's salt before its reveal"
    assert game["status"] == "finished"
    await me.close()


async def echoes_of_time(operator: nats.NATS, listener: Listener) -> None:
    people = [uuid.uuid4().hex for _ in range(2)]
    game_id = await open_table(operator, people[0], people[1:], ["greedy"])
    choose = random.Random(35)
    for _ in range(2000):
        views = {person: await latest(operator, person, game_id) for person in people}
        if over(views[people[0]]):
            break
        person = next((p for p, v in views.items() if v["game"]["moves"] is not None), None)
        assert person is not None, "nobody is to act but the game goes on"
        acted = await ask(operator, type="act", account_id=person, game_id=game_id,
                          action=choose.choice(offered(views[person]["game"])))
        assert acted["ok"], acted
    assert over(await latest(operator, people[0], game_id))
    state = eot.fold(event for _, event in await rules_events_with_versions(operator, game_id))
    listener.assert_never_heard([state.key.hex()], "Echoes of Time")


async def ark(operator: nats.NATS, listener: Listener) -> None:
    room = await open_room(operator, 5)
    for seat in range(1, 5):
        assert (await room.act(seat, type="SetReady", ready=True))["ok"]
    assert (await room.act(0, type="StartGame"))["ok"]
    await room.play_until(lambda v: v["phase"] == "finished", timeout=180)
    events: list[Any] = [unwrap(e) for e in await stream_events(operator.jetstream(), room.game_id)]
    created = next(e for e in events if isinstance(e, ark_events.RoomCreated))
    listener.assert_never_heard([created.seed], "Ark")
