"""Echoes of Time through the gateway: protocol v2's `start` passes the table's bots to the engine, a move is
an `act` refused with the rules' code, and the card data the web client draws its faces from."""

from __future__ import annotations

import httpx
import pytest

from tests.support.wsclient import Device

pytestmark = pytest.mark.integration


async def test_a_v2_start_with_bots_fills_the_table_and_the_game_begins(system: str) -> None:
    device = await Device.guest(system)
    await device.connect(v=2)
    wrong = await device.command("start", kind="echoes_of_time", seats=2, bots=["grandmaster"])
    assert wrong["type"] == "error" and wrong["code"] == "bad_bots"
    opened = await device.command("start", kind="echoes_of_time", seats=3, bots=["random", "balanced"],
                                  settings={"turn_timer_s": 60})
    assert opened["type"] == "ack", opened
    view = opened["view"]
    assert view["table"] == {**view["table"], "seats": 3, "taken": 3, "you": 0, "status": "playing"}
    game = view["game"]
    assert game["me"]["id"] == "p1" and len(game["me"]["hand"]) == 6 and game["moves"] is not None  # bots played
    early = await device.command("act", game_id=opened["game_id"], action={"type": "end_turn"})
    assert early["type"] == "error" and early["code"] == "main_action_missing"
    drawn = await device.command("act", game_id=opened["game_id"], action={"type": "main", "slot": "draw.1"})
    assert drawn["type"] == "ack" and "draw.1" in drawn["view"]["game"]["players"][0]["cubes"]
    await device.close()


async def test_the_card_data_has_every_card_and_source_and_nothing_of_a_game(system: str) -> None:
    async with httpx.AsyncClient(base_url=system) as client:
        answer = await client.get("/api/v1/games/echoes_of_time/catalogue")
        old = await client.get("/api/v1/eot/cards")  # the first apps' path, deprecated: the same body
        page = await client.get("/eot/")
    assert answer.status_code == 200 and page.status_code == 200 and "Эхо времени" in page.text
    data = answer.json()
    assert old.status_code == 200 and old.json() == data
    assert data["version"] == "eot-2026-1" and len(data["cards"]) == 72 and len(data["sources"]) == 8
    otter = data["cards"]["W01a"]
    assert otter["name_ru"] == "Речная выдра" and otter["time"] == 1 and "notation" not in otter
    assert set(data["sources"]["X1"]) >= {"capture", "entrench", "vp_captured", "vp_entrenched", "text_ru"}
