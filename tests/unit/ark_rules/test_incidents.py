"""Incidents: teams, the deal, citing, the survival vote and its seeded draw."""

from __future__ import annotations

import pytest
from ark.draw import draw, shuffle

from tests.unit.ark_rules.ark_helpers import Table, play_until, players, started, step_is

pytestmark = pytest.mark.unit


def _incidents(n: int = 4, *settings: str, seed: str = "seed") -> Table:
    table = started(n, "mode=survival", *settings, seed=seed)
    play_until(table, step_is("incident_discussion"))
    return table


def test_rescue_skips_the_incidents() -> None:
    table = started(4)
    play_until(table, lambda t: t.room.phase == "finished")
    assert not any(entry["type"] == "IncidentsBegan" for entry in table.session.log)
    assert "incidents" not in table.view()["players"][0]


def test_incidents_reveal_every_card_and_deal_two_per_exile_one_per_ark_player() -> None:
    table = _incidents(6)
    room = table.room
    assert all(len(p.shown) == 7 for p in room.players)
    for player in room.players:
        assert len(player.incidents) == (2 if player.exiled else 1)
    catalogue = room.catalogue
    team = {i.id: i.team for i in catalogue.incidents}
    deck = shuffle(room.seed, "incidents", team)
    exile_stream = [c for c in deck if team[c] == "exiled"] + [c for c in deck if team[c] == "any"]
    ark_stream = [c for c in deck if team[c] == "ark"] + [c for c in deck if team[c] == "any"]
    exiles = [p for p in room.players if p.exiled]
    assert [c for p in exiles for c in p.incidents] == exile_stream[: 2 * len(exiles)]
    dealt = {c for p in exiles for c in p.incidents}
    assert [p.incidents[0] for p in room.players if not p.exiled] == [c for c in ark_stream if c not in dealt][:3]


def test_incident_cards_stay_hidden_until_their_holders_turn() -> None:
    table = _incidents(4)
    subject, other = table.room.turn_order[0], table.room.turn_order[1]
    for seat in (None, subject, other):
        entries = {p["id"]: p["incidents"] for p in table.view(seat)["players"]}
        assert entries[subject] == list(table.room.get(subject).incidents)
        assert entries[other] is None
        assert "incidents" not in table.view(seat).get("me", {})


def test_the_subject_team_cites_cards_and_only_usable_ones() -> None:
    table = _incidents(4)
    room = table.room
    subject = room.get(room.turn_order[0])
    mates = [p for p in room.players if p.exiled == subject.exiled and p.id != subject.id]
    rivals = [p for p in room.players if p.exiled != subject.exiled]
    assert table.do(f"cite {rivals[0].id} {subject.id}:baggage") == "not_your_turn"
    assert table.do(f"cite {subject.id} {rivals[0].id}:health") == "card_not_usable"
    assert table.do(f"cite {subject.id} {subject.incidents[0]}") == "card_not_usable"
    assert table.do(f"cite {subject.id} {subject.id}:health") is None
    assert table.do(f"cite {mates[0].id} {subject.card('health')}") is None  # again, by id: nothing is used up
    ark_card = room.ark_cards[0]
    expected = None if not subject.exiled else "card_not_usable"
    assert table.do(f"cite {subject.id} {ark_card}") == expected
    cited = table.step["cited"]
    assert cited[:2] == [{"player": subject.id, "card": subject.card("health")},
                         {"player": mates[0].id, "card": subject.card("health")}]


def test_the_subject_ends_his_discussion_and_every_other_player_votes_once() -> None:
    table = _incidents(4)
    subject = table.step["player"]
    other = next(p for p in players(4) if p != subject)
    assert table.do(f"to_vote {other}") == "not_your_turn"
    table.do(f"to_vote {subject}")
    step = table.step
    assert step["kind"] == "survival_vote" and step["player"] == subject
    assert step["voters"] == [p for p in table.room.turn_order if p != subject]
    assert table.do(f"survive {subject} yes") == "not_a_voter"
    table.do(f"survive {other} yes")
    assert table.do(f"survive {other} no") == "already_voted"


@pytest.mark.parametrize(("yes", "chance"), [(0, 0), (1, 33), (2, 67), (3, 100)])
def test_the_survival_chance_is_the_share_of_survived_votes(yes: int, chance: int) -> None:
    for seed in ("a", "b", "c", "d", "e", "f"):
        table = _incidents(4, seed=seed)
        subject = table.step["player"]
        table.do(f"to_vote {subject}")
        voters = table.step["voters"]
        table.do(*(f"survive {v} {'yes' if i < yes else 'no'}" for i, v in enumerate(voters)))
        tally = table.view()["votes"][-1]
        assert (tally["s"], tally["v"], tally["chance"]) == (yes, 3, chance)
        survived = draw(table.room.seed, "survival", subject, n=3) < yes
        assert tally["outcome"] == ("survived" if survived else "died")
        assert table.room.get(subject).alive is survived
        if yes == 0:
            assert not survived
        if yes == 3:
            assert survived


def test_a_chance_between_falls_either_way_across_seeds() -> None:
    outcomes = set()
    for seed in (f"s{i}" for i in range(12)):
        table = _incidents(4, seed=seed)
        subject = table.step["player"]
        table.do(f"to_vote {subject}")
        table.do(f"survive {table.step['voters'][0]} yes", "timeout")  # one «Выжил», two timeouts «Погиб»
        outcomes.add(table.view()["votes"][-1]["outcome"])
    assert outcomes == {"died", "survived"}


def test_a_dead_player_leaves_only_his_baggage_and_keeps_voting() -> None:
    table = _incidents(4)
    subject = table.step["player"]
    table.do(f"to_vote {subject}", "timeout")
    entry = next(p for p in table.view()["players"] if p["id"] == subject)
    assert entry["alive"] is False
    assert entry["remaining"] == {"baggage": table.room.get(subject).card("baggage")}
    assert table.view()["dead"] == [subject]
    play_until(table, step_is("survival_vote"))
    assert subject in table.step["voters"]


def test_a_dead_teammate_may_cite_and_only_his_baggage_is_usable() -> None:
    table = _incidents(8)
    first = table.room.get(table.step["player"])
    table.do(f"to_vote {first.id}", "timeout")
    play_until(table, lambda t: t.room.step.kind == "incident_discussion"
               and t.room.get(t.room.step.player).exiled == first.exiled)
    subject = table.step["player"]
    assert table.do(f"cite {first.id} {first.id}:health") == "card_not_usable"
    assert table.do(f"cite {first.id} {first.id}:baggage") is None
    assert table.step["player"] == subject


def test_survival_timeouts_vote_died_and_the_discussion_times_out() -> None:
    table = _incidents(4)
    assert table.step["deadline"] == table.session.clock + 60
    table.do("timeout")
    assert table.step["kind"] == "survival_vote"
    table.do("timeout")
    assert table.view()["votes"][-1]["s"] == 0


def test_a_departed_subject_ends_his_discussion_at_once_and_departed_voters_vote_died() -> None:
    table = _incidents(4)
    subject = table.step["player"]
    voter = next(p for p in table.room.turn_order if p != subject)
    table.do(f"leave_game {voter}")
    assert table.step["kind"] == "incident_discussion"
    table.do(f"leave_game {subject}")
    assert table.step["kind"] == "survival_vote" and table.step["player"] == subject
    assert table.step["voted"] == [voter]
    table.do(*(f"survive {v} yes" for v in table.step["voters"] if v != voter))
    assert table.view()["votes"][-1]["s"] == 2


def test_survival_ballots_stay_anonymous_in_every_view() -> None:
    table = _incidents(4)
    subject = table.step["player"]
    table.do(f"to_vote {subject}")
    first, second = table.step["voters"][:2]
    table.do(f"survive {first} yes", f"survive {second} no")
    for seat in (None, *table.room.ids):
        view = table.view(seat)
        assert view["step"]["voted"] == [first, second]
        assert view["votes"] == [] or view["votes"][-1]["kind"] != "survival"
    assert table.view(second)["me"]["votes"][-1] == {"ballot": f"survival:{subject}", "choice": False}
