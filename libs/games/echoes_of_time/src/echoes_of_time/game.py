"""start / decide / evolve / fold: commands become events through a `Run`; the table changes only by events."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from echo_events.game_rules import Refused

from . import events as ev
from .catalogue import CARDS, CATALOGUE_VERSION, SOURCES
from .chance import draw, seed_bytes, shuffle
from .checks import check_activate, check_advance, check_capture, check_entrench, check_play
from .choices import carry_out_choice, check_choice, default_choice
from .commands import Activate, Concede, CreateGame, Decide, EndTurn, ExpireStep, TakeMainAction
from .evolve import apply
from .resolve import carry_out_advance, carry_out_play, push, start_round, step
from .run import Run
from .scoring import finish
from .state import HAND_SIZE, Table
from .table_rules import static_bonus

ACTIONS = ("draw", "play", "advance", "capture", "entrench")
SLOTS = tuple(f"{action}.{n}" for action in ACTIONS for n in (1, 2))


def main_supply(players: int) -> int:
    return 10 * players + 14


def start(setup: CreateGame) -> tuple[Table, list[ev.EotEvent]]:
    """Setup draws in the order Sources, first player, deck, then the deal in blocks; round 1's time phase."""
    key = seed_bytes(setup.seed)
    run = Run(Table(), setup.at)
    players = list(setup.players)
    run.emit(ev.GameCreated(game_id=setup.game_id, seats=tuple(players), seed=key.hex(), catalogue=CATALOGUE_VERSION,
                            turn_timer_s=setup.turn_timer_s))
    row = shuffle(key, "sources", [], list(SOURCES))
    first = draw(key, "first_player", [], len(players))
    in_play = len(players) + 2
    run.emit(ev.GameStarted(seats=tuple(players), first_player=players[first], sources_in=tuple(row[:in_play]),
                            sources_out=tuple(row[in_play:]), main_supply=main_supply(len(players)),
                            catalogue=CATALOGUE_VERSION))
    deck = shuffle(key, "deck", [0], list(CARDS))
    run.emit(ev.DeckShuffled(k=0, size=len(deck), order=tuple(deck)))
    for seat in run.table.turn_order():
        run.emit(ev.CardsDealt(player=seat.id, cards=tuple(run.table.deck[:HAND_SIZE])))
    start_round(run, 1)
    settle(run)
    return run.table, run.events


def evolve(state: Table, event: ev.EotEvent) -> Table:
    table = state.clone()
    apply(table, event)
    return table


def fold(events: Iterable[ev.EotEvent]) -> Table:
    table = Table()
    for event in events:
        apply(table, event)
    return table


def decide(state: Table, command: Any) -> Sequence[ev.EotEvent] | Refused:
    outcome = _run(state, command)
    return outcome if isinstance(outcome, Refused) else outcome.events


def decided(state: Table, command: Any) -> tuple[list[ev.EotEvent], Table] | Refused:
    """`decide`'s events and the table they lead to: a command is carried out on a copy of the table, event
    by event, so the state after it is made with its events (the same as evolving `state` through them)."""
    outcome = _run(state, command)
    return outcome if isinstance(outcome, Refused) else (outcome.events, outcome.table)


def accepts(state: Table, command: TakeMainAction | Decide) -> bool:
    """Whether `decide` would accept this main action or answer: its checks alone, without carrying it out
    (every refusal of theirs comes from the checks; what follows them always makes events)."""
    checks = _main_plan if isinstance(command, TakeMainAction) else _checked_choice
    return not isinstance(checks(state, command), Refused)


def _run(state: Table, command: Any) -> Run | Refused:
    handler = _HANDLERS.get(type(command))
    if handler is None:
        return Refused("bad_choice", f"unknown command {type(command).__name__}")
    return handler(state, command)


# --- the loop that runs until the game waits for someone ---
def settle(run: Run) -> None:
    table = run.table
    while not table.over:
        if table.pending is not None:
            if not table.seat(table.pending.player).conceded:
                return
            carry_out_choice(run, table.pending, check_choice(table, table.pending, default_choice(table.pending)))
        elif table.agenda:
            step(run)
        elif not _advance_flow(run):
            return


def _advance_flow(run: Run) -> bool:
    """With nothing left to resolve: the next phase or turn, or False when a player must act."""
    table = run.table
    if table.phase == "time":
        run.emit(ev.PhaseStarted(phase="action"))
        return True
    if table.phase != "action":
        return False
    if table.turn is not None:
        if table.seat(table.turn.player).conceded:
            _expire_turn(run)
            return True
        return False
    order = table.turn_order()
    if table.turns_taken < 2 * len(order):
        player = order[table.turns_taken % len(order)].id
        run.emit(ev.TurnStarted(player=player, index=table.turns_taken // len(order) + 1,
                                step_id=run.next_step_id(), deadline=run.deadline()))
        return True
    run.emit(ev.PhaseStarted(phase="end"))
    push(run, "round_end")
    push(run, "hand_limit", 0)
    return True


def _expire_turn(run: Run) -> None:
    """A turn's timeout: Draw on the lowest free slot if no main action was taken, then EndTurn."""
    turn = run.table.turn
    assert turn is not None
    if not turn.main_done:
        slot = next(s for s in ("draw.1", "draw.2") if s not in run.table.seat(turn.player).cubes)
        run.emit(ev.MainActionTaken(player=turn.player, slot=slot, args={}))
        run.draw(turn.player, 2 + static_bonus(run.table, turn.player, "draw_action"))
    run.emit(ev.TurnEnded(player=turn.player, auto=False))


# --- command handlers: check everything on the state, then carry out on a copy ---
def _turn_refusal(table: Table, player: str) -> Refused | None:
    if table.over:
        return Refused("game_over", "the game is over")
    if not table.has_player(player):
        return Refused("not_a_player", f"{player} does not play in this game")
    if table.seat(player).conceded:
        return Refused("not_your_turn", f"{player} has conceded")
    if table.pending is not None:
        return Refused("decision_pending", f"waiting for {table.pending.player} to decide")
    if table.phase != "action" or table.turn is None:
        return Refused("wrong_phase", "no turn is open")
    if table.turn.player != player:
        return Refused("not_your_turn", f"it is {table.turn.player}'s turn")
    return None


def _carry_out(state: Table, command: Any, work: Callable[[Run], None]) -> Run:
    run = Run(state.clone(), command.at)
    work(run)
    settle(run)
    return run


def _main_plan(state: Table, command: TakeMainAction) -> Any:
    """Every check of a main action (a Refused, or the checked plan of its action: None for a draw)."""
    player, slot, args = command.player, command.slot, command.args
    refusal = _turn_refusal(state, player)
    if refusal is not None:
        return refusal
    assert state.turn is not None
    if state.turn.main_done:
        return Refused("main_action_done", "one main action per turn")
    if slot not in SLOTS:
        return Refused("bad_choice", f"{slot} is not an action slot")
    cubes = state.seat(player).cubes
    if slot in cubes:
        return Refused("slot_taken", f"{slot} is taken")
    if len(cubes) >= 2:
        return Refused("no_cube", "both cubes are placed")
    action = slot.split(".")[0]
    if action == "play":
        return check_play(state, player, args.get("card"), args.get("discards", []), args.get("space"))
    if action == "advance":
        steps = 2 + static_bonus(state, player, "advance_steps")
        return check_advance(state, player, args.get("moves", []), steps, allow_none=False)
    if action == "capture":
        return check_capture(state, player, args.get("source"), args.get("creatures", []))
    if action == "entrench":
        return check_entrench(state, player, args.get("source"), args.get("creatures", []))
    return None


def _main_action(state: Table, command: TakeMainAction) -> Run | Refused:
    player, slot, args = command.player, command.slot, command.args
    plan = _main_plan(state, command)
    if isinstance(plan, Refused):
        return plan
    action = slot.split(".")[0]
    if action == "play":
        args = {"card": plan.card, "discards": list(plan.discards), "space": plan.space}

    def work(run: Run) -> None:
        run.emit(ev.MainActionTaken(player=player, slot=slot, args=args))
        push(run, "turn_check", player)
        if action == "draw":
            run.draw(player, 2 + static_bonus(run.table, player, "draw_action"))
        elif action == "play":
            carry_out_play(run, player, plan, "action")
        elif action == "advance":
            push(run, "trigger", player, "advance_action")
            carry_out_advance(run, player, plan)
        elif action == "capture":
            _capture(run, player, plan)
        else:
            _entrench(run, player, plan)

    return _carry_out(state, command, work)


def _capture(run: Run, player: str, plan: Any) -> None:
    slot = run.table.source(plan.source)
    assert slot is not None
    run.emit(ev.SourceCaptured(player=player, source=plan.source, creatures=plan.creatures, attack=plan.total,
                               from_player=slot.holder, returned=tuple(slot.under)))
    push(run, "trigger", player, "capture")


def _entrench(run: Run, player: str, plan: Any) -> None:
    if plan.total >= SOURCES[plan.source].entrench:
        run.emit(ev.SourceEntrenched(player=player, source=plan.source, creatures=plan.creatures, hold=plan.total))
        push(run, "trigger", player, "entrench")
    else:
        defence = plan.total - static_bonus(run.table, player, "capture_str")
        run.emit(ev.SourceReinforced(player=player, source=plan.source, creatures=plan.creatures, hold=plan.total,
                                     defence=defence))


def _activate(state: Table, command: Activate) -> Run | Refused:
    player = command.player
    refusal = _turn_refusal(state, player)
    if refusal is not None:
        return refusal
    discards = check_activate(state, player, command.target, list(command.discards))
    if isinstance(discards, Refused):
        return discards

    def work(run: Run) -> None:
        if discards:
            run.emit(ev.CardsDiscarded(player=player, cards=discards, reason="cost"))
        run.emit(ev.AbilityActivated(player=player, target=command.target, discards=discards))
        push(run, "turn_check", player)
        push(run, "ops", player, command.target, 0)

    return _carry_out(state, command, work)


def _end_turn(state: Table, command: EndTurn) -> Run | Refused:
    refusal = _turn_refusal(state, command.player)
    if refusal is not None:
        return refusal
    assert state.turn is not None
    if not state.turn.main_done:
        return Refused("main_action_missing", "take a main action first")
    return _carry_out(state, command, lambda run: run.emit(ev.TurnEnded(player=command.player, auto=False)))


def _decide(state: Table, command: Decide) -> Run | Refused:
    checked = _checked_choice(state, command)
    if isinstance(checked, Refused):
        return checked
    pending = state.pending
    assert pending is not None
    return _carry_out(state, command, lambda run: carry_out_choice(run, pending, checked))


def _checked_choice(state: Table, command: Decide) -> Any:
    """Every check of an answer to the pending decision (a Refused, or the checked choice)."""
    if state.over:
        return Refused("game_over", "the game is over")
    if not state.has_player(command.player):
        return Refused("not_a_player", f"{command.player} does not play in this game")
    pending = state.pending
    if pending is None or pending.decision_id != command.decision_id:
        return Refused("no_such_decision", f"no decision {command.decision_id} is pending")
    if pending.player != command.player:
        return Refused("not_your_turn", f"{pending.player} decides")
    return check_choice(state, pending, command.choice)


def _concede(state: Table, command: Concede) -> Run | Refused:
    if state.over:
        return Refused("game_over", "the game is over")
    if not state.has_player(command.player):
        return Refused("not_a_player", f"{command.player} does not play in this game")
    if state.seat(command.player).conceded:
        return Refused("bad_choice", f"{command.player} has already conceded")

    def work(run: Run) -> None:
        run.emit(ev.PlayerConceded(player=command.player))
        if sum(not seat.conceded for seat in run.table.seats) == 1:
            finish(run, ("concede",))

    return _carry_out(state, command, work)


def _expire(state: Table, command: ExpireStep) -> Run | Refused:
    pending, turn = state.pending, state.turn
    open_step = pending.step_id if pending else turn.step_id if turn else None
    deadline = pending.deadline if pending else turn.deadline if turn else None
    if state.over or open_step is None or command.step_id != open_step:
        return Refused("stale_timer", "no such step is open")
    if deadline is not None and command.at is not None and command.at < deadline:
        return Refused("stale_timer", "the step's time has not run out")

    def work(run: Run) -> None:
        if pending is not None:
            carry_out_choice(run, pending, check_choice(run.table, pending, default_choice(pending)))
        else:
            _expire_turn(run)

    return _carry_out(state, command, work)


_HANDLERS: dict[type, Callable[[Table, Any], Run | Refused]] = {
    TakeMainAction: _main_action, Activate: _activate, EndTurn: _end_turn, Decide: _decide,
    Concede: _concede, ExpireStep: _expire,
}


def play(state: Table, command: Any) -> tuple[Table, list[ev.EotEvent]] | Refused:
    """decide, also returning the state after the events: the table the events were made on, which every
    change reached through `apply` alone (what `evolve` over them gives; the property tests hold it to that)."""
    outcome = _run(state, command)
    if isinstance(outcome, Refused):
        return outcome
    return outcome.table, outcome.events
