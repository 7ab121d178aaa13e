"""A Ghost Five player over a real protocol-v2 WebSocket (`tests.support.wsclient.Device`): it draws a fresh
32-byte salt for every commit, sends only the hash, keeps action and salt until it reveals them, and rechecks
the opponent's hash once the turn's log entry publishes it."""

from __future__ import annotations

import asyncio
import secrets
import uuid
from typing import Any

from ghost_five.commitment import commit_hash

from tests.support.wsclient import Device

KIND = "ghost_five"
LETTERS = ("A", "B")


def open_turn(view: dict[str, Any]) -> tuple[int, int]:
    game = view["game"]
    return game["round"], game["turn"] + 1


class GhostPlayer:
    def __init__(self, device: Device, seat: int, names_seat: bool = False) -> None:
        self.device = device
        self.seat = seat
        self.names_seat = names_seat  # players sharing one device: each action says whose it is
        self.letter = LETTERS[seat]
        self.game_id = ""
        self.view: dict[str, Any] = {}
        self.version = 0  # of the latest view
        self.secret: tuple[str, str] | None = None  # (action, salt) until revealed

    @classmethod
    async def guest(cls, base: str, seat: int) -> GhostPlayer:
        device = await Device.guest(base)
        await device.connect(v=2)
        return cls(device, seat)

    def _seen(self, frame: dict[str, Any]) -> dict[str, Any]:
        if frame["type"] == "ack" and frame.get("view") is not None:
            self.game_id, self.view, self.version = frame["game_id"], frame["view"], frame["version"]
        return frame

    async def send(self, type_: str, **fields: Any) -> dict[str, Any]:
        """A command, retried with its id while the connection's flood limit (10 a second) refuses it: a
        test plays far faster than a person."""
        fields.setdefault("id", uuid.uuid4().hex)
        while True:
            frame = await self.device.command(type_, **fields)
            if frame.get("code") != "rate_limited":
                return self._seen(frame)
            await asyncio.sleep(0.2)

    async def open(self, settings: dict[str, Any] | None = None, bots: list[str] | None = None,
                   **more: Any) -> dict[str, Any]:
        return await self.send("start", kind=KIND, seats=2, settings=settings or {}, bots=bots or [], **more)

    async def join(self, invite: str) -> dict[str, Any]:
        return await self.send("join", kind=KIND, invite=invite)

    async def act(self, **action: Any) -> dict[str, Any]:
        if self.names_seat:
            action["seat"] = self.seat
        return await self.send("act", game_id=self.game_id, action=action)

    async def commit(self, action: str, salt: str | None = None) -> dict[str, Any]:
        """Commit `action` with a fresh salt (or the given one), hashed over the open turn of the latest view."""
        salt = salt or secrets.token_hex(32)
        round_number, turn = open_turn(self.view)
        digest = commit_hash(self.view["game"]["match_id"], round_number, turn, self.seat, action, salt)
        self.secret = (action, salt)
        return await self.act(type="commit", commit=digest)

    async def reveal(self, action: str | None = None, salt: str | None = None) -> dict[str, Any]:
        """Reveal what was committed (or, to test the check, something else)."""
        assert self.secret is not None
        frame = await self.act(type="reveal", action=action or self.secret[0], salt=salt or self.secret[1])
        if frame["type"] == "ack":
            self.secret = None
        return frame

    async def latest(self) -> dict[str, Any]:
        """The current view (a `resume` from version 0)."""
        frame = await self.send("resume", game_id=self.game_id, version=0)
        assert frame["type"] == "ack", frame
        return frame["view"]

    async def until(self, test, timeout: float = 20.0) -> dict[str, Any]:  # noqa: ANN001
        """The first pushed view of this game newer than the latest that passes `test` (on `view["game"]`);
        it becomes the latest."""
        frame = await self.device.push(lambda f: f.get("type") == "update" and f.get("game_id") == self.game_id
                                       and f["version"] > self.version and "game" in (f.get("view") or {})
                                       and test(f["view"]["game"]), timeout)
        self.view, self.version = frame["view"], frame["version"]
        return frame["view"]

    async def close(self) -> None:
        await self.device.close()


def opponent_commit_rechecks(view: dict[str, Any], commits: dict[str, str], entry: dict[str, Any]) -> bool:
    """Each seat's published action and salt hash to the commit the other side saw (None: no reveal)."""
    game = view["game"]
    for letter, seen in commits.items():
        action, salt = entry["actions"][letter], entry["salts"][letter]
        digest = commit_hash(game["match_id"], entry["round"], entry["turn"], LETTERS.index(letter), action, salt)
        if digest != seen:
            return False
    return True


async def seated_pair(base: str, settings: dict[str, Any] | None = None) -> tuple[GhostPlayer, GhostPlayer]:
    """Two guests at one Ghost Five table by invitation: the match has started."""
    a, b = await GhostPlayer.guest(base, 0), await GhostPlayer.guest(base, 1)
    opened = await a.open(settings)
    assert opened["type"] == "ack", opened
    joined = await b.join(opened["view"]["table"]["invite"])
    assert joined["type"] == "ack" and joined["view"]["table"]["status"] == "playing", joined
    a.view = await a.until(lambda game: game["status"] == "live")
    return a, b


async def play_turn(a: GhostPlayer, b: GhostPlayer, action_a: str, action_b: str) -> dict[str, Any]:
    """One turn both commit and reveal; the resolved turn's log entry (as seat A's next view shows it)."""
    turns_before = len(a.view["game"]["log"])
    assert (await a.commit(action_a))["type"] == "ack"
    assert (await b.commit(action_b))["type"] == "ack"
    assert (await a.reveal())["type"] == "ack"
    last = await b.reveal()
    assert last["type"] == "ack", last
    view = await a.until(lambda game: len(game["log"]) > turns_before)
    return view["game"]["log"][turns_before]
