"""Reading a subject back from a stream in batches of direct gets: all of it, in order, only it."""

import uuid

import pytest
from echo_runtime.direct_read import read_subject

pytestmark = pytest.mark.integration


async def test_every_message_of_the_subject_in_order_across_batches(nc, js) -> None:  # noqa: ANN001
    game = uuid.uuid4().hex
    sent = []
    for n in range(23):  # two subjects of one game, and another game's messages between them
        ack = await js.publish(f"echo.game.{game}.{'lifecycle' if n in (0, 22) else 'move'}", f"m{n}".encode(),
                               stream="GAMES", headers={"Nats-Msg-Id": f"{game}:{n}"})
        sent.append((ack.seq, f"m{n}".encode()))
        await js.publish(f"echo.game.other{game}.move", b"not mine", stream="GAMES")
    read = await read_subject(nc, "GAMES", f"echo.game.{game}.*", batch=5)  # five batches, the last short
    assert [(m.sequence, m.data) for m in read] == sent
    assert read[0].headers["Nats-Msg-Id"] == f"{game}:0"  # the stored headers come with each message


async def test_a_subject_with_nothing_reads_empty(nc) -> None:  # noqa: ANN001
    assert await read_subject(nc, "GAMES", f"echo.game.{uuid.uuid4().hex}.*") == []


async def test_exactly_a_batch_needs_no_second_read_to_end(nc, js) -> None:  # noqa: ANN001
    game = uuid.uuid4().hex
    for n in range(4):
        await js.publish(f"echo.game.{game}.move", f"m{n}".encode(), stream="GAMES")
    assert [m.data for m in await read_subject(nc, "GAMES", f"echo.game.{game}.*", batch=4)] == \
        [b"m0", b"m1", b"m2", b"m3"]
