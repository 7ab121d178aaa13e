"""The online view (ark.online, docs/games/ark.md §5 "The online view"): in every state of whole games, for every
seat and a spectator, it says what arkctl's view says in its own shorter words — nothing lost but what §5 names,
nothing added — never another's hidden card; the public part is rendered once per state; and a 16-player
game's views stay within the 4 KiB of permessage-deflate's window."""

from __future__ import annotations

from typing import Any

import orjson
import pytest
from ark import hosting, online
from ark.catalogue import CATEGORIES, shipped
from ark.game import FINAL_SCREEN_SECONDS
from ark.state import Room
from ark.view import view

from tests.unit.ark_rules.ark_helpers import Table, finished, lobby, play_until, players, step_is
from tests.unit.ark_rules.test_hosting import Hosted, auto_action

pytestmark = pytest.mark.unit

MARKS = (("ready", lambda p: p["ready"]), ("away", lambda p: not p["connected"]),
         ("departed", lambda p: p["departed"]), ("exiled", lambda p: p["exiled"]), ("dead", lambda p: not p["alive"]))
FRAME_BUDGET = 3600  # of the 4096 bytes of the deflate window, the rest is the engine's envelope (~300 bytes)


class Recorded(Table):
    """A table that keeps every state its lines went through."""

    def __init__(self) -> None:
        super().__init__()
        self.states: list[Room] = []

    def do(self, *lines: str) -> str | None:
        code = None
        for line in lines:
            code = super().do(line)
            if not self.states or self.states[-1] is not self.room:
                self.states.append(self.room)
        return code


def tie_first(table: Table, voter: str, step: dict[str, Any]) -> str:
    """Every first attempt a tie between the first two candidates, then the first one."""
    if step["attempt"] > 1:
        return step["targets"][0]
    return step["targets"][step["voters"].index(voter) % 2]


def recorded(n: int, *settings: str) -> Recorded:
    table = Recorded()
    table.do(*(f"join {p}" for p in players(n)), f"settings {' '.join(settings)}",
             *(f"ready {p}" for p in players(n)[1:]), "chat p2 привет всем", "start p1")
    table.do(*(f"prepared {p}" for p in players(n)))
    return table


def survival_game() -> Recorded:
    """Six players, Survival without the Incubator: incidents, survival votes, the dead, the continuation vote,
    one away, one who leaves, a mute."""
    table = recorded(6, "mode=survival", "incubator=off")
    play_until(table, step_is("exile_vote"), tie_first)
    table.do("disconnect p4", "mute p1 p3", "chat p5 кто здесь?", "leave_game p6")
    play_until(table, finished, tie_first)
    return table


def kind_game() -> Recorded:
    """Eight players, Survival with the Incubator: ties and revotes, incidents, the finale."""
    table = recorded(8, "mode=survival", "incubator=on")
    play_until(table, finished, tie_first)
    return table


def rescue_game() -> Recorded:
    table = recorded(5, "mode=rescue", "format=common")
    play_until(table, finished, tie_first)
    return table


GAMES = (survival_game, kind_game, rescue_game)


def expected(full: dict[str, Any]) -> dict[str, Any]:
    """arkctl's view in the online view's words (§5)."""
    shown = {key: full[key] for key in ("phase", "round", "owner", "settings", "catalogue_version", "catastrophe",
                                        "years", "ark_cards", "step", "exiled")}
    shown["players"] = [_player(p) for p in full["players"]]
    shown["tally"] = _tally(full["votes"][-1]) if full["votes"] else None
    if full["kind"] is not None:
        shown["kind"] = full["kind"]
    if full["winners"] is not None:
        shown.update({key: full[key] for key in ("winners", "results", "ending", "ending_card")})
        shown["tallies"] = [_tally(vote) for vote in full["votes"]]  # the final screen shows every vote
    if "me" in full:
        me = full["me"]
        shown["me"] = {"id": me["id"], "cards": [me["cards"][c] for c in CATEGORIES if c in me["cards"]]}
        step = full["step"]
        if step is not None and me["id"] in step.get("voted", ()):
            shown["me"]["ballot"] = me["votes"][-1]["choice"]  # his latest ballot is the open vote's
    for key in ("chat", "muted"):
        if key in full:
            shown[key] = full[key]
    return shown


def _player(full: dict[str, Any]) -> dict[str, Any]:
    entry = {"id": full["id"], "nick": full["nick"], "cards": [full["cards"][c] for c in CATEGORIES
                                                                if c in full["cards"]]}
    entry.update((mark, True) for mark, holds in MARKS if holds(full))
    if "incidents" in full:
        entry["incidents"] = full["incidents"]
    if "remaining" in full:
        entry["remaining"] = [full["remaining"]["baggage"]]
    return entry


def _tally(full: dict[str, Any]) -> dict[str, Any]:
    if full["kind"] != "exile":
        return full
    shown = {**full, "tally": {target: n for target, n in full["tally"].items() if n}}
    if not shown["abstained"]:
        del shown["abstained"]
    return shown


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.__name__)
def test_every_seat_sees_online_what_arkctl_shows_in_every_state_of_a_game(game: Any) -> None:
    table = game()
    assert table.room.phase == "finished"
    kinds = {room.step.kind for room in table.states if room.step is not None}
    for room in table.states:
        part = online.public_part(room)  # rendered once for every seat's view, as the engine does
        for seat in (*room.ids, "p99", None):  # every player, one who is not in the room, a spectator
            shown = online.view(room, seat, part)
            want = expected(view(room, seat))
            if room.outcome is not None:  # the final screen's countdown: five minutes from the finale
                want["deletes_at"] = room.outcome.finished_at + FINAL_SCREEN_SECONDS
            assert shown == online.view(room, seat) == want, (room.phase, room.steps_opened, seat)
    assert {"exile_vote", "reveal"} <= kinds


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.__name__)
def test_an_online_view_never_carries_a_card_another_player_has_not_revealed(game: Any) -> None:
    table = game()
    catalogue = shipped()
    for room in table.states:
        for seat in (*room.ids, None):
            text = orjson.dumps(online.view(room, seat)).decode()
            for player in room.players:
                if player.id == seat:
                    continue
                shown = {c for c in CATEGORIES if c in player.shown}
                if not player.alive:
                    shown.add("baggage")
                for category, card in zip(CATEGORIES, player.cards, strict=False):
                    if category not in shown:
                        assert f'"{card}"' not in text, f"{player.id}'s hidden {category} reached {seat}"
                        assert catalogue.card(card) is not None
            assert not set(room.ark_deck[room.round:]) & set(text.split('"')), "an Ark card before its round"


def test_a_state_s_public_part_rendered_once_serves_every_seat_as_each_would_render_it() -> None:
    table = lobby(5)
    room = table.room
    part = online.public_part(room)  # what the engine renders once per state (the contract's `public`)
    first, second = online.view(room, "p1", part), online.view(room, "p2", part)
    assert first["players"] is second["players"] and first["me"]["id"] == "p1" and second["me"]["id"] == "p2"
    assert first == online.view(room, "p1") and second == online.view(room, "p2")
    assert hosting.public(room) == part and hosting.view(room, 0, part) == hosting.view(room, 0)
    table.do("unready p3")
    after = online.view(table.room, "p1")
    assert "ready" not in next(p for p in after["players"] if p["id"] == "p3")


def test_a_16_player_game_with_every_vote_tied_first_stays_within_the_deflate_window_until_its_final_screen() -> None:
    table = Hosted({"timers": False, "mode": "rescue", "incubator": True, "format": "separate"}).started(16)
    largest = 0
    while table.room.phase != "finished":
        step = table.room.step
        if step is not None and step.kind == "exile_vote":
            voter = next(v for v in step.voters if v not in step.voted)
            target = step.targets[step.voters.index(voter) % 2] if step.attempt == 1 else step.targets[0]
            table.act(hosting.seat_of(voter), type="CastExileVote", target=target)
        else:
            seat, action = next((s, a) for s in range(16) if (a := auto_action(table.view(s))) is not None)
            table.act(seat, **action)
        if table.room.phase != "finished":  # the final screen, sent once, lists every vote: no budget
            largest = max(largest, *(len(orjson.dumps(table.view(seat))) for seat in range(16)))
    assert largest <= FRAME_BUDGET, largest
    final = table.view(0)
    assert len(final["tallies"]) == len(table.room.tallies) >= 8 and final["tallies"][-1] == final["tally"]
