"""A game the engine keeps in its cache costs the cyclic garbage collector the same whether it is three
ticks old or forty: its state drops the rules' log (pydantic events, a dozen tracked objects a tick) and
its rendered log entries are JSON fragments, which the collector does not track. Kept whole, a few
thousand cached games were most of what every collection scanned (the engine stopped 20–30 ms at a time
under load, `bench_moves`)."""

import gc
import tracemalloc

import pytest
from echo_challenge import compact, game
from echo_challenge.commands import Beam, Probe
from echo_challenge.generator import generate
from echo_challenge.prng import SplitMix64
from echo_challenge.start_settings import start_settings
from echo_challenge.view import client_view
from echo_engine.games import rules_for
from echo_engine.store import LoadedGame, rendered
from echo_events.play import GameCreated
from echo_events.solo_start import SoloStart

from tests.load.strategy import choose

pytestmark = pytest.mark.unit

META = GameCreated(game_id="f1", account_id="a", mode="free", kind="echo",
                   settings=start_settings(SoloStart("standard", "bronze", free_slot=1)), msk_date="2026-11-29")


def states_of_a_long_game() -> list[game.GameState]:
    """Every state of a Free game played long by the benchmarks' player (who knows the field)."""
    state, _ = game.start(generate("standard", 20261129))
    rng = SplitMix64("cached-game")
    hidden = [i for i in range(100) if state.is_hidden(i)]
    states = [state]
    while hidden and state.live:
        sector, tool = choose(state.field, hidden, client_view(state), rng, Probe, Beam)
        hidden.remove(sector)
        new_state, outcome = game.play(state, tool(sector=sector))
        if not isinstance(outcome, game.Rejection):
            state = new_state
            states.append(state)
    return states


def tracked(root: object, shared: object) -> int:
    """Objects the collector tracks that are reachable from `root` and not from `shared` (the field, the meta, the
    rules); classes are not followed (through them everything is reachable)."""
    gc.collect()  # the collector untracks tuples of untracked values when it first sees them
    common: set[int] = set()
    reach(shared, common)
    seen: set[int] = set()
    return sum(gc.is_tracked(obj) for obj in reach(root, seen, common))


def reach(root: object, seen: set[int], skip: frozenset[int] | set[int] = frozenset()) -> list[object]:
    found, stack = [], [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or id(obj) in skip or isinstance(obj, type):
            continue
        seen.add(id(obj))
        found.append(obj)
        stack.extend(gc.get_referents(obj))
    return found


def cached(state: game.GameState) -> LoadedGame:
    bare, entries = compact(state)
    return LoadedGame(meta=META, rules=rules_for(META.kind), state=bare, version=state.tick + 2,
                      last_sequence=state.tick + 1, command_ids={f"c{n}" for n in range(state.tick)},
                      log=rendered(entries))


def test_a_cached_game_costs_the_collector_the_same_at_any_length():
    states = states_of_a_long_game()
    young, old = states[3], states[-1]
    assert old.tick >= 30
    shared = (young.setup, META, rules_for(META.kind))
    assert tracked(cached(old), shared) - tracked(cached(young), shared) <= 4  # a few more Orders on the board
    # the whole state, as the rules keep it, grows with every tick
    assert tracked(old, shared) - tracked(young, shared) >= 5 * (old.tick - young.tick)


def test_a_cached_log_entry_takes_about_the_size_of_its_json():
    state = states_of_a_long_game()[-1]
    tracemalloc.start()
    try:
        log = rendered(compact(state)[1])
        held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(log) == state.tick
    assert held / len(log) < 400  # not the 4 KiB buffer `orjson.dumps` wrote it in
