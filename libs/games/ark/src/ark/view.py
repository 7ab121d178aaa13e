"""What one player (or a spectator) may see of a room (docs/games/ark.md, "What each player sees").

Shown: revealed cards, one's own seven cards, who has voted, tallies once complete, one's own ballots.
Never: another's hidden card, any voter's choice, the seed, the deck order, undealt cards.
arkctl prints this view; an engine table sends `online.view`: the same in shorter words, less what §5 of
docs/games/ark.md names (past tallies while the game is on, one's past ballots).
"""

from __future__ import annotations

from typing import Any

from . import chat
from .catalogue import CATEGORIES
from .state import Player, Room, Step, Tally


def number(value: float | None) -> float | int | None:
    """Seconds as JSON shows them: 90 rather than 90.0."""
    if value is None:
        return None
    return int(value) if float(value).is_integer() else value


def incidents_began(room: Room) -> bool:
    return room.settings.mode == "survival" and any(p.incidents for p in room.players)


def _player(room: Room, player: Player, incidents: bool) -> dict[str, Any]:
    shown = {c: player.card(c) for c in CATEGORIES if c in player.shown}
    entry: dict[str, Any] = {
        "id": player.id, "nick": player.nick, "ready": player.ready, "connected": player.connected,
        "departed": player.departed, "exiled": player.exiled, "alive": player.alive, "cards": shown,
    }
    if incidents:
        entry["incidents"] = list(player.incidents) if player.incidents_shown else None
    if not player.alive:
        entry["remaining"] = {"baggage": player.card("baggage")}
    return entry


def step_shown(step: Step) -> dict[str, Any]:
    shown: dict[str, Any] = {"id": step.id, "kind": step.kind, "player": step.player,
                             "deadline": number(step.deadline)}
    if step.kind == "prepare":
        shown["prepared"] = list(step.requested)
    elif step.kind == "common_discussion":
        shown["requested"] = list(step.requested)
    elif step.kind == "incident_discussion":
        shown["cited"] = [{"player": citer, "card": card} for citer, card in step.cited]
    elif step.kind in ("exile_vote", "survival_vote", "kind_vote"):
        shown["voters"] = list(step.voters)
        shown["voted"] = list(step.voted)
        if step.kind == "exile_vote":
            shown["targets"] = list(step.targets)
        if step.kind != "survival_vote":
            shown["attempt"] = step.attempt
    return shown


def tally_shown(tally: Tally) -> dict[str, Any]:
    if tally.kind == "exile":
        return {"kind": "exile", "round": tally.round, "index": tally.index, "attempt": tally.attempt,
                "tally": dict(tally.counts), "abstained": tally.abstained, "result": tally.result}
    if tally.kind == "survival":
        chance = (200 * tally.s + tally.v) // (2 * tally.v)  # a whole percent, halves rounded up
        return {"kind": "survival", "subject": tally.subject, "s": tally.s, "v": tally.v, "chance": chance,
                "outcome": tally.result}
    return {"kind": "kind", "attempt": tally.attempt, "for": tally.s, "against": tally.v, "result": tally.result}


def _me(room: Room, seat: str) -> dict[str, Any]:
    player = room.find(seat)
    cards = {c: player.card(c) for c in CATEGORIES} if player is not None and player.cards else {}
    ballots = [{"ballot": b.ref, "choice": b.choice} for b in room.ballots if b.voter == seat]
    return {"id": seat, "cards": cards, "votes": ballots}


def view(room: Room, seat: str | None = None) -> dict[str, Any]:
    incidents = incidents_began(room)
    outcome = room.outcome
    shown: dict[str, Any] = {
        "phase": room.phase,
        "round": room.round,
        "owner": room.owner,
        "settings": room.settings.public(),
        "catalogue_version": room.catalogue.version,
        "catastrophe": room.catastrophe,
        "years": room.years,
        "turn_order": list(room.turn_order),
        "ark_cards": list(room.ark_cards),
        "players": [_player(room, p, incidents) for p in room.players],
        "step": None if room.step is None else step_shown(room.step),
        "exiled": list(room.exiled),
        "alive": [p.id for p in room.players if p.alive] if room.turn_order else [],
        "dead": [p.id for p in room.players if not p.alive],
        "votes": [tally_shown(t) for t in room.tallies],
        "kind": None if room.kind is None else {
            "candidates": list(room.kind.candidates),
            "hint_pairs": [list(pair) for pair in room.kind.hint_pairs],
            "result": room.kind.result,
        },
        "winners": None if outcome is None else list(outcome.winners),
        "results": None if outcome is None else dict(outcome.results),
        "ending": None if outcome is None else outcome.ending,
        "ending_card": None if outcome is None else outcome.ending_card,
    }
    if seat is not None:
        shown["me"] = _me(room, seat)
    talk = chat.shown(room, seat)
    if talk is not None:
        shown["chat"] = [{**line, "at": number(line["at"])} for line in talk]
        shown["muted"] = sorted(room.muted)
    return shown
