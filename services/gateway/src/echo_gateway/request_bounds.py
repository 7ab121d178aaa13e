"""How big a request may be. Every route's body is bounded (Litestar refuses a longer one before reading
it all), and a value that would still not fit in one NATS message to a back-end service (its payload limit,
1 MB) is refused the same way: 413 with a message, where the NATS client's error was a 500."""

from __future__ import annotations

from litestar import Request, Response
from litestar.exceptions.http_exceptions import RequestEntityTooLarge

MAX_BODY_BYTES = 64 * 1024


def too_large() -> Response[dict[str, dict[str, str]]]:
    return Response(
        {"error": {"code": "too_large",
                   "message": f"The request is too large: a body may be at most {MAX_BODY_BYTES // 1024} KiB.",
                   "message_ru": f"Слишком большой запрос: не больше {MAX_BODY_BYTES // 1024} КиБ."}},
        status_code=413,
    )


def refuse_long_body(request: Request) -> None:
    """A body announced longer than the limit is refused on every route, also on one that never reads it."""
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > MAX_BODY_BYTES:
        raise RequestEntityTooLarge


def too_large_handler(_: Request, __: RequestEntityTooLarge) -> Response[dict[str, dict[str, str]]]:
    return too_large()


BOUNDS = {"request_max_body_size": MAX_BODY_BYTES, "exception_handlers": {RequestEntityTooLarge: too_large_handler}}
