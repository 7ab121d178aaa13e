"""PostgreSQL lost under load (issue 36): moves need no PostgreSQL. Echo players keep probing their Free games
over WebSockets while the database is down; games that end meanwhile are projected once it is back — the
games projection (a player's list, his best Free results) catches up with nothing lost and nothing counted
twice, and nothing was dead-lettered. Starting a Free game does need the database (one unfinished game per
account is kept there): it is refused while the database is down and the player gets in when it is back.

Meanwhile the other projections' facts go on too, and each is counted once when the database is back: Daily
games of registered players finish (the leagues service's Chart counts and the friends' scores it answers
with), and Ghost Five matches between registered players, seated before the outage, are played to a
resignation during it (the engine's ratings: each match rated once, in the stream's order)."""

from __future__ import annotations

import asyncio
import json
import secrets
import time
import uuid
from collections import Counter
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import asyncpg
import pytest
from echo_challenge.events import GameFinished
from echo_engine.accounts import ACCOUNTS_CONSUMER
from echo_engine.app import create_app as create_engine
from echo_engine.projections import GAMES_CONSUMER
from echo_engine.settings import Settings as EngineSettings
from echo_events.envelope import decode
from echo_events.play import GameCreated
from echo_events.streams import DEAD_LETTERS, GAMES
from echo_gateway.app import create_app as create_gateway
from echo_gateway.settings import Settings as GatewaySettings
from echo_leagues.app import create_app as create_leagues
from echo_leagues.projections import CONSUMERS as LEAGUES_CONSUMERS
from echo_leagues.settings import Settings as LeaguesSettings
from echo_runtime.devstack import EmbeddedPostgres
from echo_runtime.migrate import apply_migrations
from echo_runtime.nats_client import connect
from ghost_five.commitment import commit_hash
from ghost_five.elo import START, rate
from nats.aio.client import Client
from nats.js.errors import NotFoundError

from tests.support.echo_players import EchoPlayer
from tests.support.leagues import Accounts, daily_event, publish_game
from tests.support.play import ask
from tests.support.projections import caught_up
from tests.support.servers import running

pytestmark = [pytest.mark.integration, pytest.mark.fault, pytest.mark.slow]
PLAYERS = 4
OUTAGE = 10.0  # seconds PostgreSQL is down
DAY = date(2026, 11, 24)  # the Daily games' day; their players registered the day before
#: (player, credits) of each Daily game finished during the outage: two players score the same, so that a
#: Chart count counted twice or once too few shows
DAILY_SCORES = ((0, 120), (1, 120), (2, 75), (3, 0))
MATCHES = ((0, 1), (2, 3), (1, 0), (0, 2))  # (winner, loser) of each Ghost Five match, in the order played


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


async def seated_match(nc: Client, a: str, b: str) -> tuple[str, dict[str, Any]]:
    """A Ghost Five match of `a` (seat 0) and `b` opened and joined (which needs PostgreSQL: the quotas)."""
    opened = await ask(nc, type="open", account_id=a, kind="ghost_five", seats=2, settings={})
    assert opened["ok"], opened
    joined = await ask(nc, type="join", account_id=b, invite=opened["view"]["table"]["invite"])
    assert joined["view"]["table"]["status"] == "playing", joined
    return opened["game_id"], joined["view"]["game"]


async def resigned_match(nc: Client, game_id: str, game: dict[str, Any], players: tuple[str, str],
                         loser: int) -> None:
    """One turn played (both place a stone), then seat `loser` resigns: a rated match's end (no PostgreSQL)."""
    plays = {}
    for seat, (player, cell) in enumerate(zip(players, ("H8", "C3"), strict=True)):
        salt = secrets.token_hex(32)
        plays[seat] = (f"P:{cell}", salt)
        commit = commit_hash(game["match_id"], game["round"], game["turn"] + 1, seat, f"P:{cell}", salt)
        committed = await ask(nc, type="act", account_id=player, game_id=game_id,
                              action={"type": "commit", "commit": commit})
        assert committed["ok"], committed
    for seat, (action, salt) in plays.items():
        revealed = await ask(nc, type="act", account_id=players[seat], game_id=game_id,
                             action={"type": "reveal", "action": action, "salt": salt})
        assert revealed["ok"], revealed
    resigned = await ask(nc, type="act", account_id=players[loser], game_id=game_id, action={"type": "resign"})
    assert resigned["ok"] and resigned["view"]["table"]["status"] == "over", resigned


def expected_ratings(ghosts: list[str]) -> dict[str, tuple[int, int, int]]:
    """(rating, matches, wins) of each Ghost Five player: Elo over `MATCHES` in order, each once."""
    rating, matches, wins = dict.fromkeys(ghosts, START), Counter[str](), Counter[str]()
    for winner, loser in MATCHES:
        w, lo = ghosts[winner], ghosts[loser]
        rating[w], rating[lo] = rate(rating[w], rating[lo])
        matches.update((w, lo))
        wins[w] += 1
    return {g: (rating[g], matches[g], wins[g]) for g in ghosts}


async def test_moves_go_on_without_postgres_and_the_projection_catches_up(private_nats_url: str,
                                                                          tmp_path: Path) -> None:
    postgres = EmbeddedPostgres(tmp_path / "pg")
    url = postgres.start()
    await apply_migrations(url)
    nc = await connect(private_nats_url, "checker")
    try:
        js = nc.jetstream()
        engine = create_engine(EngineSettings(nats_url=private_nats_url, database_url=url))
        gateway = create_gateway(GatewaySettings(nats_url=private_nats_url, database_url=url, dev_mode=True,
                                                 flood_limits=False))
        leagues = create_leagues(LeaguesSettings(nats_url=private_nats_url, database_url=url))
        async with running(engine), running(leagues), running(gateway) as base:
            charted = [uuid.uuid4().hex for _ in range(4)]  # registered players of the Daily
            ghosts = [uuid.uuid4().hex for _ in range(4)]  # registered players of Ghost Five
            accounts = Accounts(js)
            for account in charted + ghosts:
                await accounts.player(account, datetime.combine(DAY - timedelta(days=1), datetime.min.time(), UTC))
            seated = [await seated_match(nc, ghosts[w], ghosts[lo]) for w, lo in MATCHES]  # the winner sits first

            players = [EchoPlayer(base, pace=0.5, safe=True) for _ in range(PLAYERS)]
            stop = asyncio.Event()
            playing = [asyncio.create_task(p.play(stop)) for p in players]
            await asyncio.sleep(4)

            postgres.stop()
            down_at = time.monotonic()
            daily = daily_event(DAY)
            for player, credits in DAILY_SCORES:
                await publish_game(js, charted[player], daily, credits=credits)
            for (game_id, game), (winner, loser) in zip(seated, MATCHES, strict=True):
                await resigned_match(nc, game_id, game, (ghosts[winner], ghosts[loser]), loser=1)
            await asyncio.sleep(OUTAGE - (time.monotonic() - down_at))
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
                await caught_up(js, (*LEAGUES_CONSUMERS, GAMES_CONSUMER, ACCOUNTS_CONSUMER), limit_s=60)
                await the_others_counted_once(nc, conn, charted, ghosts, [game_id for game_id, _ in seated])
            finally:
                await conn.close()
            dead = await js.stream_info(DEAD_LETTERS.name)
            assert dead.state.messages == 0, "a projection gave up on a message while the database was down"
            print(f"[postgres] games {len(created)}, ended {len(finished)}: all projected once; the Chart, the "
                  f"friends' scores and {len(MATCHES)} rated matches too")
            for p in players:
                await p.close()
    finally:
        await nc.close()
        postgres.stop()


async def the_others_counted_once(nc: Client, conn: asyncpg.Connection, charted: list[str], ghosts: list[str],
                                  matches: list[str]) -> None:
    """The Chart, the friends' scores and Ghost Five's ratings hold each fact of the outage once."""
    counts = {(r["day"], r["credits"]): r["n"] for r in await conn.fetch(
        "SELECT day, credits, n FROM leagues_chart_counts WHERE league = 'bronze'")}
    assert counts == Counter((DAY, credits) for _, credits in DAILY_SCORES if credits > 0)
    chart = await leagues_query(nc, "chart", league="bronze", date=DAY.isoformat())
    assert chart["total"] == sum(1 for _, credits in DAILY_SCORES if credits > 0)
    assert sorted(row["credits"] for row in chart["top"]) == sorted(c for _, c in DAILY_SCORES if c > 0)
    friends = await leagues_query(nc, "friends", account_ids=charted, date=DAY.isoformat())
    assert [(s["today"], s["week"]) for s in friends["scores"]] == [(c, c) for _, c in DAILY_SCORES]

    rated = await conn.fetchval("SELECT count(*) FROM rated_matches WHERE game_id = ANY($1::text[])", matches)
    assert rated == len(MATCHES)
    ratings = {r["account_id"]: (r["rating"], r["matches"], r["wins"]) for r in await conn.fetch(
        "SELECT account_id, rating, matches, wins FROM ratings WHERE kind = 'ghost_five'"
        " AND account_id = ANY($1::text[])", ghosts)}
    assert ratings == expected_ratings(ghosts)


async def leagues_query(nc: Client, name: str, **request: Any) -> dict[str, Any]:
    reply = json.loads((await nc.request(f"leagues.q.{name}", json.dumps(request).encode(), timeout=10)).data)
    assert reply["ok"], reply
    return reply
