"""`echo.GameCreated.settings` in the catalogue: what each installed game kind's settings hold (its rules'
`SETTINGS` model, found through the registry), in the reference by field and in the AsyncAPI document as a
schema a validator checks against the event's `kind`."""

from __future__ import annotations

import json
import re
import uuid
from typing import Any

import jsonschema
import pytest
from echo_events.catalogue import asyncapi, settings_models
from echo_events.catalogue_markdown import markdown
from echo_events.envelope import Batch, encode, wrap
from echo_events.hosting import installed_kinds
from echo_events.play import GameCreated

from .samples import UTC_NOW

pytestmark = pytest.mark.unit


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    return asyncapi()


def settings_sections(text: str) -> dict[str, str]:
    """The reference's section on GameCreated's settings, split by kind."""
    start = text.index("#### `settings` of `echo.GameCreated`, by game kind")
    section = text[start:text.index("\n### ", start)]
    parts = re.split(r"^##### kind `([a-z0-9_]+)`$", section, flags=re.MULTILINE)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def test_the_reference_names_each_kinds_settings_fields() -> None:
    by_kind = settings_sections(markdown())
    assert set(by_kind) == set(installed_kinds())
    for field in ("preset_id", "daily_id", "daily_number", "league", "free_slot"):
        assert f"| `{field}` |" in by_kind["echo"]
    for field in ("board", "row", "memory", "move_time", "reserve", "clock", "opponent"):
        assert f"| `{field}` |" in by_kind["ghost_five"]
    assert "| `free_slot` | int ≥ 1, ≤ 3 \\| null |" in by_kind["echo"]  # bounds, as the model's
    for kind, model in settings_models().items():
        if model is None:
            assert "No settings model" in by_kind[kind], kind
        else:
            assert all(f"| `{name}` |" in by_kind[kind] for name in model.model_fields), kind


def game_created(kind: str, settings: dict[str, Any] | None) -> dict[str, Any]:
    event = GameCreated(game_id="g", account_id="a", mode="table", kind=kind, msk_date="2026-11-30",
                        settings=settings)
    envelope = wrap(event, event_id=uuid.uuid4().hex, stream_id="g", version=1, occurred_at=UTC_NOW,
                    correlation_id="c")
    return json.loads(encode(Batch(events=(envelope,))))


@pytest.mark.parametrize(("kind", "settings"), [
    ("echo", {"preset_id": "standard", "free_slot": 4}),
    ("echo", {"daily_id": "2026-11-30:gold"}),
    ("ghost_five", {"board": 14}),
    ("ghost_five", {"opponent": "online", "surprise": 1}),
    ("echoes_of_time", {"turn_timer_s": 10}),
])
def test_a_kinds_settings_are_checked_by_its_model(document, kind: str, settings: dict[str, Any]) -> None:  # noqa: ANN001
    check = jsonschema.Draft202012Validator({**document, "$ref": "#/components/schemas/gamesBatchPayload"})
    with pytest.raises(jsonschema.ValidationError):
        check.validate(game_created(kind, settings))


@pytest.mark.parametrize(("kind", "settings"), [
    ("echo", {"preset_id": "standard", "daily_id": "2026-11-30:gold", "daily_number": 30, "league": "gold"}),
    ("ghost_five", {"board": 19, "walls": None, "opponent": "bot", "clock": False}),
    ("echoes_of_time", {"turn_timer_s": 60}),
    ("ark", {"mode": "survival", "card": 45}),  # no model: any object
    ("ghost_five", None),
])
def test_settings_a_kinds_model_accepts_are_valid(document, kind: str, settings: dict[str, Any] | None) -> None:  # noqa: ANN001
    check = jsonschema.Draft202012Validator({**document, "$ref": "#/components/schemas/gamesBatchPayload"})
    check.validate(game_created(kind, settings))
