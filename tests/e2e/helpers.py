"""Small moves shared by the e2e tests: start a game from the main screen, read the board, click sectors; and a
Ghost Five player in his own browser, who places stones and plays rounds; an Ark player's click that waits for
what it changes, and the room's chat opened; an Echoes of Time player at his table, who plays what the moves panel
offers."""

from __future__ import annotations

import random

from echo_challenge.field import sector_name
from playwright.async_api import TimeoutError as PlaywrightTimeout

from .conftest import Page

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


PHONE = {"width": 390, "height": 844}  # a common phone's viewport (an iPhone 12–14)
GAME = "[data-testid=match]"  # Ghost Five's match screen


class Player:
    """One browser context (its own guest) and every frame its sockets received."""

    def __init__(self, page: Page) -> None:
        self.wrapped = page
        self.page = page.page
        self.frames: list[str] = []
        self.page.on("websocket", lambda ws: ws.on("framereceived", lambda frame: self.frames.append(frame)))
        self.page.on("dialog", lambda dialog: dialog.accept())

    @classmethod
    async def at(cls, browser, base: str, viewport: dict, *, touch: bool = False) -> Player:  # noqa: ANN001
        context = await browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch, locale="ru-RU")
        page = await context.new_page()
        page.set_default_timeout(20000)
        player = cls(Page(page, base))
        await page.goto(base + "/ghost/")
        await page.wait_for_selector("#conn[data-state=online]")
        return player

    async def game(self) -> dict:
        return await self.page.evaluate("window.ghost.screen().game")

    async def version(self) -> int:
        return int(await self.page.get_attribute(GAME, "data-version") or 0)

    async def turn(self) -> tuple[int, int]:
        game = await self.game()
        return game["round"], game["turn"]

    async def wait_turn_after(self, before: tuple[int, int]) -> None:
        """Until the turn `before` has resolved (or the match is over)."""
        await self.page.wait_for_function(
            "([r, t]) => { const g = window.ghost.screen()?.game;"
            " return g && (g.status !== 'live' || g.round !== r || g.turn !== t); }",
            arg=list(before), timeout=40000)

    async def go_on(self) -> None:
        """Past a round's end held on the board («Дальше»), if one is."""
        if await self.page.locator("[data-testid=go-on]").count():
            await self.page.click("[data-testid=go-on]")

    async def place(self, cell: str) -> None:
        """A stone: tap the cell, «Сделать ход», «Подтвердить» in the confirm pause."""
        await self.go_on()
        logged = len((await self.game())["log"])
        await self.page.click(f".g-cell[data-cell={cell}]")
        await self.page.click("[data-testid=make-move]")
        await self.page.click("[data-testid=confirm]")
        await self.committed(logged)

    async def committed(self, logged: int) -> None:
        """Until this seat's commit stands (or the turn has already resolved, against a quick bot)."""
        await self.page.wait_for_function("""([logged]) => {
          const s = window.ghost.screen(); const g = s.game; const open = g.open_turn?.[g.seat];
          return !s.sending && (g.status !== 'live' || open?.committed || g.log.length > logged);
        }""", arg=[logged])

    async def menu(self, cell: str, action: str) -> None:
        """An action from the cell menu (the right button of a mouse)."""
        await self.page.locator(f".g-cell[data-cell={cell}]").click(button="right")
        await self.page.click(f"[data-testid=cell-menu] [data-action='{action}']")
        await self.page.wait_for_selector("[data-testid=moves][data-state=pause]")

    async def secret(self, seat: str) -> dict | None:
        game_id = await self.page.evaluate("window.ghost.screen().gameId")
        return await self.page.evaluate(f"JSON.parse(localStorage.getItem('ghost.secret.{game_id}.{seat}'))")

    async def rebuilt_ok(self) -> bool:
        return await self.page.evaluate("window.ghost.rebuiltMatches(window.ghost.screen().game)")


async def both_play(a: Player, b: Player, cell_a: str | None, cell_b: str | None) -> None:
    """One turn: each places his stone (None: lets his clock run out), then both see it resolved."""
    before = await a.turn()
    for player, cell in ((a, cell_a), (b, cell_b)):
        if cell is not None:
            await player.place(cell)
    await a.wait_turn_after(before)
    await b.wait_turn_after(before)


def next_target(game: dict, seat: str, targets: list[str]) -> str:
    """The first of `targets` without this seat's stone on it (skips and burns only delay the plan)."""
    taken = {s["cell"]: s["seat"] for s in game["stones"]}
    walls = {w["cell"] for w in game["walls"]}
    return next(c for c in targets if taken.get(c) != seat and c not in taken and c not in walls)


async def play_round(a: Player, b: Player, a_cells: list[str], b_cells: list[str]) -> dict:
    """Both place stones along their plans until the round (or the match) ends; returns its log entry."""
    game = await a.game()
    number = game["round"]
    while game["status"] == "live" and game["round"] == number:
        await both_play(a, b, next_target(game, "A", a_cells), next_target(await b.game(), "B", b_cells))
        assert await a.rebuilt_ok() and await b.rebuilt_ok()
        game = await a.game()
    return next(e for e in game["log"] if e["round"] == number and "round_end" in e)


ARK_VERSION = "window.ark.state.view?.version ?? 0"  # the Ark room's view this page holds


async def ark_click(page, selector: str) -> None:  # noqa: ANN001
    """Clicks and waits for the change it makes; a vote's pick is confirmed first (a vote is final)."""
    if await page.locator(f"{selector}[data-pick]").count():
        await page.click(selector)
        selector = "[data-testid=confirm-vote]"
    before = await page.evaluate(ARK_VERSION)
    await page.click(selector)
    await page.wait_for_function(f"v => ({ARK_VERSION}) > v", arg=before)


async def open_chat(page) -> None:  # noqa: ANN001
    """On a phone the chat is a drawer: open it (a desktop shows it beside the game)."""
    toggle = page.locator("[data-testid=chat-toggle]")
    if await toggle.is_visible() and await toggle.get_attribute("aria-expanded") == "false":
        await toggle.click()
    await page.wait_for_selector("[data-testid=chat]", state="visible")


class EotPlayer:
    """One browser context at the table and every frame its sockets received."""

    def __init__(self, page) -> None:  # noqa: ANN001
        self.wrapped = page
        self.page = page.page
        self.frames: list[str] = []
        self.page.on("websocket", lambda ws: ws.on("framereceived", lambda frame: self.frames.append(frame)))

    @classmethod
    async def at(cls, browser, base: str, viewport: dict, path: str, *, touch: bool = False,  # noqa: ANN001
                 paced: bool = False) -> EotPlayer:
        """A fresh context (its own guest) listening to its sockets from the first frame."""
        context = await browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch, locale="ru-RU")
        if not paced:  # others' moves shown as they come, not one by one (test_eot_log_and_phone.py paces them)
            await context.add_init_script("localStorage.setItem('eot.pace', '0')")
        page = await context.new_page()
        page.set_default_timeout(15000)
        player = cls(Page(page, base))
        await page.goto(base + path)
        await page.wait_for_selector("#conn[data-state=online]")
        return player

    async def my_move(self) -> bool:
        return await self.page.locator("[data-testid=moves]").count() > 0

    async def version(self) -> int:
        return int(await self.page.get_attribute("[data-testid=game]", "data-version") or 0)

    async def over(self) -> bool:
        return await self.page.locator("[data-testid=game][data-status=over]").count() > 0

    async def click(self, selector: str, index: int = 0) -> None:
        await self.page.locator(f"[data-testid=moves] {selector}").nth(index).click(timeout=3000)

    async def count(self, selector: str) -> int:
        return await self.page.locator(f"[data-testid=moves] {selector}").count()

    async def play_one_step(self, choose: random.Random) -> None:
        """One choice from what the moves panel offers, as a person would click it."""
        before = await self.version()
        decision = self.page.locator("[data-testid=decision]")
        if await decision.count():
            if await self.count("[data-do=answer]"):
                await self.click("[data-do=answer]", choose.randrange(await self.count("[data-do=answer]")))
            elif await self.count("[data-do=option]"):
                await self.click("[data-do=option]")
            else:
                for n in range(int(await decision.get_attribute("data-min"))):
                    await self.click("[data-do=toggle]", n)
                await self.click("[data-do=decide-list]")
        elif await self.count("[data-do=end-turn]"):
            await self.click("[data-do=end-turn]")
        else:
            await self.main_action(choose)
        try:
            await self.page.wait_for_function(
                f"!document.querySelector('[data-testid=game]') || "
                f"Number(document.querySelector('[data-testid=game]').dataset.version) > {before}", timeout=3000)
        except Exception:  # noqa: BLE001 - a timeout or another seat's deadline raced the click: look again
            pass

    async def main_action(self, choose: random.Random) -> None:
        actions = [await b.get_attribute("data-action") for b in
                   await self.page.locator("[data-testid=moves] [data-do=main]").all()]
        action = "draw" if "draw" in actions and choose.random() < 0.35 else choose.choice(actions)
        await self.click(f"[data-do=main][data-action={action}]")
        if action == "play":
            await self.click("[data-do=pick-card]", choose.randrange(await self.count("[data-do=pick-card]")))
            need = self.page.locator("[data-testid=moves] [data-need]")
            for n in range(int(await need.get_attribute("data-need")) if await need.count() else 0):
                await self.click("[data-do=toggle]", n)
            await self.click("[data-do=space]")
        elif action != "draw":
            await self.click("[data-do=choice]", choose.randrange(await self.count("[data-do=choice]")))
