"""What `echo.GameCreated.settings` holds for each game kind, in the catalogue.

The shared event names no game's fields: each game's rules validate its `settings` with a model of their own
(the rules contract's optional `SETTINGS`, found through the registry, `echo_events.hosting`). The catalogue
shows each installed game's model by kind, so that a reader of the streams knows what a game's settings hold:

- `x-settings-by-kind` on the `settings` property: every installed kind, with a `$ref` to its model's schema,
  or null where the game declares no model (its rules read the settings themselves);
- an `allOf` of `if kind is K then settings is K's model (or null)` on the event's schema, so that a JSON
  Schema validator (AsyncAPI's Schema Object is a superset of Draft 07) checks a game's settings as its rules do.

Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

SETTINGS_BY_KIND = "x-settings-by-kind"


def describe_settings_by_kind(event_schema: dict[str, Any], models: Mapping[str, str | None],
                              ref: str) -> None:
    """Add to the schema of the event whose `settings` depend on its `kind` each kind's model: `models` names
    its schema component by kind (None: none); `ref` is the template of a component's reference."""
    by_kind = {kind: None if name is None else {"$ref": ref.format(model=name)}
               for kind, name in sorted(models.items())}
    event_schema["properties"]["settings"][SETTINGS_BY_KIND] = by_kind
    event_schema["allOf"] = [
        {"if": {"properties": {"kind": {"const": kind}}, "required": ["kind"]},
         "then": {"properties": {"settings": {"anyOf": [model, {"type": "null"}]}}}}
        for kind, model in by_kind.items() if model is not None
    ]
