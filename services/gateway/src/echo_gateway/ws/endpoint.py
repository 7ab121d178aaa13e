"""The `/ws` route."""

from __future__ import annotations

from litestar import WebSocket, websocket

from .connection import Connection


@websocket("/ws", name="live")
async def live(socket: WebSocket) -> None:
    state = socket.app.state
    settings = state.runtime.settings
    await Connection(socket, state.runtime.nc, state.sessions, state.hub, state.holders, state.sign_outs,
                     rate=settings.ws_rate, burst=settings.ws_burst).run()
