"""REST routes of a device's sessions: renew its token, list the account's signed-in devices, sign out
this device («Выйти»), another one, every other one, or every device («Выйти на всех устройствах»).

| route                              | does                                                              |
|------------------------------------|-------------------------------------------------------------------|
| POST   /api/v1/session/renew       | a fresh token of this session (`token`, `expires_at`)             |
| GET    /api/v1/sessions            | `sessions`: the account's devices (`current` marks this one)      |
| DELETE /api/v1/sessions/current    | sign out this device                                              |
| DELETE /api/v1/sessions/{id}       | sign out one of the account's devices (404 if not signed in)      |
| DELETE /api/v1/sessions/others     | sign out every device of the account but this one                 |
| DELETE /api/v1/sessions            | sign out every device of the account, this one included           |
"""

from __future__ import annotations

from litestar import Request, delete, get, post
from litestar.exceptions import NotAuthorizedException, NotFoundException
from litestar.params import FromPath

from .identity import ID, InvalidToken
from .responses import NEEDS_SESSION, DeviceSessions, SessionIssued, SignedOut
from .routes import bearer_token, identity_of


@post("/api/v1/session/renew", operation_id="renewSession", status_code=200, **NEEDS_SESSION)
async def renew_session(request: Request) -> SessionIssued:
    """A fresh token of this device's open session: its lifetime starts again."""
    try:
        issued = await request.app.state.sessions.renew(bearer_token(request))
    except InvalidToken as error:
        raise NotAuthorizedException(str(error)) from None
    return {"account_id": issued.identity.account_id, "token": issued.token,
            "expires_at": issued.expires_at.isoformat()}


@get("/api/v1/sessions", operation_id="listSessions", **NEEDS_SESSION)
async def list_sessions(request: Request) -> DeviceSessions:
    me = identity_of(request)
    sessions = await request.app.state.sessions.of_account(me.account_id)
    return {"sessions": [{**session, "current": session["session_id"] == me.session_id} for session in sessions]}


@delete("/api/v1/sessions/current", operation_id="signOut", status_code=200, **NEEDS_SESSION)
async def sign_out(request: Request) -> SignedOut:
    me = identity_of(request)
    await request.app.state.sessions.revoke(me.account_id, me.session_id)
    return {"signed_out": 1}


@delete("/api/v1/sessions/others", operation_id="signOutOtherDevices", status_code=200, **NEEDS_SESSION)
async def sign_out_others(request: Request) -> SignedOut:
    """Every other device of my account signed out; this one stays."""
    me = identity_of(request)
    return {"signed_out": await request.app.state.sessions.revoke_all(me.account_id, keep=me.session_id)}


@delete("/api/v1/sessions/{session_id:str}", operation_id="signOutDevice", status_code=200, **NEEDS_SESSION)
async def sign_out_device(request: Request, session_id: FromPath[str]) -> SignedOut:
    me = identity_of(request)
    if not ID.fullmatch(session_id) or not await request.app.state.sessions.revoke(me.account_id, session_id):
        raise NotFoundException("no such device is signed in to this account")
    return {"signed_out": 1}


@delete("/api/v1/sessions", operation_id="signOutEverywhere", status_code=200, **NEEDS_SESSION)
async def sign_out_everywhere(request: Request) -> SignedOut:
    me = identity_of(request)
    return {"signed_out": await request.app.state.sessions.revoke_all(me.account_id)}


SESSION_ROUTES = (renew_session, list_sessions, sign_out, sign_out_others, sign_out_device, sign_out_everywhere)
