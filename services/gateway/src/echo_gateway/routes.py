"""REST routes of the gateway (reads and accounts); live games go over the WebSocket."""

from __future__ import annotations

from litestar import Request, get, post
from litestar.datastructures import State
from litestar.exceptions import NotAuthorizedException

from .accounts import create_guest
from .identity import Identity, InvalidToken


def identity_of(request: Request) -> Identity:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token:
        raise NotAuthorizedException("send 'Authorization: Bearer <session token>'")
    try:
        return request.app.state.signer.verify(token)
    except InvalidToken as error:
        raise NotAuthorizedException(str(error)) from None


@post("/api/v1/guest", operation_id="createGuest", status_code=201)
async def create_guest_session(state: State) -> dict[str, str]:
    identity = await create_guest(state.runtime.js, state.runtime.clock)
    return {"account_id": identity.account_id, "token": state.signer.issue(identity)}


@get("/api/v1/me", operation_id="me")
async def me(request: Request) -> dict[str, str]:
    return {"account_id": identity_of(request).account_id}


ROUTES = (create_guest_session, me)
