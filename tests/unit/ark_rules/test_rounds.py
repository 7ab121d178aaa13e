"""Rounds: card choice, both discussion formats, timeouts of every step, skipping."""

from __future__ import annotations

import pytest
from ark.draw import draw

from tests.unit.ark_rules.ark_helpers import Table, lobby, play_until, players, started, step_is

pytestmark = pytest.mark.unit


def test_preparation_ends_when_all_confirm_or_after_120_seconds() -> None:
    table = lobby(4)
    table.do("start p1", "prepared p2")
    assert table.do("prepared p2") == "already_voted"
    assert table.step["deadline"] == 120
    assert table.step["prepared"] == ["p2"]
    assert table.do("wait 119", "expire 1") == "stale_timer"
    assert table.do("timeout") is None
    assert table.view()["round"] == 1 and table.step["kind"] == "reveal"


def test_preparation_has_no_deadline_with_timers_off() -> None:
    table = lobby(4, "timers=off")
    table.do("start p1")
    assert table.step["deadline"] is None
    assert table.do("timeout") == "stale_timer"


def test_round_one_reveals_the_profession_only() -> None:
    table = started(4)
    first = table.room.turn_order[0]
    other = table.room.turn_order[1]
    assert table.view()["ark_cards"] == [table.room.ark_deck[0]]
    assert table.do(f"reveal {other} profession") == "not_your_turn"
    assert table.do(f"reveal {first} {table.room.get(other).card('hobby')}") == "not_your_card"
    assert table.do(f"reveal {first} hobby") == "profession_first"
    assert table.do(f"reveal {first} {table.room.get(first).card('profession')}") is None
    assert table.view()["players"][0]["cards"] == {"profession": table.room.get(first).card("profession")}


def test_later_rounds_reveal_any_hidden_card_once() -> None:
    table = started(4)
    play_until(table, lambda t: t.room.round == 2 and t.room.step.kind == "reveal")
    first = table.step["player"]
    assert table.do(f"reveal {first} profession") == "card_already_revealed"
    assert table.do(f"reveal {first} fact") is None
    assert table.do(f"reveal {first} health") == "wrong_phase"  # one card per round: his discussion is open


def test_a_card_choice_timeout_reveals_the_profession_in_round_one_and_a_drawn_card_later() -> None:
    table = started(4)
    first = table.step["player"]
    assert table.step["deadline"] == 30
    table.do("timeout")
    assert table.room.get(first).shown == {"profession"}
    assert table.session.log[-2]["by_timeout"] is True
    play_until(table, lambda t: t.room.round == 2 and t.room.step.kind == "reveal")
    player = table.room.get(table.step["player"])
    hidden = player.hidden()
    expected = hidden[draw(table.room.seed, "timeout_card", 2, player.id, n=len(hidden))]
    table.do("timeout")
    assert table.room.get(player.id).shown == {"profession", expected}


def test_separate_discussion_follows_each_reveal_and_ends_by_pass_or_timeout() -> None:
    table = started(4)
    first, second = table.room.turn_order[:2]
    table.do(f"reveal {first} profession")
    assert (table.step["kind"], table.step["player"], table.step["deadline"]) == ("discussion", first, 60)
    assert table.do(f"pass {second}") == "not_your_turn"
    assert table.do("end_discussion p1") == "wrong_phase"
    assert table.do(f"pass {first}") is None
    assert (table.step["kind"], table.step["player"]) == ("reveal", second)
    table.do(f"reveal {second} profession", "timeout")
    assert table.session.log[-2] == {"type": "DiscussionEnded", "step_id": table.step["id"] - 1, "reason": "timeout"}


def test_common_discussion_lasts_discussion_time_per_player_and_ends_when_all_ask() -> None:
    table = started(5, "format=common", "discussion=40")
    table.do("wait 10")
    for player in table.room.turn_order:
        assert table.do("end_discussion p1") == "wrong_phase"
        table.do(f"reveal {player} profession")
    assert table.step["kind"] == "common_discussion"
    assert table.step["deadline"] == 10 + 40 * 5
    for player in players(4):
        table.do(f"end_discussion {player}")
    assert table.do("end_discussion p1") == "already_voted"
    assert table.step["requested"] == players(4)
    table.do("end_discussion p5")
    assert table.session.log[-3]["reason"] == "agreed"
    assert table.view()["round"] == 2


def test_common_discussion_agreement_needs_exiled_players_but_not_departed_ones() -> None:
    table = started(7, "format=common")
    play_until(table, lambda t: t.room.round == 3 and t.room.step.kind == "common_discussion")
    exiled = table.view()["exiled"]
    assert len(exiled) == 1
    table.do("leave_game " + table.room.not_exiled[0])
    for player in table.room.not_exiled[1:]:
        table.do(f"end_discussion {player}")
    assert table.step["kind"] == "common_discussion"
    table.do(f"end_discussion {exiled[0]}")
    assert table.step["kind"] != "common_discussion"


def _to_exile_vote(n: int, *settings: str) -> Table:
    table = started(n, *settings)
    play_until(table, step_is("exile_vote"))
    return table


def test_round_one_never_exiles_and_a_vote_has_every_player_as_voter() -> None:
    table = _to_exile_vote(7)
    assert table.view()["round"] == 2
    step = table.step
    assert step["voters"] == step["targets"] == list(table.room.turn_order)
    assert (step["attempt"], step["deadline"], step["voted"]) == (1, 60, [])


def test_the_most_voted_player_is_exiled_and_all_his_cards_revealed() -> None:
    table = _to_exile_vote(4)
    target = table.room.turn_order[2]
    table.do(*(f"vote {p} {target}" for p in players(3)))
    assert table.do("vote p1 p2") == "already_voted"
    assert table.view()["votes"] == []  # no tally before everyone has voted
    table.do(f"vote p4 {table.room.turn_order[0]}")
    tally = table.view()["votes"][-1]
    assert tally == {"kind": "exile", "round": 4, "index": 1, "attempt": 1, "abstained": 0, "result": target,
                     "tally": {pid: (3 if pid == target else 1 if pid == table.room.turn_order[0] else 0)
                               for pid in table.room.turn_order}}
    assert table.view()["exiled"] == [target]
    assert len(table.view()["players"][2]["cards"]) == 7


def test_exiled_players_vote_but_cannot_be_voted_for_and_abstain_on_timeout() -> None:
    table = _to_exile_vote(4)
    target = table.room.turn_order[3]
    table.do(*(f"vote {p} {target}" for p in players(4)))
    play_until(table, step_is("exile_vote"))
    assert table.view()["round"] == 5
    assert table.do(f"vote p1 {target}") == "bad_target"
    assert table.step["targets"] == list(table.room.turn_order[:3])
    assert target in table.step["voters"]
    table.do("timeout")
    last = table.view()["votes"][-1]
    assert last["abstained"] == 1
    assert last["tally"] == dict.fromkeys(table.room.turn_order[:3], 1)  # each non-exiled voted for himself
    assert last["result"] == "tie"


def test_a_tie_revotes_with_one_and_a_half_voting_time_without_limit() -> None:
    table = _to_exile_vote(4, "voting=30")
    for attempt in range(1, 5):
        start = table.session.clock
        assert table.step["attempt"] == attempt
        assert table.step["deadline"] == start + (30 if attempt == 1 else 45)
        assert table.step["voted"] == []
        table.do("timeout")  # four self-votes: a tie every time
    assert [v["attempt"] for v in table.view()["votes"]] == [1, 2, 3, 4]
    table.do(*(f"vote {p} p1" for p in players(4)))
    assert table.view()["exiled"] == ["p1"]


def test_a_second_exile_in_a_round_starts_at_attempt_one_with_the_full_time() -> None:
    table = _to_exile_vote(15)
    table.do("timeout")  # a tie
    table.do(*(f"vote {p} p1" for p in players(15)))
    step = table.step
    assert (step["kind"], step["attempt"], step["deadline"] - table.session.clock) == ("exile_vote", 1, 60)
    assert table.view()["votes"][-1]["index"] == 1 and "p1" not in step["targets"]


def test_nobody_sees_who_voted_for_whom() -> None:
    table = _to_exile_vote(4)
    table.do("vote p1 p2", "vote p2 p3")
    for seat in (None, *players(4)):
        step = table.view(seat)["step"]
        assert step["voted"] == ["p1", "p2"]
        assert set(step) == {"id", "kind", "player", "deadline", "attempt", "targets", "voters", "voted"}
    assert table.view("p1")["me"]["votes"] == [{"ballot": "exile:4:1:1", "choice": "p2"}]
    assert table.view("p3")["me"]["votes"] == []
    assert all(entry["type"] != "ExileVoteCast" for entry in table.session.log)
    assert {"type": "PlayerVoted", "player": "p1", "step_id": table.step["id"]} in table.session.log


def test_expire_step_only_fires_for_the_current_step_once_due() -> None:
    table = started(4)
    step_id = table.step["id"]
    assert table.do(f"expire {step_id + 1}") == "stale_timer"
    assert table.do(f"expire {step_id}") == "stale_timer"  # clock 0 < deadline 30
    assert table.do("wait 30", f"expire {step_id}") is None
    assert table.do(f"expire {step_id}") == "stale_timer"


def test_skip_needs_the_owner_no_timer_and_a_disconnected_awaited_player() -> None:
    table = started(4, "timers=off")
    active = table.step["player"]
    assert table.do("timeout") == "stale_timer"
    assert table.do("skip p1") == "not_stalled"
    table.do(f"disconnect {active}")
    assert table.do("skip p2") == "not_owner"
    assert table.do("skip p1") is None
    assert table.room.get(active).shown == {"profession"}
    assert table.session.log[-3]["type"] == "StepSkipped"


def test_skipping_a_vote_applies_the_timeout_ballots_to_everyone_missing() -> None:
    table = started(4, "timers=off")
    play_until(table, step_is("exile_vote"))
    table.do("vote p1 p2", "disconnect p3")
    assert table.do("skip p1") is None
    assert table.view()["votes"][-1]["tally"]["p2"] == 2  # p1's vote and p2's own


def test_a_common_discussion_timeout_ends_it_without_consequences() -> None:
    table = started(4, "format=common")
    for player in table.room.turn_order:
        table.do(f"reveal {player} profession")
    assert table.step["deadline"] == 240
    table.do("end_discussion p1", "timeout")
    assert table.session.log[-3]["reason"] == "timeout"
    assert table.view()["round"] == 2 and table.view()["exiled"] == []
