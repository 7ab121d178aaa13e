"""REST routes of accounts, friends and challenges: authenticate, forward to the social service by NATS
request (`social.cmd.<name>`), answer with its result or map its refusal to a 4xx.

A refusal keeps the social service's shape: `{"error": {"code", "message", "message_ru"}}`; success is
the reply without `ok`. The caller's account always comes from the session token, never from the body.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from echo_events.social_commands import command_subject
from litestar import MediaType, Request, Response, delete, get, post, put
from litestar.exceptions import NotAuthorizedException
from litestar.exceptions.http_exceptions import RequestEntityTooLarge
from litestar.params import FromPath, FromQuery

from .flood_limits import (
    EVERYONE,
    LETTERS_ALL,
    LETTERS_PER_ADDRESS,
    LETTERS_PER_CLIENT,
    LOGIN_LINKS_ALL,
    LOGIN_LINKS_PER_ADDRESS,
    LOGIN_LINKS_PER_CLIENT,
    SEARCHES_ALL,
    SEARCHES_PER_ACCOUNT,
    SEARCHES_PER_CLIENT,
    limit_address,
    over_limit,
)
from .identity import Identity
from .request_bounds import too_large
from .responses import (
    MAY_PAUSE,
    NEEDS_SESSION,
    SESSION_OPTIONAL,
    Account,
    Blocked,
    CallsignSet,
    ChallengeCreated,
    ChallengeOpened,
    ConfirmationPreview,
    ConfirmationSent,
    EmailConfirmed,
    FoundPlayers,
    FriendAdded,
    FriendRemoved,
    Friends,
    LoginLinkRequested,
    SessionIssued,
)
from .routes import USER_AGENT_HEADER, identity_of
from .service_request import TooLarge, Unavailable, Unencodable, request_json

REQUEST_TIMEOUT = 10.0

STATUS_OF = {
    "bad_request": 400,
    "email_invalid": 400,
    "cannot_target_self": 400,
    "own_challenge": 400,
    "token_invalid": 400,
    "email_not_confirmed": 403,
    "blocked": 403,
    "account_unknown": 404,
    "player_not_found": 404,
    "challenge_not_found": 404,
    "callsign_taken": 409,
    "email_taken": 409,
    "you_blocked": 409,
    "token_used": 410,
    "token_expired": 410,
    "rate_limited": 429,
    "internal_error": 502,
    "unknown_command": 502,
    "mail_unavailable": 503,
    "social_unavailable": 503,
}


def _error(code: str, message: str, message_ru: str, status: int) -> Response[dict[str, Any]]:
    return Response(
        {"error": {"code": code, "message": message, "message_ru": message_ru}}, status_code=status
    )


async def ask(request: Request, name: str, body: dict[str, Any]) -> Response[Any]:
    """Send one command to the social service and turn its reply into an HTTP response (its body the
    reply as it is: what the route's response type in `responses` describes)."""
    try:
        nc = request.app.state.runtime.nc  # RuntimeError until NATS is connected
        reply = await request_json(nc, command_subject(name), body, timeout=REQUEST_TIMEOUT)
    except TooLarge:
        return too_large()
    except Unencodable as error:
        message_ru = "Неверный запрос: слишком большое число или слишком глубокая вложенность."
        return _error("bad_request", f"Bad request: {error}.", message_ru, 400)
    except (Unavailable, RuntimeError):
        return _error(
            "social_unavailable",
            "The accounts service is not answering; try again shortly.",
            "Сервис аккаунтов не отвечает — попробуйте чуть позже.",
            503,
        )
    if reply.get("ok") is True:
        return Response({k: v for k, v in reply.items() if k != "ok"}, status_code=200)
    error = reply.get("error") or {}
    code = str(error.get("code", "internal_error"))
    if code.startswith("callsign_") and code != "callsign_taken":
        status = 400
    else:
        status = STATUS_OF.get(code, 400)
    response = _error(code, str(error.get("message", "")), str(error.get("message_ru", "")), status)
    if status == 429:  # the social service's letter limits: its window, 15 minutes by default
        response.headers["Retry-After"] = str(LETTERS_PER_ADDRESS.window_seconds)
    return response


async def _body(request: Request) -> dict[str, Any] | None:
    try:
        data = await request.json()
    except RequestEntityTooLarge:
        raise
    except Exception:  # noqa: BLE001 - any unreadable body is the client's error, answered below
        return None
    return data if isinstance(data, dict) else None


def _bad_body() -> Response[dict[str, Any]]:
    return _error(
        "bad_request", "Bad request: send a JSON object.", "Неверный запрос: нужен JSON-объект.", 400
    )


def _me(request: Request) -> Identity:
    return identity_of(request)


# --- account -------------------------------------------------------------------------------------------


@get("/api/v1/account", operation_id="getAccount", **NEEDS_SESSION)
async def get_account(request: Request) -> Response[Account]:
    return await ask(request, "account.get", {"account_id": _me(request).account_id})


@put("/api/v1/account/callsign", operation_id="setCallsign", **NEEDS_SESSION)
async def set_callsign(request: Request) -> Response[CallsignSet]:
    me = _me(request)
    body = await _body(request)
    if body is None:
        return _bad_body()
    return await ask(request, "callsign.set", {"account_id": me.account_id, "callsign": body.get("callsign")})


@post("/api/v1/account/email", operation_id="requestEmailConfirmation", status_code=200, **NEEDS_SESSION)
async def request_email(request: Request) -> Response[ConfirmationSent]:
    me = _me(request)
    body = await _body(request)
    if body is None:
        return _bad_body()
    address = limit_address(body.get("email"))
    if refusal := await over_limit(request, (LETTERS_PER_CLIENT, None), (LETTERS_PER_ADDRESS, address),
                                   (LETTERS_ALL, EVERYONE)):
        return refusal
    return await ask(request, "email.request", {"account_id": me.account_id, "email": body.get("email")})


LANDING = """<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta http-equiv="refresh" content="0; url={url}"><meta name="robots" content="noindex">
<title>Эхо-вызов</title></head>
<body style="background:#0d1117;color:#e6edf3;font-family:sans-serif">
<p><a style="color:#59c2ff" href="{url}">Эхо-вызов</a></p></body></html>
"""


def _landing(page: str, token: str) -> Response[str]:
    """A letter's link forwards to a page of the web client that spends the token only on a press: a GET (a
    mail scanner prefetching links, a messenger's preview) never does. The token goes after `#`, which
    browsers do not send on."""
    url = f"/#/{page}/{quote(token[:200], safe='')}"
    return Response(LANDING.replace("{url}", url), media_type=MediaType.HTML, status_code=200)


@get("/api/v1/account/email/confirm", operation_id="openEmailConfirmation", include_in_schema=False)
async def confirm_email_link(token: FromQuery[str] = "") -> Response[str]:
    """The link in the confirmation letter: to the client's confirmation page."""
    return _landing("confirm", token)


@get("/api/v1/account/email/confirmation", operation_id="previewEmailConfirmation", security=SESSION_OPTIONAL,
     **MAY_PAUSE)
async def preview_email(request: Request, token: FromQuery[str] = "") -> Response[ConfirmationPreview]:
    """What the link would do, without spending it: the callsign of the account the address joins and
    whether this browser's session is that account (`this_browser`: same / other / none)."""
    response = await ask(request, "email.preview", {"token": token})
    if response.status_code != 200:
        return response
    preview = dict(response.content)
    owner = preview.pop("account_id")
    try:
        mine = _me(request).account_id
    except NotAuthorizedException:
        mine = None
    preview["this_browser"] = "none" if mine is None else "same" if mine == owner else "other"
    return Response(preview, status_code=200)


@post("/api/v1/account/email/confirm", operation_id="confirmEmail", status_code=200, **MAY_PAUSE)
async def confirm_email(request: Request) -> Response[EmailConfirmed]:
    """The press on the confirmation page: the token is the authority, no session needed."""
    body = await _body(request)
    if body is None:
        return _bad_body()
    return await ask(request, "email.confirm", {"token": body.get("token")})


@post("/api/v1/account/login", operation_id="requestLoginLink", status_code=200, **MAY_PAUSE)
async def request_login(request: Request) -> Response[LoginLinkRequested]:
    """From a new device: mail a one-time login link to the address (the reply never says if it is known)."""
    body = await _body(request)
    if body is None:
        return _bad_body()
    address = limit_address(body.get("email"))
    if refusal := await over_limit(request, (LOGIN_LINKS_PER_CLIENT, None), (LOGIN_LINKS_PER_ADDRESS, address),
                                   (LOGIN_LINKS_ALL, EVERYONE)):
        return refusal
    return await ask(request, "login.request", {"email": body.get("email")})


@get("/api/v1/account/login/complete", operation_id="openLoginLink", include_in_schema=False)
async def login_link(token: FromQuery[str] = "") -> Response[str]:
    """The link in the login letter: to the client's login page, in the game's look; only its button
    spends the token."""
    return _landing("login", token)


@post("/api/v1/account/login/complete", operation_id="completeLogin", status_code=200, **MAY_PAUSE)
async def complete_login(request: Request) -> Response[SessionIssued]:
    """Spend a login token: the device gets a session of the account the link was sent for."""
    body = await _body(request)
    if body is None:
        return _bad_body()
    response = await ask(request, "login.complete", {"token": body.get("token")})
    if response.status_code != 200:
        return response
    result = response.content
    issued = await request.app.state.sessions.open(result["account_id"], result["device_id"],
                                                   request.headers.get(USER_AGENT_HEADER, ""))
    return Response(
        {"account_id": result["account_id"], "token": issued.token, "expires_at": issued.expires_at.isoformat()},
        status_code=200,
    )


# --- friends -------------------------------------------------------------------------------------------


@get("/api/v1/friends", operation_id="listFriends", **NEEDS_SESSION)
async def list_friends(request: Request) -> Response[Friends]:
    return await ask(request, "friends.list", {"account_id": _me(request).account_id})


@get("/api/v1/friends/search", operation_id="searchPlayers", **NEEDS_SESSION)
async def search_players(request: Request, q: FromQuery[str] = "") -> Response[FoundPlayers]:
    me = _me(request)
    if refusal := await over_limit(request, (SEARCHES_PER_CLIENT, None), (SEARCHES_PER_ACCOUNT, me.account_id),
                                   (SEARCHES_ALL, EVERYONE)):
        return refusal
    return await ask(request, "friends.search", {"account_id": me.account_id, "query": q})


@post("/api/v1/friends", operation_id="addFriend", status_code=200, **NEEDS_SESSION)
async def add_friend(request: Request) -> Response[FriendAdded]:
    """Body: `{"callsign": "..."}` or `{"account_id": "..."}`."""
    me = _me(request)
    body = await _body(request)
    if body is None:
        return _bad_body()
    command: dict[str, Any] = {"account_id": me.account_id}
    if "callsign" in body:
        command["callsign"] = body["callsign"]
    if "account_id" in body:
        command["friend_id"] = body["account_id"]
    return await ask(request, "friends.add", command)


@delete("/api/v1/friends/{friend_id:str}", operation_id="removeFriend", status_code=200, **NEEDS_SESSION)
async def remove_friend(request: Request, friend_id: FromPath[str]) -> Response[FriendRemoved]:
    return await ask(
        request, "friends.remove", {"account_id": _me(request).account_id, "friend_id": friend_id}
    )


@post("/api/v1/friends/blocks", operation_id="blockPlayer", status_code=200, **NEEDS_SESSION)
async def block_player(request: Request) -> Response[Blocked]:
    me = _me(request)
    body = await _body(request)
    if body is None:
        return _bad_body()
    return await ask(
        request, "friends.block", {"account_id": me.account_id, "target_id": body.get("account_id")}
    )


@delete("/api/v1/friends/blocks/{target_id:str}", operation_id="unblockPlayer", status_code=200, **NEEDS_SESSION)
async def unblock_player(request: Request, target_id: FromPath[str]) -> Response[Blocked]:
    return await ask(
        request, "friends.unblock", {"account_id": _me(request).account_id, "target_id": target_id}
    )


# --- challenges ----------------------------------------------------------------------------------------


@post("/api/v1/challenges", operation_id="createChallenge", status_code=200, **NEEDS_SESSION)
async def create_challenge(request: Request) -> Response[ChallengeCreated]:
    """Today's challenge link (the same one all day); needs a confirmed e-mail."""
    return await ask(request, "challenge.create", {"account_id": _me(request).account_id})


@get("/api/v1/challenges/{token:str}", operation_id="openChallenge", **NEEDS_SESSION)
async def open_challenge(request: Request, token: FromPath[str]) -> Response[ChallengeOpened]:
    """Open a challenge link (a newcomer first gets a guest session): who sent it and for which day."""
    return await ask(request, "challenge.open", {"account_id": _me(request).account_id, "token": token})


ACCOUNT_ROUTES = (
    get_account,
    set_callsign,
    request_email,
    confirm_email_link,
    preview_email,
    confirm_email,
    request_login,
    login_link,
    complete_login,
    list_friends,
    search_players,
    add_friend,
    remove_friend,
    block_player,
    unblock_player,
    create_challenge,
    open_challenge,
)
