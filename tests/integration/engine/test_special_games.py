"""A special game's rule changes reach the engine's games: the Daily's, and the Free game «Как Вызов дня»,
which plays today's preset and special rules on a field of its own."""

import pytest
from echo_challenge.events import GameStarted
from echo_challenge.generator import layout_rows
from echo_challenge.modes import daily_setup
from echo_challenge.presets import get_preset
from echo_events.daily import RuleChangeSpec
from echo_events.envelope import decode, unwrap
from echo_events.moscow import moscow_date
from echo_runtime.clock import SystemClock

from tests.support.play import ask, publish_daily

pytestmark = pytest.mark.integration

SPECIAL = (
    RuleChangeSpec(field="beam_cost", value=3, description_ru="Эхолуч стоит 3"),
    RuleChangeSpec(field="price_clean", value=55, description_ru="Чистое вскрытие платит 55"),
)


async def started_event(js, game_id: str) -> GameStarted:  # noqa: ANN001
    """What the engine stored when the game began (hidden from clients: the test reads the stream)."""
    raw = await js.get_last_msg("GAMES", f"echo.game.{game_id}.lifecycle")
    return next(e for e in map(unwrap, decode(raw.data).events) if isinstance(e, GameStarted))


async def test_special_rules_reach_the_daily_and_as_daily_plays_them_on_another_field(private_engine) -> None:  # noqa: ANN001
    nc = private_engine
    plain = get_preset("nine-small").rules
    assert (plain.beam_cost, plain.price_clean) != (3, 55)  # the changes change something
    daily = await publish_daily(nc.jetstream(), moscow_date(SystemClock().now()), preset="nine-small", seed=2027,
                                special=SPECIAL)
    played = await ask(nc, type="start", account_id="sp1", mode="daily")
    copy = await ask(nc, type="start", account_id="sp1", mode="free", preset="as-daily")
    assert played["ok"] and copy["ok"], (played, copy)
    for view in (played["view"], copy["view"]):
        assert view["beam_cost"] == 3 and view["prices"]["clean"] == 55
        assert view["prices"]["lossy"] == plain.price_lossy  # what the special game leaves alone stays
    assert copy["view"]["preset"] == "as-daily" and copy["view"]["mode"] == "free"

    in_daily = await started_event(nc.jetstream(), played["game_id"])
    in_copy = await started_event(nc.jetstream(), copy["game_id"])
    assert in_daily.grid == layout_rows(daily_setup(daily))
    assert in_copy.grid != in_daily.grid  # another field: the Free game tells nothing of the Daily's
    assert in_copy.preset == in_daily.preset == "nine-small"
    assert in_copy.rules == in_daily.rules and in_daily.rules.beam_cost == 3 and in_daily.rules.price_clean == 55
