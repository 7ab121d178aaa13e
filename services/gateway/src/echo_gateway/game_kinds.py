"""The game kinds the gateway knows, from the registry of installed games (their `echo.games` entry points):
the path parameter that names one, and the 404 of a route by kind that has nothing for it, in the gateway's
error body."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from echo_events.game_rules import KIND_PATTERN
from echo_events.hosting import installed_kinds
from litestar import Response
from litestar.params import Parameter

#: the kinds of the games installed, read once: an unknown kind is refused without looking for it among the
#: installed packages again
INSTALLED = frozenset(installed_kinds())
#: a query parameter that must name an installed kind (a path by kind takes `Kind`, so that an unknown one is a 404)
GameKind = Literal[tuple(sorted(INSTALLED))]  # type: ignore[valid-type]

Kind = Annotated[str, Parameter(pattern=KIND_PATTERN.pattern,
                                description="the game's kind (its library's `echo.games` name)")]


def refused(code: str, message: str, message_ru: str) -> Response[Any]:
    return Response({"error": {"code": code, "message": message, "message_ru": message_ru}}, status_code=404)


def unknown_kind() -> Response[Any]:
    return refused("unknown_kind", "There is no such game.", "Такой игры нет.")
