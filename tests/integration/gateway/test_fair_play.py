"""A live Daily's field and seed cannot be learned through any read endpoint of the gateway — asked
anonymously, by another player, or by the player who already finished it."""

import re
from datetime import timedelta

import httpx
import pytest
from echo_challenge.generator import layout_rows
from echo_challenge.modes import daily_setup
from echo_events.hosting import installed_kinds
from echo_events.moscow import moscow_date
from echo_gateway.app import create_app as create_gateway
from echo_gateway.settings import Settings as GatewaySettings
from echo_runtime.clock import SystemClock
from echo_runtime.nats_client import connect
from echo_social.app import create_app as create_social
from echo_social.settings import Settings as SocialSettings

from tests.support.play import publish_daily
from tests.support.servers import running
from tests.support.wsclient import Device

pytestmark = pytest.mark.integration

SEED = 7_123_456_789


def read_paths(app, values: dict[str, str]) -> list[str]:  # noqa: ANN001
    """Every GET route of the gateway, its path parameters filled in; a route by game kind once per kind
    installed."""
    paths = []
    for route in app.routes:
        if "GET" not in getattr(route, "methods", ()) or route.path.startswith(("/schema", "/api/schema")):
            continue
        for kind in installed_kinds() if "{kind:" in route.path else [None]:
            path = re.sub(r"\{(\w+):\w+\}", lambda m, kind=kind: kind if m.group(1) == "kind" else values[m.group(1)],
                          route.path)
            paths.append(path)
    return sorted(set(paths))


async def test_no_read_endpoint_reveals_a_live_daily(system: str, private_nats_url: str, fresh_database: str) -> None:
    nc = await connect(private_nats_url, "tests")
    today = moscow_date(SystemClock().now())
    daily = await publish_daily(nc.jetstream(), today, seed=SEED)
    await nc.drain()
    secrets = [str(SEED), *[row for row in layout_rows(daily_setup(daily)) if set(row) != {"."}]]

    social = create_social(SocialSettings(nats_url=private_nats_url, database_url=fresh_database,
                                          accounts_durable="fair-play-accounts"))
    async with running(social):
        owner, other = await Device.guest(system), await Device.guest(system)
        await owner.connect()
        game = await owner.command("start", mode="daily")
        board = "".join(game["view"]["board"])
        for sector in [i for i, c in enumerate(board) if c == "#"][:5]:
            await owner.command("probe", game_id=game["game_id"], sector=sector)
        await owner.command("finish", game_id=game["game_id"])  # finished early: still nothing to pass on

        app = create_gateway(GatewaySettings(dev_mode=True))
        values = {"game_id": game["game_id"], "league": "bronze", "day": today.isoformat(),
                  "group_id": f"{(today - timedelta(days=today.weekday())).isoformat()}:bronze:0",
                  "token": "x" * 20, "file_path": "index.html", "daily_id": daily.daily_id}
        paths = read_paths(app, values)
        assert len(paths) >= 20
        seen = 0
        async with httpx.AsyncClient(base_url=system) as client:
            for who in (None, other.token, owner.token):
                headers = {"Authorization": f"Bearer {who}"} if who else {}
                for path in paths:
                    for query in ("", "?league=bronze&token=x&q=a"):
                        response = await client.get(path + query, headers=headers)
                        assert response.status_code < 500 or response.status_code == 503, (path, response.text)
                        body = response.text
                        seen += response.status_code == 200
                        for secret in secrets:
                            assert secret not in body, f"{path} ({'owner' if who == owner.token else who}) leaks"
        assert seen >= 20
        await owner.close()
