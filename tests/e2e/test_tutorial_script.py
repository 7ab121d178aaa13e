"""The Tutorial teaches from what is on the screen: every step's click can be told from the view the player
has at that moment, and the script passes through every rule a Daily punishes or pays for.

Pure rules, no browser: the views are the ones the client draws (`client_view`)."""

import pytest
from echo_challenge.commands import Beam, Probe
from echo_challenge.field import sector_name
from echo_challenge.game import play, start
from echo_challenge.tutorial import SCRIPT, explain_wrong_click, guidance, tutorial_setup
from echo_challenge.view import client_view

pytestmark = pytest.mark.e2e


def walk() -> list[tuple[dict, dict]]:
    """(view before the step, view after it) for every step of the script."""
    state, _ = start(tutorial_setup())
    pairs = []
    for step in SCRIPT:
        before = client_view(state)
        state, events = play(state, (Probe if step.tool == "probe" else Beam)(sector=step.sector))
        assert not hasattr(events, "code"), (sector_name(step.sector), events)
        pairs.append((before, client_view(state)))
    return pairs


def test_every_beam_goes_to_a_framed_sector_and_every_probe_but_one_to_a_free_one() -> None:
    field = tutorial_setup().field
    nadlom_steps = []
    for step, (before, _) in zip(SCRIPT, walk(), strict=True):
        name = sector_name(step.sector)
        if step.tool == "beam":
            assert name in {h["sector"] for h in before["highlights"]}, f"Beam {name}: no Spectrometer frame"
            assert before["charge"] >= 2
        elif field.is_segment(step.sector):
            nadlom_steps.append(name)
    assert nadlom_steps == ["B6"]  # the one Probe on a segment, on purpose and said so


def test_the_script_shows_every_rule_a_daily_punishes_or_pays() -> None:
    pairs = walk()
    log = pairs[-1][1]["log"]
    seen = {
        "order paid": any(e.get("orders_completed") for e in log),
        "clean opening": any((e.get("ephemeron") or {}).get("clean") for e in log),
        "membrane triggered": sum(e.get("membrane") == "triggered" for e in log) == 2,
        "detector digit": any(e.get("hint") for e in log),
        "spectrometer frame": any(e.get("highlight") for e in log),
        "nadlom by a probe": any("probe" in (e.get("nadloms") or []) for e in log),
        "blinking digit": any(after["interference"] for _, after in pairs),
        "red timer": any(after["timers"] for _, after in pairs),
        "red detector refill": any(e.get("opened") == "red" for e in log),
    }
    assert all(seen.values()), seen
    last = pairs[-1][1]
    assert last["status"] == "live"  # it ends with «Завершить», not by the last ephemeron
    assert (last["credits"], last["connectivity"], last["charge"], last["contour"]) == (95, 4, 5, 6)
    assert last["charge"] + 4 > last["contour"]  # what the final words warn of: a yellow now would overload


def test_each_instruction_names_its_click_in_both_languages() -> None:
    state, _ = start(tutorial_setup())
    for step in SCRIPT:
        said = guidance(state)
        name = sector_name(step.sector)
        assert said["instruction"].startswith(("Зонд по " if step.tool == "probe" else "Эхолуч по ") + name)
        assert said["instruction_en"].startswith(("Probe " if step.tool == "probe" else "Beam ") + name)
        state, _ = play(state, (Probe if step.tool == "probe" else Beam)(sector=step.sector))
    done = guidance(state)
    assert done["done"] and "Завершить" in done["instruction"] and "Finish" in done["instruction_en"]


def test_a_wrong_click_is_explained() -> None:
    state, _ = start(tutorial_setup())
    assert "Не тот инструмент" in explain_wrong_click(state, "beam", SCRIPT[0].sector)
    assert "уже открыт" in explain_wrong_click(state, "probe", 0)
    assert "Надлома" in explain_wrong_click(state, "probe", SCRIPT[2].sector)  # C3 is a segment
