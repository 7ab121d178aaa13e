"""Ghost Five's table rules (`ghost_five.hosting`), pure: settings, the server's seat and time, the clocks'
and the reveal window's deadlines, and bots that commit and reveal like a person."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
from echo_events.game_rules import RulesPackage, TableRules, is_rejection
from ghost_five import hosting
from ghost_five.commitment import commit_hash
from pydantic import ValidationError

pytestmark = pytest.mark.unit
NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


def started(settings: dict | None = None, seed: int = 7):
    state, events = hosting.start(hosting.new_setup(settings or {}, 2, seed, NOW))
    return state


def apply(state, events):
    for event in events:
        state = hosting.evolve(state, event)
    return state


def act(state, action: dict, seat: int, at: datetime):
    outcome = hosting.decide(state, hosting.command_for(action, seat, at))
    assert not is_rejection(outcome), outcome
    return apply(state, outcome)


def test_it_is_a_table_game_with_bots() -> None:
    assert isinstance(hosting, RulesPackage) and isinstance(hosting, TableRules)
    assert hosting.KIND == "ghost_five" and hosting.SEATS == (2, 2) and hosting.BOT_LEVELS == ("easy", "strong")


@pytest.mark.parametrize("settings", [{"board": 17}, {"memory": 10}, {"move_time": 45}, {"reserve": 90},
                                      {"walls": 4}, {"opponent": "friend"}, {"colour": "red"}])
def test_settings_off_the_table_of_section_12_are_refused(settings: dict) -> None:
    with pytest.raises(ValidationError):
        hosting.new_setup(settings, 2, 1, NOW)


def test_no_time_limit_only_against_the_bot_or_on_one_device() -> None:
    assert hosting.new_setup({"clock": False}, 2, 1, NOW).code == "bad_settings"
    assert hosting.new_setup({"clock": False, "opponent": "bot"}, 2, 1, NOW).settings.clock is False
    assert hosting.deadlines(started({"clock": False, "opponent": "device"})) == []


def test_the_seat_and_the_time_are_the_servers() -> None:
    command = hosting.command_for({"type": "withdraw", "seat": 1, "now": 0}, 0, NOW)
    assert command.seat == 0 and command.now == NOW.timestamp()


def test_the_clock_deadline_is_move_time_reserve_and_lag_and_moves_with_a_withdrawal() -> None:
    state = started({"move_time": 10, "reserve": 60})
    opened = NOW.timestamp()
    due = {d.name: d for d in hosting.deadlines(state)}
    assert set(due) == {"clock-A", "clock-B"} and due["clock-A"].command["now"] == opened + 72
    commit = {"type": "commit", "commit": "0" * 64}
    state = act(state, commit, 0, NOW + timedelta(seconds=5))
    assert [d.name for d in hosting.deadlines(state)] == ["clock-B"]
    state = act(state, {"type": "withdraw"}, 0, NOW + timedelta(seconds=20))
    again = {d.name: d for d in hosting.deadlines(state)}["clock-A"]
    assert again.command["now"] == pytest.approx(opened + 20 + 72 - 5)


def test_a_fired_clock_voids_the_turn_and_both_out_resolves_it() -> None:
    state = started({"move_time": 10, "reserve": 0})
    for deadline in hosting.deadlines(state):
        outcome = hosting.decide(state, hosting.timer_command(deadline.command))
        state = apply(state, outcome)
    assert state.board.turn == 1 and state.board.skips == (1, 1) and state.log[-1].void == ("no_commit", "no_commit")


def test_the_reveal_window_closes_on_a_missing_reveal() -> None:
    state = started()
    state = act(state, {"type": "commit", "commit": "1" * 64}, 0, NOW)
    state = act(state, {"type": "commit", "commit": "2" * 64}, 1, NOW)
    (window,) = hosting.deadlines(state)
    assert window.name == "reveal" and window.command["now"] == NOW.timestamp() + 15
    state = apply(state, hosting.decide(state, hosting.timer_command(window.command)))
    assert state.log[-1].void == ("reveal_missing", "reveal_missing")


def test_bots_commit_a_hash_then_reveal_what_matches_it_and_keep_their_salt_out_of_the_views() -> None:
    state = started()
    at = NOW
    for _ in range(400):
        if hosting.is_over(state):
            break
        acted = False
        for seat, level in ((0, "easy"), (1, "strong")):
            action = hosting.bot_action(state, seat, level, seed=123)
            if action is None:
                continue
            if action["type"] == "reveal":
                assert commit_hash(state.match_id, state.board.round, state.open_turn, seat, action["action"],
                                   action["salt"]) == state.seats[seat].commit
                for viewer in (None, 0, 1):
                    assert action["salt"] not in json.dumps(hosting.view(state, viewer))
            state = act(state, action, seat, at)
            acted = True
        assert acted
        at += timedelta(seconds=1)
    assert state.status == "finished" and state.winner is not None
    assert all(None not in t.actions for t in state.log)
    last = hosting.view(state, 0)["log"][-1]
    assert last["salts"] == {"A": state.log[-1].salts[0], "B": state.log[-1].salts[1]}


def test_the_bots_secret_is_not_the_match_id_and_never_in_a_view() -> None:
    state = started(seed=99)
    assert state.secret and state.secret not in json.dumps([hosting.view(state, s) for s in (None, 0, 1)])
    assert hosting.view(state, 0)["match_id"] == state.match_id != started(seed=100).match_id


@pytest.mark.parametrize("micros", [0, 123456, 999999, 500, 1, 654321])
def test_every_deadline_is_due_when_it_fires_whatever_the_fraction_of_a_second(micros: int) -> None:
    """Commits and withdrawals come at any fraction of a second: each timer, fired at its due time, is
    accepted (a timer refused as not due would leave the turn waiting for ever)."""
    at = NOW + timedelta(seconds=0.3, microseconds=micros)
    state, _ = hosting.start(hosting.new_setup({"move_time": 10, "reserve": 60}, 2, 7, at))
    state = act(state, {"type": "commit", "commit": "3" * 64}, 0, at + timedelta(seconds=1.7, microseconds=micros))
    state = act(state, {"type": "withdraw"}, 0, at + timedelta(seconds=2.1, microseconds=micros // 3))
    state = act(state, {"type": "commit", "commit": "4" * 64}, 1, at + timedelta(seconds=3, microseconds=micros))
    (clock_a,) = hosting.deadlines(state)
    outcome = hosting.decide(state, hosting.timer_command(clock_a.command))
    assert not is_rejection(outcome), outcome
    state = apply(state, outcome)
    (window,) = hosting.deadlines(state)
    outcome = hosting.decide(state, hosting.timer_command(window.command))
    assert not is_rejection(outcome), outcome
    assert apply(state, outcome).log[-1].void == ("no_commit", "reveal_missing")

    state, _ = hosting.start(hosting.new_setup({}, 2, 7, at))
    state = act(state, {"type": "commit", "commit": "3" * 64}, 0, at + timedelta(seconds=1.7, microseconds=micros))
    state = act(state, {"type": "commit", "commit": "4" * 64}, 1, at + timedelta(seconds=2, microseconds=micros // 7))
    (window,) = hosting.deadlines(state)
    assert not is_rejection(hosting.decide(state, hosting.timer_command(window.command)))


def test_a_compacted_state_and_its_kept_entries_show_what_the_whole_state_shows() -> None:
    """The incremental log (`compact`), as the engine keeps it: after every command the state is compacted
    and only the new entries are added; every view is then the whole state's view, round ends included."""
    whole = started({"opponent": "bot"})
    kept, entries = hosting.compact(whole)
    at, commands = NOW, 0
    while hosting.is_over(whole) is False and commands < 400:
        at += timedelta(seconds=1)
        seat = next(s for s in (0, 1) if hosting.bot_action(whole, s, "easy", 0) is not None)
        action = hosting.bot_action(whole, seat, "easy", 0)
        if len(whole.rounds) == 1 and whole.board.turn == 3:  # a resignation's round end is not in the log
            action = {"type": "resign"}
        outcome = hosting.decide(whole, hosting.command_for(action, seat, at))
        assert not is_rejection(outcome), outcome
        whole, kept = apply(whole, outcome), apply(kept, outcome)
        kept, new = hosting.compact(kept)
        entries += new
        commands += 1
        for viewer in (0, 1, None):
            assert json.loads(json.dumps(hosting.view(kept, viewer, log=entries))) == hosting.view(whole, viewer)
    assert hosting.is_over(whole) and [r.reason for r in whole.rounds] == ["row", "resign"]


def test_the_public_part_rendered_once_makes_every_seats_view_byte_for_byte() -> None:
    """The engine renders `public(state)` once per state and hands it to each seat's view: the same bytes as a
    view rendered whole, at each of a bot match's commands; the seats' views differ only in naming their seat."""
    state = started({"opponent": "bot"})
    state, entries = hosting.compact(state)
    at, commands = NOW, 0
    while not hosting.is_over(state) and commands < 400:
        at += timedelta(seconds=1)
        seat = next(s for s in (0, 1) if hosting.bot_action(state, s, "strong", commands) is not None)
        outcome = hosting.decide(state, hosting.command_for(hosting.bot_action(state, seat, "strong", commands),
                                                            seat, at))
        assert not is_rejection(outcome), outcome
        state, new = hosting.compact(apply(state, outcome))
        entries += new
        commands += 1
        shared = hosting.public(state)
        views = {viewer: hosting.view(state, viewer, log=entries, public=shared) for viewer in (0, 1, None)}
        for viewer, view in views.items():
            assert json.dumps(view) == json.dumps(hosting.view(state, viewer, log=entries))
        assert {**views[0], "seat": None} == {**views[1], "seat": None} == views[None]
        assert (views[0]["seat"], views[1]["seat"]) == ("A", "B")
    assert commands > 100 and len(entries) > 30
