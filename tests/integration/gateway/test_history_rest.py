"""The history and «Лидеры» over the gateway's REST: a guest's finished Echoes of Time game is his alone (his
token names the account, nothing in the query can), replayable step by step; bad queries are refused with
what was wrong; a rated game's «Лидеры» answers anyone, by its kind (the first apps' path too), and a kind
not installed or not rated is a 404 that says which."""

from __future__ import annotations

import httpx
import pytest

from tests.support.dailies import eventually
from tests.support.wsclient import Device

pytestmark = pytest.mark.integration


def bearer(device: Device) -> dict[str, str]:
    return {"authorization": f"Bearer {device.token}"}


async def test_a_guests_finished_game_is_in_his_history_only(system: str) -> None:
    player, other = await Device.guest(system), await Device.guest(system)
    await player.connect(v=2)
    opened = await player.command("start", kind="echoes_of_time", seats=2, bots=["random"])
    conceded = await player.command("act", game_id=opened["game_id"], action={"type": "concede"})
    assert conceded["view"]["table"]["status"] == "over"
    await player.close()
    async with httpx.AsyncClient(base_url=system) as client:
        async def listed() -> bool:
            answer = await client.get("/api/v1/history", params={"kind": "echoes_of_time"}, headers=bearer(player))
            return answer.status_code == 200 and len(answer.json()["games"]) == 1

        await eventually(listed, within=15)
        games = (await client.get("/api/v1/history", headers=bearer(player))).json()["games"]
        assert games[0]["game_id"] == opened["game_id"] and games[0]["you"] == 0
        assert [(s["you"], s["bot"], s["result"]) for s in games[0]["seats"]] == [(True, None, "loss"),
                                                                                  (False, "random", "win")]
        assert (await client.get("/api/v1/history", headers=bearer(other))).json() == {"games": []}
        replay = await client.get(f"/api/v1/games/{opened['game_id']}/replay", headers=bearer(player))
        assert replay.status_code == 200 and replay.json()["frames"][-1]["phase"] == "over"

        assert (await client.get("/api/v1/history")).status_code == 401
        for bad in ({"kind": "chess"}, {"limit": 0}, {"limit": 51}, {"limit": "many"}):
            refused = await client.get("/api/v1/history", params=bad, headers=bearer(player))
            assert refused.status_code == 400 and next(iter(bad)) in refused.text, refused.text
        board = await client.get("/api/v1/games/ghost_five/leaders")
        assert board.status_code == 200 and board.json() == {"leaders": [], "you": None, "min_matches": 5}
        own = (await client.get("/api/v1/games/ghost_five/leaders", headers=bearer(player))).json()
        assert own["you"] == {**own["you"], "place": None, "rating": 1500, "matches": 0, "you": True}
        assert (await client.get("/api/v1/ghost/leaders", headers=bearer(player))).json() == own  # the old path
        for kind, code in (("chess", "unknown_kind"), ("tictactoe", "not_rated"), ("echo", "not_rated")):
            refused = await client.get(f"/api/v1/games/{kind}/leaders")
            assert refused.status_code == 404 and refused.json()["error"]["code"] == code, refused.text
