"""Requests answered inside this process, not through the NATS server: a responder serving a subject here
(`serve_here`) — the engine, when it runs in the process that holds the players' sockets
(`python -m echo_runtime.together engine gateway`, `make run`) — is asked directly by an asker that finds it
(`responder_here`): a move then crosses one Python process instead of two, and the NATS server carries its
append and the other players' updates but not its request and answer. An asker that finds none asks over NATS
as before; what the responder does (the append stored before the answer leaves, the updates it publishes) is
the same either way.

The bytes and headers are those a NATS request would carry: the responder validates them as it validates a
request from the bus (a service in the same process is not trusted more than one elsewhere).

It is the deployment's choice, made by the process that runs services together (`enable`): elsewhere — a
test that runs several services' apps in its one process to exercise them over NATS — every asking goes
through the NATS server."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Answer:
    """A reply as a NATS message carries it (an asker reads `.data` and `.headers` alike)."""

    data: bytes
    headers: dict[str, str] | None = None


#: a request's bytes and headers → its answer (None: this asking is not answered, as a NATS responder may drop
#: a request; the asker's own deadline and second asking decide what happens next)
Responder = Callable[[bytes, dict[str, str]], Awaitable[Answer | None]]


class _Here:
    """The subjects served in this process, and whether askers here look for them."""

    def __init__(self) -> None:
        self.served: dict[str, Responder] = {}
        self.enabled = False


_HERE = _Here()


def enable(on: bool = True) -> None:
    """Askers in this process find the responders served here (`responder_here`), or, `on=False`, none."""
    _HERE.enabled = on


def serve_here(subject: str, responder: Responder) -> Callable[[], None]:
    """`responder` answers `subject`'s requests in this process until the returned function is called."""
    _HERE.served[subject] = responder

    def stop() -> None:
        if _HERE.served.get(subject) is responder:
            del _HERE.served[subject]

    return stop


def responder_here(subject: str) -> Responder | None:
    return _HERE.served.get(subject) if _HERE.enabled else None
