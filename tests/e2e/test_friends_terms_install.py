"""The rest a newcomer reads and does: friends found by callsign, removed, unblocked in the Chart's «Друзья»;
every glossary term of the rules explains itself (also on the main and Chart screens), the rules tell the
Chart, Leagues, Friends and the one attempt; the client installs on a phone (a manifest and icons)."""

import httpx
import pytest

from .conftest import DESKTOP, new_page
from .test_social_screens import played_chart

pytestmark = pytest.mark.e2e

GLOSSARY = ("Сектор", "Эфемер", "Сегмент", "Мембрана", "Помеха", "Возмущение", "Связность", "Надлом", "Контур",
            "Перегрузка", "Заряд", "Заряд прибора", "Кредиты партии", "Заказ", "Заморозка", "Такт", "Эхо-вызов дня",
            "Позывной", "Чарт дня", "Лига", "Особая партия", "Свободная партия", "Друзья", "Чистое вскрытие",
            "Вскрытие с потерями")  # the rules page's glossary


async def test_friends_managed_and_every_term_explained(social, browser, system: str) -> None:  # noqa: ANN001
    await played_chart(social, ("Анна", "Борис"))
    desktop = await new_page(browser, system, DESKTOP, path="/#/chart")
    page = desktop.page
    try:
        await page.wait_for_selector("[data-testid=chart-table]")
        assert await page.get_attribute("[data-testid=chart-page] h1 .term", "title")  # «Чарт» explains itself
        await page.click("[data-callsign='Борис']")
        await page.click("[data-testid=card-block]")
        await page.wait_for_selector("[data-testid=card-status][data-ok=true]")
        await page.click("#player-card form button")

        await page.click("[data-testid=tab-friends]")
        await page.wait_for_selector("[data-testid=friend-search]")
        assert "Борис" in await page.inner_text("[data-testid=blocked-row]")
        await page.fill("[data-testid=friend-search] input", "Анн")
        await page.click("[data-testid=friend-search] button")
        await page.click("[data-testid=found-row] [data-add]")
        await page.wait_for_selector("[data-testid=friend-row] >> text=Анна")
        assert "Анна" in await page.inner_text("[data-testid=friends-table]")
        await desktop.shot("desktop-chart-friends-manage")

        await page.click("[data-testid=friends-table] [data-remove]")
        gone = "!document.querySelector('[data-testid=friends-table]')?.innerText.includes('Анна')"
        await page.wait_for_function(gone)
        await page.click("[data-testid=blocked-row] [data-unblock]")
        await page.wait_for_function("!document.querySelector('[data-testid=blocked-row]')")
        await every_term_explains_itself(desktop)
    finally:
        await page.context.close()
    assert not desktop.errors, desktop.errors


async def every_term_explains_itself(desktop) -> None:  # noqa: ANN001
    page = desktop.page
    await page.click("a[href='#/']")
    await page.wait_for_selector("[data-testid=free-card] h2 .term")
    for term in ("free", "daily"):
        assert await page.get_attribute(f"[data-testid=main] .term[data-term={term}]", "title")
    await page.click("a[href='#/rules']")
    await page.wait_for_selector("[data-testid=glossary]")
    names = await page.eval_on_selector_all("[data-testid=glossary] dt .term", "els => els.map(e => e.textContent)")
    titles = await page.eval_on_selector_all("[data-testid=rules] .term", "els => els.map(e => e.title)")
    assert set(GLOSSARY) <= set(names), set(GLOSSARY) - set(names)
    assert all(titles), "a dotted term without an explanation"
    text = await page.inner_text("[data-testid=rules]")
    for part in ("Одна попытка", "Чарт и Лиги", "Друзья и вызов", "Сыграли — бросьте вызов"):
        assert part in text
    await desktop.shot("desktop-rules-glossary")


async def test_the_client_installs_on_a_phone(system: str) -> None:
    async with httpx.AsyncClient(base_url=system) as client:
        page = (await client.get("/")).text
        assert '<link rel="manifest" href="/manifest.json">' in page
        manifest = (await client.get("/manifest.json")).json()
        assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
        for icon in manifest["icons"]:
            image = await client.get(icon["src"])
            assert image.status_code == 200 and image.content.startswith(b"\x89PNG")
