"""Which league a player is in, from the leagues service: his Daily is his league's Daily."""

from __future__ import annotations

import orjson
from nats.aio.client import Client
from nats.errors import NoRespondersError
from nats.errors import TimeoutError as NatsTimeout

PLAYER_SUBJECT = "leagues.q.player"
TIMEOUT = 3.0


class LeaguesUnavailable(RuntimeError):
    pass


async def league_of(nc: Client, account_id: str) -> str:
    """Bronze until a week moved the player. Refuses to guess when the leagues service does not answer:
    starting the wrong league's Daily would spend the player's one attempt."""
    try:
        reply = await nc.request(PLAYER_SUBJECT, orjson.dumps({"account_id": account_id}), timeout=TIMEOUT)
    except (TimeoutError, NatsTimeout, NoRespondersError):
        raise LeaguesUnavailable("the league service did not answer; try again in a moment") from None
    answer = orjson.loads(reply.data)
    if not answer.get("ok"):
        raise LeaguesUnavailable(answer.get("error", {}).get("message", "the league is unknown"))
    return answer["league"]
