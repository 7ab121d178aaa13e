"""REST routes of the gateway (reads and accounts); live games go over the WebSocket.

`resolve_session` runs before every HTTP route: it refuses a body announced longer than the limit (413),
and a request that carries `Authorization: Bearer <token>`
gets its identity checked once (signature, lifetime, ids, the session still open), and the routes read
it with `identity_of` (401 when missing or refused)."""

from __future__ import annotations

from litestar import Request, Response, get, post
from litestar.exceptions import NotAuthorizedException, ServiceUnavailableException

from .accounts import create_guest
from .flood_limits import EVERYONE, GUESTS_ALL, GUESTS_PER_CLIENT, over_limit
from .identity import Identity, InvalidToken
from .request_bounds import refuse_long_body
from .responses import MAY_PAUSE, NEEDS_SESSION, Me, SessionIssued

USER_AGENT_HEADER = "user-agent"


async def resolve_session(request: Request) -> None:
    refuse_long_body(request)
    header = request.headers.get("authorization")
    if header is None:
        return
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token:
        request.state.session_refused = "send 'Authorization: Bearer <session token>'"
        return
    try:
        request.state.identity = await request.app.state.sessions.verify(token)
    except InvalidToken as error:
        request.state.session_refused = str(error)
    except RuntimeError:  # not connected to NATS yet
        request.state.session_refused = None


def bearer_token(request: Request) -> str:
    return request.headers.get("authorization", "").partition(" ")[2]


def identity_of(request: Request) -> Identity:
    identity = request.state.get("identity")
    if identity is not None:
        return identity
    refused = request.state.get("session_refused", "send 'Authorization: Bearer <session token>'")
    if refused is None:
        raise ServiceUnavailableException("sessions cannot be checked yet; try again shortly")
    raise NotAuthorizedException(refused)


def viewer_of(request: Request) -> str | None:
    """The account of a valid session, or None (no token, a refused one): for what anyone may see."""
    if not request.headers.get("authorization"):
        return None
    try:
        return identity_of(request).account_id
    except NotAuthorizedException:
        return None


@post("/api/v1/guest", operation_id="createGuest", status_code=201, **MAY_PAUSE)
async def create_guest_session(request: Request) -> Response[SessionIssued]:
    if refusal := await over_limit(request, (GUESTS_PER_CLIENT, None), (GUESTS_ALL, EVERYONE)):
        return refusal
    state = request.app.state
    identity = await create_guest(state.runtime.js, state.runtime.clock)
    issued = await state.sessions.open(identity.account_id, identity.device_id,
                                       request.headers.get(USER_AGENT_HEADER, ""))
    return Response({"account_id": identity.account_id, "token": issued.token,
                     "expires_at": issued.expires_at.isoformat()}, status_code=201)


@get("/api/v1/me", operation_id="me", **NEEDS_SESSION)
async def me(request: Request) -> Me:
    return {"account_id": identity_of(request).account_id}


ROUTES = (create_guest_session, me)
