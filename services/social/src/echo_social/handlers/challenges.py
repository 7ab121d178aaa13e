"""Challenges: one link per player per Daily day, sendable to anyone; needs a confirmed e-mail. Opening it
records the opener; playing through it makes the player and the sender mutual friends.

`record_challenge_played(social, token, account_id)` is the seam for the game events: the engine will
call it (or send `social.cmd.challenge.played`) when a Daily started through a link is played.
"""

from __future__ import annotations

import secrets
import uuid
from typing import Any

import asyncpg
from echo_events.social import ChallengeAccepted, ChallengeCreated, ChallengeOpened
from echo_events.social_commands import CreateChallenge, OpenChallenge, PreviewChallenge, RecordChallengePlayed, ok

from ..core import Social
from ..domain.rejections import Refused, Rejection
from .friends import BLOCKED_BY_THEM, add_edge

EMAIL_NOT_CONFIRMED = Rejection(
    "email_not_confirmed",
    "Confirm your e-mail to send challenges.",
    "Чтобы бросать вызов, подтвердите почту.",
)
CHALLENGE_NOT_FOUND = Rejection(
    "challenge_not_found", "This challenge link is not valid.", "Ссылка на вызов недействительна."
)
OWN_CHALLENGE = Rejection("own_challenge", "This is your own challenge.", "Это ваш собственный вызов.")


def challenge_url(social: Social, token: str) -> str:
    """The link to send: the gateway serves it as the client's page with the challenge's preview tags."""
    return f"{social.settings.public_url.rstrip('/')}/challenge/{token}"


def _shown(social: Social, row: asyncpg.Record) -> dict[str, Any]:
    return {
        "challenge_id": row["challenge_id"],
        "token": row["token"],
        "url": challenge_url(social, row["token"]),
        "daily_date": row["daily_date"].isoformat(),
    }


async def create_challenge(social: Social, cmd: CreateChallenge) -> dict[str, Any]:
    today = await social.today()
    async with social.transaction() as tx:
        account = await tx.lock_account(cmd.account_id)
        if account["email_confirmed_at"] is None:
            raise Refused(EMAIL_NOT_CONFIRMED)
        row = await tx.conn.fetchrow(
            "SELECT * FROM social_challenges WHERE account_id = $1 AND daily_date = $2", cmd.account_id, today
        )
        if row is not None:
            return ok(challenge=_shown(social, row), created=False)
        row = await tx.conn.fetchrow(
            """INSERT INTO social_challenges (challenge_id, token, account_id, daily_date, created_at)
               VALUES ($1, $2, $3, $4, $5) RETURNING *""",
            uuid.uuid4().hex,
            secrets.token_urlsafe(24),
            cmd.account_id,
            today,
            social.clock.now(),
        )
        await tx.emit(
            cmd.account_id,
            ChallengeCreated(account_id=cmd.account_id, challenge_id=row["challenge_id"], daily_date=today),
        )
    return ok(challenge=_shown(social, row), created=True)


async def _challenge(social: Social, token: str) -> asyncpg.Record:
    row = await social.pool.fetchrow(
        """SELECT c.*, a.callsign FROM social_challenges c JOIN accounts a USING (account_id)
           WHERE c.token = $1""",
        token,
    )
    if row is None:
        raise Refused(CHALLENGE_NOT_FOUND)
    return row


def _public(row: asyncpg.Record) -> dict[str, Any]:
    """What the opener sees: not the token again, the sender and the day."""
    return {
        "challenge_id": row["challenge_id"],
        "daily_date": row["daily_date"].isoformat(),
        "sender": {"account_id": row["account_id"], "callsign": row["callsign"]},
    }


async def preview_challenge(social: Social, cmd: PreviewChallenge) -> dict[str, Any]:
    return ok(challenge=_public(await _challenge(social, cmd.token)))


async def open_challenge(social: Social, cmd: OpenChallenge) -> dict[str, Any]:
    challenge = await _challenge(social, cmd.token)
    sender = challenge["account_id"]
    if sender == cmd.account_id:
        return ok(challenge=_public(challenge), own=True)
    async with social.transaction() as tx:
        await tx.lock_accounts(cmd.account_id, sender)
        sender_blocked_me, _ = await tx.blocked_between(sender, cmd.account_id)
        if sender_blocked_me:
            raise Refused(BLOCKED_BY_THEM)
        first = await tx.conn.fetchval(
            """INSERT INTO social_challenge_players (challenge_id, account_id, opened_at) VALUES ($1, $2, $3)
               ON CONFLICT (challenge_id, account_id) DO UPDATE SET opened_at = COALESCE(
                   social_challenge_players.opened_at, EXCLUDED.opened_at)
               RETURNING (xmax = 0)""",
            challenge["challenge_id"],
            cmd.account_id,
            social.clock.now(),
        )
        if first:
            await tx.emit(
                cmd.account_id,
                ChallengeOpened(
                    account_id=cmd.account_id, challenge_id=challenge["challenge_id"], sender_id=sender
                ),
            )
    return ok(challenge=_public(challenge), own=False)


async def record_challenge_played(social: Social, token: str, account_id: str) -> dict[str, Any]:
    """`account_id` played his Daily through the link: record it once; he and the sender become mutual
    friends (not when either has blocked the other)."""
    challenge = await _challenge(social, token)
    sender = challenge["account_id"]
    if sender == account_id:
        raise Refused(OWN_CHALLENGE)
    async with social.transaction() as tx:
        await tx.lock_accounts(account_id, sender)
        now = social.clock.now()
        newly = await tx.conn.fetchval(
            """INSERT INTO social_challenge_players (challenge_id, account_id, played_at) VALUES ($1, $2, $3)
               ON CONFLICT (challenge_id, account_id) DO UPDATE SET played_at = EXCLUDED.played_at
                   WHERE social_challenge_players.played_at IS NULL
               RETURNING true""",
            challenge["challenge_id"],
            account_id,
            now,
        )
        if not newly:  # recorded before (e.g. from the game events): say whether they are friends now
            mutual = await tx.conn.fetchval(
                """SELECT count(*) = 2 FROM social_friends
                   WHERE (account_id, friend_id) IN (($1, $2), ($2, $1))""", account_id, sender)
            return ok(challenge=_public(challenge), recorded=False, friends_made=mutual)
        a_blocked, b_blocked = await tx.blocked_between(account_id, sender)
        friends = not (a_blocked or b_blocked)
        await tx.emit(
            account_id,
            ChallengeAccepted(
                account_id=account_id,
                challenge_id=challenge["challenge_id"],
                sender_id=sender,
                daily_date=challenge["daily_date"],
                friends_made=friends,
            ),
        )
        if friends:
            await add_edge(tx, account_id, sender, "challenge")
            await add_edge(tx, sender, account_id, "challenge")
    return ok(challenge=_public(challenge), recorded=True, friends_made=friends)


async def challenge_played(social: Social, cmd: RecordChallengePlayed) -> dict[str, Any]:
    return await record_challenge_played(social, cmd.token, cmd.account_id)
