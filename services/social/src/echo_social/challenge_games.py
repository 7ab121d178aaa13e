"""Challenges meet games: when a player finishes a Daily after opening someone's challenge link, the
challenge counts as played (and the two become mutual friends). Fed by the games' lifecycle subjects
on the GAMES stream (creation, end; never a move)."""

from __future__ import annotations

from datetime import date

from echo_challenge import KIND as ECHO_KIND
from echo_challenge.events import GameFinished
from echo_events.envelope import decode, unwrap
from echo_events.play import GameCreated
from echo_events.streams import ALL_GAME_LIFECYCLES
from echo_runtime.consumer import ConsumerSpec
from nats.aio.msg import Msg

from .core import Social
from .domain.rejections import Refused
from .handlers.challenges import record_challenge_played

GAMES_CONSUMER = ConsumerSpec(stream="GAMES", durable="social-challenge-games", filter_subject=ALL_GAME_LIFECYCLES,
                              description="Games finished after a challenge link was opened: the challenge is played.")

# links opened by this player for that day's Daily or the day before (a link sent late in the evening)
OPENED_CHALLENGES = """
SELECT c.token FROM social_challenge_players p JOIN social_challenges c USING (challenge_id)
WHERE p.account_id = $1 AND p.opened_at IS NOT NULL AND p.played_at IS NULL
  AND c.daily_date BETWEEN $2::date - 1 AND $2::date AND c.account_id <> $1
"""


def challenge_games_handler(social: Social):  # noqa: ANN201 - a consumer Handler
    async def handle(msg: Msg) -> None:
        for envelope in decode(msg.data).events:
            if envelope.event_type == GameCreated.event_type:
                created = unwrap(envelope)
                if created.kind == ECHO_KIND and created.mode == "daily":
                    await social.pool.execute(
                        "INSERT INTO social_daily_games (game_id, account_id, daily_date) VALUES ($1, $2, $3) "
                        "ON CONFLICT DO NOTHING",
                        created.game_id, created.account_id, date.fromisoformat(created.msk_date),
                    )
            elif envelope.event_type == GameFinished.event_type:
                game = await social.pool.fetchrow(
                    "SELECT account_id, daily_date FROM social_daily_games WHERE game_id = $1", envelope.stream_id)
                if game is None:
                    continue
                for row in await social.pool.fetch(OPENED_CHALLENGES, game["account_id"], game["daily_date"]):
                    try:
                        await record_challenge_played(social, row["token"], game["account_id"])
                    except Refused:
                        continue  # e.g. the link's sender has gone: nothing to record, nothing to retry

    return handle
