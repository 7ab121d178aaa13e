"""Whole games between agents of one policy, and the aggregate figures of many (the balance run)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from echo_events.game_rules import Refused

from ..catalogue import CARDS
from ..commands import CreateGame
from ..effects import FACTIONS
from ..events import EotEvent
from ..game import play, start
from ..scoring import formula_value, scoring_fellowship
from ..script import line_of
from ..state import Table
from .agent import Agent, actor

MAX_COMMANDS = 20_000


@dataclass
class SelfPlay:
    table: Table
    events: list[EotEvent]
    policies: dict[str, str]
    lines: list[str] = field(default_factory=list)
    rejections: list[dict[str, Any]] = field(default_factory=list)
    stalled: bool = False


def players_of(n: int) -> list[str]:
    return [f"p{i + 1}" for i in range(n)]


def seat_policies(policy: str | Sequence[str], players: int, rotation: int = 0) -> dict[str, str]:
    """The policy of every seat: one for all, or a list given from p1 on and repeated (`balanced,random`);
    `rotation` moves every policy that many seats on (game k of a mixed run uses k, so each policy sits in
    every seat equally often)."""
    chosen = [policy] if isinstance(policy, str) else list(policy)
    if not chosen:
        raise ValueError("no policy given")
    seats = players_of(players)
    return {player: chosen[(i - rotation) % players % len(chosen)] for i, player in enumerate(seats)}


def self_play(policy: str | Sequence[str], players: int, seed: str, rotation: int = 0) -> SelfPlay:
    """A whole game; seats sharing a policy share one agent (its chance stream is `agent|<policy>|<seed>`)."""
    table, events = start(CreateGame(game_id=seed, players=tuple(players_of(players)), seed=seed))
    policies = seat_policies(policy, players, rotation)
    agents = {name: Agent(name, seed, players_of(players)) for name in dict.fromkeys(policies.values())}
    game = SelfPlay(table, list(events), policies)
    while not game.table.over:
        if len(game.lines) >= MAX_COMMANDS:
            game.stalled = True
            break
        player = actor(game.table)
        assert player is not None, "nobody is to act"
        command = agents[policies[player]].command(game.table)
        line = line_of(game.table, command)
        game.lines.append(line)
        outcome = play(game.table, command)
        if isinstance(outcome, Refused):
            game.rejections.append({"line": len(game.lines), "command": line, "code": outcome.code,
                                    "message": outcome.message})
            break
        game.table, new = outcome
        game.events += new
    return game


def main_faction(table: Table, player: str) -> str:
    counts = Counter(CARDS[c].faction for c in scoring_fellowship(table, player))
    return max(FACTIONS, key=lambda f: (counts[f], -FACTIONS.index(f)))


def _percent(part: float, whole: int) -> float:
    return round(100.0 * part / whole, 1) if whole else 0.0


def aggregate(games: list[SelfPlay], crashes: int) -> dict[str, Any]:
    """Rounds, first flags, seat (round-1 order) and main-faction win rates, ★ VP per card, shared wins."""
    done = [g for g in games if g.table.result is not None and not g.stalled]
    rounds = sorted(g.table.round for g in done)
    first_flags: Counter[str] = Counter()
    seat_wins: Counter[int] = Counter()
    faction_games: Counter[str] = Counter()
    faction_wins: Counter[str] = Counter()
    policy_wins: Counter[str] = Counter()
    star_vp, star_cards, shared = 0, 0, 0
    for game in done:
        table, result = game.table, game.table.result
        assert result is not None
        raised = sorted((r, f) for f, r in table.flags.items() if r is not None)
        if raised:
            first_flags[_first_flag(game.events)] += 1
        winners = result["winners"]
        shared += len(winners) > 1
        first = next(e.first_player for e in game.events if type(e).__name__ == "GameStarted")
        order = [s.id for s in table.seats]
        start_at = order.index(first)
        for seat in table.seats:
            share = 1 / len(winners) if seat.id in winners else 0.0
            seat_wins[(order.index(seat.id) - start_at) % len(order)] += share
            faction = main_faction(table, seat.id)
            faction_games[faction] += 1
            faction_wins[faction] += share
            policy_wins[game.policies[seat.id]] += share
            cards = scoring_fellowship(table, seat.id)
            stars = [c for c in cards if CARDS[c].effect.kind == "score"]
            star_cards += len(stars)
            star_vp += sum(formula_value(CARDS[c].effect, cards) for c in stars)
    n = len(done)
    return {
        "games": len(games) + crashes, "finished": n, "crashes": crashes,
        "stalls": sum(g.stalled for g in games), "agent_rejections": sum(len(g.rejections) for g in games),
        "rounds": {"mean": round(sum(rounds) / n, 2) if n else None,
                   "p10": rounds[n // 10] if n else None, "p90": rounds[(9 * n) // 10 - 1] if n else None},
        "first_flag_pct": {f: _percent(first_flags[f], n) for f in ("A", "B", "C", "round_cap")},
        "multi_flag_pct": _percent(sum(sum(r is not None for r in g.table.flags.values()) > 1 for g in done), n),
        "seat_win_pct": [_percent(seat_wins[i], n) for i in range(len(done[0].table.seats))] if n else [],
        "faction_win_pct": {f: _percent(faction_wins[f], faction_games[f]) for f in FACTIONS},
        "star_vp_per_card": round(star_vp / star_cards, 2) if star_cards else None,
        "shared_win_pct": _percent(shared, n),
        "policy_win_pct": {p: _percent(policy_wins[p], n) for p in sorted({*games[0].policies.values()})} if n else {},
    }


def _first_flag(events: list[EotEvent]) -> str:
    """The flag raised first in the game's last round ("round_cap" when none was)."""
    flags = [e for e in events if type(e).__name__ == "EndFlagRaised"]
    return flags[0].flag if flags else "round_cap"
