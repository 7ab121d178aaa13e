"""Ark at an engine table (ark.hosting): seats as player ids, the table's settings, the server's time in every
command, and every phase's timer as a deadline whose command the rules accept when due and refuse as stale."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from ark import events as ev
from ark import hosting
from ark.commands import CastExileVote, ExpireStep, JoinRoom, MarkDisconnected
from ark.state import Room
from echo_events.game_rules import Deadline, RulesPackage, TableRules, is_rejection
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

pytestmark = pytest.mark.unit

T0 = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
CATEGORY_ORDER = ("profession", "biology", "health", "hobby", "phobia", "baggage", "fact")


def auto_action(view: dict[str, Any]) -> dict[str, Any] | None:
    """What the player whose view this is does now if he simply plays along (None: nothing is his to do):
    he reveals Profession first and then his cards in order, passes his turn, votes out the first other
    candidate, votes «Выжил» and for the kind."""
    step, me = view.get("step"), view["me"]["id"]
    if step is None or view["phase"] in ("lobby", "finished"):
        return None
    kind, mine = step["kind"], step.get("player") == me
    if kind == "prepare":
        return None if me in step["prepared"] else {"type": "ConfirmPrepared"}
    if kind == "reveal" and mine:
        shown = next(p["cards"] for p in view["players"] if p["id"] == me)
        hidden = [c for c, card in zip(CATEGORY_ORDER, view["me"]["cards"], strict=True) if card not in shown]
        return {"type": "RevealCard", "card": "profession" if view["round"] == 1 else hidden[0]}
    if kind == "discussion" and mine:
        return {"type": "PassTurn"}
    if kind == "common_discussion":
        return None if me in step["requested"] else {"type": "RequestEndDiscussion"}
    if kind == "incident_discussion" and mine:
        return {"type": "EndIncidentDiscussion"}
    if kind in ("exile_vote", "survival_vote", "kind_vote") and me in step["voters"] and me not in step["voted"]:
        if kind == "exile_vote":
            return {"type": "CastExileVote", "target": next(t for t in step["targets"] if t != me)}
        if kind == "survival_vote":
            return {"type": "CastSurvivalVote", "survived": True}
        return {"type": "CastKindVote", "continue_kind": True}
    return None


class Hosted:
    """One room driven as the engine drives it: seats sit down, actions become commands at a given time."""

    def __init__(self, settings: dict[str, Any] | None = None, seed: int = 7) -> None:
        setup = hosting.new_setup(settings or {}, 16, seed, T0)
        assert not is_rejection(setup), setup
        self.room, self.events = hosting.start(setup)
        self.now = T0

    def apply(self, command: Any) -> list[ev.Event] | Any:
        outcome = hosting.decide(self.room, command)
        if not is_rejection(outcome):
            for event in outcome:
                self.room = hosting.evolve(self.room, event)
            self.events += outcome
        return outcome

    def sit(self, seats: int) -> None:
        for seat in range(seats):
            assert not is_rejection(self.apply(hosting.seated(seat, self.now)))

    def act(self, seat: int, **action: Any) -> Any:
        return self.apply(hosting.command_for(action, seat, self.now))

    def started(self, seats: int) -> Hosted:
        self.sit(seats)
        for seat in range(1, seats):
            self.act(seat, type="SetReady", ready=True)
        assert not is_rejection(self.act(0, type="StartGame"))
        return self

    def view(self, seat: int) -> dict[str, Any]:
        return hosting.view(self.room, seat)

    def fire(self, deadline: Deadline) -> Any:
        self.now = deadline.at
        return self.apply(hosting.timer_command(deadline.command))

    def due(self, name: str = "step") -> Deadline:
        return next(d for d in hosting.deadlines(self.room) if d.name == name)

    def play_along(self, seats: int, limit: int = 2000) -> None:
        for _ in range(limit):
            if self.room.phase not in ("preparation", "round", "incidents", "kind_vote"):
                return
            self.now += timedelta(seconds=1)
            acted = False
            for seat in range(seats):
                action = auto_action(self.view(seat))
                if action is not None:
                    assert not is_rejection(self.act(seat, **action)), action
                    acted = True
                    break
            if not acted:
                assert not is_rejection(self.fire(self.due()))
        raise AssertionError("the game did not end")


def test_the_hosting_module_keeps_the_table_contract_and_the_entry_point_names_it() -> None:
    assert isinstance(hosting, RulesPackage) and isinstance(hosting, TableRules)
    assert hosting.KIND == "ark" and hosting.SEATS == (4, 16)
    pyproject = Path(hosting.__file__).parents[2] / "pyproject.toml"
    assert 'ark = "ark.hosting"' in pyproject.read_text(encoding="utf-8")
    source = Path(hosting.__file__).read_text(encoding="utf-8")
    assert ".now(" not in source and "utcnow" not in source and "import time" not in source


def test_seats_are_player_ids_both_ways() -> None:
    assert [hosting.player_id(n) for n in (0, 1, 15)] == ["p0", "p1", "p15"]
    assert hosting.seat_of("p11") == 11


def test_table_settings_are_the_rules_words_in_json_scalars_applied_when_the_room_opens() -> None:
    table = Hosted({"mode": "survival", "incubator": False, "format": "common", "timers": "on", "card": 45})
    assert [type(e) for e in table.events] == [ev.RoomCreated, ev.SettingsChanged]
    public = table.view(0)["settings"]
    assert public["mode"] == "survival" and public["incubator"] == "off" and public["format"] == "common"
    assert public["timers"] == {"card": 45, "discussion": 60, "voting": 60}
    assert [type(e) for e in Hosted().events] == [ev.RoomCreated]
    off = Hosted({"timers": False}).view(0)["settings"]["timers"]
    assert off == {"card": None, "discussion": None, "voting": None}


@pytest.mark.parametrize("settings", [{"mode": "chaos"}, {"card": 7}, {"card": 33}, {"colour": "red"},
                                      {"years": [1, 2]}, {"voting": 1000}, {"catastrophe": "catastrophe-99"}])
def test_settings_the_rules_do_not_allow_are_refused(settings: dict[str, Any]) -> None:
    refused = hosting.new_setup(settings, 8, 1, T0)
    assert is_rejection(refused) and refused.code == "bad_settings"


def test_the_seed_the_server_draws_becomes_the_rooms_key() -> None:
    setup = hosting.new_setup({}, 8, 12345, T0)
    assert setup.seed == (12345).to_bytes(32, "big")
    assert hosting.start(setup)[0].seed == setup.seed


def test_each_seat_sitting_down_joins_the_room_under_its_player_id() -> None:
    table = Hosted()
    command = hosting.seated(3, T0)
    assert isinstance(command, JoinRoom) and command.player == "p3" and command.at == T0.timestamp()
    table.sit(5)
    view = table.view(2)
    assert [p["id"] for p in view["players"]] == ["p0", "p1", "p2", "p3", "p4"]
    assert view["owner"] == "p0" and view["me"]["id"] == "p2"
    assert hosting.view(table.room, None).get("me") is None


def test_a_client_never_names_the_player_the_time_or_another_room() -> None:
    command = hosting.command_for({"type": "CastExileVote", "target": "p1", "player": "p9", "at": 0}, 2, T0)
    assert isinstance(command, CastExileVote) and command.player == "p2" and command.at == T0.timestamp()
    # issue 35, point 2: an `act` naming JoinRoom seated a player who sat in another room (after LeaveRoom);
    # a seat is the shell's to give (`seated`), after its occupancy check
    for bad in ({"type": "JoinRoom"}, {"type": "JoinRoom", "busy_elsewhere": False},
                {"type": "ExpireStep", "step_id": 1}, {"type": "CastExileVote"}, {"type": "Teleport"},
                {"type": "PassTurn", "extra": 1}):
        with pytest.raises(ValidationError):
            hosting.command_for(bad, 0, T0)


def test_the_lobby_is_the_rules_own_and_the_owner_starts_the_game() -> None:
    table = Hosted()
    table.sit(4)
    assert table.act(0, type="StartGame").code == "not_all_ready"
    assert table.act(1, type="KickPlayer", target="p2").code == "not_owner"
    assert not is_rejection(table.act(1, type="ChangeNickname", nickname="Лиса"))
    for seat in (1, 2, 3):
        table.act(seat, type="SetReady", ready=True)
    assert not is_rejection(table.act(0, type="StartGame"))
    assert table.room.phase == "preparation" and len(table.view(1)["me"]["cards"]) == 7


def test_preparation_has_its_deadline_and_the_first_reveal_the_card_timer() -> None:
    table = Hosted({"card": 20}).started(4)
    prepare = table.due()
    assert prepare.at == T0 + timedelta(seconds=120)
    assert prepare.command == {"type": "ExpireStep", "at": prepare.at.timestamp(), "step_id": table.room.step.id}
    assert not is_rejection(table.fire(prepare))
    reveal = table.due()
    assert table.room.step.kind == "reveal" and reveal.at == prepare.at + timedelta(seconds=20)
    assert not is_rejection(table.fire(reveal))
    revealed = [e for e in table.events if isinstance(e, ev.CardRevealed)]
    assert revealed[-1].by_timeout and revealed[-1].category == "profession"


def test_a_stale_deadline_is_refused_and_changes_nothing() -> None:
    table = Hosted().started(4)
    prepare = table.due()
    for seat in range(4):
        table.act(seat, type="ConfirmPrepared")
    assert table.room.step.kind == "reveal"
    before = table.room
    stale = table.fire(prepare)
    assert is_rejection(stale) and stale.code == "stale_timer" and table.room is before
    early = ExpireStep(step_id=table.room.step.id, at=table.room.step.deadline - 1)
    assert hosting.decide(table.room, early).code == "stale_timer"


def test_a_revote_after_a_tie_runs_one_and_a_half_times_the_voting_timer() -> None:
    table = Hosted({"voting": 40}).started(4)
    while table.room.step.kind != "exile_vote":
        seat = next(s for s in range(4) if auto_action(table.view(s)) is not None)
        table.act(seat, **auto_action(table.view(seat)))
    opened_at = table.now
    assert table.due().at == opened_at + timedelta(seconds=40)
    for seat, target in enumerate(("p1", "p0", "p1", "p0")):  # two against two: a tie
        table.act(seat, type="CastExileVote", target=target)
    assert table.room.step.attempt == 2 and table.due().at == opened_at + timedelta(seconds=60)


def test_timers_off_leave_no_step_deadline_and_the_owner_skips_a_disconnected_player() -> None:
    table = Hosted({"timers": "off"}).started(4)
    assert hosting.deadlines(table.room) == []
    for seat in range(3):
        table.act(seat, type="ConfirmPrepared")
    assert table.act(0, type="SkipStep").code == "not_stalled"  # p3, awaited, is still here
    table.apply(MarkDisconnected(player="p3", at=T0.timestamp()))
    assert table.act(1, type="SkipStep").code == "not_owner"
    assert not is_rejection(table.act(0, type="SkipStep"))
    assert table.room.step.kind == "reveal" and hosting.deadlines(table.room) == []


def test_everyone_away_ends_the_session_after_five_minutes() -> None:
    table = Hosted().started(4)
    for seat in range(4):
        table.apply(MarkDisconnected(player=hosting.player_id(seat), at=T0.timestamp() + seat))
    session = table.due("session")
    assert session.at == T0 + timedelta(seconds=303)
    assert not is_rejection(table.fire(session))
    assert table.room.phase == "void" and hosting.is_over(table.room) and hosting.deadlines(table.room) == []


def test_a_finished_game_is_deleted_five_minutes_after_its_final_screen() -> None:
    table = Hosted({"timers": "on"}).started(5)
    table.play_along(5)
    assert table.room.phase == "finished" and hosting.is_over(table.room)
    assert any(e.event_type in hosting.ENDING_EVENTS for e in table.events)
    delete = table.due("delete")
    assert delete.at.timestamp() == table.room.outcome.finished_at + 300
    assert [d.name for d in hosting.deadlines(table.room)] == ["delete"]
    assert not is_rejection(table.fire(delete)) and table.room.phase == "deleted"


@settings(max_examples=8, deadline=None)
@given(seats=st.integers(4, 6), seed=st.integers(0, 2**63 - 1), mode=st.sampled_from(["rescue", "survival"]),
       incubator=st.booleans(), timeouts=st.lists(st.booleans(), min_size=1, max_size=40))
def test_any_game_played_along_or_by_its_timers_ends_and_every_due_deadline_is_accepted(
        seats: int, seed: int, mode: str, incubator: bool, timeouts: list[bool]) -> None:
    table = Hosted({"mode": mode, "incubator": incubator, "format": "separate"}, seed=seed).started(seats)
    for n in range(3000):
        room: Room = table.room
        if room.phase not in ("preparation", "round", "incidents", "kind_vote"):
            break
        table.now += timedelta(seconds=1)
        waiting = [s for s in range(seats) if auto_action(table.view(s)) is not None]
        # Timed-out ballots can tie again and again (everyone against himself): revotes and the kind vote are
        # played along, so that the game ends.
        along = room.phase == "kind_vote" or (room.step.kind == "exile_vote" and room.step.attempt > 1)
        if waiting and (along or not timeouts[n % len(timeouts)]):
            seat = waiting[0]
            assert not is_rejection(table.act(seat, **auto_action(table.view(seat))))
        else:
            due = table.due()
            assert due.at.timestamp() == room.step.deadline
            assert not is_rejection(table.fire(due))
            assert is_rejection(table.fire(due))  # the same deadline again: stale
    assert table.room.phase == "finished"
    assert [d.name for d in hosting.deadlines(table.room)] == ["delete"]
