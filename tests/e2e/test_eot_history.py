"""Echoes of Time's history and turn countdown in the browser, through the real gateway and engine: a game
against a bot with a turn timer shows the step's countdown ticking down; conceded, it is in «Мои партии» from
the server — on another device of the same account too, replayable step by step — and in no other account's.
On a device whose clock is 5 minutes off either way, the countdown still shows the server's time left, after a
reload in the middle of the step too."""

from __future__ import annotations

import re

import pytest

from .conftest import DESKTOP, Page

pytestmark = pytest.mark.e2e
PHONE = {"width": 390, "height": 844}


async def at(browser, base: str, viewport: dict, token: str | None = None, clock_off_ms: int = 0) -> Page:  # noqa: ANN001
    """The Echoes of Time page in a fresh context: its own guest, or the device of an account's `token`;
    `clock_off_ms`: how far this device's clock is off the true time."""
    context = await browser.new_context(viewport=viewport, locale="ru-RU")
    if token:
        await context.add_init_script(f"localStorage.setItem('echo.token', {token!r})")
    if clock_off_ms:
        await context.add_init_script(f"{{ const now = Date.now; Date.now = () => now() + {clock_off_ms}; }}")
    page = await context.new_page()
    page.set_default_timeout(15000)
    wrapped = Page(page, base)
    await page.goto(base + "/eot/")
    await page.wait_for_selector("#conn[data-state=online]")
    return wrapped


def seconds_left(countdown: str) -> int:
    shown = re.fullmatch(r"осталось (\d+):(\d\d)", countdown)
    assert shown, countdown
    return int(shown[1]) * 60 + int(shown[2])


async def test_the_countdown_runs_and_a_finished_game_is_in_the_accounts_history(browser, system) -> None:  # noqa: ANN001
    player = await at(browser, system, DESKTOP)
    page = player.page
    await page.wait_for_selector("#history:has-text('Партий ещё не было.')")
    await page.select_option("select[name=seats]", "2")
    await page.select_option("select[name=bots]", "1")
    await page.select_option("select[name=timer]", "60")
    await page.click("[data-testid=create]")
    await page.wait_for_selector("[data-testid=moves]")
    countdown = page.locator("[data-testid=status] [data-testid=countdown]")
    first = await countdown.inner_text()
    assert 50 <= seconds_left(first) <= 60, first
    await page.wait_for_function(f"document.querySelector('[data-testid=countdown]').textContent !== {first!r}")
    await player.shot("eot-countdown-desktop")

    page.on("dialog", lambda dialog: dialog.accept())
    await page.click("[data-testid=moves] [data-do=concede]")
    await page.wait_for_selector("[data-testid=game][data-status=over]")
    assert await page.locator("[data-testid=countdown]").count() == 0  # nothing runs once the game is over
    game_id = page.url.split("#/t/")[1]
    await page.goto(f"{system}/eot/#/")
    item = page.locator(f"[data-testid=history] li[data-game='{game_id}']")
    await item.wait_for()
    assert "поражение" in await item.inner_text() and "бот «Новичок»" in await item.inner_text()
    assert await page.locator("[data-testid=in-play]").count() == 0  # the finished table left this device's list

    token = await page.evaluate("localStorage.getItem('echo.token')")
    phone = await at(browser, system, PHONE, token)  # the same account on another device
    mine = phone.page.locator(f"[data-testid=history] li[data-game='{game_id}']")
    await mine.wait_for()
    await phone.shot("eot-history-phone")
    await mine.locator("[data-testid=replay-link]").click()
    await phone.page.wait_for_selector("[data-testid=replay][data-step='0']")
    await phone.page.click("[data-testid=replay-next]")
    await phone.page.wait_for_selector("[data-testid=replay][data-step='1']")
    assert await phone.page.locator("[data-testid=countdown]").count() == 0  # a replay has no clock

    stranger = await at(browser, system, PHONE)
    await stranger.page.wait_for_selector("#history:has-text('Партий ещё не было.')")
    for someone in (player, phone, stranger):
        assert not someone.errors, someone.errors


@pytest.mark.parametrize("clock_off_min", [5, -5])
async def test_the_countdown_shows_the_servers_time_on_a_device_whose_clock_is_off(
        browser, system, clock_off_min: int) -> None:  # noqa: ANN001
    player = await at(browser, system, DESKTOP, clock_off_ms=clock_off_min * 60_000)
    page = player.page
    await page.select_option("select[name=seats]", "2")
    await page.select_option("select[name=bots]", "1")
    await page.select_option("select[name=timer]", "120")
    await page.click("[data-testid=create]")
    await page.wait_for_selector("[data-testid=moves]")
    countdown = page.locator("[data-testid=status] [data-testid=countdown]")
    first = seconds_left(await countdown.inner_text())
    assert 100 <= first <= 120, first  # by this device's own clock: 0:00 (ahead) or 7:00 (behind)
    await player.shot(f"eot-countdown-clock-off-{clock_off_min}min")

    await page.wait_for_function(  # the step has run a while: its opening is no longer a fresh moment
        "document.querySelector('[data-testid=status] [data-testid=countdown]').textContent <= 'осталось 1:50'")
    before = seconds_left(await countdown.inner_text())
    await page.reload()
    await page.wait_for_selector("[data-testid=moves]")
    again = seconds_left(await countdown.inner_text())
    assert 80 <= again <= before + 3, (before, again)  # an HTTP Date: whole seconds, refreshed every second
    assert not player.errors, player.errors
