import httpx
import pytest
from echo_gateway.app import create_app
from echo_gateway.settings import Settings
from echo_runtime.devstack import free_port

from tests.support.servers import running

pytestmark = pytest.mark.integration


async def test_not_ready_while_postgres_is_unreachable(nats_url: str) -> None:
    unreachable = f"postgresql://postgres@127.0.0.1:{free_port()}/postgres"
    app = create_app(Settings(nats_url=nats_url, database_url=unreachable, dev_mode=True))
    async with running(app, wait_ready=False) as base, httpx.AsyncClient(base_url=base) as client:
        live = await client.get("/healthz")
        ready = await client.get("/readyz")
    assert live.status_code == 200
    assert ready.status_code == 503
    assert ready.json()["checks"]["postgres"] is False


async def test_not_ready_while_nats_is_unreachable(database_url: str) -> None:
    app = create_app(Settings(nats_url=f"nats://127.0.0.1:{free_port()}", database_url=database_url, dev_mode=True))
    async with running(app, wait_ready=False) as base, httpx.AsyncClient(base_url=base) as client:
        ready = await client.get("/readyz")
    assert ready.status_code == 503
    assert ready.json()["checks"]["nats"] is False


async def test_ready_with_both_and_metrics_are_exposed(nats_url: str, database_url: str) -> None:
    app = create_app(Settings(nats_url=nats_url, database_url=database_url, dev_mode=True))
    async with running(app) as base, httpx.AsyncClient(base_url=base) as client:
        ready = await client.get("/readyz")
        metrics = await client.get("/metrics")
    assert ready.json() == {"ready": True, "checks": {"nats": True, "started": True, "postgres": True}}
    assert metrics.status_code == 200 and "python_info" in metrics.text
