"""Echoes of Time in the browser, through the real gateway and engine: three people (three browser contexts,
one a phone) and a bot play a whole game of four; one reloads in the middle of his turn, one lets his turn time
out; every frame each socket received is checked for another's hand, the deck and the seed; a refused command
shows its Russian message; the finished game is in the history and replays step by step."""

from __future__ import annotations

import asyncio
import random
import re
import time
from datetime import UTC, datetime, timedelta

import pytest
from echo_runtime.clock import MovableClock
from echo_runtime.nats_client import connect

from tests.integration.engine.test_eot_tables import assert_nothing_hidden, rules_events_with_versions

from .conftest import DESKTOP
from .helpers import PHONE
from .helpers import EotPlayer as Player

pytestmark = pytest.mark.e2e
TIMER_S = 30
TIMER_LEAD = timedelta(seconds=TIMER_S - 6)  # the engine's clock runs behind: a 30-second turn lasts 6 s
GAME_BUDGET_S = 240


@pytest.fixture
def engine_clock() -> MovableClock:
    return MovableClock(datetime.now(UTC) - TIMER_LEAD)


async def wait_for(test, timeout: float = 15.0) -> None:  # noqa: ANN001
    deadline = time.monotonic() + timeout
    while not await test():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.1)


async def test_three_browsers_and_a_bot_play_a_whole_game_of_four(browser, system, social, private_nats_url) -> None:  # noqa: ANN001
    owner = await Player.at(browser, system, DESKTOP, "/eot/")
    await owner.page.click("#lang")  # English, then back to Russian
    await owner.page.wait_for_selector("h2:has-text('New table')")
    await owner.page.click("#lang")
    await owner.page.wait_for_selector("h2:has-text('Новый стол')")
    await owner.page.select_option("select[name=seats]", "4")
    await owner.page.select_option("select[name=bots]", "1")
    await owner.page.select_option("select[name=level]", "greedy")
    await owner.page.select_option("select[name=timer]", str(TIMER_S))
    await owner.page.click("[data-testid=create]")
    invite = await owner.page.locator("[data-testid=invite]").input_value()
    assert "/eot/#/join/" in invite and "Ждём игроков: 2 из 4" in await owner.page.inner_text("main")
    seated = await owner.page.inner_text("[data-testid=seated]")  # who sits already, before anyone joins
    assert re.fullmatch(r"За столом: Эхонавт-\d{4} \(вы\), Бот \(Расчётливый\)", seated), seated
    game_id = invite.split("/join/")[1].split(".")[0]
    phone = await Player.at(browser, system, PHONE, "/eot/", touch=True)
    await phone.page.goto(f"{system}/eot/#/join/{game_id}.forged")  # refused: its message in Russian
    await phone.page.click("[data-testid=join-confirm]")
    await phone.page.wait_for_selector("[data-testid=notice]:has-text('Приглашение недействительно')")
    await phone.page.wait_for_selector("[data-testid=invitation-refused]:has-text('Ссылка недействительна')")
    await phone.page.goto(invite)
    await phone.page.click("[data-testid=join-confirm]")  # first what the link is, then the seat
    guest = await Player.at(browser, system, DESKTOP, "/eot/")
    await guest.page.goto(invite)
    await guest.page.click("[data-testid=join-confirm]")
    players = [owner, phone, guest]  # seats 0, 2 and 3: the bot sits at 1
    for player in players:
        await player.page.wait_for_selector("[data-testid=game]")
    callsigns = [(await p.page.inner_text(".main-col section.player h3")).split(" (")[0].strip() for p in players]
    assert all(re.fullmatch(r"Эхонавт-\d{4}", c) for c in callsigns), callsigns
    for player, own in zip(players, callsigns, strict=True):  # every seat by name
        others = await player.page.inner_text(".side-col")
        assert "Бот (Расчётливый)" in others and "Игрок" not in others, others
        assert all(c in others for c in callsigns if c != own), others

    choose = random.Random(23)
    timed_out = reloaded = False
    shots = {owner: "eot-desktop-midgame", phone: "eot-phone-midgame"}
    started = time.monotonic()
    while not await owner.over():
        assert time.monotonic() - started < GAME_BUDGET_S, "the game did not end in time"
        mover = await any_move(players)
        if mover is None:
            await asyncio.sleep(0.1)
            continue
        if not timed_out and mover is guest:  # he lets his 30-second turn run out
            turn = await mover.page.get_attribute("[data-testid=status]", "data-round")
            await wait_for(lambda waiting=mover: not_my_move(waiting), timeout=12)
            timed_out = True
            log_now = await owner.page.inner_text("[data-testid=log]")
            assert turn and f"{callsigns[2]}: берёт" in log_now  # the timeout's Draw, by the guest's callsign
            continue
        if not reloaded and mover is phone and timed_out:  # a reload in the middle of his own turn
            await mover.page.reload()
            await mover.page.wait_for_selector("[data-testid=game]")
            reloaded = True
            continue
        if mover in shots and int(await mover.page.get_attribute("[data-testid=status]", "data-round")) >= 4:
            await mover.wrapped.shot(shots.pop(mover))  # mid-game, his moves panel open
        await mover.play_one_step(choose)
    assert timed_out and reloaded and not shots

    for player in players:
        await wait_for(player.over)
        scoring = await player.page.inner_text("[data-testid=scoring]")
        assert "Партия окончена" in scoring and "итого" in scoring and "Победа" in scoring
    await guest.wrapped.shot("eot-desktop-final")

    nc = await connect(private_nats_url, "tests")
    events = await rules_events_with_versions(nc, game_id)
    await nc.drain()
    for player, seat in zip(players, (0, 2, 3), strict=True):
        assert assert_nothing_hidden([f for f in player.frames if isinstance(f, str)], seat, events) > 20

    await owner.page.goto(f"{system}/eot/#/")
    await owner.page.locator("[data-testid=history] [data-testid=replay-link]").first.click()
    await owner.page.wait_for_selector("[data-testid=replay]")
    await owner.page.click("[data-testid=replay-next]")
    await owner.page.wait_for_selector("[data-testid=replay][data-step='1']")
    for player in players:
        assert not player.wrapped.errors, player.wrapped.errors


async def any_move(players: list[Player]) -> Player | None:
    for player in players:
        if await player.my_move():
            return player
    return None


async def not_my_move(player: Player) -> bool:
    return not await player.my_move()
