"""One player's device on the WebSocket: hello, then commands relayed to the engine, acks and errors
back, pushes of this account's game updates and of the Daily's notices, heartbeats, rate limits. The
connection serves protocol v2; a device that said `"v": 1` in its hello has each command adapted to v2."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import orjson
import structlog
from echo_events.errors import explain
from echo_events.play import UPDATE_GAME_HEADER, UPDATE_VERSION_HEADER, updates_subject
from litestar import WebSocket
from nats.aio.client import Client
from nats.aio.msg import Msg
from prometheus_client import Counter
from pydantic import ValidationError

from ..engine_client import EngineUnavailable, Holders, ask_engine
from ..identity import Identity, InvalidToken
from ..leagues_client import LeaguesUnavailable, league_of
from ..sessions import Sessions
from .hub import Hub
from .log_deltas import LogDeltas
from .presence import Presence
from .protocol import (
    CLIENT_MESSAGE,
    MAX_FRAME_BYTES,
    V2_TYPES,
    Act,
    Hello,
    Join,
    Leave,
    Pair,
    Ping,
    Resume,
    Start,
    Unpair,
    error,
)
from .protocol_v1 import V1_MESSAGE, V1_TYPES
from .ratelimit import TokenBucket
from .sign_outs import SignOuts

log = structlog.get_logger(__name__)
REJECTIONS = Counter("echo_gateway_ws_errors_total", "Errors sent to WebSocket clients", ["code"])

HELLO_TIMEOUT = 10.0
SIGNED_OUT_CLOSE_CODE = 4401  # the hello's "not authenticated": sign in again, do not just reconnect
HEARTBEAT_SECONDS = 20.0
IDLE_LIMIT_SECONDS = 90.0


class Connection:
    def __init__(self, socket: WebSocket, nc: Client, signer: Sessions, hub: Hub, holders: Holders,
                 sign_outs: SignOuts, rate: float = 10.0, burst: int = 20) -> None:
        self._socket = socket
        self._nc = nc
        self._signer = signer
        self._hub = hub
        self._bucket = TokenBucket(rate, burst)
        self._rate = rate
        self._send_lock = asyncio.Lock()
        self._seen: dict[str, int] = {}  # game id → last version sent to this device
        self._asking: str | None = None  # the game this device's command in flight is about
        self._held: Msg | None = None  # the newest update of that game that came meanwhile
        self._logs: LogDeltas | None = None  # when the device asked for log deltas in its hello
        self._account = ""  # the account this device is logged in as, after its hello
        self._version = 2  # the protocol its hello named
        self._presence = Presence(nc, self.send)  # the tables this device's player sits at
        self._holders = holders  # which engine replica holds each game
        self._sign_outs = sign_outs
        self._closed = False
        self._signed_out = False

    async def run(self) -> None:
        await self._socket.accept()
        identity = await self._hello()
        if identity is None:
            return
        self._account = identity.account_id
        updates = await self._nc.subscribe(updates_subject(identity.account_id), cb=self._on_update)
        self._hub.add(self.send, identity.account_id)
        heartbeat = asyncio.create_task(self._heartbeat())
        self._sign_outs.add(identity.account_id, identity.session_id, self._sign_out)
        try:
            if not await self._signer.is_open(identity):  # signed out since its hello was verified
                await self._sign_out()
            await self._serve(identity)
        finally:
            self._sign_outs.remove(identity.account_id, identity.session_id, self._sign_out)
            heartbeat.cancel()
            with contextlib.suppress(Exception):
                await self._presence.close()
            self._closed = True
            self._hub.remove(self.send)
            with contextlib.suppress(Exception):
                await updates.unsubscribe()

    async def send(self, frame: dict[str, Any]) -> None:
        if self._closed:
            return
        if frame.get("type") == "error":
            REJECTIONS.labels(frame["code"]).inc()
        async with self._send_lock:
            with contextlib.suppress(Exception):
                await self._socket.send_text(orjson.dumps(frame).decode())

    async def _sign_out(self) -> None:
        """This device's session was signed out (here or on another replica): say so and close. A frame
        that was already on its way is not served."""
        self._signed_out = True
        await self.send(error("not_authenticated", "this device has been signed out; sign in again"))
        self._closed = True
        with contextlib.suppress(Exception):
            await self._socket.close(code=SIGNED_OUT_CLOSE_CODE, reason="signed out")

    async def _receive(self, timeout: float) -> str | None:
        """The next text frame; None when the client went away or stayed silent too long."""
        try:
            async with asyncio.timeout(timeout):  # not wait_for: that would make a task of every frame
                message = await self._socket.receive()
        except TimeoutError:
            return None
        if message["type"] == "websocket.disconnect" or self._signed_out:
            return None
        text = message.get("text")
        if not text:
            await self.send(error("bad_frame", "send JSON text frames, not binary or empty ones"))
            return ""
        return text

    async def _hello(self) -> Identity | None:
        text = await self._receive(HELLO_TIMEOUT)
        try:
            hello = Hello.model_validate_json(text or "")
            identity = await self._signer.verify(hello.token)
        except (ValidationError, InvalidToken) as problem:
            reason = str(problem) if isinstance(problem, InvalidToken) else explain(problem)
            hint = 'start with {"type":"hello","v":2,"token":…}'
            await self.send(error("not_authenticated", f"{hint}: {reason}"))
            await self._socket.close(code=4401, reason="not authenticated")
            return None
        self._version = hello.v
        await self.send({"type": "welcome", "v": hello.v, "account_id": identity.account_id,
                         "heartbeat": HEARTBEAT_SECONDS})
        if hello.log_delta:
            self._logs = LogDeltas()
        return identity

    async def _serve(self, identity: Identity) -> None:
        while True:
            text = await self._receive(IDLE_LIMIT_SECONDS)
            if text is None:
                return
            if text == "":
                continue
            frame = await self._parse(text)
            if frame is None:
                continue
            if not self._bucket.allow():
                await self.send(error("rate_limited", f"too many messages; slow down ({self._rate:g} per second)",
                                      frame.id))
                continue
            await self._dispatch(identity, frame)

    async def _parse(self, text: str):  # noqa: ANN202 - a client message or None
        if len(text.encode()) > MAX_FRAME_BYTES:
            await self.send(error("too_large", f"a message may be at most {MAX_FRAME_BYTES} bytes"))
            return None
        try:
            data = orjson.loads(text)
        except orjson.JSONDecodeError:
            await self.send(error("bad_json", "the message is not valid JSON"))
            return None
        command_id = data.get("id") if isinstance(data, dict) and isinstance(data.get("id"), str) else None
        known = V1_TYPES if self._version == 1 else V2_TYPES
        if not isinstance(data, dict) or data.get("type") not in known:
            kind = data.get("type") if isinstance(data, dict) else None
            await self.send(error("unknown_type", f"unknown message type {str(kind)[:32]!r}; "
                                                  f"known in v{self._version}: {', '.join(known)}", command_id))
            return None
        try:
            if self._version == 1:
                return V1_MESSAGE.validate_python(data).to_v2()
            return CLIENT_MESSAGE.validate_python(data)
        except ValidationError as problem:
            await self.send(error("bad_message", explain(problem), command_id))
            return None

    async def _dispatch(self, identity: Identity, frame) -> None:  # noqa: ANN001
        """Commands run one at a time per device. While one about a game is in flight, that game's updates
        wait: the ack will carry the game as it is after the command (the engine publishes the command's own
        update right after it answers, so that one is usually dropped on arrival). One that is still newer
        than the ack (another device's move, or one that follows a refusal) goes out after it."""
        self._asking = getattr(frame, "game_id", None)
        try:
            await self._command(identity, frame)
        finally:
            held, self._asking, self._held = self._held, None, None
            if held is not None:
                await self._on_update(held)

    async def _command(self, identity: Identity, frame) -> None:  # noqa: ANN001
        account = identity.account_id
        match frame:
            case Ping():
                await self.send({"type": "pong", "id": frame.id})
                return
            case Start() if frame.kind != "echo":
                if frame.seats is None:
                    await self.send(error("bad_message", "a table's start names its seats", frame.id))
                    return
                request = {"type": "open", "kind": frame.kind, "seats": frame.seats, "settings": frame.settings,
                           "bots": frame.bots, "one_device": frame.one_device}
            case Start():
                if frame.mode is None:
                    await self.send(error("bad_message", "an Echo Challenge start names its mode (tutorial, free, "
                                                         "daily)", frame.id))
                    return
                request = {"type": "start", "mode": frame.mode, "preset": frame.preset}
                if frame.mode == "daily" or (frame.mode == "free" and frame.preset in (None, "as-daily")):
                    try:
                        request["league"] = await league_of(self._nc, account)
                    except LeaguesUnavailable as unavailable:
                        await self.send(error("leagues_unavailable", str(unavailable), frame.id))
                        return
            case Join():
                request = {"type": "join", "kind": frame.kind, "invite": frame.invite}
            case Pair():
                request = {"type": "pair", "kind": frame.kind, "settings": frame.settings}
            case Unpair():
                request = {"type": "unpair", "kind": frame.kind}
            case Leave():
                request = {"type": "leave", "game_id": frame.game_id}
            case Act():
                request = {"type": "act", "game_id": frame.game_id, "action": frame.action}
            case Resume():
                request = {"type": "get", "game_id": frame.game_id}
        request["account_id"] = account
        if not isinstance(frame, Resume):
            request["command_id"] = frame.id
        moving = isinstance(frame, Act)
        held = self._logs.held(frame.game_id) if self._logs is not None and moving else None
        if held is not None:  # the engine then answers with only the log entries after those
            request["log_from"] = held[1]
        reply = await self._ask_engine(request, frame.id)
        if reply is None:
            return
        if not reply.get("ok"):
            failure = reply.get("error") or {}
            await self.send(error(failure.get("code", "internal"), failure.get("message", ""), frame.id))
            return
        if reply.get("game_id") is None:  # a pairing that waits (or stopped waiting): no game yet
            await self.send({"type": "ack", "id": frame.id, "game_id": None, "version": 0, "view": None,
                             "waiting": bool((reply.get("data") or {}).get("waiting"))})
            return
        game_id, version = reply["game_id"], reply["version"]
        if isinstance(frame, Resume) and version <= frame.version:
            await self.send({"type": "ack", "id": frame.id, "game_id": game_id, "version": version, "view": None})
            return
        ack = {"type": "ack", "id": frame.id, "game_id": game_id, "version": version,
               "duplicate": reply.get("duplicate", False), "view": reply["view"]}
        if held is not None and "log_from" in reply:
            delta = self._logs.extend({**ack, "base_version": held[0], "log_from": reply["log_from"]})
            ack = delta or await self._whole(ack)
            if ack is None:
                await self.send(error("engine_unavailable", "the game server did not answer; resume", frame.id))
                return
        elif self._logs is not None:  # a start or a resume is where a device (re)learns a game: whole
            ack = self._logs.shorten(ack) if moving else self._logs.whole(ack)
        self._seen[game_id] = max(ack["version"], self._seen.get(game_id, 0))
        await self.send(ack)
        await self._follow(ack)

    async def _ask_engine(self, request: dict[str, Any], command_id: str) -> dict[str, Any] | None:
        try:
            return await ask_engine(self._nc, request, self._holders)
        except EngineUnavailable as unavailable:
            await self.send(error("engine_unavailable", str(unavailable), command_id))
            return None

    async def _on_update(self, msg: Msg) -> None:
        headers = msg.headers or {}
        game_id, version = headers.get(UPDATE_GAME_HEADER), int(headers.get(UPDATE_VERSION_HEADER, 0))
        if game_id is None or version <= self._seen.get(game_id, 0):
            return  # this device already has it (its own ack): no need to even parse it
        if game_id == self._asking:
            if self._held is None or version > int(self._held.headers[UPDATE_VERSION_HEADER]):
                self._held = msg
            return
        update = {"type": "update", **orjson.loads(msg.data)}
        if "log_from" not in update:  # a whole view (a game's start, or any change of a table)
            self._seen[game_id] = version
            await self.send(self._logs.shorten(update) if self._logs is not None else update)
            await self._follow(update)
            return
        extended = self._logs.extend(update) if self._logs is not None else None
        if extended is None:  # this device does not hold the view the move's entries extend: send it whole
            extended = await self._whole({"type": "update", "game_id": game_id})
            if extended is None:
                return  # the engine did not answer: the device catches up on its next resume
        self._seen[game_id] = max(extended["version"], self._seen.get(game_id, 0))
        await self.send(extended)

    async def _whole(self, frame: dict[str, Any]) -> dict[str, Any] | None:
        """`frame` (an ack or an update) with the game's whole view as the engine has it now (`get`), for a
        device that does not hold what a delta extends; None when the engine did not answer."""
        request = {"type": "get", "game_id": frame["game_id"], "account_id": self._account}
        try:
            reply = await ask_engine(self._nc, request, self._holders)
        except EngineUnavailable:
            return None
        if not reply.get("ok"):
            return None
        whole = {key: value for key, value in frame.items() if key not in ("base_version", "log_from")}
        whole.update(version=reply["version"], view=reply["view"])
        return self._logs.whole(whole) if self._logs is not None else whole

    async def _follow(self, frame: dict[str, Any]) -> None:
        """A table's view says where this device's player sits (or that he left): presence follows it."""
        table = (frame.get("view") or {}).get("table")
        if isinstance(table, dict):
            seated = table.get("status") in ("lobby", "playing")
            await self._presence.seated(frame["game_id"], table.get("you") if seated else None)

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(HEARTBEAT_SECONDS)
            await self.send({"type": "heartbeat"})
            await self._presence.heartbeat()
