"""The ids the server makes for its own commands (a Daily's expiry, a replaced Free game, a timer, a bot) live in
a namespace no client id can reach, so a client can never take one and have JetStream drop the server's real
command as a duplicate of his."""

import pytest
from echo_events.play import CommandId, ServerCommandId, server_command_id
from echo_gateway.ws.protocol import CommandId as WsCommandId
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter, ValidationError

pytestmark = pytest.mark.unit

CLIENT_IDS = [TypeAdapter(CommandId), TypeAdapter(WsCommandId)]
SERVER_IDS = TypeAdapter(ServerCommandId)
client_ids = st.from_regex(r"[A-Za-z0-9_:-]{1,80}", fullmatch=True)
parts = st.from_regex(r"[A-Za-z0-9_:.+-]{1,40}", fullmatch=True)


@settings(max_examples=300, deadline=None)
@given(client_ids)
def test_no_id_a_client_may_send_is_one_the_server_makes(text: str) -> None:
    with pytest.raises(ValidationError):
        SERVER_IDS.validate_python(text)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["expire", "replaced-by", "timer", "bot"]), st.lists(parts, min_size=1, max_size=3))
def test_no_id_the_server_makes_is_one_a_client_may_send(purpose: str, rest: list[str]) -> None:
    made = server_command_id(purpose, *rest)
    assert SERVER_IDS.validate_python(made) == made
    for adapter in CLIENT_IDS:
        with pytest.raises(ValidationError):
            adapter.validate_python(made)


def test_the_old_server_ids_are_now_ordinary_client_ids() -> None:
    """`expire-<daily_id>` was the engine's own id for a Daily's expiry: a client could send it (the attack)."""
    assert TypeAdapter(CommandId).validate_python("expire-2026-12-01:bronze")
    assert server_command_id("expire", "2026-12-01:bronze") == "!expire:2026-12-01:bronze"
