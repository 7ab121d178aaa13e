"""Running a service's real app on a free port inside the test's event loop (uvicorn, real sockets)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import httpx
import uvicorn
from echo_runtime.devstack import free_port
from litestar import Litestar


@contextlib.asynccontextmanager
async def running(app: Litestar, *, wait_ready: bool = True) -> AsyncIterator[str]:
    """Serve `app` and yield its base URL; waits for /readyz unless told not to. Stopped as `echo_runtime.serve`
    stops a service: connections still open get 10 s (a socket a browser left open never holds the test)."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_config=None, lifespan="on",
                                           timeout_graceful_shutdown=10))
    task = asyncio.create_task(server.serve())
    base = f"http://127.0.0.1:{port}"
    try:
        async with httpx.AsyncClient(base_url=base) as client:
            for _ in range(300):
                await asyncio.sleep(0.05)
                if not server.started:
                    continue
                if not wait_ready or (await client.get("/readyz")).status_code == 200:
                    break
            else:
                raise TimeoutError(f"{base} did not become ready")
        yield base
    finally:
        server.should_exit = True
        await task
