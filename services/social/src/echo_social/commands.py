"""Commands over NATS request/reply: `social.cmd.<name>`, JSON in, JSON out.

Every input is validated by the command's pydantic model before anything is touched; a bad one gets
`{"ok": false, "error": {"code": "bad_request", ...}}` and changes nothing. A refusal is a reply, not a
crash; an unexpected error is logged with its traceback and answered with `internal_error` (its
transaction rolled back). Each request runs in its own task (bounded), so one slow request does not hold
up the others, and a queue group shares the load between replicas.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

import structlog
from echo_events.model import Command
from echo_events.social_commands import (
    QUEUE_GROUP,
    SUBJECT_PREFIX,
    AddFriend,
    BlockPlayer,
    CompleteLogin,
    ConfirmEmail,
    CreateChallenge,
    GetAccount,
    ListFriends,
    OpenChallenge,
    PreviewChallenge,
    RecordChallengePlayed,
    RemoveFriend,
    RequestEmailConfirmation,
    RequestLoginLink,
    SearchPlayers,
    SetCallsign,
    UnblockPlayer,
)
from echo_runtime.telemetry import span_from_headers
from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.aio.subscription import Subscription
from opentelemetry.trace import SpanKind
from prometheus_client import Counter
from pydantic import ValidationError

from .core import Social
from .domain.rejections import Refused, Rejection
from .handlers import accounts, challenges, friends

log = structlog.get_logger(__name__)

COMMANDS = Counter("social_commands_total", "Commands answered by the social service", ["command", "outcome"])

Handler = Callable[[Social, Any], Awaitable[dict[str, Any]]]

ROUTES: dict[str, tuple[type[Command], Handler]] = {
    "account.get": (GetAccount, accounts.get_account),
    "callsign.set": (SetCallsign, accounts.set_callsign),
    "email.request": (RequestEmailConfirmation, accounts.request_email_confirmation),
    "email.confirm": (ConfirmEmail, accounts.confirm_email),
    "email.preview": (ConfirmEmail, accounts.preview_email_confirmation),
    "login.request": (RequestLoginLink, accounts.request_login_link),
    "login.complete": (CompleteLogin, accounts.complete_login),
    "friends.search": (SearchPlayers, friends.search_players),
    "friends.add": (AddFriend, friends.add_friend),
    "friends.remove": (RemoveFriend, friends.remove_friend),
    "friends.list": (ListFriends, friends.list_friends),
    "friends.block": (BlockPlayer, friends.block_player),
    "friends.unblock": (UnblockPlayer, friends.unblock_player),
    "challenge.create": (CreateChallenge, challenges.create_challenge),
    "challenge.open": (OpenChallenge, challenges.open_challenge),
    "challenge.preview": (PreviewChallenge, challenges.preview_challenge),
    "challenge.played": (RecordChallengePlayed, challenges.challenge_played),
}

UNKNOWN_COMMAND = Rejection("unknown_command", "There is no such command.", "Такой команды нет.")
INTERNAL = Rejection(
    "internal_error",
    "Something went wrong on our side; try again.",
    "Что-то сломалось на нашей стороне — попробуйте ещё раз.",
)


def bad_request(detail: str) -> Rejection:
    return Rejection("bad_request", f"Bad request: {detail}", f"Неверный запрос: {detail}")


def _has_nul(value: Any) -> bool:
    """PostgreSQL text cannot hold U+0000: such input is refused up front, wherever it hides."""
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(_has_nul(k) or _has_nul(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_has_nul(v) for v in value)
    return False


def _describe(error: ValidationError) -> str:
    first = error.errors(include_url=False)[0]
    where = ".".join(str(part) for part in first.get("loc", ())) or "body"
    return f"{where}: {first.get('msg', 'invalid')}"


async def dispatch(social: Social, name: str, data: bytes) -> dict[str, Any]:
    """Parse, validate and run one command; always returns a reply, never raises."""
    reply = await _dispatch(social, name, data)
    outcome = "ok" if reply.get("ok") else reply["error"]["code"]
    COMMANDS.labels(command=name if name in ROUTES else "unknown", outcome=outcome).inc()
    return reply


async def _dispatch(social: Social, name: str, data: bytes) -> dict[str, Any]:
    route = ROUTES.get(name)
    if route is None:
        return UNKNOWN_COMMAND.as_reply()
    model, handler = route
    try:
        body = json.loads(data or b"null")
        if not isinstance(body, dict):
            return bad_request("the body must be a JSON object").as_reply()
        if _has_nul(body):
            return bad_request("text must not contain NUL characters").as_reply()
        command = model.model_validate(body)
    except ValidationError as error:
        return bad_request(_describe(error)).as_reply()
    except (ValueError, UnicodeDecodeError):
        return bad_request("the body is not JSON").as_reply()
    try:
        if account_id := getattr(command, "account_id", None):
            await social.ensure_account(account_id)
        return await handler(social, command)
    except Refused as refused:
        return refused.rejection.as_reply()
    except Exception:  # noqa: BLE001 - logged with its traceback and answered; the transaction rolled back
        log.exception("command failed", command=name)
        return INTERNAL.as_reply()


class CommandServer:
    def __init__(self, nc: Client, social: Social, *, concurrency: int = 64) -> None:
        self._nc = nc
        self._social = social
        self._slots = asyncio.Semaphore(concurrency)
        self._tasks: set[asyncio.Task[None]] = set()
        self._sub: Subscription | None = None

    async def start(self) -> None:
        self._sub = await self._nc.subscribe(SUBJECT_PREFIX + ">", queue=QUEUE_GROUP, cb=self._on_message)

    async def stop(self) -> None:
        if self._sub is not None:
            await self._sub.unsubscribe()
            self._sub = None
        if self._tasks:
            await asyncio.wait(self._tasks, timeout=10)

    async def _on_message(self, msg: Msg) -> None:
        await self._slots.acquire()
        task = asyncio.create_task(self._answer(msg))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _answer(self, msg: Msg) -> None:
        try:
            name = msg.subject.removeprefix(SUBJECT_PREFIX)
            # the caller's trace (the gateway's HTTP request) goes on here, and on into the queries
            with span_from_headers(f"social {name}", msg.headers, kind=SpanKind.SERVER, subject=msg.subject):
                reply = await dispatch(self._social, name, msg.data)
            if msg.reply:
                await msg.respond(json.dumps(reply, ensure_ascii=False, default=str).encode())
        except Exception:  # noqa: BLE001 - a reply that cannot be sent must not take the server down
            log.exception("could not answer a command", subject=msg.subject)
        finally:
            self._slots.release()
