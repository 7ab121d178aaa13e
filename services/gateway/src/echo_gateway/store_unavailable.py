"""A request that met the NATS store between leaders — a server lost, its streams and buckets electing
another — for longer than the store's patience (echo_runtime.elections): 503 with `Retry-After` and a
refusal in Russian and English, never a server error. The request may simply be sent again."""

from __future__ import annotations

import structlog
from echo_runtime.elections import STORE_UNAVAILABLE
from litestar import Request, Response

log = structlog.get_logger(__name__)

#: seconds to wait before sending again: an election takes 4-9 s, the store's patience spent 4 of them
RETRY_AFTER_SECONDS = 3


def store_unavailable(request: Request, error: Exception) -> Response[dict[str, dict[str, str]]]:
    log.warning("the store did not answer in time", path=request.url.path, error=repr(error))
    seconds = RETRY_AFTER_SECONDS
    return Response(
        {"error": {"code": "store_unavailable",
                   "message": f"The service is briefly unavailable; try again in {seconds} s.",
                   "message_ru": f"Сервис ненадолго недоступен — попробуйте снова через {seconds} с."}},
        status_code=503, headers={"Retry-After": str(seconds)},
    )


STORE_HANDLERS = dict.fromkeys(STORE_UNAVAILABLE, store_unavailable)
