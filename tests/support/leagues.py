"""Test stand-ins for the other services, writing exactly what they write to JetStream: the engine's
game batches (GameCreated + GameStarted + OrdersDealt, then GameFinished), the social service's account
events (by type name and payload, as the leagues projection reads them), the daily service's
LeagueWeekClosed. Plus waiting for the projection and snapshotting its tables."""

from __future__ import annotations

import datetime as dt
import uuid
from collections import defaultdict
from typing import Any

import asyncpg
from echo_challenge import game as rules
from echo_challenge.events import GameFinished
from echo_challenge.modes import daily_game_id, daily_setup
from echo_challenge.start_settings import start_settings
from echo_events.daily import DailyPublished, LeagueWeekClosed
from echo_events.envelope import Batch, Envelope, encode, wrap
from echo_events.moscow import midnight_msk
from echo_events.play import GameCreated
from echo_events.solo_start import DailyRef, SoloStart
from echo_events.streams import game_subject
from echo_leagues.projections import TABLES

from tests.support import projections

UTC = dt.UTC


def daily_event(
    day: dt.date, league: str = "bronze", seed: int = 42, preset: str = "standard"
) -> DailyPublished:
    return DailyPublished(
        daily_id=f"{day.isoformat()}:{league}",
        number=(day - dt.date(2026, 11, 1)).days + 1,
        date=day,
        league=league,
        name_ru="Тихая прохлада",
        preset_id=preset,
        seed=seed,
        opens_at=midnight_msk(day),
        closes_at=midnight_msk(day + dt.timedelta(days=1)),
    )


async def publish_game(
    js,
    account_id: str,
    daily: DailyPublished,
    *,
    credits: int,
    clean: int = 0,  # noqa: ANN001
    lossy: int = 0,
    orders: int = 0,
    tick: int = 10,
    finished_at: dt.datetime | None = None,
    status: str = "finished",
    started_at: dt.datetime | None = None,
    finish: bool = True,
) -> str:
    """A Daily game as the engine writes it: batch 1 = GameCreated, GameStarted, OrdersDealt; then
    GameFinished (status/reason) as batch 2."""
    game_id = daily_game_id(account_id, daily.daily_id)
    started_at = started_at or daily.opens_at + dt.timedelta(minutes=1)
    meta = GameCreated(
        game_id=game_id,
        account_id=account_id,
        mode="daily",
        kind="echo",
        settings=start_settings(SoloStart(daily.preset_id, daily.league, DailyRef(daily.daily_id, daily.number))),
        msk_date=daily.date.isoformat(),
    )
    _, events = rules.start(daily_setup(daily))
    await _append(js, game_id, [meta, *events], 1, started_at)
    if finish:
        await finish_game(
            js,
            game_id,
            credits=credits,
            clean=clean,
            lossy=lossy,
            orders=orders,
            tick=tick,
            finished_at=finished_at or started_at + dt.timedelta(minutes=5),
            status=status,
        )
    return game_id


async def finish_game(
    js,
    game_id: str,
    *,
    credits: int,
    clean: int = 0,
    lossy: int = 0,
    orders: int = 0,  # noqa: ANN001
    tick: int = 10,
    finished_at: dt.datetime,
    status: str = "finished",
    version: int = 4,
) -> None:
    reason = {"finished": "finish", "expired": "expire"}.get(status, status)
    event = GameFinished(
        status=status, reason=reason, tick=tick, credits=credits, clean=clean, lossy=lossy, orders=orders
    )
    await _append(js, game_id, [event], version, finished_at)


async def _append(js, game_id: str, events: list, first_version: int, at: dt.datetime) -> None:  # noqa: ANN001
    envelopes = tuple(
        wrap(e, event_id=uuid.uuid4().hex, stream_id=game_id, version=first_version + n, occurred_at=at)
        for n, e in enumerate(events)
    )
    await js.publish(game_subject(game_id, (e.event_type for e in envelopes)), encode(Batch(events=envelopes)),
                     stream="GAMES")


class Accounts:
    """ACCOUNTS as the gateway (GuestCreated) and the social service (the rest) write it: gap-free versions."""

    def __init__(self, js) -> None:  # noqa: ANN001
        self.js = js
        self.versions: dict[str, int] = defaultdict(int)

    async def _emit(self, account_id: str, event_type: str, payload: dict[str, Any], at: dt.datetime,
                    subject: str = "account.{}") -> None:
        self.versions[account_id] += 1
        envelope = Envelope(
            event_id=uuid.uuid4().hex,
            event_type=event_type,
            schema_version=1,
            stream_id=account_id,
            version=self.versions[account_id],
            occurred_at=at,
            payload=payload,
        )
        await self.js.publish(subject.format(account_id), encode(Batch(events=(envelope,))), stream="ACCOUNTS")

    async def guest(self, account_id: str, at: dt.datetime) -> None:
        """Where the gateway writes it (echo_events.accounts)."""
        await self._emit(account_id, "account.GuestCreated", {"account_id": account_id, "device_id": "d"}, at,
                         subject="account.guest.{}")

    async def callsign(self, account_id: str, callsign: str, at: dt.datetime) -> None:
        await self._emit(
            account_id,
            "account.CallsignChanged",
            {"account_id": account_id, "callsign": callsign, "previous": None},
            at,
        )

    async def confirm(self, account_id: str, at: dt.datetime) -> None:
        await self._emit(
            account_id,
            "account.EmailConfirmed",
            {"account_id": account_id, "email_masked": "v***@example.com"},
            at,
        )

    async def something_else(self, account_id: str, at: dt.datetime) -> None:
        await self._emit(
            account_id,
            "account.FriendAdded",
            {"account_id": account_id, "friend_id": "zz", "via": "search", "mutual": False},
            at,
        )

    async def player(
        self, account_id: str, at: dt.datetime, *, callsign: str | None = None, confirm: bool = True
    ) -> None:
        await self.guest(account_id, at)
        if callsign:
            await self.callsign(account_id, callsign, at)
        if confirm:
            await self.confirm(account_id, at)


async def close_week(js, week_start: dt.date) -> None:  # noqa: ANN001
    event = LeagueWeekClosed(
        week_start=week_start,
        week_end=week_start + dt.timedelta(days=6),
        closed_at=midnight_msk(week_start + dt.timedelta(days=7)),
    )
    envelope = wrap(
        event,
        event_id=uuid.uuid4().hex,
        stream_id=f"week:{week_start}",
        version=1,
        occurred_at=event.closed_at,
    )
    await js.publish("league.week.closed", encode(Batch(events=(envelope,))), stream="DAILY")


async def caught_up(js, conn_or_pool, limit_s: float = 15.0) -> None:  # noqa: ANN001, ARG001
    """Wait until every leagues durable has nothing pending or unacknowledged."""
    from echo_leagues.projections import CONSUMERS

    await projections.caught_up(js, CONSUMERS, limit_s)


async def snapshot(pool: asyncpg.Pool) -> dict[str, list[tuple]]:
    """Every leagues table and the leagues positions, sorted, as plain tuples."""
    return await projections.snapshot(pool, TABLES, "leagues.%")
