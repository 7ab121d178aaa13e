"""What one player (or a spectator) of an engine table sees of a room: what `view` shows (docs/games/ark.md,
"What each player sees"), written for the wire (§5, "The online view"); arkctl prints `view`, unchanged.

Every change goes to every seat as a whole view, so its size is paid sixteen times a change: cards are lists
of ids (the client reads a card's category from the catalogue it loads once), a player's marks and a tally's
abstentions appear only when they hold, a tally lists the targets that got votes, the finale's fields come
with the finale, and what the players' entries already say (turn order, alive, dead) is not said twice. Of
the tallies only the latest while the game is on: each reaches every seat as the latest when its vote
completes; once the game is over, all of them (`tallies`: the final screen shows every vote); of one's own
ballots the one in the open vote (he cast the others himself). So through
a 16-player game a frame stays within the 4 KiB of a socket's past that permessage-deflate keeps (its
window, as uvicorn sets it), and compresses as the little that changed since the socket's last frame.

The part everyone sees (`public_part`) is the rules contract's public part: the engine renders it once per state
and hands it to every seat's `view`. The views of one state share it, so nothing may change a view after it
is made.
"""

from __future__ import annotations

from typing import Any

from . import chat
from .catalogue import CATEGORIES
from .game import FINAL_SCREEN_SECONDS
from .state import Player, Room, Tally
from .view import incidents_began, number, step_shown, tally_shown

Public = tuple[dict[str, Any], list[dict[str, Any]]]


def _player(player: Player, incidents: bool) -> dict[str, Any]:
    entry: dict[str, Any] = {"id": player.id, "nick": player.nick,
                             "cards": [card for category, card in zip(CATEGORIES, player.cards, strict=False)
                                       if category in player.shown]}
    marks = (("ready", player.ready), ("away", not player.connected), ("departed", player.departed),
             ("exiled", player.exiled), ("dead", not player.alive))
    entry.update((mark, True) for mark, holds in marks if holds)
    if incidents:
        entry["incidents"] = list(player.incidents) if player.incidents_shown else None
    if not player.alive:
        entry["remaining"] = [player.card("baggage")]
    return entry


def _tally(tally: Tally) -> dict[str, Any]:
    if tally.kind != "exile":  # a survival or continuation tally: as arkctl shows it
        return tally_shown(tally)
    shown = {"kind": "exile", "round": tally.round, "index": tally.index, "attempt": tally.attempt,
             "tally": {target: n for target, n in tally.counts if n}, "result": tally.result}
    if tally.abstained:
        shown["abstained"] = tally.abstained
    return shown


def public_part(room: Room) -> Public:
    """What everyone sees of this state, and the chat lines its players see."""
    incidents = incidents_began(room)
    shown = {
        "phase": room.phase, "round": room.round, "owner": room.owner, "settings": room.settings.public(),
        "catalogue_version": room.catalogue.version, "catastrophe": room.catastrophe, "years": room.years,
        "ark_cards": list(room.ark_cards), "players": [_player(p, incidents) for p in room.players],
        "step": None if room.step is None else step_shown(room.step), "exiled": list(room.exiled),
        "tally": _tally(room.tallies[-1]) if room.tallies else None,
    }
    if room.kind is not None:
        shown["kind"] = {"candidates": list(room.kind.candidates),
                         "hint_pairs": [list(pair) for pair in room.kind.hint_pairs], "result": room.kind.result}
    if room.outcome is not None:
        outcome = room.outcome
        shown.update(winners=list(outcome.winners), results=dict(outcome.results), ending=outcome.ending,
                     ending_card=outcome.ending_card, tallies=[_tally(t) for t in room.tallies],  # the final screen's
                     deletes_at=number(outcome.finished_at + FINAL_SCREEN_SECONDS))  # its countdown
    talk = [{"player": line.player, "text": line.text, "at": number(line.at)} for line in room.chat[-chat.SHOWN:]]
    return shown, talk


def view(room: Room, seat: str | None = None, public: Public | None = None) -> dict[str, Any]:
    """`public`: this room's `public_part`, when the caller rendered it already for another seat."""
    shown, talk = public if public is not None else public_part(room)
    if seat is None:
        return shown
    player = room.find(seat)
    mine: dict[str, Any] = {"id": seat, "cards": list(player.cards) if player is not None else []}
    cast = dict(room.step.ballots) if room.step is not None else {}
    if seat in cast:
        mine["ballot"] = cast[seat]  # his choice in the open vote
    if not chat.reads(room, seat):
        return {**shown, "me": mine}
    return {**shown, "me": mine, "chat": talk, "muted": sorted(room.muted)}
