"""The Tutorial, played by clicking the sector the server names."""

import pytest

pytestmark = pytest.mark.e2e


async def test_the_tutorial_by_clicking(desktop) -> None:  # noqa: ANN001
    page = desktop.page
    await desktop.shot("desktop-main")
    await page.click("[data-testid=play-tutorial]")
    await page.wait_for_selector("[data-testid=game][data-mode=tutorial]")
    await desktop.shot("desktop-tutorial")
    await page.click(".cell[data-sector=J10]")  # a wrong click is explained, not punished
    error = page.locator("[data-testid=error]")
    await error.wait_for(state="visible")
    assert "A5" in await error.inner_text()
    assert await page.locator(".cell[data-sector=J10].hidden").count() == 1
    for _ in range(20):
        banner = page.locator("[data-testid=tutorial]")
        if "пройдено" in (await banner.inner_text()):
            break
        target = page.locator(".cell.target")
        sector = await target.get_attribute("data-sector")
        tool = "beam" if await page.locator(".tool.want[data-tool=beam]").count() else "probe"
        await page.click(f"[data-testid=tool-{tool}]")
        tick = await page.locator("[data-testid=game]").get_attribute("data-status")
        assert tick == "live"
        await target.click()
        await page.wait_for_selector(f".cell[data-sector={sector}].open")
    else:
        raise AssertionError("the tutorial did not end")
    assert "40" in await page.inner_text("[data-testid=credits]")
    assert await page.locator(".mem.green.triggered").count() == 1  # the green membrane №1 went off: bright
    assert await page.locator(".cell[data-sector=D3] .msign.triggered").count() == 1
    chip = page.locator(".mem.green.triggered")
    assert "Связност" in await chip.get_attribute("title")  # hover: what it gives
    await chip.click()  # click: the details
    dialog = page.locator("#membrane-dialog")
    await dialog.wait_for(state="visible")
    assert "сработала" in await dialog.inner_text()
    await desktop.shot("desktop-membrane-dialog")
    await dialog.locator("button").click()
    await page.click("[data-testid=game] .top-actions [data-action=finish]")
    await page.click("[data-action=finish-yes]")
    await page.wait_for_selector("[data-testid=end]")
    text = await page.inner_text("[data-testid=breakdown]")
    assert "1 × 40 = 40" in text
    await page.wait_for_selector("[data-testid=revealed]")
    await desktop.shot("desktop-tutorial-end")
