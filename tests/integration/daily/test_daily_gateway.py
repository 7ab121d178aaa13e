"""The gateway shows today's Daily as the daily service published it — name, preset name and gist,
special badge and its changes, in Russian and in English, prices, time left — and never its seed; a Daily
published before English names still reads, its name in Latin letters."""

from __future__ import annotations

from datetime import date, datetime, timedelta

import httpx
import pytest
from echo_challenge.presets import get_preset
from echo_daily.app import create_app as create_daily
from echo_daily.calendar import DailySpec, League, daily_for, midnight_msk
from echo_daily.devclock import SteerableClock
from echo_daily.settings import Settings as DailySettings
from echo_gateway.app import create_app as create_gateway
from echo_gateway.settings import Settings as GatewaySettings

from tests.support.dailies import eventually
from tests.support.servers import running

pytestmark = pytest.mark.integration

SECRET = b"integration-test-secret-0123456789"


def special_day() -> tuple[date, date]:
    """A day whose Platinum Daily is a special game on a preset other than the standard one."""
    launch = date(2026, 11, 1)
    for i in range(2, 400):
        day = launch + timedelta(days=i)
        spec = daily_for(day, League.PLATINUM, secret=SECRET, launch=launch)
        if spec.special and len(spec.special) >= 2 and spec.preset_id != "standard":
            return day, launch
    raise AssertionError("no special day found")


def gateway_with_daily_routes(nats_url: str, database_url: str, clock: SteerableClock):  # noqa: ANN201
    settings = GatewaySettings(nats_url=nats_url, database_url=database_url, dev_mode=True)
    return create_gateway(settings, clock=clock)  # the gateway's injected clock, moved with the daily service's


def assert_no_seed(raw: str, *specs: DailySpec) -> None:
    assert "seed" not in raw.lower()
    assert "field" not in raw.lower()
    for spec in specs:
        assert str(spec.seed) not in raw


async def test_today_shows_the_daily_without_its_seed(own_nats_url: str, database_url: str) -> None:
    day, launch = special_day()
    specs = {lg: daily_for(day, lg, secret=SECRET, launch=launch) for lg in League}
    tomorrow = {lg: daily_for(day + timedelta(days=1), lg, secret=SECRET, launch=launch) for lg in League}
    noon = midnight_msk(day) + timedelta(hours=12)
    clock = SteerableClock(start=noon)
    daily = create_daily(
        DailySettings(nats_url=own_nats_url, seed_secret=SECRET.decode(), launch_date=launch), clock=clock
    )
    gateway = gateway_with_daily_routes(own_nats_url, database_url, clock)
    async with running(gateway) as base, httpx.AsyncClient(base_url=base) as client:
        none_yet = await client.get("/api/v1/daily/today", params={"league": "gold"})
        assert none_yet.status_code == 404
        assert (await client.get("/api/v1/daily/today/all")).json() == {"dailies": []}

        async with running(daily):

            async def published() -> bool:
                response = await client.get("/api/v1/daily/today", params={"league": "platinum"})
                return response.status_code == 200 and response.json()["date"] == day.isoformat()

            await eventually(published)
            platinum = await client.get("/api/v1/daily/today", params={"league": "platinum"})
            assert_no_seed(platinum.text, *specs.values())
            view = platinum.json()
            spec = specs[League.PLATINUM]
            preset = get_preset(spec.preset_id)
            assert view["daily_id"] == spec.daily_id and view["number"] == spec.number
            assert view["name_ru"] == spec.name_ru and view["title_ru"] == spec.title_ru
            assert view["name_en"] == spec.name_en and view["title_en"] == f"№ {spec.number} · {spec.name_en}"
            assert view["preset"] == {
                "id": preset.id,
                "name_ru": preset.name_ru,
                "gist_ru": preset.gist_ru,
                "title_ru": preset.title_ru,
                "name_en": preset.name_en,
                "gist_en": preset.gist_en,
                "title_en": preset.title_en,
            }
            assert view["special"] == {
                "badge_ru": "Особая партия",
                "changes_ru": [c.description_ru for c in spec.special],
                "badge_en": "Special game",
                "changes_en": [c.description_en for c in spec.special],
            }
            for line in view["special"]["changes_ru"] + view["special"]["changes_en"]:
                assert line[0].isupper()
            assert all(line.isascii() for line in view["special"]["changes_en"] + [view["name_en"]])
            assert view["opens_at"] == midnight_msk(day).isoformat()
            assert 12 * 3600 - 30 <= view["seconds_left"] <= 12 * 3600 and view["phase"] == "live"
            assert set(view["prices"]) == {"clean", "lossy", "order"}

            bronze = (await client.get("/api/v1/daily/today")).json()  # Bronze by default
            assert bronze["league"] == "bronze" and bronze["special"] is None
            assert bronze["preset"]["name_ru"] == get_preset(specs[League.BRONZE].preset_id).name_ru

            everything = await client.get("/api/v1/daily/today/all")
            assert_no_seed(everything.text, *specs.values())
            leagues = [d["league"] for d in everything.json()["dailies"]]
            assert leagues == ["bronze", "silver", "gold", "platinum"]

            refused = await client.get("/api/v1/daily/today", params={"league": "diamond"})
            assert refused.status_code == 400 and "unknown league" in refused.text

            clock.jump_to(midnight_msk(day + timedelta(days=1)) - timedelta(minutes=5))
            countdown = (await client.get("/api/v1/daily/today", params={"league": "platinum"})).json()
            assert countdown["phase"] == "countdown" and countdown["seconds_left"] <= 300

            clock.jump_to(midnight_msk(day + timedelta(days=1)))  # the rollover: tomorrow's Daily

            async def rolled_over() -> bool:
                response = await client.get("/api/v1/daily/today/all")
                dates = [d["date"] for d in response.json()["dailies"]]
                return dates == [(day + timedelta(days=1)).isoformat()] * 4

            await eventually(rolled_over)
            after = await client.get("/api/v1/daily/today/all")
            assert_no_seed(after.text, *specs.values(), *tomorrow.values())
            assert all(d["phase"] == "live" for d in after.json()["dailies"])


def test_the_view_is_an_allow_list() -> None:
    """Whatever the event carries, the view has exactly these keys (a new event field cannot leak)."""
    from echo_events.daily import DailyAnnounced, DailyPublished
    from echo_gateway.daily_routes import daily_view

    day, launch = special_day()
    spec = daily_for(day, League.PLATINUM, secret=SECRET, launch=launch)
    event = DailyPublished(
        daily_id=spec.daily_id, number=spec.number, date=spec.date, league="platinum", name_ru=spec.name_ru,
        preset_id="some-future-preset", seed=spec.seed, special=None, opens_at=spec.opens_at,
        closes_at=spec.closes_at,
    )
    view = daily_view(DailyAnnounced.of(event), spec.closes_at + timedelta(seconds=1))
    assert set(view) == {"daily_id", "league", "number", "name_ru", "title_ru", "name_en", "title_en", "date",
                         "preset", "prices", "special", "opens_at", "closes_at", "seconds_left", "phase",
                         "commitment"}
    assert view["preset"]["name_ru"] == "some-future-preset" and view["prices"] is None
    assert (view["seconds_left"], view["phase"]) == (0, "closing")
    assert str(spec.seed) not in repr(view)
    assert isinstance(datetime.fromisoformat(view["closes_at"]), datetime)


def test_a_daily_published_before_english_texts_still_reads_in_english() -> None:
    """Its stored payload has no `name_en` and no `description_en` (schema version 1 allows them absent):
    the name shows in Latin letters, the changes are described from their (field, value)."""
    from echo_events.envelope import Envelope, unwrap
    from echo_gateway.daily_routes import daily_view

    day, launch = special_day()
    spec = daily_for(day, League.PLATINUM, secret=SECRET, launch=launch)
    old_payload = {
        "daily_id": spec.daily_id, "number": spec.number, "date": spec.date.isoformat(), "league": "platinum",
        "name_ru": "Тихая прохлада", "preset_id": spec.preset_id, "seed": spec.seed,
        "special": [{"field": "beam_cost", "value": 3, "description_ru": "Эхолуч стоит 3"}],
        "opens_at": spec.opens_at.isoformat(), "closes_at": spec.closes_at.isoformat(),
    }
    stored = Envelope(event_id="e1", event_type="daily.DailyPublished", schema_version=1, stream_id=spec.daily_id,
                      version=1, occurred_at=spec.opens_at, payload=old_payload)
    view = daily_view(unwrap(stored), spec.opens_at)
    assert view["name_ru"] == "Тихая прохлада" and view["name_en"] == "Tikhaya prokhlada"
    assert view["special"]["changes_ru"] == ["Эхолуч стоит 3"]
    assert view["special"]["changes_en"] == ["The Beam costs 3"]
