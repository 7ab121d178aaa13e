"""Bots: the levels for play, deterministic from a seed; mixed-policy tables with seats rotated per game."""

from __future__ import annotations

import json

import pytest
from echo_events.game_rules import Refused
from echoes_of_time.bots import LEVELS, actor, bot
from echoes_of_time.bots.selfplay import seat_policies, self_play
from echoes_of_time.cli import main
from echoes_of_time.commands import CreateGame, TakeMainAction
from echoes_of_time.game import play, start

pytestmark = pytest.mark.unit


def test_seat_policies_repeat_the_list_and_rotate_one_seat_per_game() -> None:
    assert seat_policies("greedy", 3) == {"p1": "greedy", "p2": "greedy", "p3": "greedy"}
    assert seat_policies(["greedy", "random"], 4) == {"p1": "greedy", "p2": "random", "p3": "greedy", "p4": "random"}
    assert seat_policies(["greedy", "random"], 3, rotation=1) == {"p1": "greedy", "p2": "greedy", "p3": "random"}
    assert seat_policies(["greedy", "random"], 2, rotation=1) == {"p1": "random", "p2": "greedy"}
    with pytest.raises(ValueError):
        seat_policies([], 2)


def test_a_mixed_table_gives_each_seat_its_own_policy_and_replays_identically() -> None:
    game = self_play(["greedy", "random"], 2, "mixed")
    assert game.table.over and not game.rejections and game.policies == {"p1": "greedy", "p2": "random"}
    assert self_play(["greedy", "random"], 2, "mixed").lines == game.lines


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_a_bot_level_plays_one_seat_deterministically_from_its_seed(level: str) -> None:
    """The bot plays p2 against scripted draws by p1 for a few turns: the same seed gives the same commands."""
    def commands(seed: str) -> list[str]:
        table, _ = start(CreateGame(game_id="g", players=("p1", "p2"), seed="table"))
        agent, other, seen = bot(level, seed, ["p1", "p2"]), bot("strong", "p1", ["p1", "p2"]), []
        while len(seen) < 12 and not table.over:
            who = actor(table)
            if who == "p2":
                command = agent.command(table)
                seen.append(repr(command))
            elif table.pending is not None or table.turn.main_done:
                command = other.command(table)
            else:
                slot = next(s for s in ("draw.1", "draw.2") if s not in table.seat("p1").cubes)
                command = TakeMainAction(player="p1", slot=slot, args={})
            outcome = play(table, command)
            assert not isinstance(outcome, Refused), outcome
            table = outcome[0]
        return seen

    first = commands("s")
    assert commands("s") == first and len(first) == 12
    with pytest.raises(ValueError):
        bot("grandmaster", "s", ["p1", "p2"])


def test_eotctl_random_takes_a_policy_per_seat_and_reports_wins_by_policy(capsys) -> None:
    assert main(["random", "--players", "2", "--seed", "mix", "--games", "2", "--policy", "greedy,random"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["policy"] == "greedy,random" and set(stats["policy_win_pct"]) == {"greedy", "random"}
    assert sum(stats["policy_win_pct"].values()) == pytest.approx(100.0, abs=0.2)


def test_eotctl_refuses_an_unknown_policy_with_exit_2(capsys) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["random", "--players", "2", "--seed", "x", "--policy", "greedy,clever"])
    assert exit_.value.code == 2 and "clever" in capsys.readouterr().err
