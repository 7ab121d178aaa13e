"""`is_rejection` decides as `isinstance(outcome, Rejection)` (the contract's protocol) would, for lists and
tuples (of events), commands, ready-made and richer rejections."""

from dataclasses import dataclass

import pytest
from echo_challenge.commands import Probe
from echo_events.game_rules import Refused, Rejection, is_rejection

pytestmark = pytest.mark.unit


@dataclass(frozen=True)
class WithProperties:
    @property
    def code(self) -> str:
        return "not_your_turn"

    @property
    def message(self) -> str:
        return "wait for your turn"


@dataclass(frozen=True)
class CodeOnly:
    code: str = "half"


OUTCOMES = [Refused("no_charge", "not enough Charge"), WithProperties(), CodeOnly(), Probe(sector=3),
            [Probe(sector=3)], (), None, "refused"]


@pytest.mark.parametrize("outcome", OUTCOMES, ids=lambda outcome: type(outcome).__name__)
def test_it_agrees_with_the_protocol(outcome):
    assert is_rejection(outcome) == (not isinstance(outcome, list | tuple) and isinstance(outcome, Rejection))


def test_a_rejection_is_one_and_a_command_is_not():
    assert is_rejection(Refused("no_charge", "not enough Charge")) and is_rejection(WithProperties())
    assert not is_rejection(Probe(sector=3)) and not is_rejection(CodeOnly()) and not is_rejection([])
