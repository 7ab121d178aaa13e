"""Echoes of Time at an engine table (`echo_events.game_rules.TableRules`): seat indexes as player ids,
the room's settings, a client's action as its seat's command, the open step's timer as a deadline, and the
`echoes_of_time.bots` policies as the bots of empty seats.

Absence and concession (§18): a player who is away is treated like one who waits — when the open step's
timer runs out, `ExpireStep` applies the timeout default (Draw on the lowest free slot then EndTurn, or the
decision's default). Without a timer nothing forces an absent player. `Concede` is a client action: with two
players the other wins at once; with three or four the conceder keeps his seat and every later step of his
resolves by the defaults at once (the rules do that, no timer is needed)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from echo_events.game_rules import Deadline, is_rejection
from echo_events.model import Command, Message
from pydantic import Field

from .bots import POLICIES, Agent, actor
from .bots.candidates import answers, board_actions, free_slot
from .choices import default_choice
from .commands import COMMANDS, CreateGame, Decide, ExpireStep, TakeMainAction
from .events import GameFinished
from .game import ACTIONS, accepts, decide
from .public import public_log, public_state
from .state import SPACES, Table
from .table_rules import activatable, effect_of, play_cost, playable_cards, room_on
from .view import view as seat_view

ENDING_EVENTS = frozenset({GameFinished.event_type})
BOT_LEVELS = POLICIES  # random (weakest), greedy, balanced
STEP_TIMER = "step"  # one timer per game: the open turn's or decision's


class TableSettings(Message):
    """A room's settings: the turn and decision timer (§18: off by default, 30–300 s)."""

    turn_timer_s: int | None = Field(None, ge=30, le=300, description="seconds each turn and decision may take "
                                                                      "before its default applies (null: no timer)")


SETTINGS = TableSettings  # what a table's `GameCreated.settings` hold, as the owner chose them


def player_id(seat: int) -> str:
    return f"p{seat + 1}"


def millis(moment: datetime) -> int:
    return int(moment.timestamp() * 1000)


def new_setup(settings: Mapping[str, Any], seats: int, seed: int, now: datetime) -> CreateGame:
    """The engine's table id is the game's id, so the rules' own `game_id` stays empty (a seat's view
    must not carry anything derived from the seed)."""
    chosen = TableSettings.model_validate(dict(settings))
    return CreateGame(game_id="", players=tuple(player_id(s) for s in range(seats)), seed=str(seed),
                      turn_timer_s=chosen.turn_timer_s, at=millis(now))


def command_for(action: Mapping[str, Any], seat: int, now: datetime) -> Command:
    """The seat and the time are the server's: whatever `player` or `at` the client wrote is replaced."""
    return COMMANDS.validate_python({**action, "player": player_id(seat), "at": millis(now)})


def deadlines(state: Table) -> list[Deadline]:
    due = step_deadline(state)
    if due is None:
        return []
    step = state.pending or state.turn
    assert step is not None
    return [Deadline(STEP_TIMER, datetime.fromtimestamp(due / 1000, UTC), {"step_id": step.step_id, "at": due})]


def timer_command(command: Mapping[str, Any]) -> ExpireStep:
    return ExpireStep.model_validate(dict(command))


def is_over(state: Table) -> bool:
    return state.over


def bot_action(state: Table, seat: int, level: str, seed: int) -> dict[str, Any] | None:
    """The action of the policy `level` for the bot at `seat` when it is the one to act; a fresh agent
    per call, so the same state and seed give the same action on every replica."""
    player = player_id(seat)
    if actor(state) != player:
        return None
    chosen = Agent(level, str(seed), [s.id for s in state.seats]).command(state)
    refused = not accepts(state, chosen) if isinstance(chosen, TakeMainAction | Decide) else \
        is_rejection(decide(state, chosen))
    if refused:  # a policy's candidate the rules refuse: the step's timeout default
        return timeout_default(state)
    return chosen.model_dump(mode="json", exclude={"player", "at"})


def timeout_default(state: Table) -> dict[str, Any]:
    """What the open step's timeout would do (§18), as the actor's own action."""
    pending, turn = state.pending, state.turn
    if pending is not None:
        return {"type": "decide", "decision_id": pending.decision_id, "choice": default_choice(pending)}
    assert turn is not None, "nobody is to act"
    if turn.main_done:
        return {"type": "end_turn"}
    slot = next(s for s in ("draw.1", "draw.2") if s not in state.seat(turn.player).cubes)
    return {"type": "main", "slot": slot}


def public(state: Table) -> dict[str, Any]:
    """What every seat sees of this state alike (the contract's public part), rendered once per state."""
    return public_state(state)


def compact(state: Table) -> tuple[Table, list[dict[str, Any]]]:
    """The contract's incremental log: the table without the events it holds, and their public forms, the
    same for every seat (the engine keeps the entries, so a view does not render the whole game again)."""
    table = state.clone()
    table.log = []
    return table, public_log(state.log)


def view(state: Table, seat: int | None = None, public: dict[str, Any] | None = None,
         log: Sequence[Any] | None = None) -> dict[str, Any]:
    """The seat's view (`echoes_of_time.view`); for the seat that is to act, its `moves`: every choice the
    rules accept now, so a client offers nothing else; and for everyone the open step's `deadline` (server
    time, milliseconds since the epoch; None without a turn timer), when its timeout default applies.
    `public`: this state's `public(state)`, when the caller rendered it already for another seat; `log`: the
    public log's entries the engine keeps for a compacted table (`compact`)."""
    shared = public if public is not None else public_state(state)
    return {**seat_view(state, seat, shared, log), "moves": None if seat is None else moves(state, seat),
            "deadline": step_deadline(state)}


def step_deadline(state: Table) -> int | None:
    step = state.pending or state.turn
    return None if state.over or step is None else step.deadline


def moves(state: Table, seat: int) -> dict[str, Any] | None:
    """None unless `seat` is to act. A pending decision of kind `advance` or `play` lists its accepted
    answers (`answers`); the other kinds are chosen from the decision's own options, min to max of them.
    In a turn: each main action's first free slot with what it may take, the activations (`discards`: how
    many cards of the hand they cost) and whether the turn may end."""
    player = player_id(seat)
    if actor(state) != player:
        return None
    pending, turn = state.pending, state.turn
    if pending is not None:
        accepted = []
        if pending.kind in ("advance", "play"):
            accepted = [a.choice for a in answers(state, list) if accepts(state, a)]
        return {"decision": pending.kind, "answers": accepted}
    assert turn is not None
    found: dict[str, Any] = {"main": {}, "end_turn": turn.main_done,
                             "activate": [{"target": t, "discards": effect_of(t).cost}
                                          for t in activatable(state, player)]}
    if turn.main_done:
        return found
    board = board_actions(state, player)
    for action in ACTIONS:
        if action in ("draw", "play"):
            slot = free_slot(state, player, action)
            if slot is None:
                continue
            if action == "draw":
                found["main"]["draw"] = {"slot": slot}
            elif cards := playable_cards(state, player):
                found["main"]["play"] = {"slot": slot, "cards": [_play_terms(state, player, c) for c in cards]}
        elif action in board:
            accepted = [c.args for c in board[action] if accepts(state, c)]
            if accepted:
                found["main"][action] = {"slot": board[action][0].slot, "choices": accepted}
    return found


def _play_terms(state: Table, player: str, card: str) -> dict[str, Any]:
    """A playable card: how many other cards it discards and the spaces (0 = straight to the fellowship)."""
    discards, low, high = play_cost(state, player, card)
    spaces = [s for s in range(low, min(high, SPACES) + 1) if room_on(state, player, s)]
    return {"card": card, "discards": discards, "spaces": spaces}


def summary(state: Table) -> dict[str, Any] | None:
    """The history's record of a finished game: each seat's result (a shared first place is a win for each)
    and final victory points."""
    if not state.over or state.result is None:
        return None
    winners, scores = state.result["winners"], state.result["scores"]
    return {"outcome": "finished", "rounds": None,
            "seats": [{"result": "win" if seat.id in winners else "loss", "score": scores[seat.id]["total"]}
                      for seat in state.seats]}
