"""Bad clicks are explained and change nothing; a dropped socket comes back and resumes; other devices push."""

import pytest

from tests.support.play import free_sectors

from .conftest import DESKTOP, open_page
from .helpers import account_id, click_and_wait, start_free, tick, wait_tick

pytestmark = pytest.mark.e2e


async def test_bad_clicks_show_errors_and_change_nothing(desktop) -> None:  # noqa: ANN001
    page = desktop.page
    await start_free(page)
    safe = free_sectors(await account_id(page), "standard")
    await click_and_wait(page, safe[0])
    credits_before = await page.inner_text("[data-testid=credits]")
    board_before = await page.inner_text("[data-testid=field]")
    await page.click(f".cell[data-sector={_name(safe[0])}]")  # already open
    error = page.locator("[data-testid=error]")
    await error.wait_for(state="visible")
    assert "уже вскрыт" in await error.inner_text()
    assert await tick(page) == 1 and board_before == await page.inner_text("[data-testid=field]")
    await page.click("[data-testid=tool-beam]")
    assert "4/6" in await page.inner_text("[data-testid=contour]")
    for index in safe[1:3]:  # two Beam misses spend the Charge (4 → 0)
        await click_and_wait(page, index)
    await page.click(f".cell[data-sector={_name(safe[5])}]")
    await page.wait_for_function("document.querySelector('[data-testid=error]').textContent.includes('Заряда')")
    assert await tick(page) == 3
    assert await page.locator(f".cell[data-sector={_name(safe[5])}].hidden").count() == 1
    await desktop.shot("desktop-error")
    assert credits_before == await page.inner_text("[data-testid=credits]")


async def test_reconnect_after_a_drop_and_updates_from_another_device(desktop, browser, system) -> None:  # noqa: ANN001
    page = desktop.page
    await start_free(page)
    safe = free_sectors(await account_id(page), "standard")
    await click_and_wait(page, safe[0])
    game_url = page.url

    token = await page.evaluate("localStorage.getItem('echo.token')")
    other = await open_page(browser, system, DESKTOP)
    await other.page.evaluate("(t) => localStorage.setItem('echo.token', t)", token)
    await other.page.goto(game_url)
    await other.page.reload()
    await other.page.wait_for_selector("[data-testid=game][data-mode=free]")
    assert await tick(other.page) == 1

    await page.evaluate("window.echo.conn.drop()")
    await page.wait_for_selector("#conn[data-state=offline]")
    await page.click(f".cell[data-sector={_name(safe[1])}]")  # sent when the socket is back, same id
    await page.wait_for_selector("#conn[data-state=online]")
    await wait_tick(page, 2)
    await wait_tick(other.page, 2)
    await click_and_wait(page, safe[2])
    assert await tick(page) == 3
    await wait_tick(other.page, 3)
    await other.page.context.close()
    assert not other.errors, other.errors


def _name(index: int) -> str:
    from echo_challenge.field import sector_name

    return sector_name(index)


async def test_continue_the_unfinished_free_game_and_the_daily_limit_of_three(desktop) -> None:  # noqa: ANN001
    page = desktop.page
    await start_free(page)
    first = page.url
    await page.click(".top-actions a[href='#/']")
    resume = page.locator("[data-testid=continue-free]")  # GET /api/v1/play/options names the unfinished game
    await resume.wait_for()
    assert "Осталось сегодня: 2 из 3" in await page.inner_text("[data-testid=free-left]")
    await resume.click()
    await page.wait_for_selector("[data-testid=game][data-mode=free]")
    assert page.url == first
    for left in (2, 1, 0):  # a new game closes the unfinished one; every start counts
        await page.click(".top-actions a[href='#/']")
        await page.wait_for_selector(f"[data-testid=free-left]:has-text('{left} из 3')")
        if left:
            await start_free(page, "nine-small")
    await page.click("[data-testid=preset-standard]")
    error = page.locator("[data-testid=main-error]")
    await error.wait_for(state="visible")
    assert "Три Свободные партии" in await error.inner_text()
    await desktop.shot("desktop-free-limit")
