"""NATS permissions (issue 17, point 3): the harness runs the production model (echo_runtime.nats_access),
so this test connects as each service's user and shows what it may and may not do. Before: NATS had no
users at all, and anything inside the cluster could read every stream and publish any event or query."""

from __future__ import annotations

import asyncio

import nats
import pytest
from echo_runtime.nats_access import ACCESS, OPERATOR, inbox_prefix
from nats.errors import NoRespondersError
from nats.errors import TimeoutError as NatsTimeout

from tests.support.nats_users import CREDENTIALS

pytestmark = pytest.mark.integration


class User:
    def __init__(self, nc: nats.NATS, problems: list[str]) -> None:
        self.nc = nc
        self.problems = problems

    async def publishes(self, subject: str) -> bool:
        """A core publish the server accepted (it answers a denied one with a permissions violation)."""
        before = len(self.problems)
        await self.nc.publish(subject, b"{}")
        await self.nc.flush()
        await asyncio.sleep(0.05)
        return not any("permissions violation" in p.lower() and subject in p for p in self.problems[before:])

    async def subscribes(self, subject: str) -> bool:
        before = len(self.problems)
        subscription = await self.nc.subscribe(subject)
        await self.nc.flush()
        await asyncio.sleep(0.05)
        await subscription.unsubscribe()
        # nats-py lowercases the server's error text, subject included
        return not any("permissions violation" in p.lower() and subject.lower() in p.lower()
                       for p in self.problems[before:])

    async def appends(self, subject: str) -> bool:
        """A JetStream publish acknowledged by its stream."""
        try:
            await self.nc.jetstream(timeout=1).publish(subject, b"not an event batch")
            return True
        except (NatsTimeout, NoRespondersError, TimeoutError):
            return False

    async def reads(self, stream: str, subject: str) -> bool:
        try:
            await self.nc.jetstream(timeout=1).get_last_msg(stream, subject, direct=True)
            return True
        except nats.js.errors.NotFoundError:
            return True  # allowed; there is simply no such message
        except (NatsTimeout, NoRespondersError, TimeoutError):
            return False

    async def purges(self, stream: str, subject: str) -> bool:
        """A purge of one subject's messages that the stream answered (allowed or refused by its own config)."""
        try:
            await self.nc.jetstream(timeout=1).purge_stream(stream, subject=subject)
            return True
        except nats.js.errors.BadRequestError:
            return True  # the permission let it through; the stream itself refused (deny_purge)
        except (NatsTimeout, NoRespondersError, TimeoutError):
            return False

    async def manages_streams(self) -> bool:
        try:
            await self.nc.jetstream(timeout=1).delete_stream("GAMES")
        except (NatsTimeout, NoRespondersError, TimeoutError):
            return False
        raise AssertionError("GAMES was deleted")  # deny_delete protects messages, not the stream itself


async def connect_as(url: str, user: str, password: str) -> User:
    problems: list[str] = []

    async def on_error(error: Exception) -> None:
        problems.append(str(error))

    nc = await nats.connect(url, user=user, password=password, error_cb=on_error, allow_reconnect=False,
                            inbox_prefix=inbox_prefix(user))
    return User(nc, problems)


async def test_each_service_hears_only_its_own_replies(private_nats_url: str) -> None:
    """Before (issue 35): every user might subscribe to `_INBOX.>`, so the gateway's credentials heard the
    engine's and the Daily's replies — seeds, hands, deck orders, invite secrets, ballots. Now each user has
    its own inbox prefix and may subscribe to it alone; its requests are answered there."""
    users = {name: await connect_as(private_nats_url, name, CREDENTIALS[name]) for name in ACCESS}
    try:
        for name, user in users.items():
            assert await user.subscribes(f"{inbox_prefix(name)}.>"), name
            assert not await user.subscribes("_INBOX.>"), name
            assert not await user.subscribes(">"), name
            for other in ACCESS:
                if other != name:
                    assert not await user.subscribes(f"{inbox_prefix(other)}.>"), (name, other)
                    assert not await user.subscribes(f"{inbox_prefix(other)}.abc"), (name, other)
        # a request of the user's own is answered on its own prefix (JetStream's API, here)
        assert await users["gateway"].reads("DAILY_PUBLIC", "daily.announced.bronze")
    finally:
        for user in users.values():
            await user.nc.close()


async def test_each_service_may_do_its_job_and_nothing_else(private_nats_url: str) -> None:
    users = {name: await connect_as(private_nats_url, name, CREDENTIALS[name]) for name in ACCESS}
    gateway, engine, daily, leagues, social = (users[n] for n in ("gateway", "engine", "daily", "leagues", "social"))
    try:
        # the gateway: commands, queries and its players' updates; writes guests; reads no stream
        assert await gateway.publishes("engine.cmd") and await gateway.publishes("leagues.q.chart")
        assert await gateway.publishes("social.cmd.account.get")
        assert await gateway.subscribes("echo.updates.someone") and await gateway.subscribes("daily.announced.*")
        assert await gateway.subscribes("daily.closed.*") and await gateway.subscribes("daily.warning")
        # guests only, on their own subjects: never an account's other events (a forged EmailConfirmed)
        assert await gateway.appends("account.guest.newguest")
        assert not await gateway.appends("account.newguest") and not await gateway.appends("account.guest.a.b")
        assert await gateway.reads("DAILY_PUBLIC", "daily.announced.bronze")
        # a live Daily's seed is in DAILY's `daily.published.*`: the gateway neither reads nor hears it
        assert not await gateway.reads("DAILY", "daily.published.bronze")
        assert not await gateway.subscribes("daily.published.*") and not await gateway.subscribes("daily.>")
        assert not await gateway.publishes("daily.announced.bronze")
        assert not await gateway.reads("GAMES", "echo.game.g1.move")
        assert not await gateway.reads("ACCOUNTS", "account.newguest")
        assert not await gateway.reads("DAILY", "daily.closed.bronze")
        assert not await gateway.publishes("daily.published.bronze")
        assert not await gateway.publishes("echo.game.g1.move")
        assert not await gateway.subscribes("echo.game.>") and not await gateway.subscribes("account.>")
        assert not await gateway.subscribes("engine.cmd") and not await gateway.subscribes("social.cmd.>")

        # the engine: the only writer of games and updates
        assert await engine.appends("echo.game.g1.move") and await engine.publishes("echo.updates.someone")
        assert await engine.reads("GAMES", "echo.game.g1.move") and await engine.subscribes("engine.cmd")
        assert await engine.reads("ACCOUNTS", "account.x")  # names and registrations, never a write:
        assert not await engine.appends("account.x") and not await engine.publishes("daily.closed.bronze")
        assert not await engine.publishes("leagues.q.chart") and not await engine.subscribes("echo.updates.>")
        # rooms: the engine writes and purges them (and their timers), hears presence, and may not purge GAMES
        assert await engine.appends("echo.room.r1.move") and await engine.reads("ROOMS", "echo.room.r1.move")
        assert await engine.purges("ROOMS", "echo.room.r1.*") and await engine.purges("TIMERS", "echo.timer.set.r1.*")
        assert not await engine.purges("GAMES", "echo.game.g1.*") and await engine.subscribes("echo.presence.*")
        for other in (gateway, leagues, social):
            assert not await other.purges("ROOMS", "echo.room.r1.*")

        # daily: the only writer of DAILY and of its seed-free copy
        assert await daily.appends("daily.warning") and await daily.appends("daily.announced.bronze")
        assert not await daily.appends("echo.game.g1.move") and not await daily.publishes("engine.cmd")

        # projections read games but write none; nobody but the gateway asks leagues (its `viewer` is the
        # gateway's verified session) or social (its `account_id` likewise)
        assert await leagues.reads("GAMES", "echo.game.g1.move") and await leagues.subscribes("leagues.q.*")
        assert not await leagues.appends("echo.game.g1.move") and not await leagues.publishes("echo.game.g1.move")
        assert not await leagues.publishes("leagues.q.chart") and not await leagues.publishes("social.cmd.x")
        # which day it is: both read the newest Daily's seed-free announcement (echo_runtime.today); social
        # reads nothing of DAILY, leagues none of its seed-bearing Dailies directly
        for projection in (leagues, social):
            assert await projection.reads("DAILY_PUBLIC", "daily.announced.bronze")
            assert not await projection.reads("DAILY", "daily.published.bronze")
        for asker in (engine, leagues, social):  # and hear its announcements, to keep the day between them
            assert await asker.subscribes("daily.announced.bronze")
            assert not await asker.subscribes("daily.published.bronze")
        assert not await social.reads("DAILY", "daily.closed.bronze")
        assert await social.appends("account.x") and await social.subscribes("social.cmd.>")
        assert not await social.appends("account.guest.x")  # the gateway's alone
        assert not await social.appends("echo.game.g1.move") and not await social.publishes("leagues.q.chart")
        assert not await social.publishes("social.cmd.account.get")
        for name in ("gateway", "engine", "daily", "leagues", "social"):
            assert not await users[name].manages_streams(), name
    finally:
        for user in users.values():
            await user.nc.close()


async def test_a_wrong_password_is_refused_and_the_operator_is_not_anyone(private_nats_url: str) -> None:
    with pytest.raises(Exception, match="(?i)authorization"):
        await nats.connect(private_nats_url, user="engine", password="guess", allow_reconnect=False,
                           max_reconnect_attempts=0)
    with pytest.raises(Exception, match="(?i)authorization"):
        await nats.connect(private_nats_url, user=OPERATOR, password=CREDENTIALS["gateway"], allow_reconnect=False,
                           max_reconnect_attempts=0)


async def test_the_gateway_cannot_read_a_live_dailys_seed(private_nats_url: str) -> None:
    """Before: the gateway's user read DAILY's `daily.published.<league>` (direct get, and `daily.>` as a core
    subscription), whose DailyPublished carries the live Daily's seed. Now it reads the seed-free copy."""
    from echo_events.moscow import moscow_date
    from echo_runtime.clock import SystemClock

    from tests.support.play import publish_daily

    operator = await nats.connect(private_nats_url)
    daily = await publish_daily(operator.jetstream(), moscow_date(SystemClock().now()), seed=918273645)
    gateway = await connect_as(private_nats_url, "gateway", CREDENTIALS["gateway"])
    try:
        for direct in (True, False):  # a direct get, or the stream's own message get
            with pytest.raises((NatsTimeout, NoRespondersError, TimeoutError)):
                await gateway.nc.jetstream(timeout=1).get_last_msg("DAILY", "daily.published.bronze", direct=direct)
        with pytest.raises(Exception):  # noqa: B017 - a consumer of DAILY is refused, however it is asked for
            await gateway.nc.jetstream(timeout=1).pull_subscribe("daily.published.*", stream="DAILY")
        announced = await gateway.nc.jetstream(timeout=1).get_last_msg("DAILY_PUBLIC", "daily.announced.bronze",
                                                                       direct=True)
        assert daily.daily_id.encode() in announced.data and daily.seed_commitment is None
        assert b'"seed"' not in announced.data and b"salt" not in announced.data
        assert str(daily.seed).encode() not in announced.data
    finally:
        await gateway.nc.close()
        await operator.close()


async def migrate(env: dict[str, str]) -> tuple[int, str, str]:
    import sys

    process = await asyncio.create_subprocess_exec(sys.executable, "-m", "echo_runtime.migrate", env=env,
                                                   stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(process.communicate(), 120)
    return process.returncode, out.decode(), err.decode()


async def test_the_migration_job_makes_the_streams_as_the_operator(private_nats_url: str, fresh_database: str) -> None:
    """The echo-migrate Job's command (deploy/k8s/base/migrate/job.yaml) creates what the services may not."""
    import os

    operator = await nats.connect(private_nats_url)
    await operator.jetstream().delete_stream("DAILY_PUBLIC")
    env = {**os.environ, "DATABASE_URL": fresh_database, "NATS_URL": private_nats_url}
    code, _, err = await migrate({**env, "NATS_OPERATOR_PASSWORD": CREDENTIALS["gateway"]})
    assert code != 0 and "authorization" in err.lower()
    code, out, err = await migrate({**env, "NATS_OPERATOR_PASSWORD": CREDENTIALS[OPERATOR]})
    assert code == 0, err
    assert "NATS streams and buckets up to date" in out
    assert (await operator.jetstream().stream_info("DAILY_PUBLIC")).config.subjects == ["daily.announced.*"]
    await operator.close()
