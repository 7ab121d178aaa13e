"""Which league a player is in, from the leagues service: his Daily is his league's Daily."""

from __future__ import annotations

from nats.aio.client import Client

from .service_request import Unavailable, request_json

LEAGUE_SUBJECT = "leagues.q.league"
TIMEOUT = 3.0


class LeaguesUnavailable(Unavailable):
    pass


async def league_of(nc: Client, account_id: str) -> str:
    """Bronze until a week moved the player. Refuses to guess when the leagues service does not answer:
    starting the wrong league's Daily would spend the player's one attempt."""
    try:
        answer = await request_json(nc, LEAGUE_SUBJECT, {"account_id": account_id}, timeout=TIMEOUT)
    except Unavailable:
        raise LeaguesUnavailable("the league service did not answer; try again in a moment") from None
    if not answer.get("ok"):
        raise LeaguesUnavailable(answer.get("error", {}).get("message", "the league is unknown"))
    return answer["league"]
