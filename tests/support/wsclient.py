"""A real WebSocket client (protocol v1 by default, v2 on request) that keeps every raw frame it received."""

from __future__ import annotations

import asyncio
import json
import uuid
from typing import Any

import httpx
import websockets


class Device:
    def __init__(self, base: str, token: str) -> None:
        self.base = base
        self.token = token
        self.raw: list[str] = []
        self.pushes: list[dict[str, Any]] = []
        self._socket = None

    @classmethod
    async def guest(cls, base: str) -> Device:
        async with httpx.AsyncClient(base_url=base) as client:
            response = await client.post("/api/v1/guest")
        return cls(base, response.json()["token"])

    async def connect(self, log_delta: bool = False, v: int = 1) -> dict[str, Any]:
        self._socket = await websockets.connect(self.base.replace("http", "ws") + "/ws")
        hello = {"type": "hello", "v": v, "token": self.token, **({"log_delta": True} if log_delta else {})}
        await self.send_raw(json.dumps(hello))
        return await self.next_frame()

    async def send_raw(self, text: str | bytes) -> None:
        await self._socket.send(text)

    async def next_frame(self, timeout: float = 10.0) -> dict[str, Any]:
        text = await asyncio.wait_for(self._socket.recv(), timeout)
        self.raw.append(text)
        return json.loads(text)

    async def command(self, type_: str, **fields: Any) -> dict[str, Any]:
        """Send a command and return its ack or error; pushes that arrive meanwhile are kept aside."""
        fields.setdefault("id", uuid.uuid4().hex)
        await self.send_raw(json.dumps({"type": type_, **fields}))
        while True:
            frame = await self.next_frame()
            if frame.get("id") == fields["id"] and frame["type"] in ("ack", "error", "pong"):
                return frame
            self.pushes.append(frame)

    async def push(self, test, timeout: float = 15.0) -> dict[str, Any]:  # noqa: ANN001
        """The first push (kept or arriving) that passes `test`."""
        async with asyncio.timeout(timeout):
            while True:
                for frame in self.pushes:
                    if test(frame):
                        return frame
                self.pushes.append(await self.next_frame(timeout))

    async def close(self) -> None:
        if self._socket is not None:
            await self._socket.close()
