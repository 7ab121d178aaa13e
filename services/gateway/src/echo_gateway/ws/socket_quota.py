"""How many WebSockets one signed-in session, and one client address, may hold open on a gateway replica at
once (ECHO_GATEWAY_WS_PER_SESSION, ECHO_GATEWAY_WS_PER_ADDRESS). Past either, the new socket is told
`too_many_connections` and closed with TOO_MANY_CLOSE_CODE; those already open are untouched (closing the
oldest instead would have two tabs of one player push each other out for ever). The browser reconnects
with its own backoff and gets in once one of the others has closed.

Counted per replica (the ingress spreads a client's sockets over the replicas): the bounds are per replica,
so what one session can hold in all is the bound times the replicas. Before: one token held 300 sockets."""

from __future__ import annotations

from collections import Counter

TOO_MANY_CLOSE_CODE = 4429


class SocketQuota:
    def __init__(self, per_session: int, per_address: int) -> None:
        self._limits = {"session": per_session, "address": per_address}
        self._open: Counter[tuple[str, str]] = Counter()

    def take(self, what: str, key: str) -> bool:
        """One more socket of this session or address (`what`), if it is below its bound."""
        if self._open[(what, key)] >= self._limits[what]:
            return False
        self._open[(what, key)] += 1
        return True

    def give_back(self, what: str, key: str) -> None:
        self._open[(what, key)] -= 1
        if self._open[(what, key)] <= 0:
            del self._open[(what, key)]

    def held(self, what: str, key: str) -> int:
        return self._open[(what, key)]
