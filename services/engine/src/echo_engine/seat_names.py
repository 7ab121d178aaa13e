"""Who sits at a table, as every seat's view shows it: a person's callsign (and, in a rated room, his rating
if he is registered: a guest is never rated), a bot's level — never an account id. Looked up once per table
and roster on this replica (the accounts and ratings projections are in PostgreSQL, the views are rendered
synchronously), so a view rendered before the look-up — a replica that has not yet seen the table since it
started — has no names and the client falls back to «Игрок N». A rating is the one at the look-up: an account
plays one rated match at a time, so it does not change during the match; the next table looks it up again."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any

from echo_events.callsigns import display_callsign
from echo_runtime.db import connection
from echo_runtime.lru import Lru

from . import ratings
from .accounts import names
from .store import LoadedGame

CAPACITY = 512  # tables
#: account ids → (callsign, rating or None), for the people of a table of this kind
Lookup = Callable[[list[str], LoadedGame], Awaitable[dict[str, tuple[str, int | None]]]]


async def generated(accounts: list[str], game: LoadedGame) -> dict[str, tuple[str, int | None]]:
    """A pipeline without a database: every account's generated callsign, no rating."""
    return {account: (display_callsign(account, None), None) for account in accounts}


class SeatNames:
    def __init__(self, lookup: Lookup = generated, capacity: int = CAPACITY) -> None:
        self._lookup = lookup
        self._kept: Lru[str, tuple[tuple[str, ...], dict[str, tuple[str, int | None]]]] = Lru(capacity)

    async def load(self, game: LoadedGame) -> None:
        """Looks up the table's people unless this roster's are known."""
        if game.rules.is_solo or not game.roster:
            return
        kept = self._kept.get(game.game_id)
        if kept is not None and kept[0] == game.roster:
            return
        bots = dict(game.bots)
        people = sorted({account for seat, account in enumerate(game.roster) if seat not in bots})
        self._kept.put(game.game_id, (game.roster, await self._lookup(people, game) if people else {}))

    def of(self, game: LoadedGame) -> list[dict[str, Any]] | None:
        """Each taken seat, in order: {"name", "rating"?} for a person, {"bot": level} for a bot; None when
        this roster has not been looked up."""
        kept = self._kept.get(game.game_id)
        if kept is None or kept[0] != game.roster:
            return None
        bots, found = dict(game.bots), kept[1]
        players: list[dict[str, Any]] = []
        for seat, account in enumerate(game.roster):
            if seat in bots:
                players.append({"bot": bots[seat]})
                continue
            name, rating = found[account]
            players.append({"name": name} if rating is None else {"name": name, "rating": rating})
        return players


def from_projections(pool: Any, nc: Any) -> Lookup:
    """The callsigns from the accounts projection; in a room of a rated kind that counts, the rating of each
    registered account (an e-mail confirmed: only those are rated) from the ratings projection."""

    async def lookup(accounts: list[str], game: LoadedGame) -> dict[str, tuple[str, int | None]]:
        async with connection(pool) as conn:  # a join's: its seat's claim holds one already
            named = await names(conn, accounts)
            rated: dict[str, int] = {}
            if game.rules.rating.counts(game.meta.settings or {}):
                now = datetime.now(UTC)
                registered = [account for account in accounts if await ratings.registered_at(nc, account, now)]
                rated = await ratings.ratings_of(conn, game.rules.kind, registered) if registered else {}
        return {account: (named[account], rated.get(account)) for account in accounts}

    return lookup
