"""Known-answer tests, one or more per rule of the spec (§5–§13, §15, §22)."""

from __future__ import annotations

import hashlib
import hmac

import pytest
from echoes_of_time.chance import draw, seed_bytes, shuffle
from echoes_of_time.commands import Activate, CreateGame, Decide, EndTurn, TakeMainAction
from echoes_of_time.game import start
from echoes_of_time.scoring import score, winners
from echoes_of_time.state import SourceSlot

from tests.unit.eot_rules.eot_tables import code, names, ok, settled, table

pytestmark = pytest.mark.unit


def test_seed_text_is_hashed_and_64_hex_digits_are_the_key() -> None:
    assert seed_bytes("ab" * 32) == bytes.fromhex("ab" * 32)
    assert seed_bytes("x") == hashlib.sha256(b"x").digest()


def test_draw_reads_the_first_eight_bytes_of_the_hmac_of_purpose_keys_counter() -> None:
    key = seed_bytes("x")
    value = int.from_bytes(hmac.new(key, b"deck|3|40|0", hashlib.sha256).digest()[:8], "big")
    assert draw(key, "deck", [3, 40], 41) == value % 41


def test_shuffle_sorts_by_id_first_so_the_input_order_does_not_matter() -> None:
    key = seed_bytes("x")
    assert shuffle(key, "sources", [], ["X3", "X1", "X2"]) == shuffle(key, "sources", [], ["X1", "X2", "X3"])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_six_in_blocks_and_puts_n_plus_two_sources_in_play(players: int) -> None:
    t, events = start(CreateGame(game_id="g", players=tuple(f"p{i + 1}" for i in range(players)), seed="setup"))
    shuffled = next(e for e in events if type(e).__name__ == "DeckShuffled")
    order = [s.id for s in t.turn_order()]
    for block, player in enumerate(order):
        assert t.seat(player).hand == list(shuffled.order[6 * block:6 * block + 6])
    assert len(t.sources) == players + 2 and len(t.sources_out) == 6 - players
    assert t.vp_main == 10 * players + 14 and len(t.deck) == 72 - 6 * players
    assert t.turn.player == order[0] and t.round == 1


def test_a_zero_time_card_is_summoned_at_once_and_its_effect_resolves() -> None:
    t = table(hands={"p1": ["F04a", "W03a"]})
    t, events = ok(t, TakeMainAction(player="p1", slot="play.1", args={"card": "F04a", "discards": ["W03a"]}))
    assert t.seat("p1").fellowship == ["F04a"] and len(t.seat("p1").hand) == 1
    assert "CardSummoned" in names(events)


def test_play_rejections_in_precedence_order() -> None:
    t = table(hands={"p1": ["W06", "F01a"]}, boards={"p1": {2: ["S05", "S04a"]}}, fellowships={"p1": ["S09a"]})
    assert code(t, TakeMainAction(player="p1", slot="play.1", args={"card": "E05"})) == "not_in_hand"
    assert code(t, TakeMainAction(player="p1", slot="play.1", args={"card": "W06"})) == "not_enough_cards"
    assert code(t, TakeMainAction(player="p1", slot="play.1", args={"card": "F01a", "discards": ["W06"]})) \
        == "bad_discards"
    assert code(t, TakeMainAction(player="p1", slot="play.1", args={"card": "F01a", "space": 3})) == "bad_space"
    assert code(t, TakeMainAction(player="p1", slot="play.1", args={"card": "F01a", "space": 2})) == "token_full"
    assert code(t, TakeMainAction(player="p1", slot="play.9", args={})) == "bad_choice"
    assert code(t, TakeMainAction(player="p2", slot="draw.1", args={})) == "not_your_turn"
    assert code(t, TakeMainAction(player="p9", slot="draw.1", args={})) == "not_a_player"
    assert code(t, EndTurn(player="p1")) == "main_action_missing"


def test_a_discount_lets_the_player_choose_any_space_from_t_prime_to_t() -> None:
    t = table(hands={"p1": ["S03a", "W01a"]}, fellowships={"p1": ["S09a", "S09b"]})
    for space in (1, 2, 3):
        played, _ = ok(t, TakeMainAction(player="p1", slot="play.1",
                                         args={"card": "S03a", "discards": ["W01a"], "space": space}))
        assert played.seat("p1").on_board("S03a") == space


def test_advance_summons_after_all_moves_and_checks_only_the_destination() -> None:
    t = table(boards={"p1": {1: ["F01a"], 2: ["W01a", "E02a"], 3: ["S05"]}})
    assert code(t, TakeMainAction(player="p1", slot="advance.1", args={"moves": [{"card": "S05", "steps": 1}]})) \
        == "token_full"
    t.seat("p1").board[1] = ["W01a"]
    t2, events = ok(t, TakeMainAction(player="p1", slot="advance.1",
                                      args={"moves": [{"card": "F01a", "steps": 1}, {"card": "S05", "steps": 1}]}))
    order = names(events)
    assert order.index("CardSummoned") > max(i for i, n in enumerate(order) if n == "CardAdvanced")
    assert t2.seat("p1").fellowship == ["F01a"] and t2.seat("p1").vp == 1
    assert code(t, TakeMainAction(player="p1", slot="advance.1",
                                  args={"moves": [{"card": "F01a", "steps": 3}]})) == "too_many_steps"
    assert code(table(), TakeMainAction(player="p1", slot="advance.1", args={"moves": []})) == "board_empty"


def test_capture_with_match_bonus_then_recapture_returns_the_creatures() -> None:
    t = table(fellowships={"p1": ["E01a"], "p2": ["E05", "W03a"]})
    t, _ = ok(t, TakeMainAction(player="p1", slot="capture.1", args={"source": "X7", "creatures": ["E01a"]}))
    assert t.source("X7").holder == "p1"
    t.turn = t.turn.__class__("p2", 1, False, "s9", None)
    assert code(t, TakeMainAction(player="p2", slot="capture.1",
                                  args={"source": "X7", "creatures": ["W03a"]})) == "not_enough_strength"
    t, events = ok(t, TakeMainAction(player="p2", slot="capture.1", args={"source": "X7", "creatures": ["E05"]}))
    captured = next(e for e in events if type(e).__name__ == "SourceCaptured")
    assert captured.attack == 6 and captured.from_player == "p1" and captured.returned == ("E01a",)
    assert t.seat("p1").fellowship == ["E01a"] and t.source("X7").under == ["E05"]


def test_entrench_needs_e_otherwise_adding_creatures_only_reinforces() -> None:
    t = table(fellowships={"p1": ["F01a", "F01b", "F03a", "E09a"]}, sources=("X3", "X7", "X1", "X8"))
    t.sources[0] = SourceSlot("X3", "captured", "p1", ["F03a"])
    t.seat("p1").fellowship.remove("F03a")
    reinforced, events = ok(t, TakeMainAction(player="p1", slot="entrench.1",
                                              args={"source": "X3", "creatures": ["F01a"]}))
    assert "SourceReinforced" in names(events) and reinforced.source("X3").state == "captured"
    assert code(t, TakeMainAction(player="p1", slot="entrench.1", args={"source": "X3"})) == "not_enough_strength"
    done, events = ok(t, TakeMainAction(player="p1", slot="entrench.1",
                                        args={"source": "X3", "creatures": ["F01a", "F01b"]}))
    assert done.source("X3").state == "entrenched" and done.seat("p1").vp == 2  # «Кирка первопроходца»


def test_a_reshuffle_in_the_middle_of_look_three() -> None:
    t = table(fellowships={"p1": ["W10"]}, deck=["E01a"], discard=["F01a", "F01b"])
    t, events = ok(t, Activate(player="p1", target="W10"))
    order = names(events)
    assert order.index("DeckShuffled") < [i for i, n in enumerate(order) if n == "CardsLooked"][1]
    assert t.pending.kind == "keep" and sorted(t.pending.options) == ["E01a", "F01a", "F01b"]
    t, _ = ok(t, Decide(player="p1", decision_id=t.pending.decision_id, choice=["F01b"]))
    assert t.seat("p1").hand == ["F01b"] and not t.looking
    assert not t.deck and not t.discard or t.deck  # the two not kept became the new deck at once


def test_a_stargazer_chain_of_shifts_ending_on_an_empty_board() -> None:
    t = table(boards={"p1": {1: ["S04a"], 2: ["S04b"]}}, turn=None, phase="time")
    t, events = settled(t, [("step", "p1", "phase")])
    assert names(events).count("TimeStepped") == 3
    assert t.seat("p1").fellowship == ["S04a", "S04b"] and all(not s for s in t.seat("p1").board)


def test_vp_gain_crosses_the_main_supply_into_the_extra_one_and_latches_flag_a() -> None:
    t = table(fellowships={"p1": ["W07"]}, hands={"p1": ["F01a", "F01b"]}, vp_main=1)
    t, events = ok(t, Activate(player="p1", target="W07", discards=("F01a", "F01b")))
    gained = next(e for e in events if type(e).__name__ == "VpGained")
    assert (gained.from_main, gained.from_extra) == (1, 1) and t.vp_extra == 1
    assert names(events)[names(events).index("VpGained") + 1:][:2] == ["MainSupplyExhausted", "EndFlagRaised"]
    assert t.flags["A"] == 3


def test_flag_b_latches_when_twelve_is_reached_and_the_game_ends_at_that_round_end() -> None:
    fellowship = ["F01a", "F01b", "F02a", "F02b", "F03a", "F03b", "F04a", "F04b", "F05", "F06", "F07"]
    t = table(fellowships={"p1": fellowship}, boards={"p1": {1: ["W01a"]}}, turn=None, phase="time")
    t, _ = settled(t, [("time_phase", 0)])
    assert t.flags["B"] == 3
    t, _ = ok(t, TakeMainAction(player="p1", slot="capture.1", args={"source": "X3", "creatures": ["F03a"]}))
    t, _ = ok(t, EndTurn(player="p1"))
    t, _ = ok(t, TakeMainAction(player="p2", slot="draw.1", args={}))
    t, _ = ok(t, TakeMainAction(player="p1", slot="entrench.1",
                                args={"source": "X3", "creatures": ["F06"]}))
    t, _ = ok(t, EndTurn(player="p1"))
    assert t.count("p1") == 12 and t.flags["B"] == 3
    t, _ = ok(t, TakeMainAction(player="p2", slot="draw.2", args={}))
    assert t.over and t.result["reason"] == ["B"]


def test_ties_go_to_more_entrenched_sources_then_are_shared() -> None:
    t = table()
    even = {"tokens": 0, "sources": 0, "cards": 0, "effects": 0, "total": 10}
    assert winners(t, {"p1": {**even, "entrenched": 1}, "p2": {**even, "entrenched": 0}}) == (["p1"], "entrenched")
    assert winners(t, {"p1": {**even, "entrenched": 1}, "p2": {**even, "entrenched": 1}}) == (["p1", "p2"], "shared")


def test_scoring_counts_cards_under_sources_and_the_star_formulas() -> None:
    t = table(fellowships={"p1": ["E12", "E11", "W01a", "F01a", "S01a"]})
    t.sources[0] = SourceSlot("X7", "entrenched", "p1", ["E05"])
    parts = score(t, "p1")
    assert parts["sources"] == 6 and parts["cards"] == 2 + 1 + 0 + 1 + 1 + 4
    assert parts["effects"] == 3 * 1 + 1 * 4  # one set of four factions; four Earth symbols (E05 has two)
    assert parts["entrenched"] == 1


def test_the_hand_limit_asks_for_the_excess_at_the_end_of_the_round() -> None:
    hand = ["W01a", "W01b", "W02a", "W02b", "W03a", "W03b", "W04a", "W04b", "W05", "W06", "W07", "W08a"]
    t = table(hands={"p1": hand}, turn=None, phase="end")
    t, _ = settled(t, [("round_end",), ("hand_limit", 0)])
    assert t.pending.kind == "hand_limit" and t.pending.min == 2
    t, events = ok(t, Decide(player="p1", decision_id=t.pending.decision_id, choice=["W01a", "W01b"]))
    assert len(t.seat("p1").hand) == 10 and "HandLimitApplied" in names(events) and t.round == 4
