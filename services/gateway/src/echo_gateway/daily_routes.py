"""Today's Daily as the client shows it: number, name, date, preset name and gist, the special-game badge
with its list of changes — each text in Russian and in English (`…_ru`, `…_en`) — prices and time left.

Read from the DAILY_PUBLIC stream (the latest `DailyAnnounced` of a league, one direct get): the daily
service's seed-free copy of its DailyPublished. The gateway's NATS user may not read DAILY, so no seed is
ever in this process; the field is not in either event at all. The view below is an allow-list still.

Wire them in with `DAILY_ROUTES` (a tuple of Litestar handlers).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import cast

from echo_events.daily import (
    LEAGUES,
    PUBLIC_STREAM,
    SUBJECT_DEV_CLOCK,
    DailyAnnounced,
    RuleChangeSpec,
    announced_subject,
)
from echo_events.envelope import decode, unwrap
from echo_events.hosting import installed_solo_game
from echo_runtime.append import last_message
from echo_runtime.clock import Clock
from litestar import Request, get
from litestar.exceptions import NotFoundException, ServiceUnavailableException, ValidationException
from litestar.params import FromQuery
from nats.errors import Error as NatsError

from .latin import latin
from .responses import MAY_PAUSE, Dailies, Daily, PresetView, Prices

SPECIAL_BADGE_RU = "Особая партия"
SPECIAL_BADGE_EN = "Special game"
WARNING_BEFORE = timedelta(minutes=30)  # echo-challenge.md §14: warning 30 min before midnight
COUNTDOWN_BEFORE = timedelta(minutes=10)  # echo-challenge.md §14: countdown in the last 10 min


async def latest_announced(request: Request, league: str) -> DailyAnnounced | None:
    try:
        js = request.app.state.runtime.js
    except RuntimeError:
        raise ServiceUnavailableException("not connected to NATS yet") from None
    message = await last_message(js, PUBLIC_STREAM, announced_subject(league))
    if message is None:
        return None
    for envelope in decode(message.data).events:
        event = unwrap(envelope)
        if isinstance(event, DailyAnnounced):
            return event
    return None


def preset_view(preset_id: str) -> PresetView:
    """A preset's names and gist, from the Daily's game (through the registry)."""
    known = installed_solo_game().solo.preset(preset_id)
    if known is None:  # a preset newer than this gateway: show its id rather than fail
        return {"id": preset_id, "name_ru": preset_id, "gist_ru": None, "title_ru": preset_id,
                "name_en": preset_id, "gist_en": None, "title_en": preset_id}
    return cast(PresetView, known)


def name_en(daily: DailyAnnounced) -> str:
    """The Daily's English name; one published before English names is its Russian name in Latin letters."""
    return daily.name_en or latin(daily.name_ru)


def _change_en(change: RuleChangeSpec) -> str:
    # a Daily published before English texts: its (field, value) are described by its game; a rule newer than
    # this gateway, as it is
    return (change.description_en or installed_solo_game().solo.rule_en(change.field, change.value)
            or f"{change.field} = {change.value}")


def _prices(daily: DailyAnnounced) -> Prices | None:
    """The day's prices (echo-challenge.md §10: they are shown and can differ by day)."""
    changes = [(c.field, c.value) for c in daily.special or ()]
    return cast(Prices | None, installed_solo_game().solo.prices(daily.preset_id, changes))


def _phase(left: timedelta) -> str:
    if left <= timedelta(0):
        return "closing"  # its time is over; the next Daily is being published
    if left <= COUNTDOWN_BEFORE:
        return "countdown"
    if left <= WARNING_BEFORE:
        return "warning"
    return "live"


def daily_view(daily: DailyAnnounced, now: datetime) -> Daily:
    """What a player may see of a live Daily. An allow-list: never the seed or its salt."""
    left = daily.closes_at - now
    special = None
    if daily.special:
        special = {"badge_ru": SPECIAL_BADGE_RU, "changes_ru": [c.description_ru for c in daily.special],
                   "badge_en": SPECIAL_BADGE_EN, "changes_en": [_change_en(c) for c in daily.special]}
    return {
        "daily_id": daily.daily_id,
        "league": daily.league,
        "number": daily.number,
        "name_ru": daily.name_ru,
        "title_ru": f"№ {daily.number} · {daily.name_ru}",
        "name_en": name_en(daily),
        "title_en": f"№ {daily.number} · {name_en(daily)}",
        "date": daily.date.isoformat(),
        "preset": preset_view(daily.preset_id),
        "prices": _prices(daily),
        "special": special,
        "opens_at": daily.opens_at.isoformat(),
        "closes_at": daily.closes_at.isoformat(),
        "seconds_left": max(0, int(left.total_seconds())),
        "phase": _phase(left),
        # SHA-256 of "<salt>:<seed>": the seed and salt come out with the Day results, so anyone can check
        # that the field was fixed before the day began (null for a Daily published before commitments)
        "commitment": daily.seed_commitment,
    }


def _clock(request: Request) -> Clock:
    return request.app.state.runtime.clock


async def _now(request: Request) -> datetime:
    """The gateway's clock; in the gateway's dev mode, the daily service's dev clock when one answers
    (so the time left follows an operator's POST /dev/clock/next-midnight on the daily service)."""
    runtime = request.app.state.runtime
    if getattr(runtime.settings, "dev_mode", False):
        try:
            reply = await runtime.nc.request(SUBJECT_DEV_CLOCK, b"", timeout=0.25)
            return datetime.fromisoformat(reply.data.decode())
        except (NatsError, ValueError, RuntimeError, TimeoutError):
            pass  # no dev clock running: the gateway's own clock
    return _clock(request).now()


@get("/api/v1/daily/today", operation_id="dailyToday", **MAY_PAUSE)
async def daily_today(request: Request, league: FromQuery[str] = "bronze") -> Daily:
    """Today's Daily of a league (default Bronze)."""
    if league not in LEAGUES:
        raise ValidationException(f"unknown league {league!r}; known: {', '.join(LEAGUES)}")
    daily = await latest_announced(request, league)
    now = await _now(request)
    if daily is None or daily.closes_at <= now:  # a past Daily (the daily service still catching up) is not today's
        raise NotFoundException(f"the {league} league's Daily is not out yet (a new one comes out at 00:00 MSK)")
    return daily_view(daily, now)


@get("/api/v1/daily/today/all", operation_id="dailyTodayAll", **MAY_PAUSE)
async def daily_today_all(request: Request) -> Dailies:
    """Today's Daily of every league that has one, lowest league first."""
    now = await _now(request)
    dailies = []
    for league in LEAGUES:
        daily = await latest_announced(request, league)
        if daily is not None and daily.closes_at > now:
            dailies.append(daily_view(daily, now))
    return {"dailies": dailies}


DAILY_ROUTES = (daily_today, daily_today_all)
