"""The daily context's event models: registered, frozen, strict, round-trip through JSON."""

from datetime import UTC, date, datetime, timedelta, timezone

import pytest
from echo_events.daily import (
    STREAM,
    STREAM_SUBJECTS,
    DailyClosed,
    DailyPublished,
    DailyWarning,
    LeagueWeekClosed,
    RuleChangeSpec,
    closed_subject,
    published_subject,
)
from echo_events.registry import event_class
from pydantic import ValidationError

pytestmark = pytest.mark.unit


def published(**over) -> DailyPublished:
    fields = dict(
        daily_id="2026-11-29:gold",
        number=29,
        date=date(2026, 11, 29),
        league="gold",
        name_ru="Тихая прохлада",
        preset_id="standard",
        seed=2**63 - 1,
        special=(RuleChangeSpec(field="beam_cost", value=3, description_ru="Эхолуч стоит 3"),),
        opens_at=datetime(2026, 11, 28, 21, tzinfo=UTC),
        closes_at=datetime(2026, 11, 29, 21, tzinfo=UTC),
    )
    fields.update(over)
    return DailyPublished(**fields)


def test_registered_under_daily_type_names():
    for cls, name in [
        (DailyPublished, "daily.DailyPublished"),
        (DailyClosed, "daily.DailyClosed"),
        (DailyWarning, "daily.DailyWarning"),
        (LeagueWeekClosed, "daily.LeagueWeekClosed"),
    ]:
        assert cls.event_type == name and cls.schema_version == 1
        assert event_class(name) is cls


def test_json_round_trip_keeps_types():
    e = published(
        special=(
            RuleChangeSpec(field="detector_chance", value=1.0, description_ru="Детектор срабатывает всегда"),
            RuleChangeSpec(field="red_timer", value=2, description_ru="Красные таймеры — 2"),
        )
    )
    back = DailyPublished.model_validate_json(e.model_dump_json())
    assert back == e
    assert isinstance(back.special[0].value, float) and isinstance(back.special[1].value, int)
    assert published(special=None).special is None


def test_english_texts_are_optional_so_dailies_published_before_them_still_read():
    change = RuleChangeSpec(field="beam_cost", value=3, description_ru="Эхолуч стоит 3",
                            description_en="The Beam costs 3")
    both = published(name_en="Quiet coolness", special=(change,))
    assert DailyPublished.model_validate_json(both.model_dump_json()) == both
    old = published().model_dump(mode="json")
    del old["name_en"], old["special"][0]["description_en"]
    read = DailyPublished.model_validate(old)
    assert read.name_en is None and read.special[0].description_en is None and read.name_ru == "Тихая прохлада"


def test_frozen_and_strict():
    e = published()
    with pytest.raises(ValidationError):
        e.seed = 1  # type: ignore[misc]
    with pytest.raises(ValidationError):
        published(extra_field=1)
    with pytest.raises(ValidationError):
        published(league="diamond")
    with pytest.raises(ValidationError):
        published(seed=2**63)
    with pytest.raises(ValidationError):
        published(number=0)


def test_instants_must_be_aware_and_are_normalised_to_utc():
    with pytest.raises(ValidationError, match="aware"):
        published(opens_at=datetime(2026, 11, 29, 0, 0))
    msk = timezone(timedelta(hours=3))
    e = published(opens_at=datetime(2026, 11, 29, 0, 0, tzinfo=msk))
    assert e.opens_at == datetime(2026, 11, 28, 21, tzinfo=UTC) and e.opens_at.utcoffset() == timedelta(0)


def test_other_events():
    at = datetime(2026, 11, 29, 21, tzinfo=UTC)
    DailyClosed(daily_id="2026-11-29:gold", date=date(2026, 11, 29), league="gold", closed_at=at)
    w = DailyWarning(
        kind="countdown_10min",
        daily_id="2026-11-29:gold",
        date=date(2026, 11, 29),
        league="gold",
        at=at - timedelta(minutes=10),
        closes_at=at,
    )
    with pytest.raises(ValidationError):
        w.model_copy(update={}).model_validate({**w.model_dump(), "kind": "warning_5min"})
    LeagueWeekClosed(week_start=date(2026, 11, 23), week_end=date(2026, 11, 29), closed_at=at)
    with pytest.raises(ValidationError, match="Monday"):
        LeagueWeekClosed(week_start=date(2026, 11, 24), week_end=date(2026, 11, 30), closed_at=at)


def test_stream_and_subjects():
    assert STREAM == "DAILY"
    assert published_subject("silver") == "daily.published.silver"
    assert closed_subject("platinum") == "daily.closed.platinum"
    assert STREAM_SUBJECTS == ("daily.published.*", "daily.closed.*", "daily.warning", "league.week.closed")
    with pytest.raises(ValueError):
        published_subject("diamond")


def test_the_stream_spec_is_built_from_these_subjects():
    from echo_events.daily import PUBLIC_STREAM, PUBLIC_STREAM_SUBJECTS
    from echo_events.streams import ALL_STREAMS, DAILY, DAILY_PUBLIC

    assert (DAILY.name, DAILY.subjects) == (STREAM, STREAM_SUBJECTS)
    assert (DAILY_PUBLIC.name, DAILY_PUBLIC.subjects) == (PUBLIC_STREAM, PUBLIC_STREAM_SUBJECTS)
    assert DAILY in ALL_STREAMS and DAILY_PUBLIC in ALL_STREAMS
    others = [s for spec in ALL_STREAMS if spec not in (DAILY, DAILY_PUBLIC) for s in spec.subjects]
    assert not any(s.startswith(("daily.", "league.")) for s in others)
    assert not set(STREAM_SUBJECTS) & set(PUBLIC_STREAM_SUBJECTS)


def test_the_announcement_is_the_published_daily_without_its_seed():
    """The gateway's copy (DAILY_PUBLIC): every public field of DailyPublished, never the seed or its salt."""
    from echo_events.daily import DailyAnnounced

    published = DailyPublished.model_validate_json(
        DailyPublished(daily_id="2026-12-01:gold", number=31, date=date(2026, 12, 1), league="gold",
                       name_ru="Имя", preset_id="standard", seed=918273645,
                       opens_at=datetime(2026, 11, 30, 21, tzinfo=UTC),
                       closes_at=datetime(2026, 12, 1, 21, tzinfo=UTC)).model_dump_json())
    announced = DailyAnnounced.of(published)
    raw = announced.model_dump_json()
    assert '"seed"' not in raw and "salt" not in raw and "918273645" not in raw
    assert set(DailyAnnounced.model_fields) == set(DailyPublished.model_fields) - {"seed", "seed_salt"}
    assert all(getattr(announced, name) == getattr(published, name) for name in DailyAnnounced.model_fields)
