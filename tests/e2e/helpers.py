"""Small moves shared by the e2e tests: start a game from the main screen, read the board, click sectors."""

from __future__ import annotations

from echo_engine.rules.echo.field import sector_name


async def account_id(page) -> str:  # noqa: ANN001
    return await page.evaluate("window.echo.conn.accountId")


async def start_free(page, preset: str = "standard") -> None:  # noqa: ANN001
    await page.click(f"[data-testid=preset-{preset}]")
    await page.wait_for_selector("[data-testid=game][data-mode=free]")


async def tick(page) -> int:  # noqa: ANN001
    return int(await page.evaluate("document.querySelector('.game-title .muted').textContent.match(/\\d+/)[0]"))


async def status(page) -> str:  # noqa: ANN001
    return await page.get_attribute("[data-testid=game]", "data-status")


async def hidden(page, index: int) -> bool:  # noqa: ANN001
    return await page.locator(f".cell[data-sector={sector_name(index)}].hidden").count() == 1


async def click_and_wait(page, index: int) -> None:  # noqa: ANN001
    """A mouse click on a sector; waits until the board shows it open (or the game is over)."""
    before = await tick(page)
    await page.click(f".cell[data-sector={sector_name(index)}]")
    await page.wait_for_function(
        "([t]) => { const g = document.querySelector('[data-testid=game]');"
        " return g.dataset.status !== 'live' || Number(g.querySelector('.game-title .muted').textContent.match(/\\d+/)[0]) > t; }",
        arg=[before],
    )


async def key_to(page, index: int) -> None:  # noqa: ANN001
    """Walk the keyboard focus to a sector with the arrow keys, then press Enter."""
    current = await page.evaluate("document.activeElement?.dataset?.i")
    if current is None:
        await page.locator(".cell[tabindex='0']").focus()
        current = await page.evaluate("document.activeElement.dataset.i")
    x, y = int(current) % 10, int(current) // 10
    tx, ty = index % 10, index // 10
    for _ in range(abs(tx - x)):
        await page.keyboard.press("ArrowRight" if tx > x else "ArrowLeft")
    for _ in range(abs(ty - y)):
        await page.keyboard.press("ArrowDown" if ty > y else "ArrowUp")
    focused = await page.evaluate("document.activeElement.dataset.sector")
    assert focused == sector_name(index), (focused, sector_name(index))
    before = await tick(page)
    await page.keyboard.press("Enter")
    await page.wait_for_function(
        "([t]) => { const g = document.querySelector('[data-testid=game]');"
        " return g.dataset.status !== 'live' || Number(g.querySelector('.game-title .muted').textContent.match(/\\d+/)[0]) > t; }",
        arg=[before],
    )
