"""The rules page (our own words, with the cheat-sheet) and the language switch kept in localStorage."""

import pytest

pytestmark = pytest.mark.e2e


async def test_rules_page_and_english(desktop) -> None:  # noqa: ANN001
    page = desktop.page
    await page.click("a[href='#/rules']")
    await page.wait_for_selector("[data-testid=rules]")
    text = await page.inner_text("[data-testid=rules]")
    assert "Шпаргалка" in text and "Эхолуч" in text and "Мембраны" in text
    await page.hover("[data-testid=rules] .term[data-term=overload]")
    assert "Надлом" in await page.get_attribute("[data-testid=rules] .term[data-term=overload]", "title")
    await desktop.shot("desktop-rules")

    await page.click("#lang")
    await page.wait_for_selector("[data-testid=rules] h1:has-text('How to play')")
    assert await page.evaluate("localStorage.getItem('echo.lang')") == "en"
    await page.click("a[href='#/']")
    await page.reload()
    await page.wait_for_selector("[data-testid=main] h2:has-text('Free game')")
    assert await page.get_attribute("html", "lang") == "en"
    await desktop.shot("desktop-main-en")
    await page.click("[data-testid=play-tutorial]")
    await page.wait_for_selector("[data-testid=game][data-mode=tutorial]")
    assert "Credits" in await page.inner_text("[data-testid=credits]")
    await desktop.shot("desktop-game-en")
    await page.click("#lang")
    await page.wait_for_selector("[data-testid=credits]:has-text('Кредиты')")
