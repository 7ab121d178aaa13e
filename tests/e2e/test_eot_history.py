"""Echoes of Time's history and turn countdown in the browser, through the real gateway and engine: a game
against a bot with a turn timer shows the step's countdown ticking down; conceded, it is in «Мои партии» from
the server — on another device of the same account too, replayable step by step — and in no other account's."""

from __future__ import annotations

import re

import pytest

from .conftest import DESKTOP, Page

pytestmark = pytest.mark.e2e
PHONE = {"width": 390, "height": 844}


async def at(browser, base: str, viewport: dict, token: str | None = None) -> Page:  # noqa: ANN001
    """The Echoes of Time page in a fresh context: its own guest, or the device of an account's `token`."""
    context = await browser.new_context(viewport=viewport, locale="ru-RU")
    if token:
        await context.add_init_script(f"localStorage.setItem('echo.token', {token!r})")
    page = await context.new_page()
    page.set_default_timeout(15000)
    wrapped = Page(page, base)
    await page.goto(base + "/eot/")
    await page.wait_for_selector("#conn[data-state=online]")
    return wrapped


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
    shown = re.fullmatch(r"осталось ([01]):(\d\d)", first)
    assert shown and 50 <= int(shown[1]) * 60 + int(shown[2]) <= 60, first
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
