"""The Tutorial as a newcomer meets it on a desktop, in Russian: led there from the first screen, every step
explained from what is on the screen, continued from the main screen, finished from its own banner."""

import pytest
from echo_challenge.field import sector_name
from echo_challenge.tutorial import SCRIPT

from .helpers import visible_primaries

pytestmark = pytest.mark.e2e


async def play_step(page, number: int) -> None:  # noqa: ANN001
    """Click the step's tool and its glowing sector, as told; wait for the next step."""
    step = SCRIPT[number]
    target = page.locator(".cell.target")
    assert await target.get_attribute("data-sector") == sector_name(step.sector)
    await page.click(f"[data-testid=tool-{step.tool}]")
    await target.click()
    await page.wait_for_selector(f".cell[data-sector={sector_name(step.sector)}].open")


async def test_a_newcomer_is_led_to_the_tutorial_and_it_teaches(desktop) -> None:  # noqa: ANN001
    page = desktop.page
    await page.wait_for_selector("[data-testid=first-steps] .btn.primary")
    await page.wait_for_selector("[data-testid=daily-card]")
    primaries = await visible_primaries(page, ["Начать обучение"])
    assert primaries == ["Начать обучение"], await page.inner_html("#screen")  # the Tutorial, not the Daily
    assert desktop.guests_made == 1  # the socket's and the first screen's calls share one guest
    first = await page.eval_on_selector(".cards", "c => c.firstElementChild.dataset.testid")
    assert first == "first-steps"
    await desktop.shot("desktop-first-screen")

    await page.click("[data-testid=play-tutorial]")
    await page.wait_for_selector("[data-testid=game][data-mode=tutorial]")
    text = page.locator("[data-testid=tutorial-text]")
    assert "A1 — пустой сектор" in await text.inner_text()  # the step says what on the screen tells it
    await desktop.shot("desktop-tutorial")
    await page.click(".cell[data-sector=J10]")  # a wrong click is explained, not punished
    error = page.locator("[data-testid=error]")
    await error.wait_for(state="visible")
    assert "B2" in await error.inner_text()
    assert await page.locator(".cell[data-sector=J10].hidden").count() == 1

    for number in range(7):
        await play_step(page, number)
    assert await page.locator(".mem.green.triggered").count() == 1  # the green membrane went off: bright
    assert await page.locator(".cell[data-sector=D4] .msign.triggered").count() == 1
    assert "55" in await page.inner_text("[data-testid=credits]")  # an Order (15) and a clean opening (40)

    await page.click(".top-actions a[href='#/']")  # away in the middle: the main screen offers to go on
    await page.wait_for_selector("[data-testid=continue-tutorial]")
    assert "Шаг 8 из 14" in await page.inner_text("[data-testid=tutorial-continue-card]")
    await page.click("[data-testid=continue-tutorial]")
    await page.wait_for_selector("[data-testid=game][data-mode=tutorial]")

    for number in range(7, len(SCRIPT)):
        if number == 10:
            await page.wait_for_selector(".cell[data-sector=F5] .timer:text('3')")  # the red's Perturbation
            assert await page.locator(".cell.blink").count() == 0
        await play_step(page, number)
        if number == 10:
            assert await page.locator(".cell[data-sector=E5].blink").count() == 1  # interference
            await desktop.shot("desktop-tutorial-red")
    banner = page.locator("[data-testid=tutorial]")
    assert "Все шаги пройдены" in await banner.inner_text()
    assert await page.locator(".cell[data-sector=B6].burnt").count() == 1  # the Probe's Nadlom
    assert "4/6" in await page.inner_text("[data-testid=connectivity]")
    await desktop.shot("desktop-tutorial-done")
    await banner.locator("[data-testid=tutorial-finish]").click()  # «Завершить» is in the banner itself
    await page.wait_for_selector("[data-testid=end]")  # at once: no second «Закончить партию…?»
    assert await page.locator("dialog[open]").count() == 0
    assert "Учебное задание пройдено" in await banner.inner_text()
    assert "Завершить" not in await banner.inner_text()
    text = await page.inner_text("[data-testid=breakdown]")
    assert "2 × 40 = 80" in text and "1 × 15 = 15" in text
    await desktop.shot("desktop-tutorial-end")

    await banner.locator("[data-testid=tutorial-next]").click()
    await page.wait_for_selector("[data-testid=daily-card]")
    assert await page.locator("[data-testid=first-steps]").count() == 0
    assert await page.locator("[data-testid=continue-tutorial]").count() == 0
    last = await page.eval_on_selector(".cards", "c => c.lastElementChild.querySelector('[data-start]')?.dataset.start")
    assert last == "tutorial"  # done: the Tutorial is back at the end, to repeat at will
