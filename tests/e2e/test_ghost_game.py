"""Ghost Five in the browser (/ghost/), through the real gateway and engine: two people (a desktop and a
390 px phone) play a whole match against each other by the invitation link — moves by «Сделать ход» and by
the cell menu, a withdrawal, a reload between commit and reveal, a turn let run out (a skip) — then a
second match ended by a resignation from «Мои партии»; a match against the bot played to its end; every
refusal code of the rules and the tables has its Russian message; screenshots of both viewports
(test-artifacts/ghost-*.png)."""

from __future__ import annotations

import ast
import json
import re
import typing
from pathlib import Path

import pytest
from echo_engine import tables
from ghost_five import events as ghost_events

from .conftest import DESKTOP, Page

pytestmark = pytest.mark.e2e
PHONE = {"width": 390, "height": 844}
GAME = "[data-testid=match]"
GHOST_SOURCES = Path(ghost_events.__file__).parent


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
            "([r, t]) => { const g = window.ghost.screen()?.game; return g && (g.status !== 'live' || g.round !== r || g.turn !== t); }",
            arg=list(before), timeout=40000)

    async def place(self, cell: str) -> None:
        """A stone: tap the cell, «Сделать ход», «Подтвердить» in the confirm pause."""
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

    async def menu(self, cell: str, action: str, *, touch: bool = False) -> None:
        """An action from the cell menu (right button; a long press on a phone fires the same contextmenu)."""
        target = self.page.locator(f".g-cell[data-cell={cell}]")
        if touch:
            await target.dispatch_event("contextmenu")
        else:
            await target.click(button="right")
        await self.page.click(f"[data-testid=cell-menu] [data-action='{action}']")
        await self.page.wait_for_selector("[data-testid=moves][data-state=pause]")

    async def secret(self) -> dict | None:
        game_id = await self.page.evaluate("window.ghost.screen().gameId")
        return await self.page.evaluate(f"JSON.parse(localStorage.getItem('ghost.secret.{game_id}'))")

    async def rebuilt_ok(self) -> bool:
        return await self.page.evaluate("window.ghost.rebuiltMatches(window.ghost.screen().game)")


async def both_play(a: Player, b: Player, cell_a: str | None, cell_b: str | None) -> None:
    """One turn: each places his stone (None: lets his clock run out), then both see it resolved."""
    before = await a.turn()
    secrets = {}
    for player, cell in ((a, cell_a), (b, cell_b)):
        if cell is not None:
            await player.place(cell)
            secrets[player] = await player.secret()
    await a.wait_turn_after(before)
    await b.wait_turn_after(before)
    for player, secret in secrets.items():
        assert secret and secret["action"] == f"P:{player_cell(player, a, cell_a, cell_b)}"


def player_cell(player: Player, a: Player, cell_a: str | None, cell_b: str | None) -> str | None:
    return cell_a if player is a else cell_b


def rules_refusal_codes() -> set[str]:
    """Every code the Ghost Five rules and hosting refuse with (`Refused("code", …)`), every void reason of a
    turn, and every refusal of the engine's tables (`refuse("code", …)`), read from their sources."""
    codes = set(typing.get_args(ghost_events.VoidReason))
    sources = [*GHOST_SOURCES.glob("*.py"), Path(tables.__file__)]
    for source in sources:
        for node in ast.walk(ast.parse(source.read_text())):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) in {"Refused", "refuse"}
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                codes.add(node.args[0].value)
    return codes


CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)


async def test_every_refusal_code_has_a_russian_message(browser, system, social) -> None:  # noqa: ANN001
    codes = rules_refusal_codes()
    assert {"opponent_committed", "already_committed", "reveal_mismatch", "table_full", "unknown_invite"} <= codes
    player = await Player.at(browser, system, DESKTOP)
    known = set(await player.page.evaluate("window.ghost.knownCodes()"))
    assert codes - known == set(), f"codes without a Russian message: {sorted(codes - known)}"
    for code in sorted(codes):
        text = await player.page.evaluate("([c]) => window.ghost.refusal(c, 'english')", [code])
        assert CYRILLIC.search(text) and code not in text, (code, text)
    assert not player.wrapped.errors, player.wrapped.errors


async def test_a_match_against_the_bot(browser, system, social) -> None:  # noqa: ANN001
    player = await Player.at(browser, system, DESKTOP)
    await player.page.check("[data-testid=vs-bot]")
    await player.page.select_option("[data-testid=bot-level]", "easy")
    await player.page.select_option("[data-testid=set-board]", "13")
    await player.page.check("[data-testid=set-no-clock]")
    await player.page.click("[data-testid=create]")
    await player.page.wait_for_selector(f"{GAME}[data-status=live]")
    await player.wrapped.shot("ghost-desktop-bot-start")
    assert "Бот (лёгкий)" in await player.page.inner_text("[data-testid=card-B]")
    row = ["C", "D", "E", "F", "G", "H", "J", "K"]
    for turn_count in range(120):
        game = await player.game()
        if game["status"] != "live":
            break
        free = [s["cell"] for s in game["stones"]]
        walls = [w["cell"] for w in game["walls"]]
        target = next((f"{c}{r}" for r in (7, 5, 9, 3, 11) for c in row if f"{c}{r}" not in free + walls), None)
        assert target, game["board"]
        before = (game["round"], game["turn"])
        await player.place(target)
        await player.wait_turn_after(before)
        assert await player.rebuilt_ok()
        if turn_count == 3:
            await player.wrapped.shot("ghost-desktop-bot-midgame")
    game = await player.game()
    assert game["status"] == "finished", game["status"]
    assert "Партия окончена" in await player.page.inner_text("[data-testid=over]")
    assert json.dumps(game).count("round_end") >= 2
    assert not player.wrapped.errors, player.wrapped.errors
