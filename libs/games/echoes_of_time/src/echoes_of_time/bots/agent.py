"""The three policies of `eotctl random`, as one agent per game: `random`, `greedy` (the best one-ply
worth) and `balanced` (the same worth, per-player weights in [0.6, 1.4], softmax at temperature 0.35)."""

from __future__ import annotations

from typing import Any

from echo_events.game_rules import Refused

from ..game import play
from ..state import Table
from .candidates import activations, advance_moves, answers, end_turn, main_actions
from .chooser import Chooser
from .worth import Weights, card_wish, standing

POLICIES = ("random", "greedy", "balanced")
TEMPERATURE = 0.35


def actor(table: Table) -> str | None:
    """Who must act now: the decider, else the player whose turn is open."""
    if table.over:
        return None
    if table.pending is not None:
        return table.pending.player
    return table.turn.player if table.turn is not None else None


class Agent:
    def __init__(self, policy: str, seed: str, players: list[str]) -> None:
        if policy not in POLICIES:
            raise ValueError(f"unknown policy {policy!r}")
        self.policy = policy
        self.chooser = Chooser(policy, seed)
        if policy == "balanced":
            self.weights = {p: Weights(*(0.6 + 0.8 * self.chooser.unit() for _ in range(4))) for p in players}
        else:
            self.weights = {p: Weights() for p in players}

    def command(self, table: Table) -> Any:
        player = actor(table)
        assert player is not None, "nobody is to act"
        if self.policy == "random":
            return self._random(table, player)
        return self._by_worth(table, player)

    # --- random ---
    def _shuffled(self, cards: list[str]) -> list[str]:
        return self.chooser.sample(cards, len(cards))

    def _random(self, table: Table, player: str) -> Any:
        pick = self.chooser
        if table.pending is not None:
            pending = table.pending
            if pending.kind == "play" and pick.unit() < 0.2:
                return answers(table, self._shuffled)[0]
            if pending.kind == "retrieve":
                n = pick.below(pending.max + 1)
                return answers(table, self._shuffled)[0].model_copy(
                    update={"choice": pick.sample(list(pending.options), n)})
            if pending.kind == "advance":
                # a move onto a full token is refused: the pick is uniform among the answers the rules accept
                moves = [[], *advance_moves(table, player, pending.max)]
                asked = answers(table, self._shuffled)[0]
                commands = [asked.model_copy(update={"choice": m}) for m in pick.sample(moves, len(moves))]
                return next(c for c in commands if not isinstance(play(table, c), Refused))
            return pick.pick(answers(table, self._shuffled))
        acts = activations(table, player, self._shuffled)
        if acts and pick.unit() < 0.5:
            return pick.pick(acts)
        assert table.turn is not None
        if table.turn.main_done:
            return end_turn(player)
        by_kind = main_actions(table, player, self._shuffled)
        for kind in pick.sample(list(by_kind), len(by_kind)):
            for command in pick.sample(by_kind[kind], len(by_kind[kind])):
                if not isinstance(play(table, command), Refused):
                    return command
        return by_kind["draw"][0]

    # --- greedy and balanced ---
    def _by_worth(self, table: Table, player: str) -> Any:
        def ranked(cards: list[str]) -> list[str]:
            return sorted(cards, key=card_wish)

        if table.pending is not None:
            options = answers(table, ranked)
        else:
            options = list(activations(table, player, ranked))
            assert table.turn is not None
            if table.turn.main_done:
                options.append(end_turn(player))
            else:
                options += [c for group in main_actions(table, player, ranked).values() for c in group]
        scored: list[tuple[float, Any]] = []
        for command in options:
            outcome = play(table, command)
            if not isinstance(outcome, Refused):
                scored.append((standing(outcome[0], player, self.weights), command))
        if self.policy == "greedy":
            return max(scored, key=lambda pair: pair[0])[1]
        return scored[self.chooser.softmax([v for v, _ in scored], TEMPERATURE)][1]
