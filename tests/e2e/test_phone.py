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


async def test_the_home_shows_all_four_games_and_the_open_ones(browser, system: str, social) -> None:  # noqa: ANN001
    """Issue 39, point 12: on the home a newcomer sees the four games, each in a sentence, and his open games."""
    from .conftest import DESKTOP, new_page

    phone = await new_page(browser, system, {"width": 390, "height": 844}, touch=True)
    page = phone.page
    try:
        tiles = page.locator("[data-testid=games-home] .game-tile")
        assert await tiles.count() == 4
        text = await page.inner_text("[data-testid=games-home]")
        for name in ("Эхо-вызов", "Призрачная пятёрка", "Ковчег", "Эхо времени"):
            assert name in text, text
        links = await page.locator("[data-testid=games-home] a.tile-name").all()
        hrefs = [await a.get_attribute("href") for a in links]
        assert hrefs == ["/ghost/", "/ark/", "/eot/"]
        assert await page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        await phone.shot("phone390-home")

        await start_free(page)  # an open game: back home, it is listed with whose turn it is
        await page.goto(system + "/#/")
        await page.wait_for_selector("[data-testid=home-open-echo]")
        assert "Свободная партия · ваш ход" in " ".join((await page.inner_text("[data-testid=home-game-echo]")).split())
        await page.click("#lang")
        await page.wait_for_selector("[data-testid=home-open-echo]:has-text('Free game')")
        text = await page.inner_text("[data-testid=games-home]")
        assert all(name in text for name in ("Echo Challenge", "Ghost Five", "Ark", "Echoes of Time"))
        assert await page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        await phone.shot("phone390-home-en")
        await page.click("[data-testid=home-open-echo]")
        await page.wait_for_selector("[data-testid=game][data-mode=free]")
    finally:
        await page.context.close()
    assert not phone.errors, phone.errors

    desktop = await new_page(browser, system, DESKTOP)
    try:
        await desktop.page.wait_for_selector("[data-testid=games-home]")
        await desktop.shot("desktop-home")
    finally:
        await desktop.page.context.close()
    assert not desktop.errors, desktop.errors
