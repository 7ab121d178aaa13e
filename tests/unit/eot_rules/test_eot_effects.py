"""Known answers for the card and Source effects of eot-2026-1: one scenario per effect, on a hand-built table.

A card is summoned the way the rules summon it (the Advance action takes it off space 1); an `act` clause is
used through Activate; ★ formulas are read from the final score."""

from __future__ import annotations

from typing import Any

import pytest
from echoes_of_time.commands import Activate, Decide, TakeMainAction
from echoes_of_time.scoring import score
from echoes_of_time.state import SourceSlot, Table

from tests.unit.eot_rules.eot_tables import code, names, ok, table

pytestmark = pytest.mark.unit

DECK = ["E01a", "E02a", "E03a", "E04a", "E05"]


def summoned(t: Table, card: str) -> tuple[Table, list[Any]]:
    """p1 advances `card` off space 1 with his Advance action, so that it is summoned."""
    t.seat("p1").board[0].append(card)
    return ok(t, TakeMainAction(player="p1", slot="advance.1", args={"moves": [{"card": card, "steps": 1}]}))


def activated(t: Table, target: str, *discards: str) -> tuple[Table, list[Any]]:
    return ok(t, Activate(player="p1", target=target, discards=discards))


def choose(t: Table, choice: Any) -> tuple[Table, list[Any]]:
    assert t.pending is not None, "no decision is pending"
    return ok(t, Decide(player="p1", decision_id=t.pending.decision_id, choice=choice))


def holding(source: str, under: tuple[str, ...] = ("E01a",), **kwargs: Any) -> Table:
    """p1 holds `source` (captured, the given creatures under it)."""
    t = table(sources=(source, "X3" if source != "X3" else "X7", "X1" if source != "X1" else "X8"), **kwargs)
    t.sources[0] = SourceSlot(source, "captured", "p1", list(under))
    return t


def effects(t: Table, *fellowship: str, under: tuple[str, ...] = ()) -> int:
    t.seat("p1").fellowship = list(fellowship)
    if under:
        t.sources[0] = SourceSlot(t.sources[0].id, "entrenched", "p1", list(under))
    return score(t, "p1")["effects"]


# --- ✦ summon ---
@pytest.mark.parametrize(("card", "vp"), [("W03a", 1), ("F01a", 1), ("F03a", 1), ("S03a", 1), ("E02a", 1),
                                          ("E08a", 1), ("F06", 2), ("S07", 2)])
def test_summon_vp_gains_tokens_from_the_main_supply(card: str, vp: int) -> None:
    t, events = summoned(table(vp_main=20), card)
    assert t.seat("p1").vp == vp and t.vp_main == 20 - vp
    assert [e.op for e in events if type(e).__name__ == "EffectResolved"] == [f"vp {vp}"]


@pytest.mark.parametrize(("card", "n"), [("W01a", 1), ("F08a", 1), ("E03a", 1), ("W06", 2)])
def test_summon_draw_takes_the_top_cards_of_the_deck(card: str, n: int) -> None:
    t, _ = summoned(table(deck=list(DECK)), card)
    assert t.seat("p1").hand == DECK[:n] and t.deck == DECK[n:]


def test_sprout_dryad_is_summoned_from_hand_at_time_zero_and_draws() -> None:
    t = table(hands={"p1": ["F04a", "W03a"]}, deck=list(DECK))
    t, _ = ok(t, TakeMainAction(player="p1", slot="play.1", args={"card": "F04a", "discards": ["W03a"]}))
    assert t.seat("p1").fellowship == ["F04a"] and t.seat("p1").hand == ["E01a"]


def test_reflection_catcher_retrieves_up_to_two_chosen_cards_from_the_pile() -> None:
    t, _ = summoned(table(discard=["E01a", "F01a", "S01a"]), "W05")
    assert t.pending.kind == "retrieve" and (t.pending.min, t.pending.max) == (0, 2)
    t, events = choose(t, ["S01a", "E01a"])
    assert t.seat("p1").hand == ["S01a", "E01a"] and t.discard == ["F01a"] and "CardsRetrieved" in names(events)


def test_moss_gnome_offers_only_forest_cards_one_discard_cheaper() -> None:
    t, _ = summoned(table(hands={"p1": ["F03a", "W03a"]}), "F02a")
    assert t.pending.kind == "play" and t.pending.options == ("F03a",)
    t, _ = choose(t, {"card": "F03a", "discards": [], "space": 3})
    assert t.seat("p1").on_board("F03a") == 3 and t.seat("p1").hand == ["W03a"] and not t.discard


def test_keeper_of_hours_plays_a_card_two_spaces_lower_and_declining_is_allowed() -> None:
    t, _ = summoned(table(hands={"p1": ["S07", "W01a", "F01a"]}), "S06")
    assert code(t, Decide(player="p1", decision_id=t.pending.decision_id,
                          choice={"card": "S07", "discards": ["W01a", "F01a"], "space": 1})) == "bad_space"
    played, _ = choose(t, {"card": "S07", "discards": ["W01a", "F01a"], "space": 2})
    assert played.seat("p1").on_board("S07") == 2 and played.discard == ["W01a", "F01a"]
    declined, _ = choose(t, "decline")
    assert declined.seat("p1").hand == ["S07", "W01a", "F01a"] and declined.pending is None


def test_wind_sylph_distributes_one_advance_step() -> None:
    t = table(boards={"p1": {3: ["F01a"]}})
    t, _ = summoned(t, "S01a")
    assert t.pending.kind == "advance" and t.pending.max == 1
    t, _ = choose(t, [{"card": "F01a", "steps": 1}])
    assert t.seat("p1").on_board("F01a") == 2


def test_stargazer_shifts_the_board_once_more_summoning_what_leaves() -> None:
    t = table(boards={"p1": {1: ["W03a"], 3: ["F01a"]}})
    t, events = summoned(t, "S04a")
    assert [e.cause for e in events if type(e).__name__ == "TimeStepped"] == ["shift"]
    assert t.seat("p1").fellowship == ["S04a", "W03a"] and t.seat("p1").on_board("F01a") == 2
    assert t.seat("p1").vp == 1


# --- ∞ on … triggers ---
def test_pearl_crown_pays_for_another_water_card_after_its_own_summon_effect() -> None:
    t, events = summoned(table(fellowships={"p1": ["W12"]}), "W03a")
    assert t.seat("p1").vp == 2
    assert [e.source for e in events if type(e).__name__ == "EffectResolved"] == ["W03a", "W12"]
    other, _ = summoned(table(fellowships={"p1": ["W12"]}), "F01a")
    assert other.seat("p1").vp == 1


def test_fox_seer_pays_for_creatures_only() -> None:
    creature, _ = summoned(table(fellowships={"p1": ["F05"]}), "E01a")
    artifact, _ = summoned(table(fellowships={"p1": ["F05"]}), "E08a")
    assert creature.seat("p1").vp == 1 and artifact.seat("p1").vp == 1  # E08a's own ✦ only


def test_cave_chieftain_gains_two_vp_on_a_capture() -> None:
    t = table(fellowships={"p1": ["E06", "E01a"]})
    t, _ = ok(t, TakeMainAction(player="p1", slot="capture.1", args={"source": "X7", "creatures": ["E01a"]}))
    assert t.source("X7").holder == "p1" and t.seat("p1").vp == 2


def test_pioneers_pick_gains_two_vp_on_entrenching() -> None:
    t = holding("X3", under=("F03a",), fellowships={"p1": ["E09a", "F06", "F07"]})
    t, _ = ok(t, TakeMainAction(player="p1", slot="entrench.1", args={"source": "X3", "creatures": ["F06"]}))
    assert t.source("X3").state == "entrenched" and t.seat("p1").vp == 2


def test_sky_compass_gains_one_vp_per_advance_action() -> None:
    t = table(fellowships={"p1": ["S11"]}, boards={"p1": {3: ["F01a"]}})
    t, _ = ok(t, TakeMainAction(player="p1", slot="advance.1", args={"moves": [{"card": "F01a", "steps": 1}]}))
    assert t.seat("p1").vp == 1 and t.seat("p1").on_board("F01a") == 2


# --- ∞ statics ---
def test_pearl_crab_draws_one_more_with_the_draw_action() -> None:
    t, _ = ok(table(fellowships={"p1": ["W04a"]}, deck=list(DECK)), TakeMainAction(player="p1", slot="draw.1",
                                                                                   args={}))
    assert t.seat("p1").hand == DECK[:3]


def test_rain_jug_makes_water_cards_one_discard_cheaper_and_no_other() -> None:
    t = table(fellowships={"p1": ["W09a"]}, hands={"p1": ["W03a", "F03a"]})
    water, _ = ok(t, TakeMainAction(player="p1", slot="play.1", args={"card": "W03a", "discards": []}))
    assert water.seat("p1").on_board("W03a") == 3 and water.seat("p1").hand == ["F03a"]
    assert code(t, TakeMainAction(player="p1", slot="play.1", args={"card": "F03a", "discards": []})) == "bad_discards"


def test_ring_of_roots_lowers_the_time_of_forest_cards_only() -> None:
    t = table(fellowships={"p1": ["F12"]}, hands={"p1": ["F03a", "S03a", "W01a", "W01b"]})
    forest, _ = ok(t, TakeMainAction(player="p1", slot="play.1", args={"card": "F03a", "discards": ["W01a"],
                                                                       "space": 2}))
    assert forest.seat("p1").on_board("F03a") == 2
    assert code(t, TakeMainAction(player="p1", slot="play.1", args={"card": "S03a", "discards": ["W01a"],
                                                                    "space": 2})) == "bad_space"


def test_two_wind_feathers_add_up_to_two_spaces_lower() -> None:
    t = table(fellowships={"p1": ["S09a", "S09b"]}, hands={"p1": ["S03a", "W01a"]})
    low, _ = ok(t, TakeMainAction(player="p1", slot="play.1", args={"card": "S03a", "discards": ["W01a"],
                                                                    "space": 1}))
    assert low.seat("p1").on_board("S03a") == 1
    assert code(t, TakeMainAction(player="p1", slot="play.1", args={"card": "S03a", "discards": ["W01a"],
                                                                    "space": 0})) == "bad_space"


def test_sky_sentinel_gives_the_advance_action_a_third_step() -> None:
    args = {"moves": [{"card": "F01a", "steps": 3}]}
    t = table(fellowships={"p1": ["S05"]}, boards={"p1": {3: ["F01a"]}})
    t, _ = ok(t, TakeMainAction(player="p1", slot="advance.1", args=args))
    assert "F01a" in t.seat("p1").fellowship
    assert code(table(boards={"p1": {3: ["F01a"]}}), TakeMainAction(player="p1", slot="advance.1", args=args)) \
        == "too_many_steps"


def test_granite_warden_adds_one_to_the_attack_without_taking_part() -> None:
    t = table(fellowships={"p1": ["E04a", "E01a"]}, sources=("X8", "X3", "X1", "X7"))
    t, events = ok(t, TakeMainAction(player="p1", slot="capture.1", args={"source": "X8", "creatures": ["E01a"]}))
    assert next(e for e in events if type(e).__name__ == "SourceCaptured").attack == 6
    alone = table(fellowships={"p1": ["E01a"]}, sources=("X8", "X3", "X1", "X7"))
    assert code(alone, TakeMainAction(player="p1", slot="capture.1", args={"source": "X8", "creatures": ["E01a"]})) \
        == "not_enough_strength"


# --- ⚡ activations of cards ---
def test_mist_undine_draws_then_asks_for_one_discard() -> None:
    t = table(fellowships={"p1": ["W02a"]}, hands={"p1": ["F01a"]}, deck=list(DECK))
    t, _ = activated(t, "W02a")
    assert t.pending.kind == "discard" and sorted(t.pending.options) == ["E01a", "F01a"]
    t, _ = choose(t, ["F01a"])
    assert t.seat("p1").hand == ["E01a"] and t.discard == ["F01a"] and "W02a" in t.tokens


def test_sea_witch_turns_two_discards_into_two_vp() -> None:
    t, _ = activated(table(fellowships={"p1": ["W07"]}, hands={"p1": ["F01a", "F01b", "S01a"]}), "W07",
                     "F01a", "F01b")
    assert t.seat("p1").vp == 2 and t.discard == ["F01a", "F01b"] and t.seat("p1").hand == ["S01a"]


def test_tide_shell_draws_one_and_only_once_a_round() -> None:
    t, _ = activated(table(fellowships={"p1": ["W08a"]}, deck=list(DECK)), "W08a")
    assert t.seat("p1").hand == ["E01a"]
    assert code(t, Activate(player="p1", target="W08a")) == "already_activated"


def test_water_mirror_keeps_one_of_three_and_discards_the_others_in_deck_order() -> None:
    t, _ = activated(table(fellowships={"p1": ["W10"]}, deck=list(DECK)), "W10")
    assert t.pending.kind == "keep" and t.pending.options == ("E01a", "E02a", "E03a")
    t, _ = choose(t, ["E02a"])
    assert t.seat("p1").hand == ["E02a"] and t.discard == ["E01a", "E03a"] and t.deck == ["E04a", "E05"]


def test_horn_of_spring_plays_a_creature_one_space_lower() -> None:
    t, _ = activated(table(fellowships={"p1": ["F10"]}, hands={"p1": ["S03a", "E08a", "W01a"]}), "F10")
    assert t.pending.kind == "play" and set(t.pending.options) == {"S03a", "W01a"}
    t, events = choose(t, {"card": "S03a", "discards": ["E08a"], "space": 2})
    assert t.seat("p1").on_board("S03a") == 2
    assert next(e for e in events if type(e).__name__ == "CardPlayed").cause == "effect"


@pytest.mark.parametrize("artifact", ["S02a", "S08a"])
def test_falcon_and_hourglass_advance_one_step_and_a_card_leaving_is_summoned(artifact: str) -> None:
    t, _ = activated(table(fellowships={"p1": [artifact]}, boards={"p1": {1: ["F01a"]}}), artifact)
    t, _ = choose(t, [{"card": "F01a", "steps": 1}])
    assert t.seat("p1").fellowship == [artifact, "F01a"] and t.seat("p1").vp == 1


def test_astrolabe_pays_one_discard_for_an_extra_time_step() -> None:
    t, events = activated(table(fellowships={"p1": ["S10"]}, hands={"p1": ["E01a"]},
                                boards={"p1": {1: ["W03a"]}}), "S10", "E01a")
    assert [e.cause for e in events if type(e).__name__ == "TimeStepped"] == ["shift"]
    assert "W03a" in t.seat("p1").fellowship and t.seat("p1").vp == 1 and t.discard == ["E01a"]


def test_crystal_basilisk_pays_one_discard_for_one_vp() -> None:
    t, _ = activated(table(fellowships={"p1": ["E07"]}, hands={"p1": ["F01a"]}), "E07", "F01a")
    assert t.seat("p1").vp == 1 and t.discard == ["F01a"]
    assert code(table(fellowships={"p1": ["E07"]}), Activate(player="p1", target="E07")) == "cannot_pay"


def test_echo_stone_readies_another_card_but_never_itself() -> None:
    t, _ = activated(table(fellowships={"p1": ["E10", "W08a"]}, deck=list(DECK)), "W08a")
    t, _ = activated(t, "E10")
    assert t.pending.kind == "ready" and t.pending.options == ("W08a",)
    t, _ = choose(t, "W08a")
    t, _ = activated(t, "W08a")
    assert t.seat("p1").hand == ["E01a", "E02a"] and t.tokens == {"E10", "W08a"}


# --- ★ scoring ---
@pytest.mark.parametrize(("crown", "fellowship", "value"), [
    ("W11", ["W06", "W01a"], 4), ("F11", ["F06", "F07"], 4), ("S12", ["S06", "S07"], 4),
    ("E12", ["E05", "F07"], 4)])
def test_each_crown_counts_the_symbols_of_its_faction_itself_included(crown: str, fellowship: list[str],
                                                                      value: int) -> None:
    assert effects(table(), crown, *fellowship) == value


def test_woven_totem_counts_creatures_in_pairs_including_those_under_sources() -> None:
    assert effects(table(), "F09a", "E01a", "E01b", "W01a", "S08a") == 1
    assert effects(table(), "F09a", "E01a", "E01b", "W01a", under=("E05",)) == 2


def test_map_of_four_realms_scores_per_complete_set_by_card_faction() -> None:
    assert effects(table(), "E11", "W01a", "F01a", "S01a", "E01a", "W01b", "F01b", "S01b") == 6
    assert effects(table(), "E11", "W01a", "F07", "S07") == 3  # the Map is an Earth card itself
    assert effects(table(), "E11", "W01a", "S07") == 0  # S07's Forest symbol does not make it a Forest card


# --- ⚡ Sources ---
def test_spring_of_oblivion_draws_one_for_its_holder() -> None:
    t, _ = activated(holding("X1", deck=list(DECK)), "X1")
    assert t.seat("p1").hand == DECK[:1] and "X1" in t.tokens


def test_moon_lake_pays_one_discard_for_two_cards() -> None:
    t, _ = activated(holding("X2", hands={"p1": ["F01a"]}, deck=list(DECK)), "X2", "F01a")
    assert t.seat("p1").hand == DECK[:2] and t.discard == ["F01a"]


@pytest.mark.parametrize("source", ["X3", "X8"])
def test_heart_of_the_grove_and_stone_throne_give_one_vp(source: str) -> None:
    t, events = activated(holding(source), source)
    assert t.seat("p1").vp == 1 and next(e for e in events if type(e).__name__ == "VpGained").cause == source


def test_world_tree_looks_at_two_and_keeps_one() -> None:
    t, _ = activated(holding("X4", deck=list(DECK)), "X4")
    assert t.pending.options == ("E01a", "E02a")
    t, _ = choose(t, ["E01a"])
    assert t.seat("p1").hand == ["E01a"] and t.discard == ["E02a"]


def test_peak_of_winds_advances_one_step() -> None:
    t, _ = activated(holding("X5", boards={"p1": {4: ["F01a"]}}), "X5")
    t, _ = choose(t, [{"card": "F01a", "steps": 1}])
    assert t.seat("p1").on_board("F01a") == 3


def test_star_well_distributes_two_steps_for_one_discard() -> None:
    t, _ = activated(holding("X6", hands={"p1": ["E02a"]}, boards={"p1": {2: ["F01a"], 4: ["W03a"]}}), "X6", "E02a")
    assert t.pending.max == 2
    t, _ = choose(t, [{"card": "F01a", "steps": 1}, {"card": "W03a", "steps": 1}])
    assert (t.seat("p1").on_board("F01a"), t.seat("p1").on_board("W03a")) == (1, 3)


def test_ore_vein_pays_one_discard_for_two_vp() -> None:
    t, _ = activated(holding("X7", hands={"p1": ["F01a"]}), "X7", "F01a")
    assert t.seat("p1").vp == 2 and t.discard == ["F01a"]
