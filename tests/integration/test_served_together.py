"""Several services' apps in one process (`make run`): each answers on its own port, its work runs in a
context naming its service (what every log line carries), one stop ends them all, and a server that stops on
its own is named. The process-wide set-up (`configure_process`: logging, tracing, the collector) is not done
here: it would stay for the rest of the test session."""

import asyncio

import httpx
import pytest
import structlog
from echo_runtime.devstack import free_port
from echo_runtime.serve import ServedTogether
from echo_runtime.settings import ServiceSettings
from litestar import Litestar, get

pytestmark = pytest.mark.integration


def app_named(name: str) -> Litestar:
    @get("/whoami")
    async def whoami() -> dict[str, str]:
        return {"app": name, "service": structlog.contextvars.get_contextvars().get("service", "")}

    return Litestar([whoami])


def settings(port: int) -> ServiceSettings:
    return ServiceSettings(http_port=port, log_format="json", uses_database=False)


async def answered(port: int) -> dict[str, str]:
    async with httpx.AsyncClient() as client:
        for _ in range(100):
            try:
                return (await client.get(f"http://127.0.0.1:{port}/whoami")).json()
            except httpx.TransportError:
                await asyncio.sleep(0.05)
    raise AssertionError(f"nothing listened on {port}")


def test_each_app_answers_on_its_port_in_a_context_of_its_own() -> None:
    ports = {"alpha": free_port(), "beta": free_port()}

    async def scenario() -> None:
        together = ServedTogether({name: (settings(port), app_named(name)) for name, port in ports.items()})
        together.start()
        try:
            assert await answered(ports["alpha"]) == {"app": "alpha", "service": "alpha"}
            assert await answered(ports["beta"]) == {"app": "beta", "service": "beta"}
            assert together.stopped() is None
        finally:
            await together.stop()
        assert together.stopped() is not None  # every server has ended

    asyncio.run(scenario())


def test_a_server_that_cannot_start_is_named() -> None:
    taken = free_port()

    async def scenario() -> str | None:
        blocker = await asyncio.start_server(lambda *_: None, "127.0.0.1", taken)
        together = ServedTogether({"alpha": (settings(free_port()), app_named("alpha")),
                                   "beta": (settings(taken), app_named("beta"))})
        together.start()
        try:
            for _ in range(100):
                if together.stopped():
                    break
                await asyncio.sleep(0.05)
            return together.stopped()
        finally:
            await together.stop()
            blocker.close()

    assert asyncio.run(scenario()) == "beta"
