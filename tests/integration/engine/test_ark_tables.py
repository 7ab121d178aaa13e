"""Ark hosted by the real engine (its `echo.games` entry point, ark.hosting): a room opened with its settings,
players sitting down by the invitation into the rules' own lobby, a whole game with its timers as JetStream
message schedules (one reveal left to its timer), a tie and its revote at 1.5× the voting time, and the
anonymity of every vote: every update frame every player receives is recorded and none links a voter to his
choice or shows another player's unrevealed card."""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest
from ark import events as ev
from echo_engine.app import create_app
from echo_engine.settings import Settings
from echo_events.envelope import unwrap
from echo_events.play import updates_subject
from echo_runtime.nats_client import connect
from nats.aio.client import Client

from tests.integration.engine.test_replicas_and_crashes import stream_events
from tests.support.play import ask
from tests.support.servers import running
from tests.unit.ark_rules.test_hosting import auto_action

pytestmark = pytest.mark.integration
BALLOT_KEYS = {"voter", "target", "choice", "ballot", "survived", "continue_kind"}
SETTINGS = {"mode": "survival", "incubator": False, "format": "separate", "card": 10, "discussion": 60,
            "voting": 60}


@pytest.fixture
async def ark_engine(private_nats_url: str, fresh_database: str) -> AsyncIterator[Client]:
    async with running(create_app(Settings(nats_url=private_nats_url, database_url=fresh_database))):
        client = await connect(private_nats_url, "tests")
        yield client
        await client.drain()


class Room:
    """Five accounts at one Ark table; each account's update frames, raw, as the engine sent them."""

    def __init__(self, nc: Client, players: int) -> None:
        self.nc = nc
        self.accounts = [uuid.uuid4().hex for _ in range(players)]
        self.frames: list[list[bytes]] = [[] for _ in range(players)]
        self.game_id = ""

    async def listen(self) -> None:
        for seat, account in enumerate(self.accounts):
            async def record(msg: Any, seat: int = seat) -> None:
                self.frames[seat].append(msg.data)
            await self.nc.subscribe(updates_subject(account), cb=record)
        await self.nc.flush()

    async def act(self, seat: int, **action: Any) -> dict[str, Any]:
        reply = await ask(self.nc, type="act", account_id=self.accounts[seat], game_id=self.game_id, action=action)
        if reply["ok"]:
            self.frames[seat].append(json.dumps(reply).encode())  # an ack's view is a frame too
        return reply

    async def view(self, seat: int) -> dict[str, Any]:
        reply = await ask(self.nc, type="get", account_id=self.accounts[seat], game_id=self.game_id)
        return reply["view"]["game"]

    async def play_until(self, done: Any, timeout: float = 60) -> dict[str, Any]:
        """Every player plays along (auto_action) until `done(view)`."""
        async with asyncio.timeout(timeout):
            while True:
                views = [await self.view(seat) for seat in range(len(self.accounts))]
                if done(views[0]):
                    return views[0]
                moved = False
                for seat, view in enumerate(views):
                    action = auto_action(view)
                    if action is not None:
                        reply = await self.act(seat, **action)
                        assert reply["ok"], (action, reply)
                        moved = True
                        break
                if not moved:
                    await asyncio.sleep(0.2)  # a timer's turn


async def open_room(nc: Client, players: int) -> Room:
    room = Room(nc, players)
    await room.listen()
    opened = await ask(nc, type="open", account_id=room.accounts[0], kind="ark", seats=16, settings=SETTINGS)
    assert opened["ok"], opened
    room.game_id = opened["game_id"]
    table, game = opened["view"]["table"], opened["view"]["game"]
    assert table["status"] == "playing" and game["phase"] == "lobby" and game["owner"] == "p0"
    assert game["settings"]["mode"] == "survival" and game["settings"]["timers"]["card"] == 10
    for seat in range(1, players):
        joined = await ask(nc, type="join", account_id=room.accounts[seat], invite=table["invite"])
        assert joined["ok"] and joined["view"]["game"]["me"]["id"] == f"p{seat}", joined
    return room


async def test_ark_settings_the_rules_refuse_are_refused_when_the_table_opens(ark_engine: Client) -> None:
    refused = await ask(ark_engine, type="open", account_id=uuid.uuid4().hex, kind="ark", seats=8,
                        settings={"card": 7})
    assert refused["error"]["code"] == "bad_settings"
    seats = await ask(ark_engine, type="open", account_id=uuid.uuid4().hex, kind="ark", seats=3)
    assert seats["error"]["code"] == "bad_seats"


async def test_a_whole_ark_game_with_timers_a_revote_and_votes_nobody_can_trace(ark_engine: Client) -> None:
    nc, players = ark_engine, 5
    room = await open_room(nc, players)
    early = await room.act(0, type="StartGame")
    assert early["error"]["code"] == "not_all_ready"
    assert (await room.act(2, type="ChangeNickname", nickname="Лиса"))["ok"]
    for seat in range(1, players):
        assert (await room.act(seat, type="SetReady", ready=True))["ok"]
    started = await room.act(0, type="StartGame")
    game = started["view"]["game"]
    assert game["phase"] == "preparation" and game["step"]["deadline"] is not None
    late = await ask(nc, type="join", account_id=uuid.uuid4().hex, invite=f"{room.game_id}.wrong")
    assert late["error"]["code"] == "unknown_invite"

    # Round 1: the first player leaves his reveal to its 10-second timer (a JetStream schedule).
    view = await room.play_until(lambda v: v["step"] and v["step"]["kind"] == "reveal")
    first = view["step"]["player"]
    for _ in range(80):  # nobody acts: only the timer can reveal his Profession
        if next(p for p in (await room.view(0))["players"] if p["id"] == first)["cards"]:
            break
        await asyncio.sleep(0.25)
    envelopes = await stream_events(nc.jetstream(), room.game_id)
    by_timer = [unwrap(e) for e in envelopes if e.event_type == ev.CardRevealed.event_type]
    assert by_timer[0].by_timeout and by_timer[0].category == "profession"
    assert any(e.causation_id.startswith("!timer:step:") for e in envelopes)

    # The first vote (round 3 with five players): 2 against 2 against 1, a tie; the revote runs 90 s, not 60.
    view = await room.play_until(lambda v: v["step"] and v["step"]["kind"] == "exile_vote")
    for seat, target in enumerate(("p1", "p0", "p1", "p0", "p2")):
        assert (await room.act(seat, type="CastExileVote", target=target))["ok"]
    revote = await room.view(0)
    assert revote["step"]["attempt"] == 2 and revote["tally"]["result"] == "tie"
    assert revote["tally"]["tally"] == {"p0": 2, "p1": 2, "p2": 1}
    envelopes = await stream_events(nc.jetstream(), room.game_id)
    opened = [unwrap(e) for e in envelopes if e.event_type == ev.ExileVoteOpened.event_type]
    ended = [e for e in envelopes if e.event_type == ev.ExileVoteTied.event_type][-1].occurred_at.timestamp()
    assert opened[-1].attempt == 2 and opened[-1].deadline - ended == pytest.approx(90, abs=1)

    final = await room.play_until(lambda v: v["phase"] == "finished", timeout=120)
    assert final["ending"] and final["winners"] is not None and len(final["results"]) == players
    last = await ask(nc, type="get", account_id=room.accounts[1], game_id=room.game_id)
    assert last["view"]["table"]["status"] == "over"

    envelopes = await stream_events(nc.jetstream(), room.game_id)
    await asyncio.sleep(0.5)  # the last updates reach every inbox
    assert_nothing_hidden_reached_anyone(room, [unwrap(e) for e in envelopes[1:]])


def strings(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set().union(*(strings(v) for v in value.values())) | set(value) if value else set()
    if isinstance(value, list):
        return set().union(*(strings(v) for v in value)) if value else set()
    return {value} if isinstance(value, str) else set()


def ballot_dicts(value: Any, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Where a dict with a ballot's keys (a voter or a choice) sits in a view."""
    found: list[tuple[str, ...]] = []
    if isinstance(value, dict):
        if BALLOT_KEYS & set(value):
            found.append(path)
        for key, inner in value.items():
            found += ballot_dicts(inner, (*path, key))
    elif isinstance(value, list):
        for inner in value:
            found += ballot_dicts(inner, path)
    return found


def public(view: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in view.items() if key != "me"}


def assert_nothing_hidden_reached_anyone(room: Room, events: list[Any]) -> None:
    created = next(e for e in events if isinstance(e, ev.RoomCreated))
    dealt = next(e for e in events if isinstance(e, ev.CharactersDealt)).cards
    ark_deck = next(e for e in events if isinstance(e, ev.ArkCardsDrawn)).cards
    ballots = [e for e in events if isinstance(e, ev.ExileVoteCast | ev.SurvivalVoteCast | ev.KindVoteCast)]
    assert len(ballots) >= 10
    frames = 0
    for seat, received in enumerate(room.frames):
        me = f"p{seat}"
        assert received, f"seat {seat} heard nothing"
        for frame in received:
            frames += 1
            assert created.seed.encode() not in frame
            view = json.loads(frame)["view"]["game"]
            texts = strings(view)
            assert ballot_dicts(public(view)) == [], "a voter's choice outside his own `me`"
            assert view["me"]["id"] == me and ("ballot" not in view["me"] or me in view["step"]["voted"])
            for player in view["players"]:
                if player["id"] == me:
                    continue
                shown = set(player["cards"]) | set(player.get("remaining") or ())
                unrevealed = set(dealt[player["id"]].values()) - shown
                assert not unrevealed & texts, f"{player['id']}'s hidden card reached {me}"
            assert not set(ark_deck[view["round"]:]) & texts, "an Ark card before its round"
    assert frames > 100
    assert_a_ballot_changes_only_who_has_voted(room)


def assert_a_ballot_changes_only_who_has_voted(room: Room) -> None:
    """Between two consecutive frames of one vote (no tally yet), the public view differs only in `voted`."""
    compared = 0
    for received in room.frames:
        views = sorted({json.loads(f)["view"]["version"]: json.loads(f)["view"]["game"] for f in received}.items())
        for (_, before), (_, after) in zip(views, views[1:], strict=False):
            step, next_step = before["step"], after["step"]
            if not step or not next_step or step["id"] != next_step["id"] or "voted" not in step:
                continue
            assert after["tally"] == before["tally"]
            a, b = public(before), public(after)
            a["step"], b["step"] = {**step, "voted": None}, {**next_step, "voted": None}
            assert a == b
            assert set(next_step["voted"]) >= set(step["voted"])
            compared += 1
    assert compared >= 20, "too few frames inside a vote to judge"
