"""Which KV changes of ECHO_SESSIONS are sign-outs (echo_gateway.ws.sign_outs): deletes and purges, with the
account and session parsed from the key; puts (a sign-in, a renewal) and anything malformed are not."""

import pytest
from echo_gateway.ws.sign_outs import removed_session
from nats.aio.msg import Msg

pytestmark = pytest.mark.unit


def change(subject: str, operation: str | None) -> Msg:
    return Msg(None, subject=subject, headers={"KV-Operation": operation} if operation else None)  # type: ignore[arg-type]


@pytest.mark.parametrize("operation", ["DEL", "PURGE"])
def test_a_delete_or_purge_names_the_session(operation: str) -> None:
    assert removed_session(change("$KV.ECHO_SESSIONS.acc-1.sess_2", operation)) == ("acc-1", "sess_2")


@pytest.mark.parametrize(("subject", "operation"), [
    ("$KV.ECHO_SESSIONS.acc.sess", None),  # a put: a sign-in or a renewal
    ("$KV.ECHO_SESSIONS.acc.sess", "PUT"),
    ("$KV.ECHO_LIMITS.acc.sess", "PURGE"),  # another bucket
    ("$KV.ECHO_SESSIONS.acc", "PURGE"),  # no session part
])
def test_anything_else_is_not_a_sign_out(subject: str, operation: str | None) -> None:
    assert removed_session(change(subject, operation)) is None
