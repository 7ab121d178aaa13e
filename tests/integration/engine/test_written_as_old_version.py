"""A replica pinned to write `echo.GameCreated` v1 (GameCreated v2's first rollout) stores v1 on the game's
subject, and a replica of the new code reads the same game from it as from the v2 it would have written."""

import uuid
from datetime import date

import pytest
from echo_challenge import game as rules
from echo_challenge import modes
from echo_challenge.start_settings import start_settings
from echo_engine import games as hosted
from echo_engine.store import GameStore
from echo_engine.views import game_view
from echo_events.envelope import decode
from echo_events.play import GameCreated
from echo_events.solo_start import SoloStart
from echo_events.streams import GAMES, game_events
from echo_runtime.clock import SystemClock
from echo_runtime.direct_read import read_subject
from echo_runtime.nats_client import ensure_streams

pytestmark = pytest.mark.integration


async def test_a_pinned_replica_stores_v1_and_a_new_one_reads_the_same_game(nc, js) -> None:  # noqa: ANN001
    hosted.load_installed()
    await ensure_streams(js)
    account_id, today = uuid.uuid4().hex, date(2026, 12, 1)
    game_id = modes.free_game_id(account_id, today, 2)
    _, events = rules.start(modes.free_setup("standard", account_id, today, 2, None))
    meta = GameCreated(game_id=game_id, account_id=account_id, mode="free", kind="echo", msk_date=today.isoformat(),
                       settings=start_settings(SoloStart("standard", "silver", free_slot=2)))
    pinned = await GameStore(js, nc, written_as={"echo.GameCreated": 1}).create(
        meta, events, uuid.uuid4().hex, SystemClock().now())

    stored = decode((await read_subject(nc, GAMES.name, game_events(game_id)))[0].data).events[0]
    assert stored.event_type == "echo.GameCreated" and stored.schema_version == 1
    assert (stored.payload["preset_id"], stored.payload["free_slot"], stored.payload["league"]) == ("standard", 2,
                                                                                                    "silver")
    read = await GameStore(js, nc).load(game_id)
    assert read is not None and read.meta == meta
    assert game_view(read) == game_view(pinned)
