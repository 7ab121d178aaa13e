"""An Echo Challenge `act` is decided on the game this replica holds: nothing is read from the stream (no
refold), unless another replica moved the game; a command that waited for the game's lock decides on what the
one before it left."""

import asyncio
import uuid
from datetime import date

import pytest
from echo_challenge import game as rules
from echo_challenge import modes
from echo_challenge.start_settings import start_settings
from echo_engine import games as hosted
from echo_engine.handlers import PlayService
from echo_engine.store import GameStore, LoadedGame
from echo_engine.views import game_view
from echo_events.play import Act, GameCreated
from echo_events.solo_start import SoloStart
from echo_runtime.clock import SystemClock
from echo_runtime.nats_client import ensure_streams

pytestmark = pytest.mark.integration


@pytest.fixture(autouse=True)
def echo_hosted() -> None:
    hosted.load_installed()


class CountingStore(GameStore):
    loads = refolds = 0

    async def load(self, game_id: str) -> LoadedGame | None:
        self.loads += 1
        return await super().load(game_id)

    async def refold(self, game_id: str) -> LoadedGame | None:
        self.refolds += 1
        return await super().refold(game_id)


async def _free_game(store: GameStore, account_id: str) -> LoadedGame:
    today = date(2026, 12, 1)
    game_id = modes.free_game_id(account_id, today, 1)
    _, events = rules.start(modes.free_setup("standard", account_id, today, 1, None))
    meta = GameCreated(game_id=game_id, account_id=account_id, mode="free", kind="echo",
                       settings=start_settings(SoloStart("standard", free_slot=1)), msk_date=today.isoformat())
    return await store.create(meta, events, uuid.uuid4().hex, SystemClock().now())


def _probe(game: LoadedGame, sector: int) -> Act:
    return Act(account_id=game.meta.account_id, command_id=uuid.uuid4().hex, game_id=game.game_id,
               action={"type": "probe", "sector": sector})


def _hidden(game: LoadedGame) -> list[int]:
    """Two sectors a probe may open."""
    return [n for n, cell in enumerate("".join(game_view(game)["board"])) if cell == "#"][:2]


async def _stored_version(js, nc, game: LoadedGame) -> int:  # noqa: ANN001
    """The version of the game's last event, read afresh from its stream."""
    loaded = await GameStore(js, nc).load(game.game_id)
    assert loaded is not None
    return loaded.version


async def test_an_echo_act_reads_nothing_from_the_stream(nc, js) -> None:  # noqa: ANN001
    await ensure_streams(js)
    store = CountingStore(js, nc)
    play = PlayService(nc, js, None, SystemClock(), store)  # type: ignore[arg-type]  # a move needs no database
    game = await _free_game(store, f"once{uuid.uuid4().hex[:8]}")

    reply = await play.handle(_probe(game, _hidden(game)[0]))
    assert reply.ok and reply.version == await _stored_version(js, nc, game), reply
    assert reply.version > game.version
    assert store.loads >= 1 and store.refolds == 0  # every load the cache's


async def test_an_act_that_waited_for_the_lock_decides_on_what_went_before_it(nc, js) -> None:  # noqa: ANN001
    await ensure_streams(js)
    store = CountingStore(js, nc)
    play = PlayService(nc, js, None, SystemClock(), store)  # type: ignore[arg-type]
    game = await _free_game(store, f"twice{uuid.uuid4().hex[:8]}")
    first, second = _hidden(game)

    replies = await asyncio.gather(play.handle(_probe(game, first)), play.handle(_probe(game, second)))
    assert all(reply.ok for reply in replies), replies
    first_version, second_version = sorted(reply.version for reply in replies)
    # a probe appends one event or several (what it opens may set off more), so only the order is fixed
    assert game.version < first_version < second_version == await _stored_version(js, nc, game)
    assert store.refolds == 0  # the second read the first's result from the cache: no conflict, no refold
