"""The games this engine hosts: rules libraries found by their `echo.games` entry point (each game's
library declares one), or registered by whoever builds the engine (a test's game). Each is wrapped once, as it
is registered, in the contract's typed host object (`echo_events.hosting.HostedGame`): the engine knows a game
only through it."""

from __future__ import annotations

from typing import Any

from echo_events.hosting import HostedGame, host, installed

_hosted: dict[str, HostedGame] = {}
_installed_loaded = False


class UnknownKind(LookupError):
    pass


def register(rules: Any) -> HostedGame:
    """Host a rules library (a module or an object with the contract's names)."""
    game = host(rules)
    known = _hosted.get(game.kind)
    if known is not None and known.rules is not game.rules:
        raise ValueError(f"game kind {game.kind!r} is registered twice")
    _hosted.setdefault(game.kind, game)
    return _hosted[game.kind]


def load_installed() -> None:
    """Register every installed game library (entry point group `echo.games`); once."""
    global _installed_loaded
    if not _installed_loaded:
        for rules in installed():
            register(rules)
        _installed_loaded = True


def rules_for(kind: str) -> HostedGame:
    load_installed()
    try:
        return _hosted[kind]
    except KeyError:
        raise UnknownKind(f"no game of kind {kind!r} is hosted here") from None


def table_rules(kind: str) -> HostedGame:
    """The rules of a game played at a table (seats filled by invitation); UnknownKind if it is not one."""
    rules = rules_for(kind)
    if not rules.at_table:
        raise UnknownKind(f"{kind!r} is not played at a table")
    return rules


def kinds() -> list[str]:
    load_installed()
    return sorted(_hosted)


def solo_game(kind: str | None = None) -> HostedGame:
    """The solo game of this kind (None: the one solo game hosted); UnknownKind if there is no such one."""
    solo = [rules_for(name) for name in kinds() if rules_for(name).is_solo] if kind is None else [rules_for(kind)]
    if len(solo) != 1 or not solo[0].is_solo:
        raise UnknownKind(f"no solo game {kind or ''} is hosted here (name one: {', '.join(kinds())})")
    return solo[0]


def solo_ending(event_type: str) -> HostedGame | None:
    """The solo game that ends with events of this type (its `ENDING_EVENTS`); None: no solo game does."""
    load_installed()
    return next((game for game in _hosted.values() if game.is_solo and event_type in game.ending_events), None)
