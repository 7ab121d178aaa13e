"""Echo players over real protocol-v2 WebSockets for the fault tests: each probes Free games one after
another, resends a command with its id after the engine did not answer (what the web client does), and
keeps every ack (the game, the command id, when) to be compared with the streams."""

from __future__ import annotations

import asyncio
import contextlib
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from echo_challenge.field import sector_name

from tests.support.play import free_sectors
from tests.support.wsclient import Device

RETRYABLE = {"engine_unavailable", "busy", "rate_limited"}


@dataclass
class Acks:
    acked: set[tuple[str, str]] = field(default_factory=set)  # (game id, command id)
    times: list[float] = field(default_factory=list)  # monotonic time of each ack
    waits: list[tuple[float, float]] = field(default_factory=list)  # (first sent, acked) of each ack


class EchoPlayer:
    """A player probing Free games, one after another; when his three of the day are played, another guest
    on the same gateway takes over (a Free game ends after a few probes)."""

    def __init__(self, gateway: str, pace: float = 0.3, safe: bool = False) -> None:
        self.gateway = gateway
        self.pace = pace  # seconds between moves
        self.safe = safe  # probe only the field's free sectors (test-side knowledge): a game lasts longer
        self.account_id = ""
        self.slot = 0  # the guest's Free games so far today
        self.device: Device | None = None
        self.game_id = ""
        self.log = Acks()
        self.refused: Counter[str] = Counter()
        self.resent: list[tuple[float, str]] = []  # (when, why) of each resend

    async def command(self, type_: str, **fields: Any) -> dict[str, Any]:
        """The command until it is answered: a retry (same id) after the engine did not answer, as the web
        client does; an answer is an ack or a refusal of the rules."""
        assert self.device is not None
        fields.setdefault("id", uuid.uuid4().hex)
        sent = time.monotonic()
        while True:
            try:
                frame = await self.device.command(type_, **fields)
            except TimeoutError:
                self.resent.append((time.monotonic(), "no answer"))
                continue
            if frame["type"] == "error" and frame["code"] in RETRYABLE:
                self.resent.append((time.monotonic(), frame["code"]))
                await asyncio.sleep(0.2)
                continue
            if frame["type"] == "ack":
                self.game_id = frame.get("game_id") or self.game_id
                self.log.acked.add((self.game_id, fields["id"]))
                self.log.times.append(time.monotonic())
                self.log.waits.append((sent, self.log.times[-1]))
            return frame

    async def new_guest(self) -> None:
        if self.device is not None:
            await self.device.close()
        while True:  # a guest is made over HTTP, which may meet the outage too
            with contextlib.suppress(Exception):
                self.device = await Device.guest(self.gateway)
                welcome = await self.device.connect(v=2)
                if welcome["type"] == "welcome":
                    self.account_id, self.slot = welcome["account_id"], 0
                    return
            await asyncio.sleep(0.3)

    async def play(self, stop: asyncio.Event) -> None:
        await self.new_guest()
        while not stop.is_set():
            started = await self.command("start", kind="echo", mode="free", preset="standard")
            if started["type"] == "error":
                self.refused[started["code"]] += 1
                if started["code"] == "free_limit":
                    await self.new_guest()
                else:  # e.g. a Free game's start, which needs PostgreSQL, while it is down
                    await asyncio.sleep(0.5)
                continue
            self.slot += 1
            sectors = free_sectors(self.account_id, "standard", self.slot) if self.safe else range(100)
            for index in sectors:
                if stop.is_set():
                    return
                answer = await self.command("act", game_id=self.game_id,
                                            action={"type": "probe", "sector": sector_name(index)})
                if answer["type"] == "error":
                    self.refused[answer["code"]] += 1
                    if answer["code"] == "game_over":
                        break
                await asyncio.sleep(self.pace)

    async def close(self) -> None:
        if self.device is not None:
            await self.device.close()
