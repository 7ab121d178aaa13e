"""Small moves shared by the e2e tests: start a game from the main screen, read the board, click sectors."""

from __future__ import annotations

from echo_challenge.field import sector_name
from playwright.async_api import TimeoutError as PlaywrightTimeout

TICK = "Number(document.querySelector('.game-title .muted').textContent.match(/\\d+/)[0])"
MOVED = ("([t]) => document.querySelector('[data-testid=game]').dataset.status !== 'live'"
         f" || {TICK} > t")


PRIMARIES = ("() => [...document.querySelectorAll('.btn.primary')]"
             ".filter(e => e.offsetParent !== null).map(e => e.textContent.trim())")


async def visible_primaries(page, expected: list[str]) -> list[str]:  # noqa: ANN001
    """The screen's visible primary buttons once it has settled on `expected` (answers arriving redraw it;
    up to 5 s), or as they are then."""
    try:
        await page.wait_for_function(f"([want]) => JSON.stringify(({PRIMARIES})()) === JSON.stringify(want)",
                                     arg=[expected], timeout=5000)
    except PlaywrightTimeout:
        pass
    return await page.evaluate(PRIMARIES)


async def account_id(page) -> str:  # noqa: ANN001
    return await page.evaluate("window.echo.conn.accountId")


async def start_free(page, preset: str = "standard") -> None:  # noqa: ANN001
    await page.click(f"[data-testid=preset-{preset}]")
    await page.wait_for_selector("[data-testid=game][data-mode=free]")


async def tick(page) -> int:  # noqa: ANN001
    return int(await page.evaluate(TICK))


async def wait_tick(page, value: int) -> None:  # noqa: ANN001
    await page.wait_for_function(f"([t]) => {TICK} === t", arg=[value])


async def status(page) -> str:  # noqa: ANN001
    return await page.get_attribute("[data-testid=game]", "data-status")


async def hidden(page, index: int) -> bool:  # noqa: ANN001
    return await page.locator(f".cell[data-sector={sector_name(index)}].hidden").count() == 1


async def click_and_wait(page, index: int) -> None:  # noqa: ANN001
    """A mouse click on a sector; waits until the board shows it open (or the game is over)."""
    before = await tick(page)
    await page.click(f".cell[data-sector={sector_name(index)}]")
    await _wait_moved(page, before)


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
    await _wait_moved(page, before)


async def check_marks(page) -> dict[str, int]:  # noqa: ANN001
    """The board draws every mark of the view: pale Detector digits, Spectrometer frames and signs,
    blinking interference, red timers. Returns how many of each were seen."""
    return await page.evaluate("""() => {
      const v = window.echo.view();
      const cell = (s) => document.querySelector(`.cell[data-sector="${s}"]`);
      const seen = {hints: 0, highlights: 0, interference: 0, timers: 0};
      if (v.status !== 'live') return seen;  // an ended Free game shows the whole field instead
      for (const h of v.hints) {
        const c = cell(h.sector);
        const shown = c.querySelector('.hint')?.textContent;
        if (!c.classList.contains('hinted') || shown !== String(h.digit)) throw new Error('hint ' + h.sector);
        seen.hints++;
      }
      for (const h of v.highlights) {
        const c = cell(h.sector);
        const framed = c.classList.contains('lit-' + h.color) && c.querySelector('.sign');
        if (!framed) throw new Error('highlight ' + h.sector);
        seen.highlights++;
      }
      for (const s of v.interference) {
        if (!cell(s).classList.contains('blink')) throw new Error('interference ' + s);
        seen.interference++;
      }
      for (const t of v.timers) for (const s of t.sectors) {
        const left = cell(s).querySelector('.timer')?.textContent;
        if (left !== String(t.ticks)) throw new Error('timer ' + s);
        seen.timers++;
      }
      return seen;
    }""")


async def _wait_moved(page, before: int) -> None:  # noqa: ANN001
    """Wait for the next tick; on a timeout, say what the page showed (error line, socket, focus)."""
    from playwright.async_api import TimeoutError as PlaywrightTimeout

    try:
        await page.wait_for_function(MOVED, arg=[before])
    except PlaywrightTimeout:
        state = await page.evaluate("""() => ({
          error: document.querySelector('[data-testid=error]')?.textContent,
          socket: document.querySelector('#conn')?.dataset.state,
          status: document.querySelector('[data-testid=game]')?.dataset.status,
          focus: document.activeElement?.dataset?.sector ?? document.activeElement?.tagName,
          pending: window.echo.conn.pending.size, hash: location.hash,
        })""")
        raise AssertionError(f"no tick after {before}: {state}") from None


async def click_play_daily(page) -> None:  # noqa: ANN001
    """The Daily's «Играть». A newcomer is asked once whether he wants the Tutorial first: not now."""
    await page.click("[data-testid=play-daily]")
    asked = page.locator("[data-testid=first-daily][open]")
    await asked.or_(page.locator("[data-testid=game][data-mode=daily]")).first.wait_for()
    if await asked.count():
        await page.click("[data-testid=daily-now]")
    await page.wait_for_selector("[data-testid=game][data-mode=daily]")
