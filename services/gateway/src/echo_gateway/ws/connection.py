"""One player's device on the WebSocket: hello, then commands relayed to the engine, acks and errors
back, pushes of this account's game updates and of the Daily's notices, heartbeats, rate limits. The
connection serves protocol v2; a device that said `"v": 1` in its hello has each command adapted to v2."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import orjson
import structlog
from echo_events import play
from echo_events.errors import explain
from echo_events.play import PlayRequest, updates_subject
from echo_runtime.elections import STORE_UNAVAILABLE
from litestar import WebSocket
from nats.aio.client import Client
from nats.aio.msg import Msg
from prometheus_client import Counter
from pydantic import ValidationError

from ..engine_client import EngineUnavailable, Holders, ask_engine_for_frame
from ..identity import Identity, InvalidToken
from ..leagues_client import LeaguesUnavailable, league_of
from ..sessions import Sessions
from ..store_unavailable import RETRY_AFTER_SECONDS
from .frames import UPDATE, GameFrame, ack_prefix, game_frame
from .hub import Hub
from .log_deltas import LogDeltas
from .presence import Presence
from .protocol import (
    CLIENT_MESSAGE,
    MAX_DEPTH,
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
    too_deep,
)
from .protocol_v1 import V1_MESSAGE, V1_TYPES
from .ratelimit import TokenBucket
from .sign_outs import SignOuts
from .socket_quota import TOO_MANY_CLOSE_CODE, SocketQuota

log = structlog.get_logger(__name__)
REJECTIONS = Counter("echo_gateway_ws_errors_total", "Errors sent to WebSocket clients", ["code"])

HELLO_TIMEOUT = 10.0
SIGNED_OUT_CLOSE_CODE = 4401  # the hello's "not authenticated": sign in again, do not just reconnect
TRY_AGAIN_LATER_CLOSE_CODE = 1013  # the hello could not be checked: the session stands, reconnect after a while
HEARTBEAT_SECONDS = 20.0
IDLE_LIMIT_SECONDS = 90.0


async def refuse_socket(socket: WebSocket, message: str) -> None:
    """A socket past its quota (socket_quota.py): told why, then closed."""
    REJECTIONS.labels("too_many_connections").inc()
    with contextlib.suppress(Exception):
        await socket.send_text(orjson.dumps(error("too_many_connections", message)).decode())
        await socket.close(code=TOO_MANY_CLOSE_CODE, reason="too many connections")


async def refuse_until_store_answers(socket: WebSocket) -> None:
    """A hello whose session could not be read: the sessions bucket was between leaders (a server lost) for
    longer than the store's patience. The session is not refused — the device is told when to come back, then
    closed; it keeps its token."""
    REJECTIONS.labels("store_unavailable").inc()
    frame = {**error("store_unavailable", f"the session store is electing a leader; reconnect in "
                                          f"{RETRY_AFTER_SECONDS} s"), "retry_after": RETRY_AFTER_SECONDS}
    with contextlib.suppress(Exception):
        await socket.send_text(orjson.dumps(frame).decode())
        await socket.close(code=TRY_AGAIN_LATER_CLOSE_CODE, reason="store unavailable")


class Connection:
    def __init__(self, socket: WebSocket, nc: Client, signer: Sessions, hub: Hub, holders: Holders,
                 sign_outs: SignOuts, rate: float = 10.0, burst: int = 20, sockets: SocketQuota | None = None) -> None:
        self._socket = socket
        self._nc = nc
        self._signer = signer
        self._hub = hub
        self._bucket = TokenBucket(rate, burst)
        self._rate = rate
        self._send_lock = asyncio.Lock()
        self._seen: dict[str, int] = {}  # game id → last version sent to this device
        self._asking: str | None = None  # the game this device's command in flight is about
        self._held: GameFrame | None = None  # the newest update of that game that came meanwhile
        self._logs: LogDeltas | None = None  # when the device asked for log deltas in its hello
        self._account = ""  # the account this device is logged in as, after its hello
        self._version = 2  # the protocol its hello named
        self._presence = Presence(nc, self.send)  # the tables this device's player sits at
        self._holders = holders  # which engine replica holds each game
        self._sign_outs = sign_outs
        self._closed = False
        self._signed_out = False
        self._sockets = sockets  # the sockets each session may hold open on this replica

    async def run(self) -> None:
        await self._socket.accept()
        identity = await self._hello()
        if identity is None:
            return
        if self._sockets is not None and not self._sockets.take("session", identity.session_id):
            await refuse_socket(self._socket, "this session has too many connections open; close another tab "
                                              "or device of it")
            return
        try:
            await self._serve_session(identity)
        finally:
            if self._sockets is not None:
                self._sockets.give_back("session", identity.session_id)

    async def _serve_session(self, identity: Identity) -> None:
        self._account = identity.account_id
        updates = await self._nc.subscribe(updates_subject(identity.account_id), cb=self._on_update)
        self._hub.add(self.send, identity.account_id)
        heartbeat = asyncio.create_task(self._heartbeat())
        self._sign_outs.add(identity.account_id, identity.session_id, self._sign_out)
        try:
            try:
                still_open = await self._signer.is_open(identity)  # not signed out since its hello was verified
            except STORE_UNAVAILABLE:
                self._closed = True
                await refuse_until_store_answers(self._socket)
                return
            if not still_open:
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
        await self._send_text(orjson.dumps(frame).decode())

    async def _send_text(self, text: str) -> None:
        if self._closed:  # (signed out while a frame was on its way)
            return
        async with self._send_lock:
            with contextlib.suppress(Exception):
                await self._socket.send_text(text)

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
            identity = await self._signer.verify(hello.token)  # read again while the bucket elects a leader
        except STORE_UNAVAILABLE:
            await refuse_until_store_answers(self._socket)
            return None
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
            if not self._bucket.allow():  # every frame is charged, before any work on it: garbage too
                await self.send(error("rate_limited", f"too many messages; slow down ({self._rate:g} per second)",
                                      _command_id(text)))
                continue
            frame = await self._parse(text)
            if frame is None:
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
        if too_deep(data):
            await self.send(error("bad_message", f"the message is nested too deeply (at most {MAX_DEPTH} levels)",
                                  command_id))
            return None
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
                await self._update(held)

    async def _command(self, identity: Identity, frame) -> None:  # noqa: ANN001
        if isinstance(frame, Ping):
            await self.send({"type": "pong", "id": frame.id})
            return
        held = self._logs.held(frame.game_id) if self._logs is not None and isinstance(frame, Act) else None
        try:
            request = await self._request(identity.account_id, frame, held)
        except ValidationError as problem:  # beyond the engine's bounds (a league it knows not): refused as it would
            await self.send(error("bad_request", explain(problem), frame.id))
            return
        if request is None:
            return
        reply = await self._ask_engine(request, frame.id)
        if reply is None:
            return
        if isinstance(reply, GameFrame):
            await self._ack(frame, reply, held)
            return
        if not reply.get("ok"):
            failure = reply.get("error") or {}
            await self.send(error(failure.get("code", "internal"), failure.get("message", ""), frame.id))
            return
        # an answer with no view: a pairing that waits (or stopped waiting), no game yet
        await self.send({"type": "ack", "id": frame.id, "game_id": reply.get("game_id"),
                         "version": reply.get("version") or 0, "view": None,
                         "waiting": bool((reply.get("data") or {}).get("waiting"))})

    async def _request(self, account: str, frame, held: tuple[int, int] | None) -> PlayRequest | None:  # noqa: ANN001
        """The engine's request for a device's command (`held`: the log it holds of a move's game, whose entries
        up to there the engine's answer then leaves out); None when it is refused here, the device told why."""
        match frame:
            case Start() if frame.kind != "echo":
                if frame.seats is None:
                    await self.send(error("bad_message", "a table's start names its seats", frame.id))
                    return None
                return play.OpenTable(account_id=account, command_id=frame.id, kind=frame.kind, seats=frame.seats,
                                      settings=frame.settings, bots=tuple(frame.bots), one_device=frame.one_device)
            case Start():
                if frame.mode is None:
                    await self.send(error("bad_message", "an Echo Challenge start names its mode (tutorial, free, "
                                                         "daily)", frame.id))
                    return None
                league = {}
                if frame.mode == "daily" or (frame.mode == "free" and frame.preset in (None, "as-daily")):
                    try:
                        league["league"] = await league_of(self._nc, account)
                    except LeaguesUnavailable as unavailable:
                        await self.send(error("leagues_unavailable", str(unavailable), frame.id))
                        return None
                return play.StartGame(account_id=account, command_id=frame.id, mode=frame.mode, preset=frame.preset,
                                      **league)
            case Join():
                return play.JoinTable(account_id=account, command_id=frame.id, kind=frame.kind, invite=frame.invite)
            case Pair():
                return play.PairTable(account_id=account, command_id=frame.id, kind=frame.kind,
                                      settings=frame.settings)
            case Unpair():
                return play.UnpairTable(account_id=account, command_id=frame.id, kind=frame.kind)
            case Leave():
                return play.LeaveTable(account_id=account, command_id=frame.id, game_id=frame.game_id)
            case Act():
                return play.Act(account_id=account, command_id=frame.id, game_id=frame.game_id, action=frame.action,
                                log_from=None if held is None else held[1])
        return play.GetGame(account_id=account, game_id=frame.game_id)  # a resume: the game as it is now

    async def _ack(self, command, game: GameFrame, held: tuple[int, int] | None) -> None:  # noqa: ANN001
        """The `ack` of an accepted command, the engine's frame spliced behind its type, id and duplicate."""
        if isinstance(command, Resume) and game.version <= command.version:
            await self.send({"type": "ack", "id": command.id, "game_id": game.game_id, "version": game.version,
                             "view": None})
            return
        if held is not None and game.log_from is not None:  # the engine answered with a delta of what it holds
            if self._logs is not None and self._logs.extend(game, held[0]):
                text = game.text(ack_prefix(command.id, game.duplicate, held[0]))
            else:
                whole = await self._whole(game.game_id)
                if whole is None:
                    await self.send(error("engine_unavailable", "the game server did not answer; resume",
                                          command.id))
                    return
                game, text = whole, whole.text(ack_prefix(command.id, game.duplicate))
        else:  # a start, a resume or a move of a game without a log: whole
            if self._logs is not None:
                self._logs.whole(game.game_id, game.version, game.log_length)
            text = game.text(ack_prefix(command.id, game.duplicate))
        self._seen[game.game_id] = max(game.version, self._seen.get(game.game_id, 0))
        await self._send_text(text)
        await self._follow(game)

    async def _ask_engine(self, request: PlayRequest, command_id: str) -> GameFrame | dict[str, Any] | None:
        """The engine's answer: a frame when it has a game's view, else its `PlayReply`; None when it did not
        answer (or wrote a frame that is none), which the device has been told."""
        try:
            return await ask_engine_for_frame(self._nc, request, self._holders)
        except EngineUnavailable as unavailable:
            await self.send(error("engine_unavailable", str(unavailable), command_id))
            return None

    async def _on_update(self, msg: Msg) -> None:
        game = game_frame(msg)
        if game is None:
            log.warning("a malformed update from the engine", subject=msg.subject, headers=msg.headers)
            return
        await self._update(game)

    async def _update(self, game: GameFrame) -> None:
        if game.version <= self._seen.get(game.game_id, 0):
            return  # this device already has it (its own ack)
        if game.game_id == self._asking:
            if self._held is None or game.version > self._held.version:
                self._held = game
            return
        if game.log_from is None:  # a whole view (a game's start, a table's change with no log to extend)
            self._seen[game.game_id] = game.version
            if self._logs is not None:
                self._logs.whole(game.game_id, game.version, game.log_length)
            await self._send_text(game.text(UPDATE))
            await self._follow(game)
            return
        if self._logs is None or game.base_version is None or not self._logs.extend(game, game.base_version):
            whole = await self._whole(game.game_id)  # this device does not hold the view the entries extend
            if whole is None:
                return  # the engine did not answer: the device catches up on its next resume
            game = whole
        self._seen[game.game_id] = max(game.version, self._seen.get(game.game_id, 0))
        await self._send_text(game.text(UPDATE))
        await self._follow(game)  # a table's delta (Ghost Five's log) says its seat and status too

    async def _whole(self, game_id: str) -> GameFrame | None:
        """The game's whole view as the engine has it now (`get`), for a device that does not hold what a
        delta extends; None when the engine did not answer."""
        try:
            reply = await ask_engine_for_frame(self._nc, play.GetGame(account_id=self._account, game_id=game_id),
                                               self._holders)
        except EngineUnavailable:
            return None
        whole = None if isinstance(reply, dict) else reply
        if whole is not None and self._logs is not None:
            self._logs.whole(whole.game_id, whole.version, whole.log_length)
        return whole

    async def _follow(self, game: GameFrame) -> None:
        """A table's view says where this device's player sits (or that he left): presence follows it."""
        if game.table_status is not None:
            seated = game.table_status in ("lobby", "playing")
            await self._presence.seated(game.game_id, game.seat if seated else None)

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(HEARTBEAT_SECONDS)
            await self.send({"type": "heartbeat"})
            await self._presence.heartbeat()


def _command_id(text: str) -> str | None:
    """The `id` of a refused frame, if it has one, so that the client knows which command was not run."""
    if len(text) > MAX_FRAME_BYTES:
        return None
    try:
        data = orjson.loads(text)
    except orjson.JSONDecodeError:
        return None
    return data["id"] if isinstance(data, dict) and isinstance(data.get("id"), str) else None
