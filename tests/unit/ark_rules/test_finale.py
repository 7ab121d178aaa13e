"""Continuation of kind, the finale and winners, departures and session end."""

from __future__ import annotations

import pytest
from ark.finale import FERTILE_AGES

from tests.unit.ark_rules.ark_helpers import Table, finished, play_until, players, started, step_is

pytestmark = pytest.mark.unit


def _kind_vote(n: int = 4, *settings: str, seed: str = "seed") -> Table:
    table = started(n, "incubator=off", *settings, seed=seed)
    play_until(table, step_is("kind_vote"))
    return table


def _fit(table: Table, pid: str) -> str | None:
    catalogue, player = table.room.catalogue, table.room.get(pid)
    biology = catalogue.card(player.card("biology"))
    infertile = any("infertile" in catalogue.card(c).tags for c in player.cards)
    return None if infertile or biology.age not in FERTILE_AGES else biology.sex


def test_the_kind_vote_lists_ark_players_and_the_card_check_pairs() -> None:
    for seed in ("k1", "k2", "k3", "k4", "k5"):
        table = _kind_vote(8, seed=seed)
        kind = table.view()["kind"]
        assert kind["candidates"] == list(table.room.not_exiled) and kind["result"] is None
        fit = [(pid, _fit(table, pid)) for pid in kind["candidates"] if _fit(table, pid)]
        expected = [[a, b] for i, (a, sa) in enumerate(fit) for b, sb in fit[i + 1:] if sa != sb]
        assert kind["hint_pairs"] == expected
        assert table.step["voters"] == list(table.room.turn_order)


def test_more_for_continues_the_kind_and_the_ark_players_win() -> None:
    table = _kind_vote(4)
    table.do("kind p1 for", "kind p2 for", "kind p3 for")
    assert table.do("kind p3 against") == "already_voted"
    table.do("kind p4 against")
    view = table.view()
    assert view["votes"][-1] == {"kind": "kind", "attempt": 1, "for": 3, "against": 1, "result": "continued"}
    assert view["kind"]["result"] == "continued"
    assert view["ending"] == "ark_saved"
    assert view["winners"] == list(table.room.not_exiled)


def test_a_kind_tie_revotes_with_one_and_a_half_voting_time() -> None:
    table = _kind_vote(4)
    table.do("kind p1 for", "kind p2 for", "kind p3 against", "kind p4 against")
    assert table.view()["votes"][-1]["result"] == "tie"
    assert (table.step["attempt"], table.step["deadline"] - table.session.clock, table.step["voted"]) == (2, 90, [])
    assert table.view("p1")["me"]["votes"][-1] == {"ballot": "kind:1", "choice": True}
    assert table.view("p3")["me"]["votes"][-1] == {"ballot": "kind:1", "choice": False}
    table.do("timeout")  # everyone «Против»
    view = table.view()
    assert view["kind"]["result"] == "failed" and view["ending"] == "kind_failed"
    assert view["winners"] == [] and set(view["results"].values()) == {"loss"}


def test_fewer_than_two_living_candidates_fail_the_kind_without_a_vote() -> None:
    table = started(4, "incubator=off", "mode=survival")

    play_until(table, step_is("survival_vote"))
    while table.room.phase == "incidents":
        subject = table.room.get(table.step["player"])
        if table.step["kind"] == "incident_discussion":
            table.do(f"to_vote {subject.id}")
        else:
            choice = "no" if not subject.exiled and subject.id == table.room.not_exiled[0] else "yes"
            table.do(*(f"survive {v} {choice}" for v in table.step["voters"]))
    view = table.view()
    assert view["kind"] == {"candidates": [table.room.not_exiled[1]], "hint_pairs": [], "result": "failed"}
    assert not any(entry["type"] == "KindVoteOpened" for entry in table.session.log)
    assert view["ending"] == "kind_failed"


def _survival_finale(fates: dict[str, bool], seed: str = "seed") -> Table:
    """A Survival game whose incident votes are unanimous: True survives (100%), False dies (0%)."""
    table = started(4, "mode=survival", seed=seed)
    play_until(table, step_is("incident_discussion"))
    order = table.room.turn_order
    while table.room.phase == "incidents":
        subject = table.step["player"]
        if table.step["kind"] == "incident_discussion":
            table.do(f"to_vote {subject}")
        else:
            word = "yes" if fates[order.index(subject)] else "no"
            table.do(*(f"survive {v} {word}" for v in table.step["voters"]))
    return table


def test_survival_winners_are_the_living_exiled_survivors_included() -> None:
    table = _survival_finale({0: True, 1: False, 2: True, 3: True})
    view = table.view()
    assert view["winners"] == [p for i, p in enumerate(table.room.turn_order) if i != 1]
    assert view["ending"] == "ark_saved"
    assert view["results"][table.room.turn_order[1]] == "loss"


def test_only_exiles_surviving_is_the_exiles_only_ending() -> None:
    probe = _survival_finale(dict.fromkeys(range(4), True))
    exiled = [i for i, p in enumerate(probe.room.turn_order) if probe.room.get(p).exiled]
    table = _survival_finale({i: i in exiled for i in range(4)})
    assert table.view()["ending"] == "exiles_only"
    assert sorted(table.view()["winners"]) == sorted(table.view()["exiled"])


def test_nobody_alive_is_no_survivors_and_nobody_wins() -> None:
    table = _survival_finale(dict.fromkeys(range(4), False))
    view = table.view()
    assert (view["ending"], view["winners"], view["dead"]) == ("no_survivors", [], list(table.room.turn_order))


def test_the_ending_text_fits_the_mode() -> None:
    table = _survival_finale(dict.fromkeys(range(4), False))
    ending = table.room.catalogue.filtered(True).endings
    chosen = next(e for e in ending if e.id == table.view()["ending_card"])
    assert chosen.key == "no_survivors" and "survival" in chosen.tags


def test_the_finale_reveals_everything_frees_players_and_is_deleted_after_five_minutes() -> None:
    table = started(4)
    play_until(table, finished)
    view = table.view()
    assert all(len(p["cards"]) == 7 for p in view["players"])
    assert view["winners"] == list(table.room.not_exiled) and view["ending"] == "ark_saved"
    assert table.do("@other join p1") is None  # free from GameFinished on
    assert table.do("vote p1 p2") == "wrong_phase"
    assert table.do("leave_game p1") == "wrong_phase"
    assert table.do("wait 299", "delete") == "stale_timer"
    assert table.do("wait 1", "delete") is None
    assert table.view()["phase"] == "deleted"
    assert table.do("join p1") == "room_closed"


def test_delete_before_the_finale_is_wrong_phase() -> None:
    assert started(4).do("wait 400", "delete") == "wrong_phase"


def test_a_departed_player_resolves_by_timeouts_and_cannot_act_or_come_back() -> None:
    table = started(4)
    first = table.step["player"]
    table.do(f"leave_game {first}")
    assert table.room.get(first).shown == {"profession"}  # his reveal resolved at once
    assert table.step["player"] != first
    assert table.do(f"leave_game {first}") == "not_in_room"
    assert table.do(f"connect {first}") == "not_in_room"
    assert table.do(f"@other join {first}") == "already_in_game"  # not free until GameFinished
    play_until(table, step_is("exile_vote"))
    assert first in table.step["voted"]  # voted against himself as the vote opened
    assert first in table.step["targets"]
    play_until(table, finished)
    assert table.view()["results"][first] in ("win", "loss")


def test_a_departed_owner_passes_ownership_down_the_turn_order() -> None:
    table = started(4)
    order = table.room.turn_order
    owner_at = order.index("p1")
    table.do("leave_game " + order[(owner_at + 1) % 4], "leave_game p1")
    assert table.view()["owner"] == order[(owner_at + 2) % 4]


def test_everyone_departing_ends_in_a_void_session() -> None:
    table = started(5)
    table.do(*(f"leave_game {p}" for p in players(5)))
    assert table.room.phase == "round" and table.step["kind"] == "exile_vote"  # a revote only a timer resolves
    assert table.step["attempt"] == 2
    assert table.do("wait 299", "expire_session") == "stale_timer"
    assert table.do("wait 1", "expire_session") is None
    assert table.view()["phase"] == "void" and table.view()["winners"] is None
    assert table.do("vote p1 p2") == "room_closed"


def test_one_player_among_departed_ones_plays_the_game_to_its_finale() -> None:
    table = started(4)
    table.do("leave_game p2", "leave_game p3", "leave_game p4")
    play_until(table, finished, vote=lambda t, voter, step: next(x for x in step["targets"] if x != "p1"))
    assert table.view()["winners"] == list(table.room.not_exiled)
    assert "p1" in table.view()["winners"]


def test_survival_with_the_incubator_on_has_no_kind_vote() -> None:
    table = started(4, "mode=survival")
    play_until(table, finished)
    assert table.view()["kind"] is None
    assert not any(entry["type"].startswith("Kind") for entry in table.session.log)


def test_kind_ballots_stay_anonymous_until_and_after_the_tally() -> None:
    table = _kind_vote(4)
    table.do("kind p1 for", "kind p2 against")
    for seat in (None, *players(4)):
        assert table.view(seat)["step"]["voted"] == ["p1", "p2"]
    table.do("kind p3 for", "kind p4 for")
    final = table.output()
    assert final["votes"][-1] == {"kind": "kind", "attempt": 1, "for": 3, "against": 1, "result": "continued"}
    text = str(final)
    assert "'choice'" not in text and "continue_kind" not in text


def test_after_the_finale_each_command_gets_the_contracts_code() -> None:
    """ark-cli.md §5's precedence holds after GameFinished as before it: lobby commands `game_started`, joins
    `already_in_game`/`game_started`/`kicked`, game commands `wrong_phase`, an expiry `stale_timer`."""
    table = started(4)
    play_until(table, finished)
    step_id = table.room.step.id if table.room.step else 1
    assert table.do("ready p2") == "game_started"
    assert table.do("nick p2 Вася") == "game_started"
    assert table.do("settings mode=rescue") == "game_started"
    assert table.do("start p1") == "game_started"
    assert table.do("join p5") == "game_started"  # a stranger: the game has started
    assert table.do("join p2") == "already_in_game"  # a member, connected
    assert table.do(f"expire {step_id}") == "stale_timer"
    assert table.do("expire_session") == "stale_timer"
    assert table.do("disconnect p2") == "wrong_phase"  # presence after the finale is refused
    assert table.do("connect p2") == "wrong_phase"
    assert table.do("join p2") == "already_in_game"  # still nothing to rejoin
    assert table.do("prepared p1") == "wrong_phase"
