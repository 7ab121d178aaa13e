"""Friends and blocks: add by callsign (no consent), mutual when both added (⇄), remove, block.

A block from A to B: B cannot add A, cannot find A by search, is not shown A in any list, and cannot open
A's challenge; the friendship edges between the two (both ways) are removed at once.
"""

from __future__ import annotations

from typing import Any

from echo_events.callsigns import display_callsign, generated_number_in
from echo_events.social import FriendAdded, FriendRemoved, PlayerBlocked, PlayerUnblocked
from echo_events.social_commands import (
    AddFriend,
    BlockPlayer,
    ListFriends,
    RemoveFriend,
    SearchPlayers,
    UnblockPlayer,
    ok,
)

from ..core import PLAYER_NOT_FOUND, Social, Transaction
from ..domain import callsign as callsigns
from ..domain.rejections import Refused, Rejection

SELF = Rejection("cannot_target_self", "That is your own account.", "Это ваш собственный аккаунт.")
BLOCKED_BY_THEM = Rejection("blocked", "This player does not accept you.", "Этот игрок вас не принимает.")
BLOCKED_BY_YOU = Rejection(
    "you_blocked",
    "You have blocked this player; unblock first.",
    "Вы заблокировали этого игрока — сначала разблокируйте.",
)


async def _target_by_callsign(social: Social, raw: str) -> str:
    key = callsigns.key_of(callsigns.normalize(raw))
    found = await social.pool.fetchval("SELECT account_id FROM accounts WHERE callsign_key = $1", key)
    if found is None:
        raise Refused(PLAYER_NOT_FOUND)
    return found


async def add_edge(tx: Transaction, account_id: str, friend_id: str, via: str) -> bool | None:
    """Insert account→friend; None when it was there already, else whether it is mutual now."""
    inserted = await tx.conn.fetchval(
        """INSERT INTO social_friends (account_id, friend_id, via, created_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT DO NOTHING RETURNING true""",
        account_id,
        friend_id,
        via,
        tx.social.clock.now(),
    )
    if not inserted:
        return None
    mutual = bool(
        await tx.conn.fetchval(
            "SELECT true FROM social_friends WHERE account_id = $1 AND friend_id = $2", friend_id, account_id
        )
    )
    await tx.emit(account_id, FriendAdded(account_id=account_id, friend_id=friend_id, mutual=mutual, via=via))
    return mutual


async def remove_edge(tx: Transaction, account_id: str, friend_id: str, reason: str) -> bool:
    deleted = await tx.conn.fetchval(
        "DELETE FROM social_friends WHERE account_id = $1 AND friend_id = $2 RETURNING true",
        account_id,
        friend_id,
    )
    if deleted:
        await tx.emit(account_id, FriendRemoved(account_id=account_id, friend_id=friend_id, reason=reason))
    return bool(deleted)


async def add_friend(social: Social, cmd: AddFriend) -> dict[str, Any]:
    target = (
        cmd.friend_id if cmd.friend_id is not None else await _target_by_callsign(social, cmd.callsign or "")
    )
    if target == cmd.account_id:
        raise Refused(SELF)
    async with social.transaction() as tx:
        rows = await tx.lock_accounts(cmd.account_id, target)
        i_blocked, they_blocked = await tx.blocked_between(cmd.account_id, target)
        if they_blocked:
            raise Refused(BLOCKED_BY_THEM)
        if i_blocked:
            raise Refused(BLOCKED_BY_YOU)
        mutual = await add_edge(tx, cmd.account_id, target, "search" if cmd.callsign is not None else "chart")
        if mutual is None:
            mutual = bool(
                await tx.conn.fetchval(
                    "SELECT true FROM social_friends WHERE account_id = $1 AND friend_id = $2",
                    target,
                    cmd.account_id,
                )
            )
            return ok(friend=_brief(rows[target]), mutual=mutual, added=False)
    return ok(friend=_brief(rows[target]), mutual=mutual, added=True)


async def remove_friend(social: Social, cmd: RemoveFriend) -> dict[str, Any]:
    async with social.transaction() as tx:
        await tx.lock_account(cmd.account_id)
        removed = await remove_edge(tx, cmd.account_id, cmd.friend_id, "removed")
    return ok(removed=removed)


async def list_friends(social: Social, cmd: ListFriends) -> dict[str, Any]:
    """`friends`: whom I added (⇄ when they added me too); `added_you`: who added me and I did not add.
    Accounts that blocked me, or that I blocked, are in neither."""
    rows = await social.pool.fetch(
        """WITH mine AS (SELECT friend_id AS other FROM social_friends WHERE account_id = $1),
                theirs AS (SELECT account_id AS other FROM social_friends WHERE friend_id = $1),
                blocks AS (SELECT blocked_id AS other FROM social_blocks WHERE account_id = $1
                           UNION SELECT account_id FROM social_blocks WHERE blocked_id = $1)
           SELECT a.account_id, a.callsign,
                  a.account_id IN (SELECT other FROM mine) AS added,
                  a.account_id IN (SELECT other FROM theirs) AS added_me
           FROM accounts a
           WHERE (a.account_id IN (SELECT other FROM mine) OR a.account_id IN (SELECT other FROM theirs))
             AND a.account_id NOT IN (SELECT other FROM blocks)
           ORDER BY lower(a.callsign) NULLS LAST, a.account_id""",
        cmd.account_id,
    )
    blocked = await social.pool.fetch(
        """SELECT a.account_id, a.callsign FROM social_blocks b JOIN accounts a ON a.account_id = b.blocked_id
           WHERE b.account_id = $1 ORDER BY b.created_at""",
        cmd.account_id,
    )
    return ok(
        friends=[{**_brief(r), "mutual": r["added_me"]} for r in rows if r["added"]],
        added_you=[_brief(r) for r in rows if r["added_me"] and not r["added"]],
        blocked=[_brief(r) for r in blocked],
    )


async def search_players(social: Social, cmd: SearchPlayers) -> dict[str, Any]:
    """Players whose callsign starts with the query (case- and look-alike-insensitively), except me and
    those who blocked me."""
    key = callsigns.key_of(callsigns.normalize(cmd.query))
    number = generated_number_in(cmd.query)  # «Эхонавт-8289»: the name shown for a player without a callsign
    rows = await social.pool.fetch(
        """SELECT a.account_id, a.callsign,
                  EXISTS (SELECT 1 FROM social_friends f
                          WHERE f.account_id = $1 AND f.friend_id = a.account_id) AS added
           FROM accounts a
           WHERE (a.callsign_key IS NOT NULL AND starts_with(a.callsign_key, $2)
                  OR a.callsign_key IS NULL AND a.generated_no = $4) AND a.account_id <> $1
             AND NOT EXISTS (SELECT 1 FROM social_blocks b
                             WHERE b.account_id = a.account_id AND b.blocked_id = $1)
           ORDER BY length(a.callsign), lower(a.callsign) LIMIT $3""",
        cmd.account_id,
        key,
        cmd.limit,
        number,
    )
    # a player without a callsign is found under the generated name others see
    return ok(players=[{**_brief(r), "callsign": display_callsign(r["account_id"], r["callsign"]), "added": r["added"]}
                       for r in rows])


async def block_player(social: Social, cmd: BlockPlayer) -> dict[str, Any]:
    if cmd.target_id == cmd.account_id:
        raise Refused(SELF)
    async with social.transaction() as tx:
        await tx.lock_accounts(cmd.account_id, cmd.target_id)
        inserted = await tx.conn.fetchval(
            """INSERT INTO social_blocks (account_id, blocked_id, created_at) VALUES ($1, $2, $3)
               ON CONFLICT DO NOTHING RETURNING true""",
            cmd.account_id,
            cmd.target_id,
            social.clock.now(),
        )
        if not inserted:
            return ok(blocked=True, changed=False)
        await tx.emit(cmd.account_id, PlayerBlocked(account_id=cmd.account_id, blocked_id=cmd.target_id))
        await remove_edge(tx, cmd.account_id, cmd.target_id, "blocked")
        await remove_edge(tx, cmd.target_id, cmd.account_id, "blocked")
    return ok(blocked=True, changed=True)


async def unblock_player(social: Social, cmd: UnblockPlayer) -> dict[str, Any]:
    async with social.transaction() as tx:
        await tx.lock_account(cmd.account_id)
        deleted = await tx.conn.fetchval(
            "DELETE FROM social_blocks WHERE account_id = $1 AND blocked_id = $2 RETURNING true",
            cmd.account_id,
            cmd.target_id,
        )
        if deleted:
            await tx.emit(
                cmd.account_id, PlayerUnblocked(account_id=cmd.account_id, blocked_id=cmd.target_id)
            )
    return ok(blocked=False, changed=bool(deleted))


def _brief(row: Any) -> dict[str, Any]:
    return {"account_id": row["account_id"], "callsign": row["callsign"]}
