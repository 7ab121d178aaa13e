"""Echoes of Time at engine tables over real NATS and PostgreSQL: a table of four (three people by invitation
and a bot) played to its end where no frame a player receives carries another's hand, the deck or the seed;
the turn timer as a deadline that comes back as ExpireStep (the timeout's Draw then EndTurn); §18's
concessions; refusals with the rules' codes."""

from __future__ import annotations

import json
import random
import uuid
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import echoes_of_time as eot
import pytest
from echo_engine.app import create_app
from echo_engine.settings import Settings
from echo_events.envelope import unwrap
from echo_runtime.clock import MovableClock
from echo_runtime.nats_client import connect
from nats.aio.client import Client

from tests.integration.engine.test_replicas_and_crashes import stream_events
from tests.integration.engine.test_tables import Inbox, inbox, over
from tests.support.play import ask
from tests.support.servers import running
from tests.unit.eot_rules.test_eot_hosting import offered

pytestmark = pytest.mark.integration
KIND = "echoes_of_time"
TIMER_S = 30
TIMER_LEAD = timedelta(seconds=TIMER_S - 2)  # the engine's clock runs this far behind: a 30 s timer fires in 2 s


def account() -> str:
    return uuid.uuid4().hex


async def engine_with(clock: MovableClock, nats_url: str, database_url: str) -> AsyncIterator[Client]:
    async with running(create_app(Settings(nats_url=nats_url, database_url=database_url), clock=clock)):
        client = await connect(nats_url, "tests")
        yield client
        await client.drain()


@pytest.fixture
async def eot_engine(private_nats_url: str, fresh_database: str) -> AsyncIterator[Client]:
    async for client in engine_with(MovableClock(), private_nats_url, fresh_database):
        yield client


@pytest.fixture
async def hasty_engine(private_nats_url: str, fresh_database: str) -> AsyncIterator[Client]:
    """An engine whose clock is behind the wall: its 30-second turns end 2 seconds after they open."""
    async for client in engine_with(MovableClock(datetime.now(UTC) - TIMER_LEAD), private_nats_url, fresh_database):
        yield client


async def open_table(nc: Client, owner: str, guests: list[str], bots: list[str], settings: dict | None = None) -> str:
    seats = 1 + len(guests) + len(bots)
    opened = await ask(nc, type="open", account_id=owner, kind=KIND, seats=seats, bots=bots, settings=settings or {})
    assert opened["ok"], opened
    invite = opened["view"]["table"]["invite"]
    for guest in guests:
        joined = await ask(nc, type="join", account_id=guest, invite=invite)
        assert joined["ok"], joined
    last = joined if guests else opened
    assert last["view"]["table"]["status"] == "playing", last
    return opened["game_id"]


async def latest(nc: Client, player: str, game_id: str) -> dict:
    return (await ask(nc, type="get", account_id=player, game_id=game_id))["view"]


async def rules_events_with_versions(nc: Client, game_id: str) -> list[tuple[int, object]]:
    return [(e.version, unwrap(e)) for e in await stream_events(nc.jetstream(), game_id)
            if e.event_type.startswith(f"{KIND}.")]


def hidden_from(state: eot.Table, seat: int) -> set[str]:
    """Card ids in no place this seat may see: the others' hands, the deck, the cards being looked at by
    someone else. (Each id is one physical card, so an id in a hidden place is nowhere public.)"""
    me = state.seats[seat].id
    hidden = {card for other in state.seats if other.id != me for card in other.hand} | set(state.deck)
    looker = state.pending.player if state.pending else None
    return hidden | (set(state.looking) if looker != me else set())


def assert_nothing_hidden(frames: list[bytes], seat: int, events: list[tuple[int, object]]) -> int:
    """Each frame against the game as it stood at that frame's version: not one hidden card id, nor the seed,
    outside the log; and the log (whole or a delta from `log_from`) is exactly the public form of the game's
    events so far (`public_event`, whose entries name a card only while it is face up: tests/unit/eot_rules)."""
    checked = 0
    for frame in frames:
        body = json.loads(frame)
        view = body.get("view") or {}  # a socket also gets welcomes, pongs, presence
        if "game" not in view:
            continue
        state = eot.fold(event for version, event in events if version <= view["version"])
        public = [p for version, event in events if version <= view["version"]
                  if (p := eot.public_event(event)) is not None]
        log = view["game"].pop("log")
        assert log == public[body.get("log_from", 0):], f"seat {seat}'s log at version {view['version']}"
        text = json.dumps(body)
        leaked = [card for card in hidden_from(state, seat) if f'"{card}"' in text]
        assert not leaked, f"seat {seat} saw hidden cards {leaked} at version {view['version']}"
        assert state.key.hex() not in text and state.key.hex() not in json.dumps(log)
        assert view["game"]["me"]["id"] == f"p{seat + 1}"
        checked += 1
    return checked


async def test_four_seats_three_by_invitation_and_a_bot_play_to_the_end_and_no_frame_shows_the_hidden(
        eot_engine: Client) -> None:
    nc = eot_engine
    people = [account() for _ in range(3)]
    boxes: list[Inbox] = [await inbox(nc, person) for person in people]
    game_id = await open_table(nc, people[0], people[1:], ["greedy"])  # seats: 0, the bot at 1, then 2 and 3
    seat_of = {people[0]: 0, people[1]: 2, people[2]: 3}
    choose = random.Random(23)
    for _ in range(2000):
        views = {person: await latest(nc, person, game_id) for person in people}
        if over(views[people[0]]):
            break
        person = next((p for p, v in views.items() if v["game"]["moves"] is not None), None)
        assert person is not None, "nobody is to act but the game goes on"
        action = choose.choice(offered(views[person]["game"]))
        acted = await ask(nc, type="act", account_id=person, game_id=game_id, action=action)
        assert acted["ok"], (action, acted)
    final = await latest(nc, people[1], game_id)
    assert over(final) and final["game"]["winners"] and final["game"]["end_condition"]
    assert set(final["game"]["scores"]) == {"p1", "p2", "p3", "p4"}

    events = await rules_events_with_versions(nc, game_id)
    for person, box in zip(people, boxes, strict=True):
        await box.until(over)
        assert assert_nothing_hidden(box.frames, seat_of[person], events) > 50
    causes = {e.causation_id.split(":")[0] for e in await stream_events(nc.jetstream(), game_id)}
    assert "!bot" in causes  # the bot's moves are the server's own commands


async def test_a_silent_players_turn_times_out_into_a_draw_and_the_next_turn(hasty_engine: Client) -> None:
    nc, owner, guest = hasty_engine, account(), account()
    box = await inbox(nc, guest)
    game_id = await open_table(nc, owner, [guest], [], {"turn_timer_s": TIMER_S})
    first = (await latest(nc, owner, game_id))["game"]
    player = first["turn"]["player"]
    timed_out = await box.until(lambda v: "game" in v and v["game"]["turn"] is not None
                                and v["game"]["turn"]["player"] != player, timeout=15)
    seat = next(p for p in timed_out["game"]["players"] if p["id"] == player)
    assert seat["cubes"][0] == "draw.1" and seat["hand_size"] >= 8
    (draw,) = [e for e in await stream_events(nc.jetstream(), game_id)
               if e.event_type == "echoes_of_time.MainActionTaken"]
    assert draw.causation_id.startswith("!timer:")  # the deadline's own command, not a player's


async def test_concessions_two_players_the_other_wins_three_players_the_game_goes_on(eot_engine: Client) -> None:
    nc = eot_engine
    owner, guest = account(), account()
    duel = await open_table(nc, owner, [guest], [])
    conceded = await ask(nc, type="act", account_id=guest, game_id=duel, action={"type": "concede"})
    assert conceded["view"]["table"]["status"] == "over" and conceded["view"]["game"]["winners"] == ["p1"]
    assert conceded["view"]["game"]["end_condition"] == "concede"

    trio = await open_table(nc, owner, [guest], ["random"])
    left = await ask(nc, type="act", account_id=guest, game_id=trio, action={"type": "concede"})
    game = left["view"]["game"]
    assert left["view"]["table"]["status"] == "playing" and game["players"][2]["conceded"]  # the bot sits at 1
    assert game["turn"]["player"] == "p1" and game["moves"] is None
    assert (await latest(nc, owner, trio))["game"]["moves"] is not None  # the game waits for the one left


async def test_the_rules_refusals_reach_the_player_with_their_codes(eot_engine: Client) -> None:
    nc, owner, guest = eot_engine, account(), account()
    wrong = await ask(nc, type="open", account_id=owner, kind=KIND, seats=5)
    assert wrong["error"]["code"] == "bad_seats"
    timer = await ask(nc, type="open", account_id=owner, kind=KIND, seats=2, settings={"turn_timer_s": 5})
    assert timer["error"]["code"] == "bad_settings" and "turn_timer_s" in timer["error"]["message"]
    bots = await ask(nc, type="open", account_id=owner, kind=KIND, seats=2, bots=["grandmaster"])
    assert bots["error"]["code"] == "bad_bots" and "balanced" in bots["error"]["message"]
    game_id = await open_table(nc, owner, [guest], [])
    views = {p: await latest(nc, p, game_id) for p in (owner, guest)}
    waiting = next(p for p, v in views.items() if v["game"]["moves"] is None)
    out_of_turn = await ask(nc, type="act", account_id=waiting, game_id=game_id,
                            action={"type": "main", "slot": "draw.1"})
    assert out_of_turn["error"]["code"] == "not_your_turn"
    acting = next(p for p in views if p != waiting)
    early = await ask(nc, type="act", account_id=acting, game_id=game_id, action={"type": "end_turn"})
    assert early["error"]["code"] == "main_action_missing"
    forged = await ask(nc, type="act", account_id=acting, game_id=game_id,
                       action={"type": "expire_step", "step_id": "s1"})
    assert forged["error"]["code"] == "bad_action"
