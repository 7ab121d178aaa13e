"""Which league a player is in, from the leagues service: his Daily is his league's Daily."""

from __future__ import annotations

from nats.aio.client import Client

from .service_request import Unavailable, request_json

LEAGUE_SUBJECT = "leagues.q.league"
LEAGUES_SUBJECT = "leagues.q.leagues"
MAX_IDS = 500  # echo_leagues.api.MAX_IDS: one request asks about this many players at most
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


async def leagues_of(nc: Client, account_ids: set[str]) -> dict[str, str]:
    """Each listed player's league, in requests of at most MAX_IDS players; LeaguesUnavailable if one fails."""
    ids = sorted(account_ids)
    leagues: dict[str, str] = {}
    for start in range(0, len(ids), MAX_IDS):
        chunk = ids[start:start + MAX_IDS]
        try:
            answer = await request_json(nc, LEAGUES_SUBJECT, {"account_ids": chunk}, timeout=TIMEOUT)
        except Unavailable:
            raise LeaguesUnavailable("the league service did not answer") from None
        if not answer.get("ok"):
            raise LeaguesUnavailable(answer.get("error", {}).get("message", "the leagues are unknown"))
        leagues.update(answer["leagues"])
    return leagues
