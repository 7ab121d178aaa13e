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


async def test_an_overload_is_announced_before_it_and_the_move_stays_allowed(phone) -> None:  # noqa: ANN001
    """Issue 40, point 3: at a full Contour a Probe even on an empty sector costs a division (echo-challenge.md
    §3, §5): the tool bar says so before the click and the hovered sector is marked; the click still plays."""
    page = phone.page
    await start_free(page)
    safe = free_sectors(await account_id(page), "standard")
    warning = page.locator("[data-testid=overload]")
    assert "жёлтый сегмент" in await warning.inner_text()  # Charge 3 of 6: a yellow's +4 would not fit
    for index in safe[:2]:
        await click_and_wait(page, index)
    assert await page.get_attribute(".field", "data-overload") == "yellow"
    await click_and_wait(page, safe[2])  # Charge 6 of 6
    assert "6/6" in await page.inner_text("[data-testid=contour]")
    await warning.wait_for(state="visible")
    assert "Контур полон (6/6)" in await warning.inner_text() and "пустом секторе" in await warning.inner_text()
    assert await page.get_attribute(".field", "data-overload") == "full"
    assert await warning.is_visible() and await page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    await page.hover(f".cell[data-sector={_name(safe[3])}]")
    mark = await page.evaluate(f"""getComputedStyle(document.querySelector('.cell[data-sector={_name(safe[3])}]'),
                                   '::after').content""")
    assert "⚠" in mark
    await phone.shot("phone-overload-warning")

    before = await page.evaluate("window.echo.view().connectivity")
    await click_and_wait(page, safe[3])  # the warning took no move away: the Probe plays and overloads
    assert await tick(page) == 4
    assert await page.evaluate("window.echo.view().connectivity") == before - 1
    assert "Перегрузка" in await page.inner_text("[data-testid=log]")

    await page.click("[data-testid=tool-beam]")  # a Beam spends 2: only a yellow (+4) would overflow then
    assert "жёлтый сегмент" in await warning.inner_text()
    await page.click("#lang")  # the screen is drawn again in English, the Probe in hand
    await page.wait_for_selector("[data-testid=overload]:has-text('Contour full (6/6)')")
    await phone.shot("phone-overload-warning-en")
    await page.click("[data-testid=tool-beam]")
    assert "yellow segment" in await warning.inner_text()
