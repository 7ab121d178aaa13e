"""«Реванш»: after a two-player table's game is over, either player offers a rematch and the other accepts; the
rematch is a new table of the same kind and settings with the two players already seated, the seats swapped.

Both steps are the action `{"type": "rematch"}` on the finished table (the engine's own: it never reaches the
rules, which refuse every action once their game is over). The first is the offer: `RematchOffered` on the
finished table, which every seat's view then shows (`table.rematch.by`). The other player's is the acceptance:
the new table is opened (its id follows from the finished one's, so there is one rematch per match and a retry
opens nothing twice) and `RematchOpened` on the finished table tells both pages where it is
(`table.rematch.game_id`). Only the two people of a finished table of two may ask (no bot, not one device); a
player's own offer asked again changes nothing; one held at another live table of a kind that keeps a player at
one table at a time (`already_in_game`) is refused and the offer stays."""

from __future__ import annotations

import hashlib
import secrets
from contextlib import AsyncExitStack
from datetime import datetime

from echo_events.model import Event
from echo_events.moscow import moscow_date
from echo_events.play import (
    Act,
    GameCreated,
    PlayError,
    PlayReply,
    RematchOffered,
    RematchOpened,
    SeatTaken,
    server_command_id,
)

from .store import LoadedGame
from .tables import Decision, Tables

REMATCH = "rematch"  # the action's type: the engine's, on a finished table
REMATCH_EVENTS = (RematchOffered, RematchOpened)  # the table's, after its game: no step of the game's replay
_ACCEPTED = PlayReply(ok=True)  # the decision on the finished table when the other player had offered


def refuse(code: str, message: str) -> PlayReply:
    return PlayReply(ok=False, error=PlayError(code=code, message=message))


def is_rematch(request: Act) -> bool:
    return request.action.get("type") == REMATCH


def rematch_id(game_id: str) -> str:
    """The rematch's table id: the same for every request about this finished table."""
    return "k" + hashlib.blake2b(f"rematch|{game_id}".encode(), digest_size=12).hexdigest()


def refusal(game: LoadedGame | None, account_id: str) -> PlayReply | None:
    """Why this account may not ask for a rematch of this table, if it may not."""
    if game is None or game.gone or game.rules.is_solo or game.seat_of(account_id) is None:
        return refuse("unknown_game", "there is no such game of yours")
    if game.state is None or not game.rules.is_over(game.state):
        return refuse("not_over", "a rematch is offered once the game is over")
    if game.meta.seats != 2 or len(game.roster) != 2 or game.bots or game.roster[0] == game.roster[1]:
        return refuse("no_rematch", "a rematch is for a table of two players, each on his own device")
    return None


class Rematches:
    def __init__(self, tables: Tables, occupancy: object) -> None:
        self._tables = tables
        self._occupancy = occupancy

    async def ask(self, request: Act) -> PlayReply:
        """An offer, or the acceptance of the other player's: the asker's view of the finished table after an
        offer, of the rematch once it is open."""
        account = request.account_id

        def offer(game: LoadedGame | None, now: datetime) -> Decision:
            refused = refusal(game, account)
            if refused is not None:
                return refused
            assert game is not None
            seat = game.seat_of(account)
            if game.rematch is not None or (game.rematch_by is not None and game.rematch_by != seat):
                return _ACCEPTED
            if game.rematch_by == seat:  # asked again: his offer stands
                return self._tables.reply(game, account, duplicate=True)
            return [RematchOffered(seat=seat)]

        outcome = await self._tables.command(request.game_id, request.command_id, offer, account_id=account)
        if outcome is _ACCEPTED:
            return await self._open(request.game_id, account)
        return outcome if isinstance(outcome, PlayReply) else self._tables.reply(outcome, account)

    async def _open(self, game_id: str, account: str) -> PlayReply:
        finished = await self._tables.store.load(game_id)
        assert finished is not None
        rules, new_id = finished.rules, rematch_id(game_id)
        first, second = finished.roster[1], finished.roster[0]  # the seats swapped

        def create(game: LoadedGame | None, now: datetime) -> Decision:
            if game is not None:  # opened already (a retry): nothing to do
                return []
            meta = GameCreated(game_id=new_id, account_id=first, mode="table",
                               msk_date=moscow_date(now).isoformat(), kind=finished.meta.kind, seats=2,
                               settings=dict(finished.meta.settings or {}), invite=secrets.token_urlsafe(12))
            seated: list[Event] = [SeatTaken(seat=0, account_id=first), SeatTaken(seat=1, account_id=second)]
            return self._tables.opening(rules, meta, seated, now)

        async with AsyncExitStack() as held:
            claims = []
            if rules.one_table_at_a_time:  # in a fixed order: two acceptances never wait for each other
                for player in sorted({first, second}):
                    claim = await held.enter_async_context(self._occupancy.claim(player, finished.meta.kind))
                    if claim.current not in (None, game_id, new_id) and await self._holds(claim.current, player):
                        return refuse("already_in_game", "one of you is in another game of this kind")
                    claims.append(claim)
            opened = await self._tables.command(new_id, server_command_id("rematch", game_id), create)
            if isinstance(opened, PlayReply) and not opened.ok:
                return opened
            for claim in claims:
                await claim.take(new_id)

        def tell(game: LoadedGame | None, now: datetime) -> Decision:
            return [] if game is None or game.rematch is not None else [RematchOpened(game_id=new_id)]

        await self._tables.command(game_id, server_command_id("rematch-opened", game_id), tell)
        rematch = await self._tables.store.load(new_id)
        assert rematch is not None
        return self._tables.reply(rematch, account)

    async def _holds(self, game_id: str, account_id: str) -> bool:
        """That other table still holds this account (read from the stream too: the cache may be behind)."""
        for load in (self._tables.store.load, self._tables.store.refold):
            game = await load(game_id)
            seat = None if game is None or game.gone else game.seat_of(account_id)
            if seat is None or game.state is None or not game.rules.occupies(game.state, seat):
                return False
        return True

