"""The `/ws` route: a socket past its address's quota (socket_quota.py) is refused before its hello."""

from __future__ import annotations

from litestar import WebSocket, websocket

from ..flood_limits import client_of
from .connection import Connection, refuse_socket


@websocket("/ws", name="live")
async def live(socket: WebSocket) -> None:
    state = socket.app.state
    settings = state.runtime.settings
    address = client_of(socket, settings.trusted_proxy_hops)  # type: ignore[arg-type] - its headers and client
    if not state.sockets.take("address", address):
        await socket.accept()
        await refuse_socket(socket, "too many connections from your address; close some tabs or devices")
        return
    try:
        await Connection(socket, state.runtime.nc, state.sessions, state.hub, state.holders, state.sign_outs,
                         rate=settings.ws_rate, burst=settings.ws_burst, sockets=state.sockets).run()
    finally:
        state.sockets.give_back("address", address)
