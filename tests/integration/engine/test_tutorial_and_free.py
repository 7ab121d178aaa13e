"""The Tutorial and Free games through the engine service over real NATS and JetStream."""

import json
import uuid

import pytest
from echo_challenge.field import sector_name
from echo_challenge.tutorial import SCRIPT
from echo_events.play import ENGINE_SUBJECT, updates_subject

from tests.support.play import ask, solo_move

pytestmark = pytest.mark.integration


def account() -> str:
    return uuid.uuid4().hex


async def test_the_tutorial_guides_explains_and_finishes(engine, nc) -> None:  # noqa: ANN001
    me = account()
    started = await ask(nc, type="start", account_id=me, mode="tutorial")
    assert started["ok"] and started["view"]["tutorial"]["step"] == 1
    game_id = started["game_id"]
    first = SCRIPT[0]
    assert started["view"]["tutorial"]["sector"] == sector_name(first.sector)

    wrong = await solo_move(nc, "beam", account_id=me, game_id=game_id, sector=first.sector)
    assert wrong == {"ok": False, "duplicate": False, "replica": wrong["replica"],  # every reply names its replica
                     "error": {"code": "tutorial_step", "message": wrong["error"]["message"]}}
    assert "Не тот инструмент" in wrong["error"]["message"]

    view = started["view"]
    for step in SCRIPT:
        reply = await solo_move(nc, step.tool, account_id=me, game_id=game_id, sector=step.sector)
        assert reply["ok"], reply
        view = reply["view"]
    assert view["tutorial"]["done"] and view["credits"] == 95 and view["tick"] == len(SCRIPT)  # 2 × 40 + 15
    finished = await solo_move(nc, "finish", account_id=me, game_id=game_id)
    assert finished["view"]["status"] == "finished"
    assert finished["view"]["field"]["grid"][3] == "...G......"  # a finished Tutorial may show its field
    after = await solo_move(nc, "probe", account_id=me, game_id=game_id, sector=55)
    assert after["error"]["code"] == "game_over"


async def test_tutorial_is_replayable_without_limit(engine, nc) -> None:  # noqa: ANN001
    me = account()
    ids = {(await ask(nc, type="start", account_id=me, mode="tutorial"))["game_id"] for _ in range(5)}
    assert len(ids) == 5


async def test_three_free_games_a_day_and_a_new_one_closes_the_old(engine, nc) -> None:  # noqa: ANN001
    me = account()
    first = await ask(nc, type="start", account_id=me, mode="free", preset="standard")
    second = await ask(nc, type="start", account_id=me, mode="free", preset="nine-small")
    assert first["ok"] and second["ok"] and first["game_id"] != second["game_id"]
    old = await ask(nc, type="get", account_id=me, game_id=first["game_id"])
    assert old["view"]["status"] == "finished"  # the unfinished one was closed by the new start
    assert second["view"]["preset"] == "nine-small"
    third = await ask(nc, type="start", account_id=me, mode="free", preset="big-red")
    fourth = await ask(nc, type="start", account_id=me, mode="free", preset="standard")
    assert third["ok"]
    assert fourth["error"]["code"] == "free_limit"
    assert (await ask(nc, type="get", account_id=me, game_id=third["game_id"]))["view"]["status"] == "live"


async def test_a_retried_start_opens_one_game(engine, nc) -> None:  # noqa: ANN001
    me, command = account(), uuid.uuid4().hex
    one = await ask(nc, type="start", account_id=me, mode="free", preset="standard", command_id=command)
    two = await ask(nc, type="start", account_id=me, mode="free", preset="standard", command_id=command)
    assert one["game_id"] == two["game_id"] and two["duplicate"] is True


async def test_unknown_preset_and_bad_requests_change_nothing(engine, nc) -> None:  # noqa: ANN001
    me = account()
    bad = await ask(nc, type="start", account_id=me, mode="free", preset="no-such")
    assert bad["error"]["code"] == "bad_preset" and "no-such" in bad["error"]["message"]
    oversized = await ask(nc, type="act", account_id=me, game_id="abc", action={f"k{i}": i for i in range(17)})
    assert oversized["error"]["code"] == "bad_request" and "action" in oversized["error"]["message"]
    raw = await nc.request("engine.cmd", b"{not json", timeout=5)
    assert b"bad_request" in raw.data
    # the failed starts used none of the three Free games
    for preset in ("standard", "standard", "standard"):
        assert (await ask(nc, type="start", account_id=me, mode="free", preset=preset))["ok"]


async def test_another_players_game_cannot_be_read_or_moved(engine, nc) -> None:  # noqa: ANN001
    owner, stranger = account(), account()
    game = await ask(nc, type="start", account_id=owner, mode="free", preset="standard")
    for request in ({"type": "get"}, {"type": "act", "action": {"type": "probe", "sector": 0}},
                    {"type": "act", "action": {"type": "finish"}}):
        reply = await ask(nc, account_id=stranger, game_id=game["game_id"], **request)
        assert reply["error"]["code"] == "unknown_game"
    assert (await ask(nc, type="get", account_id=owner, game_id=game["game_id"]))["view"]["status"] == "live"


async def test_a_duplicate_move_applies_once(engine, nc) -> None:  # noqa: ANN001
    me = account()
    game = await ask(nc, type="start", account_id=me, mode="free", preset="standard")
    hidden = next(i for i, c in enumerate("".join(game["view"]["board"])) if c == "#")
    command = uuid.uuid4().hex
    one = await solo_move(nc, "probe", account_id=me, game_id=game["game_id"], sector=hidden, command_id=command)
    two = await solo_move(nc, "probe", account_id=me, game_id=game["game_id"], sector=hidden, command_id=command)
    assert one["ok"] and two["ok"] and two["duplicate"]
    assert one["view"]["tick"] == two["view"]["tick"] == 1
    assert one["version"] == two["version"]


async def test_a_move_that_says_what_log_it_holds_gets_only_the_entries_after(engine, nc) -> None:  # noqa: ANN001
    me = account()
    game_id = (await ask(nc, type="start", account_id=me, mode="tutorial"))["game_id"]
    first, second, third = SCRIPT[:3]
    refused = await solo_move(nc, first.tool, account_id=me, game_id=game_id, sector=first.sector, log_from=-1)
    assert refused["error"]["code"] == "bad_request" and "log_from" in refused["error"]["message"]
    for step in (first, second):
        whole = (await solo_move(nc, step.tool, account_id=me, game_id=game_id, sector=step.sector))["view"]["log"]
    assert len(whole) == 2
    moved = await solo_move(nc, third.tool, account_id=me, game_id=game_id, sector=third.sector, log_from=1)
    assert moved["log_from"] == 1  # the asker holds the first tick only
    got = await ask(nc, type="get", account_id=me, game_id=game_id)
    assert whole[:1] + moved["view"]["log"] == got["view"]["log"]  # ticks 2 and 3: the rest is held
    assert {**moved["view"], "log": got["view"]["log"]} == got["view"]
    beyond = await solo_move(nc, "finish", account_id=me, game_id=game_id, log_from=99)  # more than it has
    assert beyond["ok"] and "log_from" not in beyond and len(beyond["view"]["log"]) == beyond["view"]["tick"] == 3


async def test_the_asker_is_answered_before_the_players_other_devices_hear(engine, nc) -> None:  # noqa: ANN001
    """The device that moved learns the new state from the answer; the update for the player's other devices
    goes out right after it (published first, it reached the asker's gateway first and held its answer up)."""
    me = account()
    started = await ask(nc, type="start", account_id=me, mode="tutorial")
    game_id = started["game_id"]
    answer_to = f"{updates_subject(me)}.answer"  # one subscription sees both, in the order the engine sent them
    both = await nc.subscribe("echo.updates.>")  # a tap on every account (the operator may)
    mine = await nc.subscribe(updates_subject(me))
    step = SCRIPT[0]
    request = {"type": "act", "account_id": me, "game_id": game_id,
               "action": {"type": step.tool, "sector": step.sector}, "command_id": uuid.uuid4().hex}
    await nc.publish(ENGINE_SUBJECT, json.dumps(request).encode(), reply=answer_to)
    ours = (answer_to, updates_subject(me))  # (other tests' games, their timers firing, may publish meanwhile)
    # the start's own update, sent after its answer, may come after the tap began: only the move's are counted
    first, second = [message async for message in _of(both, ours, 2, after=started["version"])]
    assert first.subject == answer_to and json.loads(first.data)["ok"]
    assert second.subject == updates_subject(me)
    assert json.loads(second.data)["version"] == json.loads(first.data)["version"]
    assert (await mine.next_msg(timeout=10)).data == second.data  # what the other devices get


async def _of(subscription, subjects: tuple[str, ...], count: int, after: int = -1):  # noqa: ANN001, ANN202
    """The first `count` messages of `subscription` on `subjects` about a version past `after`, in order."""
    while count:
        message = await subscription.next_msg(timeout=10)
        if message.subject in subjects and json.loads(message.data).get("version", after + 1) > after:
            count -= 1
            yield message


async def test_a_mode_the_game_does_not_declare_starts_nothing(engine, nc) -> None:  # noqa: ANN001
    """The contract bounds a mode's spelling; Echo Challenge's own MODES say which exist: a table is not one of
    them, nor a mode no game has, and neither uses up a Free start."""
    me = account()
    for mode in ("table", "chess"):
        refused = await ask(nc, type="start", account_id=me, mode=mode)
        assert not refused["ok"] and refused["error"]["code"] == "bad_request", refused
        assert "tutorial, free, daily" in refused["error"]["message"]
    options = await ask(nc, type="options", account_id=me)
    assert options["data"]["free"]["used"] == 0
