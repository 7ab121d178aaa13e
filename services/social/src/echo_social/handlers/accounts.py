"""Account commands: profile, callsign, e-mail confirmation, login on another device by e-mail."""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

import asyncpg
import structlog
from echo_events.social import (
    CallsignChanged,
    DeviceLinked,
    EmailConfirmationRequested,
    EmailConfirmed,
    LoginLinkRequested,
    mask_email,
)
from echo_events.social_commands import (
    CompleteLogin,
    ConfirmEmail,
    GetAccount,
    RequestEmailConfirmation,
    RequestLoginLink,
    SetCallsign,
    ok,
)

from .. import ratelimit
from ..core import Social, Transaction, email_key
from ..domain import callsign as callsigns
from ..domain import email as emails
from ..domain import tokens
from ..domain.rejections import Refused, Rejection
from ..mailer import confirmation_letter, link, login_letter

log = structlog.get_logger(__name__)

CONFIRM_PATH = "/api/v1/account/email/confirm"
LOGIN_PATH = "/api/v1/account/login/complete"

EMAIL_TAKEN = Rejection(
    "email_taken",
    "This e-mail belongs to another account: log in with it instead.",
    "Эта почта привязана к другому аккаунту — войдите по ней.",
)
MAIL_FAILED = Rejection(
    "mail_unavailable",
    "The letter could not be sent; try again in a minute.",
    "Письмо не удалось отправить — попробуйте через минуту.",
)


def profile(row: asyncpg.Record) -> dict[str, Any]:
    confirmed = row["email_confirmed_at"] is not None
    return {
        "account_id": row["account_id"],
        "callsign": row["callsign"],
        "email": mask_email(row["email"]) if confirmed and row["email"] else None,
        "email_confirmed": confirmed,
        "pending_email": mask_email(row["pending_email"]) if row["pending_email"] else None,
    }


async def get_account(social: Social, cmd: GetAccount) -> dict[str, Any]:
    row = await social.pool.fetchrow("SELECT * FROM accounts WHERE account_id = $1", cmd.account_id)
    return ok(account=profile(row))


async def set_callsign(social: Social, cmd: SetCallsign) -> dict[str, Any]:
    checked = callsigns.check(cmd.callsign)
    if isinstance(checked, Rejection):
        raise Refused(checked)
    async with social.transaction() as tx:
        account = await tx.lock_account(cmd.account_id)
        if account["callsign"] == checked.value:
            return ok(callsign=checked.value, changed=False)
        try:
            await tx.conn.execute(
                "UPDATE accounts SET callsign = $2, callsign_key = $3 WHERE account_id = $1",
                cmd.account_id,
                checked.value,
                checked.key,
            )
        except asyncpg.UniqueViolationError:
            raise Refused(callsigns.TAKEN) from None
        await tx.emit(
            cmd.account_id,
            CallsignChanged(account_id=cmd.account_id, callsign=checked.value, previous=account["callsign"]),
        )
    return ok(callsign=checked.value, changed=True)


async def _count_letter(social: Social, tx: Transaction, *, account_id: str, email: str) -> None:
    s = social.settings
    window = timedelta(minutes=s.mail_limit_window_minutes)
    now = social.clock.now()
    await ratelimit.hit(
        tx.conn, f"mail:account:{account_id}", limit=s.mail_limit_per_account, window=window, now=now
    )
    await ratelimit.hit(
        tx.conn, f"mail:email:{email_key(email)}", limit=s.mail_limit_per_email, window=window, now=now
    )


async def _issue(
    tx: Transaction, purpose: str, account_id: str, email: str, lifetime: timedelta
) -> tokens.IssuedToken:
    now = tx.social.clock.now()
    await tx.conn.execute(
        "UPDATE social_tokens SET used_at = $3 WHERE account_id = $1 AND purpose = $2 AND used_at IS NULL",
        account_id,
        purpose,
        now,
    )  # a new link replaces the older ones
    issued = tokens.issue(now, lifetime)
    await tx.conn.execute(
        """INSERT INTO social_tokens (token_hash, purpose, account_id, email, created_at, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6)""",
        issued.token_hash,
        purpose,
        account_id,
        email,
        now,
        issued.expires_at,
    )
    return issued


async def _send(social: Social, letter) -> None:  # noqa: ANN001 - an EmailMessage
    try:
        await social.mailer.send(letter)
    except Exception as error:  # noqa: BLE001 - the transaction is rolled back and the player told
        log.warning("letter not sent", error=repr(error))
        raise Refused(MAIL_FAILED) from error


async def request_email_confirmation(social: Social, cmd: RequestEmailConfirmation) -> dict[str, Any]:
    email = emails.normalize(cmd.email)
    if isinstance(email, Rejection):
        raise Refused(email)
    s = social.settings
    async with social.transaction() as tx:
        account = await tx.lock_account(cmd.account_id)
        if account["email"] == email and account["email_confirmed_at"] is not None:
            return ok(email=mask_email(email), already_confirmed=True)
        owner = await tx.conn.fetchval(
            "SELECT account_id FROM accounts WHERE email = $1 AND email_confirmed_at IS NOT NULL", email
        )
        if owner is not None:
            raise Refused(EMAIL_TAKEN)
        await _count_letter(social, tx, account_id=cmd.account_id, email=email)
        issued = await _issue(
            tx, "confirm_email", cmd.account_id, email, timedelta(minutes=s.confirm_link_minutes)
        )
        await tx.conn.execute(
            "UPDATE accounts SET pending_email = $2 WHERE account_id = $1", cmd.account_id, email
        )
        await tx.emit(
            cmd.account_id,
            EmailConfirmationRequested(
                account_id=cmd.account_id, email_masked=mask_email(email), expires_at=issued.expires_at
            ),
        )
        url = link(s.public_url, CONFIRM_PATH, issued.token)
        await _send(social, confirmation_letter(s.mail_from, email, url, issued.expires_at, account["callsign"]))
    return ok(email=mask_email(email), expires_at=issued.expires_at.isoformat(), already_confirmed=False)


async def _usable(tx: Transaction, purpose: str, token: str) -> asyncpg.Record:
    """The stored token, locked; refused when it is unknown, used or expired."""
    row = await tx.conn.fetchrow(
        "SELECT * FROM social_tokens WHERE token_hash = $1 AND purpose = $2 FOR UPDATE",
        tokens.hash_token(token),
        purpose,
    )
    why = tokens.verdict(
        found=row is not None,
        used_at=row and row["used_at"],
        expires_at=row and row["expires_at"],
        now=tx.social.clock.now(),
    )
    if why is not None:
        raise Refused(why)
    return row


async def _redeem(tx: Transaction, purpose: str, token: str) -> asyncpg.Record:
    row = await _usable(tx, purpose, token)
    now = tx.social.clock.now()
    await tx.conn.execute(
        "UPDATE social_tokens SET used_at = $2 WHERE token_hash = $1", row["token_hash"], now
    )
    return row


async def preview_email_confirmation(social: Social, cmd: ConfirmEmail) -> dict[str, Any]:
    """What a confirmation link would do, without spending it (mail scanners fetch links): the account
    the address joins, for the landing page to name before the player presses «Подтвердить»."""
    async with social.transaction() as tx:
        token = await _usable(tx, "confirm_email", cmd.token)
        callsign = await tx.conn.fetchval("SELECT callsign FROM accounts WHERE account_id = $1", token["account_id"])
    return ok(
        account_id=token["account_id"],
        callsign=callsign,
        email=mask_email(token["email"]),
        expires_at=token["expires_at"].isoformat(),
    )


async def confirm_email(social: Social, cmd: ConfirmEmail) -> dict[str, Any]:
    async with social.transaction() as tx:
        token = await _redeem(tx, "confirm_email", cmd.token)
        account_id, email = token["account_id"], token["email"]
        await tx.lock_account(account_id)
        try:
            await tx.conn.execute(
                """UPDATE accounts SET email = $2, email_confirmed_at = $3,
                          pending_email = CASE WHEN pending_email = $2 THEN NULL ELSE pending_email END
                   WHERE account_id = $1""",
                account_id,
                email,
                social.clock.now(),
            )
        except asyncpg.UniqueViolationError:
            raise Refused(EMAIL_TAKEN) from None
        await tx.emit(account_id, EmailConfirmed(account_id=account_id, email_masked=mask_email(email)))
    return ok(account_id=account_id, email=mask_email(email))


async def request_login_link(social: Social, cmd: RequestLoginLink) -> dict[str, Any]:
    """The reply is the same whether the address is known or not: it tells nobody who plays here."""
    email = emails.normalize(cmd.email)
    if isinstance(email, Rejection):
        raise Refused(email)
    s = social.settings
    async with social.transaction() as tx:
        account_id = await tx.conn.fetchval(
            "SELECT account_id FROM accounts WHERE email = $1 AND email_confirmed_at IS NOT NULL", email
        )
        if account_id is None:
            await ratelimit.hit(
                tx.conn,
                f"mail:email:{email_key(email)}",
                limit=s.mail_limit_per_email,
                window=timedelta(minutes=s.mail_limit_window_minutes),
                now=social.clock.now(),
            )
            return ok()
        await tx.lock_account(account_id)
        await _count_letter(social, tx, account_id=account_id, email=email)
        issued = await _issue(tx, "login", account_id, email, timedelta(minutes=s.login_link_minutes))
        await tx.emit(account_id, LoginLinkRequested(account_id=account_id, expires_at=issued.expires_at))
        url = link(s.public_url, LOGIN_PATH, issued.token)
        await _send(social, login_letter(s.mail_from, email, url, issued.expires_at))
    return ok()


async def complete_login(social: Social, cmd: CompleteLogin) -> dict[str, Any]:
    async with social.transaction() as tx:
        token = await _redeem(tx, "login", cmd.token)
        account_id = token["account_id"]
        await tx.lock_account(account_id)
        device_id = uuid.uuid4().hex
        await tx.emit(account_id, DeviceLinked(account_id=account_id, device_id=device_id))
    return ok(account_id=account_id, device_id=device_id)
