"""Ghost Five through the real gateway and engine over real WebSockets (protocol v2): a whole match between two
accounts where every turn's published action and salt recheck against the hash the other side saw; the
secrecy frame test (nothing of an action or salt on the opponent's socket before the reveal); bad reveals
voided with their reasons; withdrawals; the clock's timeout skip and the reveal window; resign and cancel;
matches against both bots."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from echo_runtime.clock import MovableClock

from tests.support.ghost import GhostPlayer, opponent_commit_rechecks, play_turn, seated_pair

pytestmark = pytest.mark.integration
COLUMNS = "ABCDEFGHJKLMNOP"  # 15×15, no «I»


@pytest.fixture
def engine_clock(request: pytest.FixtureRequest) -> MovableClock:
    """The engine's clock, `request.param` seconds behind the wall (default 0): its deadlines, scheduled in
    its own time, fire that much sooner."""
    return MovableClock(datetime.now(UTC) - timedelta(seconds=getattr(request, "param", 0)))


def first_empty(game: dict) -> str:
    for row_from_top, line in enumerate(game["board"]):
        for column, cell in enumerate(line):
            if cell == ".":
                return f"{COLUMNS[column]}{len(game['board']) - row_from_top}"
    raise AssertionError("the board is full")


async def test_a_whole_match_between_two_accounts_and_every_published_move_rechecks(system: str) -> None:
    a, b = await seated_pair(system)
    assert a.view["game"]["seat"] == "A" and b.view["game"]["seat"] == "B"
    assert a.view["game"]["match_id"] == b.view["game"]["match_id"]
    elsewhere = ["H8", "K3", "C10", "N12", "F13"]
    for round_number in (1, 2):
        for column in range(5):
            commits: dict[str, str] = {}
            assert (await a.commit(f"P:{COLUMNS[column]}1"))["type"] == "ack"
            seen = await b.until(lambda game: game["open_turn"]["A"]["committed"])
            commits["A"] = seen["game"]["open_turn"]["A"]["commit"]
            ack = await b.commit(f"P:{elsewhere[column]}")
            commits["B"] = ack["view"]["game"]["open_turn"]["B"]["commit"]
            assert (await a.reveal())["type"] == "ack" and (await b.reveal())["type"] == "ack"
            view = await a.until(lambda game, r=round_number, n=column:
                                 sum(e["round"] == r for e in game["log"]) > n)
            entry = [e for e in view["game"]["log"] if e["round"] == round_number][column]
            assert entry["actions"] == {"A": f"P:{COLUMNS[column]}1", "B": f"P:{elsewhere[column]}"}
            assert opponent_commit_rechecks(view, commits, entry)
        assert entry["round_end"] == {"result": "A", "reason": "row"}
    game = (await b.latest())["game"]
    assert game["status"] == "finished" and game["winner"] == "A" and game["score"] == {"A": 2, "B": 0}
    assert b.view["table"]["status"] == "over" and game["open_turn"] is None
    await a.close()
    await b.close()


async def test_nothing_of_an_action_or_its_salt_reaches_the_opponents_socket_before_the_reveal(system: str) -> None:
    a, b = await seated_pair(system)
    secret_salt = "5eed" * 16
    assert (await a.commit("X:K11", salt=secret_salt))["type"] == "ack"
    assert (await b.commit("P:C3"))["type"] == "ack"
    revealed = await a.reveal()
    assert revealed["type"] == "ack"
    await b.device.push(lambda f: f.get("type") == "update" and f["version"] >= revealed["version"])
    before_reveal = list(b.device.raw)  # every frame B's socket received while A's move was secret
    assert len(before_reveal) >= 4
    for frame in before_reveal:
        for secret in ("K11", "X:K11", '"X:', secret_salt, secret_salt[:16], secret_salt[-16:]):
            assert secret not in frame, (secret, frame)
    assert (await b.reveal())["type"] == "ack"
    view = await a.until(lambda game: len(game["log"]) == 1)
    entry = view["game"]["log"][0]
    assert entry["actions"]["A"] == "X:K11" and entry["salts"]["A"] == secret_salt  # published after it
    assert any(secret_salt in frame for frame in b.device.raw[len(before_reveal):])
    await a.close()
    await b.close()


async def test_bad_reveals_are_voided_with_their_reasons_and_three_skips_lose_the_round(system: str) -> None:
    a, b = await seated_pair(system)
    reasons = []
    for turn, (commit_a, reveal_a) in enumerate([("P:H8", {"salt": "0" * 64}), ("P:H8", {"action": "p:h8"}),
                                                 ("P:Q1", {})]):
        assert (await a.commit(commit_a))["type"] == "ack"
        assert (await b.commit(f"P:C{turn + 1}"))["type"] == "ack"
        assert (await a.reveal(**reveal_a))["type"] == "ack"  # taken, then voided: nothing is refused
        assert (await b.reveal())["type"] == "ack"
        view = await a.until(lambda game, n=turn: len(game["log"]) > n or game["round"] > 1)
        entry = view["game"]["log"][turn]
        reasons.append(entry["void"]["A"])
        assert entry["actions"]["B"] == f"P:C{turn + 1}" and entry["void"]["B"] is None
    assert reasons == ["reveal_mismatch", "reveal_malformed", "illegal_action"]
    assert entry["round_end"] == {"result": "B", "reason": "skips"}
    await a.close()
    await b.close()


async def test_a_commit_is_withdrawn_until_the_opponent_commits(system: str) -> None:
    a, b = await seated_pair(system)
    assert (await a.act(type="withdraw"))["code"] == "nothing_to_withdraw"
    assert (await a.commit("P:A1"))["type"] == "ack"
    assert (await a.commit("P:A2"))["code"] == "already_committed"
    withdrawn = await a.act(type="withdraw")
    assert withdrawn["type"] == "ack" and withdrawn["view"]["game"]["open_turn"]["A"]["committed"] is False
    await b.until(lambda game: not game["open_turn"]["A"]["committed"] and game["open_turn"]["A"]["clock_since"])
    assert (await a.commit("P:H8"))["type"] == "ack"
    assert (await b.commit("P:C3"))["type"] == "ack"
    assert (await a.act(type="withdraw"))["code"] == "opponent_committed"
    assert (await b.act(type="withdraw"))["code"] == "opponent_committed"
    assert (await a.reveal())["type"] == "ack" and (await b.reveal())["type"] == "ack"
    view = await a.until(lambda game: len(game["log"]) == 1)
    assert view["game"]["log"][0]["actions"] == {"A": "P:H8", "B": "P:C3"}
    await a.close()
    await b.close()


@pytest.mark.parametrize("engine_clock", [9], indirect=True)
async def test_a_seat_out_of_time_skips_the_turn(system: str) -> None:
    """Move time 10 s, no reserve: the deadline is 12 s after the turn opened on the engine's clock, which
    runs 9 s behind the wall — B's clock runs out about 3 s after the turn opens."""
    a, b = await seated_pair(system, {"move_time": 10, "reserve": 0})
    due = a.view["game"]["deadlines"]["clocks"]
    assert due["B"] == pytest.approx(a.view["game"]["open_turn"]["B"]["clock_since"] + 12, abs=0.01)
    assert (await a.commit("P:H8"))["type"] == "ack"
    await a.until(lambda game: game["reveal_since"] is not None, timeout=30)
    assert (await a.reveal())["type"] == "ack"
    view = await b.until(lambda game: len(game["log"]) == 1)
    game = view["game"]
    assert game["log"][0]["void"] == {"A": None, "B": "no_commit"} and game["log"][0]["actions"]["A"] == "P:H8"
    assert game["skips"] == {"A": 0, "B": 1} and game["clock"]["B"]["reserve"] == 0
    await a.close()
    await b.close()


@pytest.mark.parametrize("engine_clock", [11], indirect=True)
async def test_a_reveal_missing_when_the_window_closes_is_void(system: str) -> None:
    """The reveal window is 15 s of the engine's clock, which runs 11 s behind the wall: it closes about 4 s
    after both committed (the move time's 32 s are still far off)."""
    a, b = await seated_pair(system, {"move_time": 30, "reserve": 0})
    assert (await a.commit("P:H8"))["type"] == "ack" and (await b.commit("P:C3"))["type"] == "ack"
    assert (await b.reveal())["type"] == "ack"
    view = await b.until(lambda game: len(game["log"]) == 1, timeout=30)
    assert view["game"]["log"][0]["void"] == {"A": "reveal_missing", "B": None}
    assert (await a.reveal())["code"] == "not_revealing"
    await a.close()
    await b.close()


async def test_cancel_before_the_first_turn_resolves_and_resign_after_it(system: str) -> None:
    a, b = await seated_pair(system)
    assert (await a.act(type="resign"))["code"] == "not_started"
    assert (await a.commit("P:H8"))["type"] == "ack"  # one commit does not stop a cancel
    cancelled = await b.act(type="cancel_match")
    assert cancelled["type"] == "ack" and cancelled["view"]["game"]["status"] == "cancelled"
    assert cancelled["view"]["table"]["status"] == "over"

    a, b = await seated_pair(system)
    await play_turn(a, b, "P:H8", "P:C3")
    assert (await a.act(type="cancel_match"))["code"] == "started"
    resigned = await b.act(type="resign")
    game = resigned["view"]["game"]
    assert game["status"] == "finished" and game["winner"] == "A" and game["rounds"][-1]["reason"] == "resign"
    assert (await a.commit("P:J9"))["code"] == "match_over"
    await a.close()
    await b.close()


@pytest.mark.parametrize("level", ["easy", "strong"])
async def test_a_match_against_the_bot_which_commits_and_reveals_like_a_person(system: str, level: str) -> None:
    me = await GhostPlayer.guest(system, 0)
    assert (await me.open({"opponent": "bot"}, bots=["grandmaster"]))["code"] == "bad_bots"
    opened = await me.open({"opponent": "bot"}, bots=[level])
    assert opened["type"] == "ack" and opened["view"]["table"]["status"] == "playing", opened
    game = opened["view"]["game"]
    assert game["open_turn"]["B"]["committed"]  # the bot commits as soon as a turn opens
    for _ in range(200):
        if game["status"] != "live":
            break
        turns = len(game["log"])
        mine = await me.commit(f"P:{first_empty(game)}")
        bot_commit = mine["view"]["game"]["open_turn"]["B"]["commit"]
        secret_until_now = list(me.device.raw)  # the bot revealed already: nothing of it may have come
        revealed = await me.reveal()
        assert revealed["type"] == "ack", revealed
        game = revealed["view"]["game"]
        entry = game["log"][turns]
        assert entry["void"]["B"] is None and entry["salts"]["B"] and entry["actions"]["B"]
        assert opponent_commit_rechecks(revealed["view"], {"B": bot_commit}, entry)
        assert not any(entry["salts"]["B"] in frame for frame in secret_until_now)
    assert game["status"] == "finished" and game["winner"] in ("A", "B"), game["status"]
    await me.close()


async def test_two_players_on_one_device_share_one_account_that_holds_both_seats(system: str) -> None:
    a = await GhostPlayer.guest(system, 0)
    b = GhostPlayer(a.device, 1, names_seat=True)
    a.names_seat = True
    wrong = await a.open({"opponent": "device"}, bots=["easy"], one_device=True)
    assert wrong["code"] == "bad_bots"
    opened = await a.open({"opponent": "device", "clock": False}, one_device=True)
    assert opened["type"] == "ack" and opened["view"]["table"]["status"] == "playing", opened
    stranger = await GhostPlayer.guest(system, 1)
    assert (await stranger.join(opened["view"]["table"]["invite"]))["code"] == "table_full"
    b.game_id, b.view, b.version = a.game_id, a.view, a.version
    assert a.view["game"]["deadlines"] == {"clocks": {"A": None, "B": None}, "reveal": None}  # no time limit
    assert (await a.commit("P:H8"))["type"] == "ack"
    b.view = a.view
    second = await b.commit("P:C3")
    assert second["type"] == "ack" and second["view"]["game"]["open_turn"]["B"]["committed"]
    a.view = b.view
    assert (await a.reveal())["type"] == "ack"
    done = await b.reveal()
    assert done["view"]["game"]["log"][0]["actions"] == {"A": "P:H8", "B": "P:C3"}
    assert done["view"]["table"]["settings"]["opponent"] == "device"  # never rated
    await a.close()
    await stranger.close()


async def test_quick_pairing_over_the_socket_waits_then_seats_both_and_unpair_stops_waiting(system: str) -> None:
    a, b, c = [await GhostPlayer.guest(system, seat) for seat in (0, 1, 0)]
    waiting = await a.send("pair", id="quick-a", kind="ghost_five")
    assert waiting == {**waiting, "type": "ack", "waiting": True, "view": None, "game_id": None}
    timed = await c.send("pair", kind="ghost_five", settings={"move_time": 60})
    assert timed["waiting"] is True  # other settings: not paired with A
    assert (await c.send("unpair", kind="ghost_five"))["waiting"] is False
    paired = await b.send("pair", kind="ghost_five")
    assert paired["type"] == "ack" and paired["view"]["table"]["you"] == 1, paired
    assert paired["view"]["game"]["status"] == "live"
    a.game_id = b.game_id
    a.view = await a.until(lambda game: game["status"] == "live")
    assert a.view["table"]["you"] == 0
    entry = await play_turn(a, b, "P:H8", "P:C3")
    assert entry["actions"] == {"A": "P:H8", "B": "P:C3"}
    again = await c.send("pair", kind="ghost_five")
    assert again["waiting"] is True  # nobody else waits: C unpaired, A and B play
    bad = await c.send("pair", kind="ghost_five", settings={"board": 17})
    assert bad["type"] == "error" and bad["code"] == "bad_settings"
    for player in (a, b, c):
        await player.close()
