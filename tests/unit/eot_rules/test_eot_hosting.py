"""Echoes of Time hosted at a table (`echoes_of_time.hosting`): settings, seats as players, the server's seat
and time in every command, the open step's timer as a deadline that comes back as ExpireStep, §18's absence
and concession, and the bots of empty seats."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import echoes_of_time as eot
import pytest
from echo_events.game_rules import Deadline, RulesPackage, TableRules, is_rejection
from echoes_of_time.bots import actor
from echoes_of_time.hosting import player_id, timeout_default
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

pytestmark = pytest.mark.unit
NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def started(seats: int = 2, timer: int | None = None, seed: int = 7):  # noqa: ANN201 - a Table
    setup = eot.new_setup({} if timer is None else {"turn_timer_s": timer}, seats, seed, NOW)
    return eot.start(setup)[0]


def acted(state, action: dict, seat: int, now: datetime = NOW):  # noqa: ANN001, ANN201
    outcome = eot.decide(state, eot.command_for(action, seat, now))
    assert not is_rejection(outcome), outcome
    return evolved(state, outcome)


def evolved(state, events):  # noqa: ANN001, ANN201
    for event in events:
        state = eot.evolve(state, event)
    return state


def seat_to_act(state) -> int:  # noqa: ANN001
    return int(actor(state)[1:]) - 1


def bots_play(seats: int, seed: int, level: str, act: Callable[[Any, int, dict, datetime], Any]):  # noqa: ANN201
    """A whole game of bots at a turn timer of 30 s, a second between actions: `act(state, seat, action, now)`
    carries each bot's action out (and checks what its test checks); the last state."""
    state = started(seats, timer=30, seed=seed)
    now = NOW
    for step in range(3000):
        if eot.is_over(state):
            break
        now += timedelta(seconds=1)
        seat = seat_to_act(state)
        state = act(state, seat, eot.bot_action(state, seat, level, seed + step), now)
    return state


def test_the_package_is_a_table_game_the_engine_can_host() -> None:
    assert isinstance(eot, RulesPackage) and isinstance(eot, TableRules)
    assert eot.SEATS == (2, 4) and eot.BOT_LEVELS == ("random", "greedy", "balanced")
    assert eot.ENDING_EVENTS == {"echoes_of_time.GameFinished"}


def test_a_setup_seats_p1_to_pn_with_no_timer_by_default_and_the_server_time() -> None:
    setup = eot.new_setup({}, 3, 12345, NOW)
    assert setup.players == ("p1", "p2", "p3") and setup.turn_timer_s is None
    assert setup.at == 1772366400000 and setup.seed == "12345" and setup.game_id == ""
    assert eot.new_setup({"turn_timer_s": 30}, 4, 1, NOW).turn_timer_s == 30


@pytest.mark.parametrize("settings_", [{"turn_timer_s": 29}, {"turn_timer_s": 301}, {"timer": 60}])
def test_settings_outside_the_spec_are_refused(settings_: dict) -> None:
    with pytest.raises(ValidationError):
        eot.new_setup(settings_, 2, 1, NOW)


def test_a_seat_view_never_carries_the_seed() -> None:
    state = started(4, seed=987654321)
    for seat in range(4):
        assert "987654321" not in str(eot.view(state, seat)) and state.key.hex() not in str(eot.view(state, seat))


def test_the_command_is_the_seats_and_at_the_servers_time_whatever_the_client_wrote() -> None:
    command = eot.command_for({"type": "end_turn", "player": "p1", "at": 1}, 2, NOW)
    assert command == eot.EndTurn(player="p3", at=1772366400000)
    main = eot.command_for({"type": "main", "slot": "draw.1"}, 0, NOW)
    assert main == eot.TakeMainAction(player="p1", slot="draw.1", args={}, at=1772366400000)
    with pytest.raises(ValidationError):
        eot.command_for({"type": "expire_step", "step_id": "s1"}, 0, NOW)  # a system command, never a client's


def test_a_move_out_of_turn_is_refused_with_its_code() -> None:
    state = started(2)
    other = 1 - seat_to_act(state)
    outcome = eot.decide(state, eot.command_for({"type": "main", "slot": "draw.1"}, other, NOW))
    assert is_rejection(outcome) and outcome.code == "not_your_turn"


def test_without_a_timer_there_is_no_deadline() -> None:
    assert eot.deadlines(started(2)) == []


def test_the_open_turn_has_one_deadline_at_its_end_carrying_its_step() -> None:
    state = started(2, timer=60)
    assert state.turn is not None
    assert eot.deadlines(state) == [Deadline("step", NOW + timedelta(seconds=60),
                                             {"step_id": state.turn.step_id, "at": 1772366460000})]


def test_every_seat_sees_when_the_open_step_times_out() -> None:
    state = started(3, timer=60)
    due = int((NOW + timedelta(seconds=60)).timestamp() * 1000)
    assert [eot.view(state, seat)["deadline"] for seat in (0, 1, 2, None)] == [due] * 4
    assert eot.view(started(2), 0)["deadline"] is None  # no timer


def test_a_fired_turn_deadline_draws_on_the_lowest_free_slot_and_ends_the_turn() -> None:
    state = started(2, timer=60)
    player = state.turn.player
    hand = len(state.seat(player).hand)
    outcome = eot.decide(state, eot.timer_command(eot.deadlines(state)[0].command))
    assert not is_rejection(outcome)
    after = evolved(state, outcome)
    assert after.seat(player).cubes == ["draw.1"] and len(after.seat(player).hand) == hand + 2
    assert after.turn is not None and after.turn.player != player
    assert eot.deadlines(after)[0].command["step_id"] != eot.deadlines(state)[0].command["step_id"]


def test_a_deadline_fired_early_or_after_the_step_closed_is_stale() -> None:
    state = started(2, timer=60)
    fired = eot.deadlines(state)[0].command
    early = eot.decide(state, eot.timer_command({**fired, "at": fired["at"] - 1}))
    assert is_rejection(early) and early.code == "stale_timer"
    moved = acted(state, {"type": "main", "slot": "draw.1"}, seat_to_act(state))
    late = eot.decide(moved, eot.timer_command(fired))
    assert is_rejection(late) and late.code == "stale_timer"


def test_a_pending_decisions_deadline_replaces_the_turns_and_its_default_applies() -> None:
    state = started(2, timer=60)
    for step in range(400):  # bots play on until a decision is pending
        if state.pending is not None:
            break
        seat = seat_to_act(state)
        state = acted(state, eot.bot_action(state, seat, "greedy", step), seat)
    pending = state.pending
    assert pending is not None
    (deadline,) = eot.deadlines(state)
    assert deadline.name == "step" and deadline.command["step_id"] == pending.step_id
    after = evolved(state, eot.decide(state, eot.timer_command(deadline.command)))
    assert after.pending is None or after.pending.decision_id != pending.decision_id


def test_with_two_players_a_concession_ends_the_game_for_the_other() -> None:
    state = acted(started(2), {"type": "concede"}, 1)
    assert eot.is_over(state) and state.result["winners"] == ["p1"]
    assert eot.deadlines(started(2, timer=60)) and eot.deadlines(acted(started(2, timer=60), {"type": "concede"},
                                                                       0)) == []


def test_with_four_players_the_conceder_keeps_his_seat_and_his_turns_pass_at_once() -> None:
    state = started(4, timer=60)
    conceder = seat_to_act(state)
    state = acted(state, {"type": "concede"}, conceder)
    assert not eot.is_over(state) and state.seat(player_id(conceder)).conceded
    assert actor(state) != player_id(conceder)
    for step in range(2000):
        if eot.is_over(state):
            break
        assert actor(state) != player_id(conceder)
        seat = seat_to_act(state)
        state = acted(state, eot.bot_action(state, seat, "random", step), seat)
    assert eot.is_over(state) and state.result["winners"] != [player_id(conceder)]


def test_a_bot_acts_only_when_it_is_the_one_to_act_and_the_same_seed_gives_the_same_action() -> None:
    state = started(3)
    seat = seat_to_act(state)
    others = [s for s in range(3) if s != seat]
    assert all(eot.bot_action(state, s, "greedy", 1) is None for s in others)
    for level in eot.BOT_LEVELS:
        action = eot.bot_action(state, seat, level, 42)
        assert action == eot.bot_action(state, seat, level, 42)
        assert "player" not in action and "at" not in action
        assert not is_rejection(eot.decide(state, eot.command_for(action, seat, NOW)))


@settings(max_examples=4, deadline=None)
@given(seats=st.integers(2, 4), seed=st.integers(0, 2**63 - 1), level=st.sampled_from(eot.BOT_LEVELS))
def test_bots_at_every_seat_play_a_whole_game_through_the_table_functions(seats: int, seed: int, level: str) -> None:
    def act(state, seat: int, action: dict, now: datetime):  # noqa: ANN001, ANN202
        after = acted(state, action, seat, now)
        assert all(d.at > now for d in eot.deadlines(after))  # every open step's deadline lies ahead
        return after

    state = bots_play(seats, seed, level, act)
    assert eot.is_over(state) and eot.deadlines(state) == []
    assert all(eot.bot_action(state, s, level, 0) is None for s in range(seats))


def test_a_bots_refused_candidate_falls_back_to_the_steps_timeout_default() -> None:
    state = started(2)
    seat = seat_to_act(state)
    assert timeout_default(state) == {"type": "main", "slot": "draw.1"}
    state = acted(state, timeout_default(state), seat)
    if state.pending is None and actor(state) == player_id(seat):
        assert timeout_default(state) == {"type": "end_turn"}
    for step in range(400):  # on until a decision is pending
        if state.pending is not None:
            break
        seat = seat_to_act(state)
        state = acted(state, eot.bot_action(state, seat, "random", step), seat)
    pending = state.pending
    assert timeout_default(state)["decision_id"] == pending.decision_id
    acted(state, timeout_default(state), seat_to_act(state))


def offered(view: dict) -> list[dict]:
    """Every action the view's moves offer, discards taken from the front of the hand (any cards are legal)."""
    moves, hand = view["moves"], view["me"]["hand"]
    if "decision" in moves:
        pending = view["pending"]
        answers = moves["answers"] or [pending["options"][:pending["min"]]]
        if pending["kind"] in ("summon_order", "ready"):
            answers = pending["options"]
        return [{"type": "decide", "decision_id": pending["decision_id"], "choice": a} for a in answers]
    found = [{"type": "activate", "target": a["target"], "discards": hand[:a["discards"]]} for a in moves["activate"]]
    if moves["end_turn"]:
        found.append({"type": "end_turn"})
    for action, terms in moves["main"].items():
        if action == "draw":
            found.append({"type": "main", "slot": terms["slot"]})
        for card in terms.get("cards", []):
            others = [c for c in hand if c != card["card"]][:card["discards"]]
            found += [{"type": "main", "slot": terms["slot"], "args": {"card": card["card"], "discards": others,
                                                                       "space": space}} for space in card["spaces"]]
        found += [{"type": "main", "slot": terms["slot"], "args": args} for args in terms.get("choices", [])]
    return found


@settings(max_examples=2, deadline=None)
@given(seats=st.integers(2, 4), seed=st.integers(0, 2**63 - 1))
def test_only_the_seat_to_act_has_moves_and_the_rules_accept_every_move_offered(seats: int, seed: int) -> None:
    state = started(seats, seed=seed)
    for step in range(3000):
        if eot.is_over(state):
            break
        seat = seat_to_act(state)
        assert [s for s in range(seats) if eot.view(state, s)["moves"] is not None] == [seat]
        part = eot.public(state)  # rendered once for every seat's view, as the engine does
        assert all(eot.view(state, s, part) == eot.view(state, s) for s in (*range(seats), None))
        if step % 4 == 0:
            for action in offered(eot.view(state, seat)):
                assert not is_rejection(eot.decide(state, eot.command_for(action, seat, NOW))), action
        state = acted(state, eot.bot_action(state, seat, "balanced", seed + step), seat)
    assert eot.is_over(state) and all(eot.view(state, s)["moves"] is None for s in range(seats))


def test_a_turn_offers_draw_and_the_playable_cards_with_their_costs_and_spaces() -> None:
    state = started(4, seed=3)
    seat = seat_to_act(state)
    moves = eot.view(state, seat)["moves"]
    assert moves["main"]["draw"] == {"slot": "draw.1"} and moves["end_turn"] is False
    hand = state.seat(player_id(seat)).hand
    for card in moves["main"]["play"]["cards"]:
        assert card["card"] in hand and card["discards"] == eot.CARDS[card["card"]].discard
        assert card["spaces"] == list(range(eot.CARDS[card["card"]].time, eot.CARDS[card["card"]].time + 1))
    after = acted(state, {"type": "main", "slot": "draw.1"}, seat)
    if actor(after) == player_id(seat) and after.pending is None:  # else the turn ended by itself (TurnEnded auto)
        assert eot.view(after, seat)["moves"]["end_turn"] is True and eot.view(after, seat)["moves"]["main"] == {}


@settings(max_examples=3, deadline=None)
@given(seats=st.integers(2, 4), seed=st.integers(0, 2**63 - 1))
def test_decided_gives_decides_events_and_the_state_evolving_them_gives(seats: int, seed: int) -> None:
    """The engine keeps `decided`'s state instead of evolving the events again: it must be that state, at every
    action of a whole game (a refusal too is `decide`'s), and the state decided on is left as it was."""
    def act(state, seat: int, action: dict, now: datetime):  # noqa: ANN001, ANN202
        command = eot.command_for(action, seat, now)
        before = state.clone()
        events, reached = eot.decided(state, command)
        assert events == list(eot.decide(state, command)) and state == before
        after = evolved(state, events)
        assert reached == after and reached is not after
        return after

    assert eot.is_over(bots_play(seats, seed, "greedy", act))
    wrong = (seat_to_act(started(seats, seed=seed)) + 1) % seats  # out of turn
    refused = eot.decided(started(seats, seed=seed), eot.command_for({"type": "end_turn"}, wrong, NOW))
    assert is_rejection(refused) and refused.code == "not_your_turn"


def test_a_compacted_table_with_its_kept_entries_shows_the_same_log_from_the_games_first_event() -> None:
    """The engine keeps the table compacted and the public log's entries beside it (`compact`): evolving a
    compacted table and compacting it again yields just the new entries, and the view is the whole one."""
    whole = started(3, seed=11)
    state, kept = eot.compact(whole)
    assert state.log == [] and kept[0]["type"] == "GameStarted" and "seed" not in repr(kept)
    for _ in range(12):
        seat = int(actor(whole)[1:]) - 1
        action = eot.bot_action(whole, seat, "greedy", 3)
        events = eot.decide(whole, eot.command_for(action, seat, NOW))
        whole, state = evolved(whole, events), evolved(state, events)
        state, new = eot.compact(state)
        assert len(new) == sum(1 for e in events if eot.public_event(e) is not None)
        kept += new
        for seat in (0, 1, 2, None):
            assert eot.view(state, seat, log=kept) == eot.view(whole, seat)
