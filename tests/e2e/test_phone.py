"""A phone (360×740, touch): the main screen, a game, terms explained by a tap, Finish inside the menu."""

import pytest

from tests.support.play import free_sectors

from .helpers import account_id, start_free, tick

pytestmark = pytest.mark.e2e


async def test_a_phone_game_with_finish_in_the_menu(phone) -> None:  # noqa: ANN001
    page = phone.page
    await phone.shot("phone-main")
    await start_free(page, "nine-small")
    safe = free_sectors(await account_id(page), "nine-small")
    assert not await page.locator(".top-actions [data-action=finish]").is_visible()  # not on the top bar
    for index in safe[:2]:
        from echo_challenge.field import sector_name

        await page.tap(f".cell[data-sector={sector_name(index)}]")
        await page.wait_for_selector(f".cell[data-sector={sector_name(index)}].open")
    assert await tick(page) == 2
    width = await page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the page scrolls sideways on a phone: {width}px"
    await phone.shot("phone-game")

    await page.tap(".gauge.connectivity .term")
    await page.wait_for_selector(".term-pop")
    assert "Надлом" in await page.inner_text(".term-pop")
    await phone.shot("phone-term")
    await page.tap("[data-testid=credits] .value")  # a tap elsewhere closes it
    assert await page.locator(".term-pop").count() == 0

    await page.tap("[data-action=menu]")
    menu = page.locator("#game-menu")
    await menu.wait_for(state="visible")
    assert await menu.locator("a[href='#/']").is_visible()
    await phone.shot("phone-menu")
    await menu.locator("[data-action=finish]").tap()
    await page.tap("[data-action=finish-yes]")
    await page.wait_for_selector("[data-testid=end]")
    assert "Заказы" in await page.inner_text("[data-testid=breakdown]")
    await phone.shot("phone-end")
