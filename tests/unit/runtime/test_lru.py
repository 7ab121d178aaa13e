"""The bounded map behind the engine's game cache, the gateway's game holders and the leagues' frames."""

import pytest
from echo_runtime.lru import Lru

pytestmark = pytest.mark.unit


def test_past_capacity_the_least_recently_used_goes_and_a_peek_does_not_count_as_use() -> None:
    kept: Lru[str, int] = Lru(2)
    kept.put("a", 1)
    kept.put("b", 2)
    assert kept.peek("a") == 1  # looked at, not used: "a" is still the least recently used
    kept.put("c", 3)
    assert (kept.peek("a"), kept.peek("b"), kept.peek("c"), len(kept)) == (None, 2, 3, 2)
    assert kept.get("b") == 2  # used: now "c" goes first
    kept.put("d", 4)
    assert (kept.get("b"), kept.get("c"), kept.get("d")) == (2, None, 4)


def test_a_put_again_refreshes_and_replaces_and_a_pop_of_nothing_is_quiet() -> None:
    kept: Lru[str, int] = Lru(2)
    kept.put("a", 1)
    kept.put("b", 2)
    kept.put("a", 10)  # replaced, and now the most recently used
    kept.put("c", 3)
    assert (kept.get("a"), kept.get("b"), kept.get("c")) == (10, None, 3)
    kept.pop("a")
    kept.pop("never")
    assert (kept.get("a"), len(kept)) == (None, 1)
