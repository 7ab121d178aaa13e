"""Reading a service's Prometheus metrics in tests."""

from __future__ import annotations

import httpx


async def metric(base: str, name: str) -> float:
    """The value of the unlabelled metric `name` on the service at `base` (services started in one test
    process share one registry: any of them shows all)."""
    async with httpx.AsyncClient() as client:
        lines = (await client.get(f"{base}/metrics")).text.splitlines()
    values = [float(line.split()[1]) for line in lines if line.startswith(f"{name} ")]
    assert values, f"{base}/metrics has no {name}"
    return values[0]
