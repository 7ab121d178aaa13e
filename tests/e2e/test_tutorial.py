"""The Tutorial, played by clicking the sector the server names."""

import pytest

pytestmark = pytest.mark.e2e


async def test_the_tutorial_by_clicking(desktop) -> None:  # noqa: ANN001
    page = desktop.page
    await desktop.shot("desktop-main")
    await page.click("[data-testid=play-tutorial]")
    await page.wait_for_selector("[data-testid=game][data-mode=tutorial]")
    await desktop.shot("desktop-tutorial")
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
    await page.click("[data-testid=game] .top-actions [data-action=finish]")
    await page.click("[data-action=finish-yes]")
    await page.wait_for_selector("[data-testid=end]")
    text = await page.inner_text("[data-testid=breakdown]")
    assert "1 × 40 = 40" in text
    await page.wait_for_selector("[data-testid=revealed]")
    await desktop.shot("desktop-tutorial-end")
