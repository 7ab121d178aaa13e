"""Maps type names to event and command models, and old schema versions to upcasters."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from .model import Command, Event

E = TypeVar("E", bound=type[Event])
C = TypeVar("C", bound=type[Command])
Upcaster = Callable[[dict[str, Any]], dict[str, Any]]

_events: dict[str, type[Event]] = {}
_commands: dict[str, type[Command]] = {}
_upcasters: dict[tuple[str, int], Upcaster] = {}
_downcasters: dict[tuple[str, int], Upcaster] = {}


class UnknownType(LookupError):
    pass


def event(type_name: str, version: int = 1) -> Callable[[E], E]:
    """Register an event model under a stable type name (e.g. "echo.SectorProbed") and schema version."""

    def register(cls: E) -> E:
        if type_name in _events and _events[type_name] is not cls:
            raise ValueError(f"event type {type_name!r} is registered twice")
        cls.event_type = type_name
        cls.schema_version = version
        _events[type_name] = cls
        return cls

    return register


def command(type_name: str) -> Callable[[C], C]:
    def register(cls: C) -> C:
        if type_name in _commands and _commands[type_name] is not cls:
            raise ValueError(f"command type {type_name!r} is registered twice")
        cls.command_type = type_name
        _commands[type_name] = cls
        return cls

    return register


def upcaster(type_name: str, from_version: int) -> Callable[[Upcaster], Upcaster]:
    """Register a function that turns the payload of `from_version` into that of `from_version + 1`."""

    def register(fn: Upcaster) -> Upcaster:
        _upcasters[(type_name, from_version)] = fn
        return fn

    return register


def downcaster(type_name: str, to_version: int) -> Callable[[Upcaster], Upcaster]:
    """Register a function that turns the payload of `to_version + 1` into that of `to_version`: what a writer
    uses while readers that know only `to_version` still run (a rolling deploy), and deleted after it."""

    def register(fn: Upcaster) -> Upcaster:
        _downcasters[(type_name, to_version)] = fn
        return fn

    return register


def downcast(type_name: str, version: int, payload: dict[str, Any]) -> dict[str, Any]:
    """A current payload written as the older schema `version`, one step at a time."""
    current = event_class(type_name).schema_version
    while current > version:
        step = _downcasters.get((type_name, current - 1))
        if step is None:
            raise LookupError(f"no downcaster for {type_name} to v{current - 1}")
        payload = step(payload)
        current -= 1
    return payload


def event_class(type_name: str) -> type[Event]:
    try:
        return _events[type_name]
    except KeyError:
        raise UnknownType(f"unknown event type {type_name!r}") from None


def command_class(type_name: str) -> type[Command]:
    try:
        return _commands[type_name]
    except KeyError:
        raise UnknownType(f"unknown command type {type_name!r}") from None


def upcast(type_name: str, version: int, payload: dict[str, Any]) -> dict[str, Any]:
    """Bring a stored payload up to the registered model's schema version, one step at a time."""
    target = event_class(type_name).schema_version
    if version > target:
        raise ValueError(f"{type_name} v{version} is newer than this code knows (v{target})")
    while version < target:
        step = _upcasters.get((type_name, version))
        if step is None:
            raise LookupError(f"no upcaster for {type_name} from v{version}")
        payload = step(payload)
        version += 1
    return payload


def registered_events() -> dict[str, type[Event]]:
    return dict(_events)


def registered_commands() -> dict[str, type[Command]]:
    return dict(_commands)


def registered_upcasters() -> dict[tuple[str, int], Upcaster]:
    """Every upcaster, keyed by (type name, the schema version it upgrades from)."""
    return dict(_upcasters)
