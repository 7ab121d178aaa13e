"""The dead-letter tool's pure parts: choosing dead letters and finding a service's handler."""

import pytest
from echo_runtime import dlq

from tests.support import dlq_handlers

pytestmark = pytest.mark.unit


def letter(dlq_seq: int, stream_seq: int) -> dlq.DeadLetter:
    return dlq.DeadLetter(dlq_seq=dlq_seq, subject="account.x", stream_seq=stream_seq, error="E", event_types=())


def test_dead_letters_are_replayed_in_stream_order_or_one_by_its_sequence() -> None:
    letters = [letter(1, 30), letter(2, 10), letter(3, 20)]
    assert [d.stream_seq for d in dlq._chosen(letters, None)] == [10, 20, 30]
    assert dlq._chosen(letters, 20) == [letter(3, 20)]
    with pytest.raises(LookupError, match="no dead letter of stream sequence 99"):
        dlq._chosen(letters, 99)


async def test_handlers_come_from_a_factory_by_durable_name() -> None:
    dlq_handlers.DURABLES[:] = ["leagues-games"]
    try:
        spec = "tests.support.dlq_handlers:dlq_handlers"
        assert await dlq.load_handler(spec, None, "leagues-games") is dlq_handlers.handle
        with pytest.raises(LookupError, match="no handler for durable 'social-accounts'"):
            await dlq.load_handler(spec, None, "social-accounts")
    finally:
        dlq_handlers.DURABLES.clear()


def test_the_command_line_names_its_commands() -> None:
    args = dlq.parser().parse_args(["replay", "--stream", "GAMES", "--durable", "leagues-games", "--seq", "7"])
    assert (args.command, args.stream, args.durable, args.seq) == ("replay", "GAMES", "leagues-games", 7)
    assert args.keep is False
    with pytest.raises(SystemExit):
        dlq.parser().parse_args(["republish", "--stream", "GAMES", "--durable", "x"])
