"""Today's Daily on the main screen in both languages — its name, its preset's name and gist, the special
game's changes — and its own image (the link previews' image) on a desktop and a 390 px phone."""

import re

import pytest
from echo_events.daily import RuleChangeSpec
from echo_events.moscow import moscow_date
from echo_runtime.clock import SystemClock
from echo_runtime.nats_client import connect

from tests.support.play import publish_daily

from .conftest import new_page

pytestmark = pytest.mark.e2e

# as the daily service wrote special games before it wrote English texts: the gateway describes them
SPECIAL = (RuleChangeSpec(field="beam_cost", value=3, description_ru="Эхолуч стоит 3"),)
CYRILLIC = re.compile("[а-яА-ЯёЁ]")
POSTER_LOADED = "document.querySelector('[data-testid=daily-poster]')?.naturalWidth > 0"


async def test_the_daily_switches_to_english_with_its_image(desktop, browser, system: str,  # noqa: ANN001
                                                             private_nats_url: str) -> None:
    nc = await connect(private_nats_url, "tests")
    daily = await publish_daily(nc.jetstream(), moscow_date(SystemClock().now()), preset="nine-small", seed=5,
                                special=SPECIAL, name_en="Quiet coolness")
    await nc.drain()
    page = desktop.page
    await page.reload()
    card = page.locator("[data-testid=daily-card]")
    await page.wait_for_selector("[data-testid=daily-title]")
    assert await page.inner_text("[data-testid=daily-title]") == f"№ {daily.number} · Тихая прохлада"
    assert "Мелкая рябь · девять мелких, пустых мало" in await card.inner_text()
    await page.click("[data-action=special]")
    assert await page.inner_text("#special-list") == "Эхолуч стоит 3"
    await page.wait_for_function(POSTER_LOADED)
    assert "lang=ru" in await page.get_attribute("[data-testid=daily-poster]", "src")
    await desktop.shot("desktop-main-daily-image-ru")

    await page.click("#lang")
    await page.wait_for_selector(f"[data-testid=daily-title]:has-text('№ {daily.number} · Quiet coolness')")
    text = await card.inner_text()
    assert "Small ripple · nine small, few empty" in text and "Special game" in text
    await page.click("[data-action=special]")
    assert await page.inner_text("#special-list") == "The Beam costs 3"
    assert not CYRILLIC.search(await card.inner_text()), await card.inner_text()
    await page.wait_for_function("document.querySelector('[data-testid=daily-poster]')?.src.includes('lang=en')")
    await page.wait_for_function(POSTER_LOADED)
    await desktop.shot("desktop-main-daily-image-en")

    phone = await new_page(browser, system, {"width": 390, "height": 844}, touch=True)
    try:
        await phone.page.evaluate("localStorage.setItem('echo.lang', 'en')")
        await phone.page.reload()
        await phone.page.wait_for_selector("[data-testid=daily-title]:has-text('Quiet coolness')")
        await phone.page.wait_for_function(POSTER_LOADED)
        # one step in the page (the main screen may redraw as its data comes in, replacing the element)
        box = await phone.page.evaluate("""() => {
            const poster = document.querySelector('[data-testid=daily-poster]');
            poster.scrollIntoView({block: 'center'});
            const r = poster.getBoundingClientRect();
            return {x: r.x, width: r.width};
        }""")
        await phone.shot("phone390-main-daily-image-en")
        assert box["width"] > 0 and box["x"] >= 0 and box["x"] + box["width"] <= 390  # the image fits the phone
    finally:
        await phone.page.context.close()
    assert not phone.errors, phone.errors
