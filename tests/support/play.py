"""Playing through the engine over real NATS request/reply, as the gateway does."""

from __future__ import annotations

import json
import uuid
from collections.abc import Awaitable, Callable
from datetime import UTC, date, datetime, timedelta
from typing import Any

from echo_events.daily import DailyClosed, DailyPublished, closed_subject, published_subject
from echo_events.envelope import Batch, encode, wrap
from echo_events.moscow import midnight_msk
from echo_events.play import ENGINE_SUBJECT
from nats.aio.client import Client

QUERIES = ("get", "options", "list", "replay", "history", "leaders")  # requests without a command id


async def ask(nc: Client, **request: Any) -> dict[str, Any]:
    if request.get("type") not in QUERIES:
        request.setdefault("command_id", uuid.uuid4().hex)
    reply = await nc.request(ENGINE_SUBJECT, json.dumps(request).encode(), timeout=10)
    return json.loads(reply.data)


async def solo_move(nc: Client, tool: str, account_id: str, game_id: str, sector: int | None = None,
                    **request: Any) -> dict[str, Any]:
    """A solo game's move (a Probe or a Beam on a sector, the Finish), as the engine's one `act`."""
    action = {"type": tool} if sector is None else {"type": tool, "sector": sector}
    return await ask(nc, type="act", account_id=account_id, game_id=game_id, action=action, **request)


async def publish_daily(js, day: date, league: str = "bronze", preset: str = "standard", seed: int = 42,  # noqa: ANN001
                        special: tuple = (), name_en: str | None = None, announce: bool = True) -> DailyPublished:
    """Stand in for the daily service's publisher: its real contract is this event on this subject; then its
    announcer writes the seed-free copy the gateway reads (unless `announce` is false)."""
    from echo_daily.announcer import announce_latest

    daily = DailyPublished(
        daily_id=f"{day.isoformat()}:{league}", number=(day - date(2026, 11, 1)).days + 1, date=day,
        league=league, name_ru="Тихая прохлада", name_en=name_en, preset_id=preset, seed=seed, special=special or None,
        opens_at=midnight_msk(day), closes_at=midnight_msk(day + timedelta(days=1)),
    )
    await _publish(js, published_subject(league), daily, daily.daily_id)
    if announce:
        await announce_latest(js)
    return daily


async def close_daily(js, daily: DailyPublished) -> None:  # noqa: ANN001
    closed = DailyClosed(daily_id=daily.daily_id, date=daily.date, league=daily.league, closed_at=daily.closes_at)
    await _publish(js, closed_subject(daily.league), closed, f"closed-{daily.daily_id}")


async def _publish(js, subject: str, event, stream_id: str) -> None:  # noqa: ANN001
    envelope = wrap(event, event_id=uuid.uuid4().hex, stream_id=stream_id, version=1, occurred_at=datetime.now(UTC))
    await js.publish(subject, encode(Batch(events=(envelope,))), stream="DAILY")


def free_sectors(account_id: str, preset: str, slot: int = 1) -> list[int]:
    """Test-side knowledge of a Free game's field (never sent to a client): its hidden free sectors."""
    from echo_challenge.modes import free_setup
    from echo_events.moscow import moscow_date
    from echo_runtime.clock import SystemClock

    setup = free_setup(preset, account_id, moscow_date(SystemClock().now()), slot, None)
    return [i for i in setup.field.free_sectors() if i not in setup.opened]


Move = Callable[[str, int], Awaitable[dict[str, Any]]]


async def beam_ephemera(view: dict[str, Any], targets: list, free: list[int], move: Move) -> dict[str, Any]:
    """Beam every segment of `targets` (ephemera the test knows from the field), probing `free` sectors
    whenever the Charge is short; the view after, the game possibly ended."""
    for ephemeron in targets:
        for sector in ephemeron.sectors:
            while view["status"] == "live" and view["charge"] < view["beam_cost"]:
                view = await move("probe", free.pop())
            if view["status"] != "live":
                return view
            view = await move("beam", sector)
    return view


async def earns_credits(setup: Any, target: Any, free: list[int]) -> bool:
    """Whether `beam_ephemera` of `target` alone, then a finish, earns Credits in this Free game — played out
    test-side with the pure rules. Not every field's smallest ephemeron does: about 1 field in 600 breaks down
    on the way (its probes for Charge overload it), a game that earns nothing."""
    from echo_challenge import game as rules
    from echo_challenge.commands import Beam, Finish, Probe
    from echo_challenge.view import client_view

    state = rules.start(setup)[0]

    def play(command: Any) -> dict[str, Any]:
        nonlocal state
        events = rules.decide(state, command)
        assert not isinstance(events, rules.Rejection), events
        for event in events:
            state = rules.evolve(state, event)
        return client_view(state)

    async def move(kind: str, sector: int) -> dict[str, Any]:
        return play(Probe(sector=sector) if kind == "probe" else Beam(sector=sector))

    view = await beam_ephemera(client_view(state), [target], list(free), move)
    if view["status"] == "live":
        view = play(Finish())
    return view["credits"] > 0
