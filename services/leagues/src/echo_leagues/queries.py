"""Read queries of the leagues service: charts, day results, groups, a player's league, friends' scores.

Every function takes a pool (or connection) and plain values and returns JSON-ready dicts; the NATS
API (api.py) and the HTTP handlers (http.py) are thin shells around them.

Chart order (echo-challenge.md §16): more Credits, more clean openings, fewer ticks, earlier finish — as one
ascending key (-credits, -clean, ticks, finished_at) so a row comparison on the partial index
`leagues_games_chart` finds everyone ahead of a game. Places are ranks: exact ties share a place.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import asyncpg

from .callsigns import display_callsign
from .field import public_field, seed_proof
from .groups import LEAGUE_ORDER, group_id

OUT_OF_CHART_RU = "вне Чарта"
MAX_LIMIT = 500
_ORDER = "-g.credits, -g.clean, g.ticks, g.finished_at, g.game_id"
_KEY_ID = "(-g.credits, -g.clean, g.ticks, g.finished_at, g.game_id)"
_ORDER_DESC = "-g.credits DESC, -g.clean DESC, g.ticks DESC, g.finished_at DESC, g.game_id DESC"
_ROW = """g.game_id, g.account_id, g.status, g.credits, g.clean, g.lossy, g.orders, g.ticks, g.finished_at,
          g.in_chart, a.callsign"""


class NotFound(LookupError):
    code = "not_found"


class NotClosed(LookupError):
    code = "not_closed"


def _row(record: asyncpg.Record, place: int, viewer: str | None) -> dict[str, Any]:
    row: dict[str, Any] = {
        "place": place,
        "callsign": display_callsign(record["account_id"], record["callsign"]),
        "game_id": record["game_id"],
        "opened": record["clean"] + record["lossy"],
        "clean": record["clean"],
        "orders": record["orders"],
        "credits": record["credits"],
        "ticks": record["ticks"],
        "status": record["status"],
        "finished_at": record["finished_at"].isoformat(),
    }
    if viewer is not None and record["account_id"] == viewer:
        row["me"] = True
        if not record["in_chart"]:
            row["out_of_chart"] = True
            row["label_ru"] = OUT_OF_CHART_RU
    return row


async def daily_info(conn: asyncpg.Connection | asyncpg.Pool, league: str, day: dt.date) -> dict[str, Any]:
    record = await conn.fetchrow(
        "SELECT daily_id, number, name_ru, preset_id, closed_at FROM leagues_dailies WHERE league = $1 AND day = $2",
        league,
        day,
    )
    info: dict[str, Any] = {
        "league": league,
        "date": day.isoformat(),
        "daily_id": f"{day.isoformat()}:{league}",
        "number": None,
        "name_ru": None,
        "closed": False,
    }
    if record is not None:
        info.update(
            daily_id=record["daily_id"],
            number=record["number"],
            name_ru=record["name_ru"],
            closed=record["closed_at"] is not None,
        )
    return info


async def daily_card(pool: asyncpg.Pool, league: str, day: dt.date) -> dict[str, Any]:
    """What a Daily's image shows (number, name, preset, special changes): never its seed."""
    record = await pool.fetchrow(
        """SELECT daily_id, number, name_ru, name_en, preset_id, special FROM leagues_dailies
           WHERE league = $1 AND day = $2""",
        league,
        day,
    )
    if record is None:
        raise NotFound(f"no {league} Daily of {day.isoformat()}")
    special = record["special"]
    return {
        "daily_id": record["daily_id"],
        "league": league,
        "date": day.isoformat(),
        "number": record["number"],
        "name_ru": record["name_ru"],
        "name_en": record["name_en"],  # None for a Daily published before English names
        "preset_id": record["preset_id"],
        "special": json.loads(special) if isinstance(special, str) else special,
    }


async def chart(
    pool: asyncpg.Pool,
    league: str,
    day: dt.date,
    *,
    limit: int = 100,
    viewer: str | None = None,
    around: int = 5,
) -> dict[str, Any]:
    """The Chart of a league's Daily: the top `limit`; with a viewer, his own row and `around` rows either
    side of it. A viewer's game that is out of the Chart (no confirmed e-mail in its week) is shown to
    him alone, marked «вне Чарта», at the place it would have "for this hour"."""
    if league not in LEAGUE_ORDER:
        raise NotFound(f"unknown league {league!r}")
    limit = max(1, min(limit, MAX_LIMIT))
    async with pool.acquire() as conn:
        top = await conn.fetch(
            f"""SELECT {_ROW}, rank() OVER (ORDER BY -g.credits, -g.clean, g.ticks, g.finished_at) AS place
                FROM leagues_games g LEFT JOIN leagues_accounts a USING (account_id)
                WHERE g.league = $1 AND g.day = $2 AND g.in_chart AND g.credits > 0
                ORDER BY {_ORDER} LIMIT $3""",
            league,
            day,
            limit,
        )
        total = await conn.fetchval(
            "SELECT COALESCE(SUM(n), 0) FROM leagues_chart_counts WHERE league = $1 AND day = $2", league, day
        )
        result: dict[str, Any] = {
            "daily": await daily_info(conn, league, day),
            "total": total,
            "top": [_row(r, r["place"], viewer) for r in top],
            "me": None,
            "around": [],
        }
        if viewer is not None:
            mine = await conn.fetchrow(
                f"""SELECT {_ROW} FROM leagues_games g LEFT JOIN leagues_accounts a USING (account_id)
                    WHERE g.account_id = $1 AND g.league = $2 AND g.day = $3 AND g.credits > 0""",
                viewer,
                league,
                day,
            )
            if mine is not None:
                result["me"], result["around"] = await _around(conn, mine, league, day, viewer, around)
    return result


async def _around(
    conn: asyncpg.Connection, mine: asyncpg.Record, league: str, day: dt.date, viewer: str, around: int
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    key = (-mine["credits"], -mine["clean"], mine["ticks"], mine["finished_at"])
    # everyone with more Credits (from the per-Credit counts), then those ahead on the same Credits
    ahead = await conn.fetchval(
        """SELECT (SELECT COALESCE(SUM(n), 0) FROM leagues_chart_counts
                   WHERE league = $1 AND day = $2 AND credits > -$3::int)
                + (SELECT count(*) FROM leagues_games g
                   WHERE g.league = $1 AND g.day = $2 AND g.in_chart AND g.credits > 0
                     AND -g.credits = $3::int AND (-g.clean, g.ticks, g.finished_at) < ($4, $5, $6))""",
        league,
        day,
        *key,
    )
    place = ahead + 1
    me = _row(mine, place, viewer)
    before = await conn.fetch(
        f"""SELECT {_ROW} FROM leagues_games g LEFT JOIN leagues_accounts a USING (account_id)
            WHERE g.league = $1 AND g.day = $2 AND g.in_chart AND g.credits > 0
              AND {_KEY_ID} < ($3, $4, $5, $6, $7)
            ORDER BY {_ORDER_DESC} LIMIT $8""",
        league,
        day,
        *key,
        mine["game_id"],
        around,
    )
    after = await conn.fetch(
        f"""SELECT {_ROW} FROM leagues_games g LEFT JOIN leagues_accounts a USING (account_id)
            WHERE g.league = $1 AND g.day = $2 AND g.in_chart AND g.credits > 0
              AND {_KEY_ID} > ($3, $4, $5, $6, $7)
            ORDER BY {_ORDER} LIMIT $8""",
        league,
        day,
        *key,
        mine["game_id"],
        around,
    )
    rows = [*reversed(before), mine, *after]
    index = len(before)
    places = [0] * len(rows)
    places[index] = place
    for i in range(index - 1, -1, -1):  # upwards: a tie with the row below shares its place
        places[i] = places[i + 1] if _same(rows[i], rows[i + 1]) else place - (index - i)
    for i in range(index + 1, len(rows)):
        places[i] = places[i - 1] if _same(rows[i], rows[i - 1]) else place + (i - index)
    return me, [_row(r, p, viewer) for r, p in zip(rows, places, strict=True)]


def _same(a: asyncpg.Record, b: asyncpg.Record) -> bool:
    return all(a[k] == b[k] for k in ("credits", "clean", "ticks", "finished_at"))


async def day_results(
    pool: asyncpg.Pool, league: str, day: dt.date, *, limit: int = 100, viewer: str | None = None
) -> dict[str, Any]:
    """Day results (Итоги дня): the final Chart and the past day's field, only once the Daily closed."""
    daily = await pool.fetchrow("SELECT * FROM leagues_dailies WHERE league = $1 AND day = $2", league, day)
    if daily is None:
        raise NotFound(f"no Daily of {league} on {day}")
    if daily["closed_at"] is None:
        raise NotClosed("the Day results come out when the next Daily does")
    result = await chart(pool, league, day, limit=limit, viewer=viewer)
    result["field"] = public_field(daily)
    result["seed_proof"] = seed_proof(daily)
    result["game_of_the_day"] = result["top"][0]["game_id"] if result["top"] and league == "bronze" else None
    return result


async def leader_game(pool: asyncpg.Pool, day: dt.date) -> tuple[str, str] | None:
    """The Bronze leader's game of a closed Daily: (game_id, callsign), None if nobody counted."""
    closed = await pool.fetchval("SELECT closed_at FROM leagues_dailies WHERE league = 'bronze' AND day = $1", day)
    if closed is None:
        raise NotClosed("the Game of the day is shown once the Daily has closed")
    record = await pool.fetchrow(
        f"""SELECT g.game_id, g.account_id, a.callsign FROM leagues_games g
            LEFT JOIN leagues_accounts a USING (account_id)
            WHERE g.league = 'bronze' AND g.day = $1 AND g.in_chart AND g.credits > 0
            ORDER BY {_ORDER} LIMIT 1""",
        day,
    )
    if record is None:
        return None
    return record["game_id"], display_callsign(record["account_id"], record["callsign"])


# --- groups and leagues --------------------------------------------------------------------------------

_STANDINGS = """
SELECT m.account_id, a.callsign, m.join_at,
       COALESCE(SUM(g.credits), 0)::int AS credits, COALESCE(SUM(g.clean), 0)::int AS clean,
       COALESCE(SUM(g.ticks), 0)::int AS ticks,
       COALESCE(jsonb_object_agg(g.day::text, g.credits) FILTER (WHERE g.game_id IS NOT NULL), '{}') AS days
FROM leagues_members m
LEFT JOIN leagues_accounts a ON a.account_id = m.account_id
LEFT JOIN leagues_games g
       ON g.account_id = m.account_id AND g.week_start = m.week_start AND g.in_chart AND g.credits > 0
WHERE m.week_start = $1 AND m.league = $2 AND m.group_no = $3
GROUP BY m.account_id, a.callsign, m.join_at
ORDER BY credits DESC, clean DESC, ticks, m.join_at, m.account_id
"""


async def group_standings(pool: asyncpg.Pool, week_start: dt.date, league: str, group_no: int) -> dict[str, Any]:
    """A group's standings: live sums during the week (a missed day is 0), the final ones once settled."""
    import json

    rows = await pool.fetch(_STANDINGS, week_start, league, group_no)
    if not rows:
        raise NotFound("no such group")
    final = {
        r["account_id"]: r
        for r in await pool.fetch(
            "SELECT account_id, place, league_after FROM leagues_results"
            " WHERE week_start = $1 AND league = $2 AND group_no = $3",
            week_start,
            league,
            group_no,
        )
    }
    days = [(week_start + dt.timedelta(days=i)).isoformat() for i in range(7)]
    members = []
    for place, r in enumerate(rows, start=1):
        by_day = json.loads(r["days"]) if isinstance(r["days"], str) else dict(r["days"])
        member: dict[str, Any] = {
            "place": final[r["account_id"]]["place"] if final else place,
            "callsign": display_callsign(r["account_id"], r["callsign"]),
            "credits": r["credits"],
            "days": [by_day.get(d, 0) for d in days],
        }
        if final:
            member["league_after"] = final[r["account_id"]]["league_after"]
        members.append(member)
    members.sort(key=lambda m: m["place"])
    return {
        "group_id": group_id(week_start, league, group_no),
        "week_start": week_start.isoformat(),
        "league": league,
        "settled": bool(final),
        "size": len(members),
        "days": days,
        "members": members,
    }


async def league_of(pool: asyncpg.Pool, account_id: str) -> str:
    """A player's league: Bronze until a week moved him."""
    return await pool.fetchval("SELECT league FROM leagues_players WHERE account_id = $1", account_id) or "bronze"


async def leagues_of(pool: asyncpg.Pool, account_ids: list[str]) -> dict[str, str]:
    """Each listed player's league (Bronze until a week moved him): whom a gateway sends a league's notices."""
    rows = await pool.fetch("SELECT account_id, league FROM leagues_players WHERE account_id = ANY($1)", account_ids)
    moved = {r["account_id"]: r["league"] for r in rows}
    return {account: moved.get(account, "bronze") for account in account_ids}


async def player(pool: asyncpg.Pool, account_id: str, today: dt.date) -> dict[str, Any]:
    """A player's league and his group and place this week, if any."""
    from echo_events.moscow import week_of

    league = await league_of(pool, account_id)
    week = week_of(today)
    member = await pool.fetchrow(
        "SELECT league, group_no FROM leagues_members WHERE week_start = $1 AND account_id = $2",
        week,
        account_id,
    )
    result: dict[str, Any] = {
        "account_id": account_id,
        "league": league,
        "week_start": week.isoformat(),
        "group": None,
    }
    if member is not None:
        standings = await pool.fetch(_STANDINGS, week, member["league"], member["group_no"])
        place = next(i for i, r in enumerate(standings, start=1) if r["account_id"] == account_id)
        result["group"] = {
            "group_id": group_id(week, member["league"], member["group_no"]),
            "league": member["league"],
            "place": place,
            "size": len(standings),
        }
    return result


async def friends_scores(
    pool: asyncpg.Pool, account_ids: list[str], today: dt.date, viewer: str | None = None
) -> list[dict[str, Any]]:
    """Credits today, yesterday and this week (Monday to today) of each listed account — the social
    service says who is a friend. Only games in the Chart count, except the viewer's own."""
    from echo_events.moscow import week_of

    yesterday = today - dt.timedelta(days=1)
    week = week_of(today)
    rows = await pool.fetch(
        """SELECT ids.account_id, a.callsign,
                  MAX(g.credits) FILTER (WHERE g.day = $2::date) AS today,
                  MAX(g.credits) FILTER (WHERE g.day = $3::date) AS yesterday,
                  COALESCE(SUM(g.credits) FILTER (WHERE g.week_start = $4::date AND g.day <= $2::date),
                           0)::int AS week
           FROM unnest($1::text[]) AS ids(account_id)
           LEFT JOIN leagues_accounts a ON a.account_id = ids.account_id
           LEFT JOIN leagues_games g
                  ON g.account_id = ids.account_id AND g.day BETWEEN LEAST($3::date, $4::date) AND $2::date
                 AND g.status <> 'live' AND (g.in_chart OR g.account_id = $5::text)
           GROUP BY ids.account_id, a.callsign""",
        list(dict.fromkeys(account_ids)),
        today,
        yesterday,
        week,
        viewer,
    )
    order = {a: i for i, a in enumerate(dict.fromkeys(account_ids))}
    return sorted(
        (
            {
                "account_id": r["account_id"],
                "callsign": display_callsign(r["account_id"], r["callsign"]),
                "today": r["today"],
                "yesterday": r["yesterday"],
                "week": r["week"],
            }
            for r in rows
        ),
        key=lambda s: order[s["account_id"]],
    )
