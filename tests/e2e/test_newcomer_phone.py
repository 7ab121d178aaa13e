"""A newcomer on a 390 px phone, in English: the first screen leads to the Tutorial, the first Daily asks
once, the Tutorial speaks English and ends from its own banner, a tap on a column letter or a row number
never moves, an error stands above the Probe/Beam bar; the Chart fits the phone; a replay's link fits its bar."""

from datetime import date

import pytest
from echo_challenge.field import sector_name
from echo_challenge.tutorial import SCRIPT
from echo_events.moscow import moscow_date
from echo_runtime.clock import SystemClock
from echo_runtime.nats_client import connect
from playwright.async_api import TimeoutError as PlaywrightTimeout

from tests.support.play import publish_daily

from .conftest import new_page
from .helpers import start_free, tick, visible_primaries
from .test_social_screens import played_chart

pytestmark = pytest.mark.e2e

PHONE_390 = {"width": 390, "height": 844}


async def tap_center(page, selector: str) -> None:  # noqa: ANN001
    box = await page.locator(selector).bounding_box()
    await page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


async def test_a_newcomer_on_a_phone_in_english(social, browser, system: str, private_nats_url: str) -> None:  # noqa: ANN001
    nc = await connect(private_nats_url, "tests")
    today = moscow_date(SystemClock().now())
    await publish_daily(nc.jetstream(), today, seed=7)
    phone = await new_page(browser, system, PHONE_390, touch=True)
    page = phone.page
    try:
        await page.click("#lang")
        await page.wait_for_selector("[data-testid=first-steps] h2:has-text('New here?')")
        await page.wait_for_selector("[data-testid=daily-title]")
        card = await page.inner_text("[data-testid=daily-card]")
        assert "Even background" in card and "Ровный" not in card  # the preset's name and gist in English
        assert date.fromisoformat(today.isoformat()).strftime("%B") in card  # «1 December», not ISO
        await page.wait_for_selector("[data-testid=first-steps] .btn.primary")  # drawn once the options are in
        assert await visible_primaries(page, ["Start the tutorial"]) == ["Start the tutorial"]
        await phone.shot("phone390-first-screen-en")

        await page.tap("[data-testid=play-daily]")  # his first Daily: asked once whether the Tutorial comes first
        ask = page.locator("[data-testid=first-daily]")
        await ask.wait_for(state="visible")
        await phone.shot("phone390-ask-tutorial-first")
        await page.tap("[data-testid=tutorial-first]")
        await page.wait_for_selector("[data-testid=game][data-mode=tutorial]")
        text = await page.inner_text("[data-testid=tutorial-text]")
        assert text.startswith("Probe B2. A1 is an empty sector")

        await tap_center(page, ".lab.col >> nth=0")  # «A»: Chromium retargets it to A1...
        await tap_center(page, ".lab.row >> nth=4")  # «5»: ...and to A5; neither may spend a move
        await page.wait_for_timeout(500)
        assert await tick(page) == 0

        await page.tap(".cell[data-sector=J10]")  # a wrong tap is explained in English
        error = page.locator("[data-testid=error]")
        await error.wait_for(state="visible")
        assert (await error.inner_text()).startswith("Not this click: now Probe on B2")
        error_box = await error.bounding_box()
        tools_box = await page.locator(".tools").bounding_box()
        assert error_box["y"] + error_box["height"] <= tools_box["y"], "the error hides behind the tool bar"
        assert not await page.locator(".tool .key").first.is_visible()  # no keyboard hints on a phone
        await phone.shot("phone390-tutorial-en-error")
        await error.tap()  # a tap hides it
        await error.wait_for(state="hidden")

        assert "Orders:" in await page.inner_text("[data-testid=tutorial-look]")  # the Order step 1 speaks of
        in_view = """(name) => {
            const cell = document.querySelector(`.cell[data-sector="${name}"]`).getBoundingClientRect();
            const bar = document.querySelector('.tools').getBoundingClientRect();
            return cell.top >= 0 && cell.bottom <= bar.top; }"""
        for step in SCRIPT:
            name = sector_name(step.sector)
            words = len((await page.inner_text("[data-testid=tutorial-text]")).split())
            assert words <= 40, f"step {name}: {words} words"
            assert await page.evaluate(in_view, name), f"step {name}: its sector is out of view"
            await page.tap(f"[data-testid=tool-{step.tool}]")
            await page.tap(f".cell[data-sector={name}]")
            await page.wait_for_selector(f".cell[data-sector={name}].open")
            if name == "C3":  # a green segment: +½ Connectivity, written with a decimal point in English
                assert "3.5/" in await page.inner_text("[data-testid=connectivity]")
                log = await page.inner_text("[data-testid=log]")
                assert "3.5" in log and "3,5" not in log, log
        width = await page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE_390["width"], f"the page scrolls sideways: {width}px"
        finish = page.locator("[data-testid=tutorial-finish]")
        assert await finish.is_visible()  # not hidden inside ☰
        assert "All steps done" in await page.inner_text("[data-testid=tutorial]")
        await phone.shot("phone390-tutorial-done-en")
        await finish.tap()  # it ends at once: no second question
        await page.wait_for_selector("[data-testid=tutorial-next]")
        assert await page.locator("dialog[open]").count() == 0
        assert "Tutorial complete" in await page.inner_text("[data-testid=tutorial]")
        await phone.shot("phone390-tutorial-end-en")
        await page.tap("[data-testid=tutorial-next]")
        await page.wait_for_selector("[data-testid=daily-card]")
        assert await visible_primaries(page, ["Play"]) == ["Play"]  # now the Daily
        await page.tap("[data-testid=play-daily]")  # asked only once
        await page.wait_for_selector("[data-testid=game][data-mode=daily]")
        assert not await ask.is_visible()
    finally:
        await page.context.close()
        await nc.drain()
    assert not phone.errors, phone.errors


async def test_the_chart_and_a_replay_fit_a_phone(social, browser, system: str) -> None:  # noqa: ANN001
    await played_chart(social, ("Анна", "Бронислава_Длинная"))
    phone = await new_page(browser, system, PHONE_390, touch=True, path="/#/chart")
    page = phone.page
    try:
        await page.wait_for_selector("[data-testid=chart-table]")
        await phone.shot("phone390-chart")
        fits = await page.eval_on_selector(".table-wrap", "w => w.scrollWidth <= w.clientWidth")
        assert fits, "the Chart's table is wider than the phone"
        credits = await page.locator("[data-testid=chart-table] th >> nth=-1").bounding_box()
        assert credits["x"] + credits["width"] <= PHONE_390["width"]

        await page.goto(system + "/#/")
        await start_free(page, "nine-small")
        await page.tap(".cell.hidden >> nth=0")
        await page.wait_for_function("document.querySelector('.game-title .muted').textContent.includes('1')")
        await page.tap("[data-action=menu]")
        await page.locator("#game-menu [data-action=finish]").tap()
        await page.tap("[data-action=finish-yes]")
        await page.tap("[data-testid=replay-link]")
        await page.wait_for_selector(".replay-bar")
        await page.tap("[data-action=share]")
        await page.wait_for_selector("[data-testid=copied]:has-text('replay')")
        bar = await page.locator(".replay-bar").bounding_box()
        link = await page.locator("[data-testid=copied]").bounding_box()
        assert link["x"] + link["width"] <= bar["x"] + bar["width"] + 1, "the share link overflows its bar"
        assert await page.evaluate("document.documentElement.scrollWidth") <= PHONE_390["width"]
        await phone.shot("phone390-replay-share")
        game_id = page.url.rsplit("/", 1)[1]

        for _ in range(20):  # the main screen lists the best game of each field (the games' projection lags)
            await page.goto(system + "/#/")
            try:
                await page.wait_for_selector("[data-testid=best-row]", timeout=1000)
                break
            except PlaywrightTimeout:
                continue
        assert await page.get_attribute("[data-testid=best-row] a", "href") == f"#/replay/{game_id}"
    finally:
        await page.context.close()
    assert not phone.errors, phone.errors
