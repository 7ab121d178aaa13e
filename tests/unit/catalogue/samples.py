"""Real instances of every catalogued event, by hand, and a generic builder for any event this file does not
know yet (a context merged later gets checked all the same)."""

from __future__ import annotations

import dataclasses
import datetime as dt
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from echo_events.model import Event
from pydantic import AwareDatetime, BaseModel, TypeAdapter, ValidationError

UTC_NOW = dt.datetime(2026, 11, 29, 21, 0, tzinfo=dt.UTC)
MONDAY = dt.date(2026, 11, 30)


def known_samples() -> list[Event]:
    from echo_challenge.start_settings import start_settings
    from echo_events.accounts import GuestCreated
    from echo_events.daily import (
        DailyAnnounced,
        DailyClosed,
        DailyPublished,
        DailyWarning,
        LeagueWeekClosed,
        RuleChangeSpec,
    )
    from echo_events.play import GameCreated
    from echo_events.solo_start import DailyRef, SoloStart

    published = DailyPublished(
        daily_id="2026-11-30:bronze", number=30, date=MONDAY, league="bronze", name_ru="Тихая прохлада",
        preset_id="standard", seed=42, special=(RuleChangeSpec(field="beam_cost", value=2, description_ru="Луч: 2"),),
        opens_at=UTC_NOW, closes_at=UTC_NOW + dt.timedelta(days=1))
    return [
        GameCreated(game_id="g1", account_id="a1", mode="daily", kind="echo", msk_date="2026-11-30",
                    settings=start_settings(SoloStart("standard", "bronze", DailyRef(published.daily_id, 30)))),
        GameCreated(game_id="g2", account_id="a1", mode="free", kind="echo", msk_date="2026-11-30",
                    settings=start_settings(SoloStart("standard", free_slot=1))),
        GuestCreated(account_id="a1", device_id="d1"),
        published,
        DailyAnnounced.of(published),
        DailyClosed(daily_id=published.daily_id, date=MONDAY, league="bronze", closed_at=UTC_NOW),
        DailyWarning(kind="warning_30min", daily_id=published.daily_id, date=MONDAY, league="bronze",
                     at=UTC_NOW, closes_at=UTC_NOW),
        LeagueWeekClosed(week_start=MONDAY, week_end=MONDAY + dt.timedelta(days=6), closed_at=UTC_NOW),
    ]


# --- a generic builder: the first candidate value that each field's own validation accepts ---------------

def build(model: type[BaseModel]) -> BaseModel:
    """Required fields first; if a model-level rule wants more ("exactly one of"), add optional fields one at
    a time until it validates."""
    values = {name: _value(f.annotation, f.metadata)
              for name, f in model.model_fields.items() if f.is_required()}
    try:
        return model.model_validate(values)
    except ValidationError as problem:
        for name, f in model.model_fields.items():
            if f.is_required():
                continue
            try:
                return model.model_validate({**values, name: _value(f.annotation, f.metadata)})
            except (ValidationError, AssertionError):
                continue
        raise problem


def _candidates(annotation: Any) -> list[Any]:
    origin = get_origin(annotation)
    if origin is Annotated:
        return _candidates(get_args(annotation)[0])
    if origin is Literal:
        return list(get_args(annotation))
    if origin is Union or (origin is not None and str(origin) == "<class 'types.UnionType'>"):
        return [c for arg in get_args(annotation) if arg is not type(None) for c in _candidates(arg)] + [None]
    if origin is tuple:
        args = get_args(annotation)
        if len(args) == 2 and args[1] is Ellipsis:
            item = _candidates(args[0])[0]
            return [(), (item,), (item,) * 3, (item,) * 10]
        return [tuple(_candidates(a)[0] for a in args)]
    if origin in (list, set, frozenset):
        return [[], [_candidates(get_args(annotation)[0])[0]]]
    if origin is dict:
        return [{}]
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [build(annotation)]
    if dataclasses.is_dataclass(annotation):  # a game's settings: its defaults are a real instance
        return [annotation()]
    return {
        str: ["a1", "a", "v***@example.com", "2026-11-30", "a" * 24], int: [1, 0, 3], float: [0.5], bool: [True, False],
        dt.datetime: [UTC_NOW], dt.date: [MONDAY], AwareDatetime: [UTC_NOW],
    }.get(annotation, [None, UTC_NOW, "a1", 1])


def _value(annotation: Any, metadata: list[Any]) -> Any:
    adapter = TypeAdapter(Annotated[annotation, *metadata]) if metadata else TypeAdapter(annotation)
    for candidate in _candidates(annotation):
        try:
            return adapter.dump_python(adapter.validate_python(candidate), mode="json")
        except ValidationError:
            continue
    raise AssertionError(f"no sample value for {annotation!r}: add a real instance to known_samples()")
