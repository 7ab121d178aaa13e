"""Which engine replica holds each game, as the gateway last heard: what a reply names, until it is
forgotten (that replica did not answer) or pushed out by games asked about more recently."""

import pytest
from echo_gateway.engine_client import Holders

pytestmark = pytest.mark.unit


def test_a_reply_names_the_holder_of_its_game_and_a_failure_forgets_it() -> None:
    holders = Holders()
    assert holders.of("g1") is None and holders.of(None) is None
    holders.heard("g1", "engine-a")
    holders.heard(None, "engine-b")  # about no game: nothing to remember
    holders.heard("g2", None)  # from an engine that does not say its replica
    assert holders.of("g1") == "engine-a" and holders.of("g2") is None
    holders.heard("g1", "engine-b")  # whoever answered last has it now
    assert holders.of("g1") == "engine-b"
    holders.forget("g1")
    holders.forget(None)
    assert holders.of("g1") is None


def test_the_games_asked_about_least_recently_go_first() -> None:
    holders = Holders(capacity=2)
    holders.heard("g1", "a")
    holders.heard("g2", "a")
    assert holders.of("g1") == "a"  # asked about again: now the most recent
    holders.heard("g3", "b")
    assert (holders.of("g1"), holders.of("g2"), holders.of("g3")) == ("a", None, "b")
