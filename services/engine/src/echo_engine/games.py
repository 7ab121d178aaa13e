"""The games this engine hosts: rules libraries found by their `echo.games` entry point (each game's
library declares one), or registered by whoever builds the engine (a test's game). The engine knows a
game only through the contract (`echo_events.game_rules`)."""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import Any

from echo_events.game_rules import KIND_PATTERN, RulesPackage, TableRules

ENTRY_POINT_GROUP = "echo.games"

_hosted: dict[str, Any] = {}


class UnknownKind(LookupError):
    pass


def register(rules: Any) -> None:
    """Host a rules library (a module or an object with the contract's names)."""
    if not isinstance(rules, RulesPackage):
        raise TypeError(f"{rules!r} does not provide the rules contract (KIND, SEATS, COMMANDS, start, decide, "
                        "evolve, fold, view)")
    if not KIND_PATTERN.match(rules.KIND):
        raise ValueError(f"game kind {rules.KIND!r} must match {KIND_PATTERN.pattern}")
    known = _hosted.get(rules.KIND)
    if known is not None and known is not rules:
        raise ValueError(f"game kind {rules.KIND!r} is registered twice")
    _hosted[rules.KIND] = rules


def load_installed() -> None:
    """Register every installed game library (entry point group `echo.games`)."""
    for point in entry_points(group=ENTRY_POINT_GROUP):
        register(point.load())


def rules_for(kind: str) -> Any:
    try:
        return _hosted[kind]
    except KeyError:
        raise UnknownKind(f"no game of kind {kind!r} is hosted here") from None


def table_rules(kind: str) -> Any:
    """The rules of a game played at a table (seats filled by invitation); UnknownKind if it is not one."""
    rules = rules_for(kind)
    if not isinstance(rules, TableRules):
        raise UnknownKind(f"{kind!r} is not played at a table")
    return rules


def kinds() -> list[str]:
    return sorted(_hosted)
