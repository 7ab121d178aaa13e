"""League week groups (echo-challenge.md §17): joining a group, and the week's results in one set-based statement.

Membership is a pure function of the facts, so a rebuild in any consumer order gives the same groups:
a player is a member of week W once he has a counted Daily (≥ 1 Credit) of W that is in the Chart; he
joins his league's groups (the league of that first game) at `join_at` = the later of that game's
finish and his e-mail confirmation. Within (week, league) members are ordered by (join_at, account_id):
`pos` 1, 2, 3, … and groups of ten fill in that order (`group_no = (pos - 1) / 10`). Normally a newcomer
joins at the end (an O(log n) look-up); an event that arrives late shifts only the members after it.

Every game creation and finish, every e-mail confirmation, every change to members and every settlement
runs under one transaction-scoped advisory lock: the games and accounts consumers never interleave on a
partition, a confirmation and a new game always see one another, and a week never settles half-seen.
"""

from __future__ import annotations

from datetime import date

import asyncpg

LEAGUE_ORDER = ("bronze", "silver", "gold", "platinum")
GROUP_SIZE = 10
_LOCK_KEY = 7_215_301


def group_id(week_start: date, league: str, group_no: int) -> str:
    """Public id of a group: «2026-11-23:bronze:1» (groups numbered from 1)."""
    return f"{week_start.isoformat()}:{league}:{group_no + 1}"


def parse_group_id(value: str) -> tuple[date, str, int]:
    week, league, number = value.split(":")
    if league not in LEAGUE_ORDER or int(number) < 1:
        raise ValueError(value)
    return date.fromisoformat(week), league, int(number) - 1


async def lock(conn: asyncpg.Connection) -> None:
    await conn.execute("SELECT pg_advisory_xact_lock($1)", _LOCK_KEY)


async def refresh_membership(conn: asyncpg.Connection, account_id: str, week_start: date) -> None:
    """Bring the player's membership of `week_start` in line with the facts (call under `lock`)."""
    first = await conn.fetchrow(
        """SELECT g.league, GREATEST(g.finished_at, a.confirmed_at) AS join_at
           FROM leagues_games g JOIN leagues_accounts a USING (account_id)
           WHERE g.account_id = $1 AND g.week_start = $2 AND g.in_chart AND g.credits > 0
           ORDER BY g.finished_at, g.game_id LIMIT 1""",
        account_id,
        week_start,
    )
    if first is None:
        return
    existing = await conn.fetchrow(
        "SELECT league, join_at, pos FROM leagues_members WHERE week_start = $1 AND account_id = $2",
        week_start,
        account_id,
    )
    if existing is not None:
        if existing["league"] == first["league"] and existing["join_at"] == first["join_at"]:
            return
        await conn.execute(
            "DELETE FROM leagues_members WHERE week_start = $1 AND account_id = $2", week_start, account_id
        )
        await conn.execute(
            """UPDATE leagues_members SET pos = pos - 1, group_no = (pos - 2) / $4
               WHERE week_start = $1 AND league = $2 AND pos > $3""",
            week_start,
            existing["league"],
            existing["pos"],
            GROUP_SIZE,
        )
    league, join_at = first["league"], first["join_at"]
    before = await conn.fetchval(
        """SELECT pos FROM leagues_members
           WHERE week_start = $1 AND league = $2 AND (join_at, account_id) < ($3, $4)
           ORDER BY join_at DESC, account_id DESC LIMIT 1""",
        week_start,
        league,
        join_at,
        account_id,
    )
    pos = (before or 0) + 1
    await conn.execute(
        """UPDATE leagues_members SET pos = pos + 1, group_no = pos / $4
           WHERE week_start = $1 AND league = $2 AND pos >= $3""",
        week_start,
        league,
        pos,
        GROUP_SIZE,
    )
    await conn.execute(
        """INSERT INTO leagues_members (week_start, account_id, league, join_at, pos, group_no)
           VALUES ($1, $2, $3, $4, $5, $6)""",
        week_start,
        account_id,
        league,
        join_at,
        pos,
        (pos - 1) // GROUP_SIZE,
    )


#: One statement over all groups of a week: sums (a missed day is 0), places, moves, and the leagues of the
#: players who move (a player without a row is in Bronze, where everyone starts).
#: Week ties: more Credits, more clean openings, fewer ticks, earlier join.
SETTLE_SQL = """
WITH sums AS (
    SELECT m.account_id, m.league, m.group_no, m.join_at,
           COALESCE(SUM(g.credits), 0)::int AS credits,
           COALESCE(SUM(g.clean), 0)::int   AS clean,
           COALESCE(SUM(g.ticks), 0)::int   AS ticks
    FROM leagues_members m
    LEFT JOIN leagues_games g
           ON g.account_id = m.account_id AND g.week_start = m.week_start AND g.in_chart AND g.credits > 0
    WHERE m.week_start = $1
    GROUP BY m.account_id, m.league, m.group_no, m.join_at
), ranked AS (
    SELECT s.*,
           row_number() OVER (PARTITION BY s.league, s.group_no
                              ORDER BY s.credits DESC, s.clean DESC, s.ticks, s.join_at, s.account_id)
               AS place,
           count(*) OVER (PARTITION BY s.league, s.group_no) AS size,
           array_position($2::text[], s.league) AS level
    FROM sums s
), decided AS (
    SELECT r.*,
           CASE WHEN r.place <= 3 AND r.level < cardinality($2::text[]) THEN ($2::text[])[r.level + 1]
                WHEN r.level > 1 AND ((r.size >= 9 AND r.place > r.size - 2)
                                      OR (r.size BETWEEN 6 AND 8 AND r.place > r.size - 1))
                     THEN ($2::text[])[r.level - 1]
                ELSE r.league END AS league_after
    FROM ranked r
), stored AS (
    INSERT INTO leagues_results
           (week_start, account_id, league, group_no, group_size, place, credits, league_after)
    SELECT $1, account_id, league, group_no, size, place, credits, league_after FROM decided
    ON CONFLICT (week_start, account_id) DO NOTHING
    RETURNING account_id, league_after
)
INSERT INTO leagues_players (account_id, league, since_week)
SELECT s.account_id, s.league_after, $1::date + 7
FROM stored s LEFT JOIN leagues_players p ON p.account_id = s.account_id
WHERE s.league_after <> COALESCE(p.league, 'bronze')  -- only those who move: a row means "since when"
ON CONFLICT (account_id) DO UPDATE SET league = EXCLUDED.league, since_week = EXCLUDED.since_week
WHERE leagues_players.since_week <= EXCLUDED.since_week
"""


async def settle_ready_weeks(conn: asyncpg.Connection) -> list[date]:
    """Settle closed weeks, oldest first, once none of their games is live (call under `lock`).

    A week closes (LeagueWeekClosed) right after Sunday's Dailies close, while the engine is still
    expiring their live games; the results wait until the last of those games has finished."""
    settled = []
    weeks = await conn.fetch("SELECT week_start FROM leagues_weeks WHERE NOT settled ORDER BY week_start")
    for row in weeks:
        week = row["week_start"]
        if await conn.fetchval("SELECT 1 FROM leagues_games WHERE week_start = $1 AND status = 'live' LIMIT 1", week):
            break
        await settle_week(conn, week)
        await conn.execute("UPDATE leagues_weeks SET settled = true WHERE week_start = $1", week)
        settled.append(week)
    return settled


async def settle_week(conn: asyncpg.Connection, week_start: date) -> None:
    """One statement over every group of the week (call inside a transaction)."""
    await conn.execute("SET LOCAL work_mem = '256MB'")  # sums and sorts of a million members stay in memory
    await conn.execute(SETTLE_SQL, week_start, list(LEAGUE_ORDER))
