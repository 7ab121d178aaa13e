"""The history of table games and Ghost Five's ratings, projected by the engine over real NATS and PostgreSQL:
a finished Echoes of Time game with a bot is listed for its player and for nobody else; Ghost Five matches
are rated only between two accounts registered by their end (resignations included; a guest's, a bot's and
a cancelled match never), «Лидеры» lists the accounts with five rated matches; and `echo_engine.rebuild`
replays the streams into tables — and «Лидеры» — equal to the live ones."""

from __future__ import annotations

import asyncio
import os
import secrets
import sys
import uuid
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from echo_engine import history as history_module
from echo_engine.app import create_app
from echo_engine.history import finished_table
from echo_engine.rebuild import TABLES, rebuild
from echo_engine.settings import Settings
from echo_engine.store import GameStore
from echo_events.callsigns import generated_callsign
from echo_events.envelope import decode
from echo_events.streams import game_events
from echo_runtime.db import create_pool
from echo_runtime.nats_client import connect
from ghost_five.commitment import commit_hash
from ghost_five.elo import START, rate

from tests.integration.engine.test_eot_tables import open_table
from tests.support.leagues import Accounts
from tests.support.play import ask
from tests.support.projections import caught_up, snapshot
from tests.support.servers import running

pytestmark = pytest.mark.integration
CONSUMERS = ("engine-games", "engine-accounts")
T0 = datetime(2026, 11, 20, tzinfo=UTC)


def account() -> str:
    return uuid.uuid4().hex


async def settled(nc) -> None:  # noqa: ANN001
    from echo_engine.accounts import ACCOUNTS_CONSUMER
    from echo_engine.projections import GAMES_CONSUMER

    await caught_up(nc.jetstream(), (GAMES_CONSUMER, ACCOUNTS_CONSUMER))


async def history(nc, account_id: str, **query) -> list[dict]:  # noqa: ANN001
    reply = await ask(nc, type="history", account_id=account_id, **query)
    assert reply["ok"], reply
    return reply["data"]["games"]


async def ghost_match(nc, a: str, b: str, *, winner: str | None, one_device: bool = False) -> str:  # noqa: ANN001
    """Seat 0 `a`, seat 1 `b`: one turn played (both place a stone), then the loser resigns; `winner` None:
    the match is cancelled before its first turn resolved. `one_device`: `a` plays both seats (`b` is `a`)."""
    settings = {"opponent": "device"} if one_device else {}
    opened = await ask(nc, type="open", account_id=a, kind="ghost_five", seats=2, settings=settings,
                       one_device=one_device)
    assert opened["ok"], opened
    game_id = opened["game_id"]
    joined = opened if one_device else await ask(nc, type="join", account_id=b,
                                                 invite=opened["view"]["table"]["invite"])
    assert joined["view"]["table"]["status"] == "playing", joined
    seat_of = {0: {"seat": 0}, 1: {"seat": 1}} if one_device else {0: {}, 1: {}}
    if winner is None:
        cancelled = await ask(nc, type="act", account_id=a, game_id=game_id, action={"type": "cancel_match"})
        assert cancelled["ok"], cancelled
        return game_id
    game = joined["view"]["game"]
    plays = {}
    for seat, (player, cell) in enumerate(((a, "H8"), (b, "C3"))):
        salt = secrets.token_hex(32)
        plays[seat] = (f"P:{cell}", salt)
        commit = commit_hash(game["match_id"], game["round"], game["turn"] + 1, seat, f"P:{cell}", salt)
        committed = await ask(nc, type="act", account_id=player, game_id=game_id,
                              action={"type": "commit", "commit": commit, **seat_of[seat]})
        assert committed["ok"], committed
    for seat, (action, salt) in enumerate(plays.values()):
        revealed = await ask(nc, type="act", account_id=(a, b)[seat], game_id=game_id,
                             action={"type": "reveal", "action": action, "salt": salt, **seat_of[seat]})
        assert revealed["ok"], revealed
    loser = 1 if winner == a else 0
    resigned = await ask(nc, type="act", account_id=(a, b)[loser], game_id=game_id,
                         action={"type": "resign", **seat_of[loser]})
    assert resigned["ok"] and resigned["view"]["table"]["status"] == "over", resigned
    return game_id


@pytest.fixture
async def engine(private_nats_url: str, fresh_database: str) -> AsyncIterator[tuple]:
    nc = await connect(private_nats_url, "tests")
    pool = await create_pool(fresh_database)
    app = create_app(Settings(nats_url=private_nats_url, database_url=fresh_database))
    try:
        yield nc, pool, running(app)
    finally:
        await pool.close()
        await nc.drain()


async def test_a_finished_echoes_of_time_game_is_its_players_own_and_rebuilds_equal(engine) -> None:  # noqa: ANN001
    nc, pool, serving = engine
    player, friend, stranger = account(), account(), account()
    accounts = Accounts(nc.jetstream())
    await accounts.player(player, T0, callsign="Хронист", confirm=False)
    async with serving:
        with_bot = await open_table(nc, player, [], ["random"])
        lost = await ask(nc, type="act", account_id=player, game_id=with_bot, action={"type": "concede"})
        assert lost["view"]["table"]["status"] == "over"
        duel = await open_table(nc, player, [friend], [])
        await ask(nc, type="act", account_id=friend, game_id=duel, action={"type": "concede"})
        unfinished = await open_table(nc, player, [], ["greedy"])
        await settled(nc)

        mine = await history(nc, player, kind="echoes_of_time")
        assert [g["game_id"] for g in mine] == [duel, with_bot]  # newest first; the game still on is not there
        assert unfinished not in {g["game_id"] for g in mine}
        first = mine[1]
        assert first["kind"] == "echoes_of_time" and first["outcome"] == "finished" and first["you"] == 0
        assert first["rounds"] is None
        me, bot = first["seats"]
        assert me == {**me, "seat": 0, "name": "Хронист", "bot": None, "you": True, "result": "loss"}
        assert bot == {**bot, "seat": 1, "name": None, "bot": "random", "you": False, "result": "win"}
        assert isinstance(me["score"], int) and isinstance(bot["score"], int)
        won = mine[0]["seats"]
        assert [s["result"] for s in won] == ["win", "loss"] and won[1]["name"] == generated_callsign(friend)
        assert [g["game_id"] for g in await history(nc, friend)] == [duel]
        assert await history(nc, stranger) == []  # never another account's
        assert await history(nc, player, kind="ark") == []
        assert len(await history(nc, player, limit=1)) == 1

        replay = await ask(nc, type="replay", game_id=with_bot, account_id=player)
        assert replay["ok"] and replay["data"]["frames"][-1]["me"]["id"] == "p1"
        live = await snapshot(pool, TABLES, "engine.%")
    assert live["engine_table_games"] and live["engine_table_seats"] and live["engine_accounts"]

    await pool.execute("UPDATE engine_table_seats SET result = 'win'")  # damage the rebuild undoes
    counts = await rebuild(nc, pool)
    assert counts["engine-games"] > 0 and counts["engine-accounts"] > 0
    assert await snapshot(pool, TABLES, "engine.%") == live


async def test_ghost_five_ratings_and_leaders_rated_as_the_rules_say_and_rebuilt_equal(
        engine, private_nats_url: str, fresh_database: str) -> None:  # noqa: ANN001
    from echo_engine.ratings import leaders

    nc, pool, serving = engine
    a, b, c, late, guest = (account() for _ in range(5))
    accounts = Accounts(nc.jetstream())
    for who, name in ((a, "Ася"), (b, "Боря"), (c, None)):
        await accounts.player(who, T0, callsign=name)
    await accounts.player(late, T0, confirm=False)
    await accounts.guest(guest, T0)
    # the rated matches, in order, and what Elo makes of them
    rated = [(a, b), (a, c), (b, a), (a, b), (c, a), (a, b), (c, b)]
    expected = {who: [START, 0, 0] for who in (a, b, c)}
    async with serving:
        for winner, loser in rated[:3]:
            await ghost_match(nc, winner, loser, winner=winner)
        await ghost_match(nc, a, guest, winner=a)  # a guest's: not rated
        await ghost_match(nc, late, a, winner=late)  # registered only afterwards: not rated
        await accounts.confirm(late, datetime.now(UTC) + timedelta(hours=1))
        await ghost_match(nc, a, b, winner=None)  # cancelled: no rating, no history
        on_one_device = await ghost_match(nc, a, a, winner=a, one_device=True)  # history, no rating
        bot_open = await ask(nc, type="open", account_id=a, kind="ghost_five", seats=2, bots=["easy"],
                             settings={"opponent": "bot"})
        assert bot_open["ok"], bot_open
        await ask(nc, type="act", account_id=a, game_id=bot_open["game_id"], action={"type": "cancel_match"})
        for winner, loser in rated[3:]:
            await ghost_match(nc, winner, loser, winner=winner)
        await settled(nc)
        for winner, loser in rated:
            expected[winner][0], expected[loser][0] = rate(expected[winner][0], expected[loser][0])
            expected[winner][1] += 1
            expected[loser][1] += 1
            expected[winner][2] += 1

        board = (await ask(nc, type="leaders", kind="ghost_five", account_id=b))["data"]
        assert board["min_matches"] == 5
        listed = [(r["name"], r["rating"], r["matches"], r["wins"]) for r in board["leaders"]]
        assert listed == sorted([("Ася", *expected[a]), ("Боря", *expected[b])], key=lambda r: -r[1])
        assert [r["place"] for r in board["leaders"]] == [1, 2]
        assert board["you"] == {"place": [r["name"] for r in board["leaders"]].index("Боря") + 1, "name": "Боря",
                                "rating": expected[b][0], "matches": expected[b][1], "wins": expected[b][2],
                                "you": True}
        own_c = (await ask(nc, type="leaders", kind="ghost_five", account_id=c))["data"]["you"]
        assert own_c == {"place": None, "name": generated_callsign(c), "rating": expected[c][0], "matches": 3,
                         "wins": 2, "you": True}  # three rated matches: not listed yet
        fresh = (await ask(nc, type="leaders", kind="ghost_five", account_id=guest))["data"]["you"]
        assert fresh == {**fresh, "place": None, "rating": START, "matches": 0, "wins": 0}
        assert (await ask(nc, type="leaders", kind="ghost_five"))["data"]["you"] is None
        unrated = await ask(nc, type="leaders", kind="tictactoe", account_id=b)
        assert not unrated["ok"] and unrated["error"]["code"] == "bad_request"
        assert "tictactoe" in unrated["error"]["message"]
        unnamed = await ask(nc, type="leaders", account_id=b)  # an ask from before kinds were named
        assert unnamed["data"] == (await ask(nc, type="leaders", kind="ghost_five", account_id=b))["data"]

        games_of_a = await history(nc, a, kind="ghost_five")
        assert len(games_of_a) == 9  # 6 rated, the guest's, the late one's, the one-device game; no cancelled one
        device_game = next(g for g in games_of_a if g["game_id"] == on_one_device)
        assert device_game["you"] == 0 and [s["you"] for s in device_game["seats"]] == [True, True]
        last = games_of_a[0]  # (a, b): b resigned after the first turn
        assert last["rounds"] == [{"round": 1, "result": "A", "reason": "resign", "turns": 1}]
        assert [(s["name"], s["result"], s["score"]) for s in last["seats"]] == [("Ася", "win", 0), ("Боря", "loss", 0)]
        live_tables = await snapshot(pool, TABLES, "engine.%")
        live_board = {who: await leaders(pool, "ghost_five", who) for who in (a, b, c, guest)}

    await pool.execute("UPDATE ratings SET rating = rating + 7")
    env = {**os.environ, "NATS_URL": private_nats_url, "DATABASE_URL": fresh_database, "LOG_FORMAT": "json"}
    process = await asyncio.create_subprocess_exec(sys.executable, "-m", "echo_engine.rebuild", env=env,
                                                   stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    output, _ = await asyncio.wait_for(process.communicate(), 120)  # the operator's command: its own process
    assert process.returncode == 0 and b"engine projections rebuilt" in output, output.decode()
    assert await snapshot(pool, TABLES, "engine.%") == live_tables
    rebuilt = {who: await leaders(pool, "ghost_five", who) for who in (a, b, c, guest)}
    assert rebuilt == live_board  # the rebuilt «Лидеры»


async def test_a_rated_match_that_arrives_after_a_later_one_gives_the_ratings_of_the_stream_order(
        fresh_database: str) -> None:
    from echo_engine.ratings import Player, apply_rated

    a, b, c = (Player(name, T0) for name in "abc")
    matches = [(3, "m1", (a, b)), (5, "m2", (a, b)), (8, "m3", (b, c)), (9, "m4", (c, a))]
    pool = await create_pool(fresh_database)
    try:
        async def ratings_after(order: list) -> list[tuple]:  # noqa: ANN001
            await pool.execute("TRUNCATE ratings, rated_matches")
            # another kind's match, later in the stream, and standing: Ghost Five's order and recompute ignore them
            await pool.execute("INSERT INTO rated_matches (sequence, kind, game_id, winner, loser, finished_at,"
                               " winner_registered_at, loser_registered_at)"
                               " VALUES (100, 'other', 'x', 'y', 'z', $1, $1, $1)", T0)
            await pool.execute("INSERT INTO ratings (kind, account_id, rating, matches, wins, registered_at)"
                               " VALUES ('other', 'y', 1234, 1, 1, $1)", T0)
            for sequence, game_id, pair in order:
                async with pool.acquire() as conn, conn.transaction():
                    await apply_rated(conn, "ghost_five", sequence, game_id, pair, T0)
            assert await pool.fetchval("SELECT rating FROM ratings WHERE kind = 'other'") == 1234
            return [tuple(r) for r in await pool.fetch("SELECT * FROM ratings WHERE kind = 'ghost_five' "
                                                       "ORDER BY account_id")]

        in_order = await ratings_after(matches)
        assert await ratings_after([matches[1], matches[3], matches[0], matches[2]]) == in_order
        assert await ratings_after([*matches, matches[1]]) == in_order  # a redelivery changes nothing
    finally:
        await pool.close()


async def test_an_ended_game_this_replica_holds_is_summarised_from_it_as_from_the_stream(
        engine, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    nc, _, serving = engine
    a, b = account(), account()
    async with serving:
        game_id = await ghost_match(nc, a, b, winner=a)
    js = nc.jetstream()
    ending = decode((await js.get_last_msg("GAMES", game_events(game_id), direct=True)).data)
    held = await GameStore(js, nc).refold(game_id)  # the game as of its last batch, as the appending replica holds it
    assert held is not None and held.version == ending.events[-1].version

    from_stream = await finished_table(nc, ending)

    async def no_read(*_: object, **__: object) -> None:
        raise AssertionError("a game held as of its ending batch is not read back")

    monkeypatch.setattr(history_module, "read_subject", no_read)
    assert await finished_table(nc, ending, held) == from_stream
    assert from_stream is not None and [s["result"] for s in from_stream.seats] == ["win", "loss"]
    moved_on = replace(held, version=held.version + 1)  # a later state of it: the ending batch's own is read back
    with pytest.raises(AssertionError, match="not read back"):
        await finished_table(nc, ending, moved_on)
