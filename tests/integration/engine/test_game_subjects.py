"""Where the engine stores a game: its creation and end on `lifecycle`, its moves on `move`, one sequence;
a projection subscribed to the lifecycles never receives a move."""

import asyncio

import pytest
from echo_events.envelope import decode
from echo_events.streams import ALL_GAME_LIFECYCLES, game_events
from nats.errors import TimeoutError as NatsTimeoutError
from nats.js.errors import NotFoundError

from tests.support.play import ask, solo_move

pytestmark = pytest.mark.integration


async def test_creation_and_end_go_to_lifecycle_and_moves_to_move(private_engine) -> None:  # noqa: ANN001
    nc = private_engine
    js = nc.jetstream()
    lifecycles = await js.subscribe(ALL_GAME_LIFECYCLES, stream="GAMES", ordered_consumer=True)
    game = await ask(nc, type="start", account_id="subjects", mode="free", preset="standard")
    hidden = [i for i, c in enumerate("".join(game["view"]["board"])) if c == "#"]
    moves = []  # the day's field decides whether a probe ends the game (a breakdown): then it is its end
    for sector in hidden[:3]:
        probed = await solo_move(nc, "probe", account_id="subjects", game_id=game["game_id"], sector=sector)
        assert probed["ok"], probed
        moves.append("move" if probed["view"]["status"] == "live" else "lifecycle")
        if moves[-1] == "lifecycle":
            break
    if moves[-1] == "move":
        finished = await solo_move(nc, "finish", account_id="subjects", game_id=game["game_id"])
        assert finished["ok"], finished
        moves.append("lifecycle")

    stored, sequence = [], 0
    while True:
        try:
            raw = await js.get_msg("GAMES", seq=sequence + 1, subject=game_events(game["game_id"]), next=True,
                                   direct=True)
        except NotFoundError:  # past the game's last message
            break
        sequence = raw.seq
        stored.append((raw.subject.rsplit(".", 1)[1], [e.event_type for e in decode(raw.data).events]))
    kinds = [kind for kind, _ in stored]
    assert kinds == ["lifecycle", *moves], stored
    assert "echo.GameCreated" in stored[0][1] and "echo.GameFinished" in stored[-1][1]

    received = []
    for _ in range(2):
        msg = await asyncio.wait_for(lifecycles.next_msg(), 5)
        received.append([e.event_type for e in decode(msg.data).events])
    assert received == [stored[0][1], stored[-1][1]]
    with pytest.raises(NatsTimeoutError):  # no move ever arrives
        await lifecycles.next_msg(timeout=0.5)
    await lifecycles.unsubscribe()
