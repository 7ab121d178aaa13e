"""Log deltas (PROTOCOL.md): a device that asked for them gets only the new log entries of a game it has
been sent on this connection, and the whole view it rebuilds is exactly what a device without them gets."""

import json

import pytest
from echo_challenge.field import sector_name
from echo_challenge.tutorial import SCRIPT

from tests.support.wsclient import Device

pytestmark = pytest.mark.integration


def rebuilt(held: dict, frame: dict) -> dict:
    """What the web client's `withLog` does."""
    if "log_from" not in frame:
        return frame["view"]
    assert frame["base_version"] == held["version"] and len(held["log"]) >= frame["log_from"]
    return {**frame["view"], "log": held["log"][: frame["log_from"]] + frame["view"]["log"]}


async def test_a_phone_with_log_deltas_and_a_desktop_without_see_the_same_game(system: str) -> None:
    phone = await Device.guest(system)
    desktop = Device(system, phone.token)
    await phone.connect(log_delta=True)
    await desktop.connect()
    started = await phone.command("start", mode="tutorial")
    game_id, held = started["game_id"], started["view"]
    sizes = []
    assert "log_from" not in started  # a start is where a device learns a game: whole
    for step in SCRIPT[:6]:
        ack = await phone.command(step.tool, game_id=game_id, sector=sector_name(step.sector))
        assert ack["type"] == "ack" and ack["log_from"] == len(held["log"]), ack
        assert len(ack["view"]["log"]) == 1  # one tick, one new entry
        held = rebuilt(held, ack)
        update = await desktop.next_frame()  # the desktop's push of the same move: the whole view
        while update["version"] < ack["version"]:  # (the push of the game's start came first)
            update = await desktop.next_frame()
        assert update["type"] == "update" and "log_from" not in update and update["version"] == ack["version"]
        assert held == update["view"]
        sizes.append((len(json.dumps(ack)), len(json.dumps(update))))
    assert len(held["log"]) == 6
    assert sizes[-1][0] < sizes[-1][1] - 4 * 150  # five older log entries (~150 bytes each) not sent again

    # the desktop moves: the phone's push extends what it holds
    step = SCRIPT[6]
    moved = await desktop.command(step.tool, game_id=game_id, sector=sector_name(step.sector))
    pushed = await phone.next_frame()
    assert pushed["type"] == "update" and pushed["base_version"] == held["version"] and pushed["log_from"] == 6
    held = rebuilt(held, pushed)
    assert held == moved["view"]

    # a tablet that asks for deltas but was never sent this game on its connection: the whole view
    tablet = Device(system, phone.token)
    await tablet.connect(log_delta=True)
    step = SCRIPT[7]
    moved = await desktop.command(step.tool, game_id=game_id, sector=sector_name(step.sector))
    whole = await tablet.next_frame()
    assert whole["type"] == "update" and "log_from" not in whole and whole["view"] == moved["view"]
    held = rebuilt(held, await phone.next_frame())
    assert held == moved["view"] and len(held["log"]) == 8
    await tablet.close()

    # a resume (a device that dropped a frame asks for it) always carries the whole view
    resumed = await phone.command("resume", game_id=game_id, version=0)
    assert "log_from" not in resumed and resumed["view"] == held
    await phone.close()
    await desktop.close()


async def test_without_asking_every_view_is_whole(system: str) -> None:
    device = await Device.guest(system)
    await device.connect()
    started = await device.command("start", mode="tutorial")
    for step in SCRIPT[:3]:
        ack = await device.command(step.tool, game_id=started["game_id"], sector=sector_name(step.sector))
        assert "log_from" not in ack and len(ack["view"]["log"]) == ack["view"]["tick"]
    await device.close()
