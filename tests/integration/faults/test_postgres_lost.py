"""PostgreSQL lost under load (issue 36): moves need no PostgreSQL. Echo players keep probing their Free games
over WebSockets while the database is down; games that end meanwhile are projected once it is back — the
games projection (a player's list, his best Free results) catches up with nothing lost and nothing counted
twice, and nothing was dead-lettered. Starting a Free game does need the database (one unfinished game per
account is kept there): it is refused while the database is down and the player gets in when it is back."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import asyncpg
import pytest
from echo_challenge.events import GameFinished
from echo_engine.app import create_app as create_engine
from echo_engine.settings import Settings as EngineSettings
from echo_events.envelope import decode
from echo_events.play import GameCreated
from echo_events.streams import DEAD_LETTERS, GAMES
from echo_gateway.app import create_app as create_gateway
from echo_gateway.settings import Settings as GatewaySettings
from echo_runtime.devstack import EmbeddedPostgres
from echo_runtime.migrate import apply_migrations
from echo_runtime.nats_client import connect
from nats.js.errors import NotFoundError

from tests.support.echo_players import EchoPlayer
from tests.support.servers import running

pytestmark = [pytest.mark.integration, pytest.mark.fault, pytest.mark.slow]
PLAYERS = 4
OUTAGE = 10.0  # seconds PostgreSQL is down


async def created_and_finished(js) -> tuple[set[str], set[str]]:  # noqa: ANN001
    """The Echo games GAMES holds, and those of them that have ended: what the projection must show."""
    created, finished, seq = set(), set(), 1
    while True:
        try:
            raw = await js.get_msg(GAMES.name, seq=seq, subject="echo.game.*.lifecycle", next=True)
        except NotFoundError:
            return created, finished
        seq = raw.seq + 1
        for envelope in decode(raw.data).events:
            if envelope.event_type == GameCreated.event_type and (envelope.payload or {}).get("kind", "echo") == "echo":
                created.add(envelope.stream_id)
            elif envelope.event_type == GameFinished.event_type:
                finished.add(envelope.stream_id)


async def test_moves_go_on_without_postgres_and_the_projection_catches_up(private_nats_url: str,
                                                                          tmp_path: Path) -> None:
    postgres = EmbeddedPostgres(tmp_path / "pg")
    url = postgres.start()
    await apply_migrations(url)
    try:
        engine = create_engine(EngineSettings(nats_url=private_nats_url, database_url=url))
        gateway = create_gateway(GatewaySettings(nats_url=private_nats_url, database_url=url, dev_mode=True,
                                                 flood_limits=False))
        async with running(engine), running(gateway) as base:
            players = [EchoPlayer(base, pace=0.5, safe=True) for _ in range(PLAYERS)]
            stop = asyncio.Event()
            playing = [asyncio.create_task(p.play(stop)) for p in players]
            await asyncio.sleep(4)

            postgres.stop()
            down_at = time.monotonic()
            await asyncio.sleep(OUTAGE)
            up_at = time.monotonic()
            postgres = EmbeddedPostgres(tmp_path / "pg")
            assert postgres.start() == url
            await asyncio.sleep(4)
            stop.set()
            await asyncio.gather(*playing)

            during = [sum(down_at < t < up_at for t in p.log.times) for p in players]
            print(f"\n[postgres] acks while PostgreSQL was down, per player {during}; refusals "
                  f"{sum((p.refused for p in players), start=type(players[0].refused)())}")
            # moves went on; a player whose game ended meanwhile waits for the database to start another
            assert all(n >= 2 for n in during), during

            nc = await connect(private_nats_url, "checker")
            try:
                js = nc.jetstream()
                created, finished = await created_and_finished(js)
                assert finished, "no game ended: the test shows nothing about catching up"
                conn = await asyncpg.connect(url)
                try:
                    async with asyncio.timeout(90):  # the consumer's retries back off up to 15 s
                        while True:
                            rows = await conn.fetch("SELECT game_id, status FROM engine_games")
                            ended = {r["game_id"] for r in rows if r["status"] != "live"}
                            if {r["game_id"] for r in rows} == created and ended == finished:
                                break
                            await asyncio.sleep(0.5)  # noqa: ASYNC110 - the projection writes another connection
                    assert len(rows) == len(created)  # each game once
                finally:
                    await conn.close()
                dead = await js.stream_info(DEAD_LETTERS.name)
                assert dead.state.messages == 0, "a projection gave up on a message while the database was down"
            finally:
                await nc.close()
            print(f"[postgres] games {len(created)}, ended {len(finished)}: all projected once")
            for p in players:
                await p.close()
    finally:
        postgres.stop()
