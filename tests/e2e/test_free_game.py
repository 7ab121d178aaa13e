"""A Free game with the mouse and the keyboard until it ends; the itemised credits and the revealed field."""

import pytest

from tests.support.play import free_sectors

from .helpers import account_id, check_marks, click_and_wait, key_to, start_free, status, tick

pytestmark = pytest.mark.e2e


async def test_a_free_game_with_mouse_and_keyboard(desktop) -> None:  # noqa: ANN001
    page = desktop.page
    await start_free(page)
    safe = free_sectors(await account_id(page), "standard")
    await desktop.shot("desktop-game-start")
    for index in safe[:2]:  # the mouse: two Probes, Charge 3 → 5
        await click_and_wait(page, index)
    assert await tick(page) == 2
    await key_to(page, safe[2])  # the keyboard: arrows to the sector, Enter to click; Charge 6
    await page.keyboard.press("KeyB")
    assert await page.get_attribute("[data-testid=tool-beam]", "aria-pressed") == "true"
    await key_to(page, safe[3])  # a Beam miss: Charge 4
    await page.keyboard.press("KeyP")
    assert await page.get_attribute("[data-testid=tool-probe]", "aria-pressed") == "true"
    await key_to(page, safe[4])
    assert await tick(page) == 5 and await status(page) == "live"
    assert "5/6" in await page.inner_text("[data-testid=contour]")
    assert "Эхолуч" in await page.inner_text("[data-testid=log]")
    # every tick's line, though each ack after the first carried only its own (log deltas, PROTOCOL.md)
    assert await page.locator("[data-testid=log] li").count() == 5
    assert "Зонд" in await page.text_content("[data-testid=announce]")  # screen readers hear the tick
    await check_marks(page)
    assert "Зонд" in await page.inner_text("[data-testid=log]")
    await desktop.shot("desktop-game")
    for index in safe[5:]:  # probing every free sector overloads the Contour until a breakdown
        if await status(page) != "live":
            break
        await click_and_wait(page, index)
        await check_marks(page)
    if await status(page) == "live":
        await page.keyboard.press("KeyF")
        await page.click("[data-action=finish-yes]")
    await page.wait_for_selector("[data-testid=end]")
    assert await status(page) in ("breakdown", "finished")
    breakdown = await page.inner_text("[data-testid=breakdown]")
    assert "× 40 =" in breakdown and "× 20 =" in breakdown and "× 15 =" in breakdown
    await page.wait_for_selector(".field[data-revealed=true] .cell.revealed.seg")
    await desktop.shot("desktop-game-end")


async def test_a_finished_free_game_replays_move_by_move(desktop) -> None:  # noqa: ANN001
    page = desktop.page
    await start_free(page, "big-red")
    safe = free_sectors(await account_id(page), "big-red")
    for index in safe[:3]:
        await click_and_wait(page, index)
    await page.keyboard.press("KeyF")
    await page.click("[data-action=finish-yes]")
    await page.click("[data-testid=replay-link]")
    frame = page.locator("[data-testid=replay-frame]")
    await frame.wait_for()
    assert "Такт 3 из 3 · конец партии" in await frame.inner_text() and await tick(page) == 3  # the title's tick
    await page.wait_for_selector(".field[data-revealed=true]")  # the last frame shows the whole field
    await page.click("[data-step=start]")
    assert await tick(page) == 0 and "Такт 0 из 3" == await frame.inner_text()
    assert await page.locator(".cell.revealed").count() == 0
    await page.keyboard.press("ArrowRight")
    assert await tick(page) == 1
    cell = page.locator(f".cell[data-sector={_name(safe[2])}]")
    assert await cell.get_attribute("aria-disabled") == "true"
    await cell.click(force=True)  # a replay takes no moves
    assert await tick(page) == 1
    await desktop.shot("desktop-replay")


def _name(index: int) -> str:
    from echo_challenge.field import sector_name

    return sector_name(index)
