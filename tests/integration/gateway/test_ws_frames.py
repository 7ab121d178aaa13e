"""The gateway relays the engine's frames unread, deciding on their headers: a message on a player's updates
subject that is no frame (headers missing or malformed, a body that is no JSON object) reaches no device and
does not stop its connection."""

import json

import pytest
from echo_events.play import updates_subject
from echo_runtime.nats_client import connect

from tests.support.wsclient import Device

pytestmark = pytest.mark.integration


async def test_a_malformed_update_is_dropped_and_the_connection_goes_on(system: str, private_nats_url: str) -> None:
    device = await Device.guest(system)
    welcome = await device.connect(v=2)
    started = await device.command("start", kind="echo", mode="tutorial")
    nc = await connect(private_nats_url, name="hostile-engine")
    subject = updates_subject(welcome["account_id"])
    body = b'{"game_id":"%s","version":99,"view":{"log":[]}}' % started["game_id"].encode()
    game_id = started["game_id"]

    def info(**fields: object) -> dict[str, str]:
        return {"Echo-Frame-Info": json.dumps({"game_id": game_id, **fields})}

    for headers, data in ((None, body), (info(), body), (info(version="x"), body),
                          (info(version=99, log_from="-"), body), (info(version=99), b"[]"),
                          ({"Echo-Game-Id": game_id, "Echo-Game-Version": "99"}, body)):
        await nc.publish(subject, data, headers=headers)
    await nc.flush()
    await nc.drain()
    assert (await device.command("ping"))["type"] == "pong"
    assert not [frame for frame in device.pushes if frame.get("version") == 99]
    resumed = await device.command("resume", game_id=started["game_id"], version=0)
    assert resumed["type"] == "ack" and resumed["view"] == started["view"]
    await device.close()
