"""Ghost Five on a 390 px touch phone (real Chromium, touch emulation) against the bot: a long press never
sends or chooses anything and the next tap works; every move is reachable by taps in the move panel; a
round's end stays on the board with the winning row lit and a banner until «Дальше»; the last move of each
side is marked; the board zooms inside its own box; and no screen of the game scrolls sideways, in Russian
and in English. Screenshots: test-artifacts/ghost-phone-*.png."""

from __future__ import annotations

import re

import pytest

from .conftest import DESKTOP
from .helpers import GAME, PHONE, Player, play_round

pytestmark = pytest.mark.e2e

NO_SIDE_SCROLL = "document.documentElement.scrollWidth <= window.innerWidth"
# what the page sent over its sockets: every «act» (a commit is one) goes this way
SENT_ACTS = "() => window.__sent.filter((f) => f.includes('\"act\"')).length"
WATCH = """() => {  // every frame the page sends, and whether a cell menu ever opened
  window.__sent = window.__sent ?? [];
  if (!window.__wrapped) {
    const send = WebSocket.prototype.send;
    WebSocket.prototype.send = function (data) { window.__sent.push(String(data)); return send.call(this, data); };
    window.__wrapped = true;
  }
  window.__menuSeen = false;
  new MutationObserver(() => { if (document.querySelector('[data-testid=cell-menu]')) window.__menuSeen = true; })
    .observe(document.body, { childList: true, subtree: true });
}"""
# what Android's Chrome delivers for a long press: pointerdown, contextmenu (from the finger), pointerup, and
# the lift's click at the same point
FINGER_LONG_PRESS = """([cell]) => {
  const el = document.querySelector(`.g-cell[data-cell=${cell}]`);
  const r = el.getBoundingClientRect();
  const at = { bubbles: true, cancelable: true, clientX: r.x + r.width / 2, clientY: r.y + r.height / 2,
               pointerType: 'touch', isPrimary: true };
  el.dispatchEvent(new PointerEvent('pointerdown', at));
  el.dispatchEvent(new PointerEvent('contextmenu', at));
  const under = document.elementFromPoint(at.clientX, at.clientY);  // whatever is under the finger now
  under.dispatchEvent(new PointerEvent('pointerup', at));
  under.dispatchEvent(new MouseEvent('click', at));
}"""


async def no_side_scroll(player: Player, where: str) -> None:
    assert await player.page.evaluate(NO_SIDE_SCROLL), (where, await player.page.evaluate(
        "[document.documentElement.scrollWidth, window.innerWidth]"))


async def real_long_press(page, selector: str) -> None:  # noqa: ANN001
    """A finger held on the cell for 900 ms through the browser's own touch input (CDP), then lifted."""
    box = await page.locator(selector).bounding_box()
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    cdp = await page.context.new_cdp_session(page)
    await cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    await page.wait_for_timeout(900)  # the hold itself: what is asserted after does not depend on it
    await cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    await cdp.detach()


async def bot_match(player: Player, *, row: int = 4) -> None:
    await player.page.goto(f"{player.wrapped.base}/ghost/#/")
    await player.page.check("[data-testid=vs-bot]")
    await player.page.select_option("[data-testid=bot-level]", "easy")
    await player.page.select_option("[data-testid=set-board]", "13")
    await player.page.select_option("[data-testid=set-row]", str(row))
    await player.page.check("[data-testid=set-no-clock]")
    await player.page.click("[data-testid=create]")
    await player.page.wait_for_selector(f"{GAME}[data-status=live]")
    await player.page.evaluate(WATCH)


async def test_a_long_press_never_sends_and_the_next_tap_works(browser, system, social) -> None:  # noqa: ANN001
    phone = await Player.at(browser, system, PHONE, touch=True)
    await bot_match(phone)
    await phone.page.wait_for_selector("[data-testid=coach][data-step=c_place]")  # the guided first match
    acts = await phone.page.evaluate(SENT_ACTS)
    # the browser's own long press (touch input held 900 ms), then Android's long-press events by hand
    await real_long_press(phone.page, ".g-cell[data-cell=H3]")
    await phone.page.evaluate(FINGER_LONG_PRESS, ["H12"])
    await phone.page.evaluate(FINGER_LONG_PRESS, ["G7"])
    assert await phone.page.evaluate(SENT_ACTS) == acts, "a long press sent an action"
    assert not await phone.page.evaluate("window.__menuSeen"), "a menu opened under the finger"
    assert await phone.page.locator("[data-testid=moves][data-state=choose]").count() == 1  # no pause started
    assert await phone.page.locator(".g-cell.selected").get_attribute("data-cell") == "G7"  # it only selected
    # the next tap works: it selects, «Сделать ход» is enabled, and the move goes in words
    await phone.page.tap(".g-cell[data-cell=F6]")
    assert await phone.page.locator(".g-cell.selected").get_attribute("data-cell") == "F6"
    assert await phone.page.is_enabled("[data-testid=make-move]")
    await phone.page.tap("[data-testid=shot]")  # a shot at an empty cell: by a tap, no menu
    assert "Выстрел в F6" in await phone.page.inner_text("[data-testid=moves][data-state=pause]")
    await phone.page.tap("[data-testid=unpause]")
    await phone.page.tap("[data-testid=make-move]")
    assert "Фишка на F6" in await phone.page.inner_text("[data-testid=moves][data-state=pause]")
    await phone.page.tap("[data-testid=confirm]")
    await phone.wait_turn_after((1, 0))
    assert (await phone.game())["log"][0]["actions"]["A"] == "P:F6"
    await phone.page.wait_for_selector("[data-testid=coach][data-step=c_anchor]")  # the next special move
    await phone.wrapped.shot("ghost-phone-coach")
    await phone.page.tap("[data-testid=coach-wave]")
    await phone.page.wait_for_selector("[data-testid=coach][data-step=c_shot]")  # no anchor yet: no arrows hint
    assert await phone.page.evaluate(SENT_ACTS) > acts
    # a disabled button looks it: dimmed, not the enabled one's opacity
    await phone.page.tap(".g-cell[data-cell=F6]")  # own stone: no stone, no shot on it
    assert await phone.page.is_disabled("[data-testid=make-move]")
    assert await phone.page.is_disabled("[data-testid=shot]")
    dim = await phone.page.evaluate("getComputedStyle(document.querySelector('[data-testid=shot]')).opacity")
    assert float(dim) < 0.5, dim
    assert "Фишка на F6" in await phone.page.inner_text("[data-testid=log]")  # the log in words, no code
    assert "P:F6" not in await phone.page.inner_text("main")
    await no_side_scroll(phone, "match")
    assert not phone.wrapped.errors, phone.wrapped.errors


async def test_a_rounds_end_is_held_with_its_row_lit_and_no_screen_scrolls_sideways(browser, system, social) -> None:  # noqa: ANN001
    phone = await Player.at(browser, system, PHONE, touch=True)
    await no_side_scroll(phone, "home")
    await bot_match(phone)
    await no_side_scroll(phone, "match")
    plan = [f"{c}{r}" for r in (7, 5, 9, 3, 11) for c in "CDEFGHJK"]
    marked = False
    for _ in range(80):
        game = await phone.game()
        if game["round"] > 1 or game["status"] != "live":
            break
        taken = {s["cell"] for s in game["stones"]} | {w["cell"] for w in game["walls"]}
        before = (game["round"], game["turn"])
        await phone.place(next(c for c in plan if c not in taken))
        await phone.wait_turn_after(before)
        game = await phone.game()
        if game["round"] == 1 and not marked:  # the last move of each side is marked on the board
            last = game["log"][-1]["actions"]
            for seat in ("A", "B"):
                if last[seat] and last[seat][0] == "P":
                    cell = last[seat].split(":")[1]
                    assert await phone.page.locator(f".g-cell.g-last.last-{seat}[data-cell={cell}]").count() == 1
                    marked = True
            await phone.wrapped.shot("ghost-phone-last-move")
    assert marked
    # round 1 is over: its last board stays, the row lit, a banner with the reason, until «Дальше»
    game = await phone.game()
    record = game["rounds"][0]
    over = phone.page.locator("[data-testid=round-over][data-round='1']")
    await over.wait_for()
    assert "Раунд 1 окончен" in await over.inner_text()
    lit = await phone.page.locator(".g-cell.g-row").evaluate_all("(els) => els.map((e) => e.dataset.cell)")
    if record["reason"] == "row":
        assert len(lit) >= 4
        winner = record["result"]
        for cell in lit:
            assert await phone.page.locator(f".g-cell[data-cell={cell}] .stone.seat-{winner}").count() == 1, cell
        assert ("Вы выиграли раунд" if winner == "A" else "Победа в раунде: Бот (лёгкий)") in await over.inner_text()
    assert await phone.page.locator("[data-testid=moves]").count() == 0  # no move while the end is held
    await no_side_scroll(phone, "round over")
    await phone.wrapped.shot("ghost-phone-round-end")
    await phone.page.click("#lang")
    await phone.page.wait_for_selector("[data-testid=round-over]:has-text('Round 1 is over')")
    await no_side_scroll(phone, "round over, English")
    await phone.wrapped.shot("ghost-phone-round-end-en")
    await phone.page.click("#lang")
    await phone.page.tap("[data-testid=go-on]")
    await phone.page.wait_for_selector("[data-testid=moves][data-state=choose]")
    assert await phone.page.locator(".g-cell.g-row").count() == 0
    # zoom: the board grows inside its own box (panned by a swipe); the page itself never scrolls sideways
    await phone.page.tap("[data-testid=zoom]")
    sizes = await phone.page.evaluate("(() => { const b = document.querySelector('.board-scroll');"
                                      " return [b.scrollWidth, b.clientWidth]; })()")
    assert sizes[0] > sizes[1] * 1.3, sizes
    assert (await phone.page.locator(".g-cell[data-cell=A1]").bounding_box())["width"] >= 40
    await no_side_scroll(phone, "zoomed board")
    await phone.wrapped.shot("ghost-phone-zoomed")
    await phone.page.tap("[data-testid=zoom]")
    # the end of the match: the reason, the last board kept
    await phone.page.tap("[data-testid=resign]")
    await phone.page.wait_for_selector("[data-testid=over][data-status=finished]")
    text = await phone.page.inner_text("[data-testid=over-text]")
    assert "Победа за соперником: Бот (лёгкий)" in text and "Вы сдались" in text, text
    await no_side_scroll(phone, "match over")
    await phone.wrapped.shot("ghost-phone-match-over")
    game_id = await phone.page.evaluate("window.ghost.screen().gameId")
    for lang in ("ru", "en"):
        for hash_ in ("#/", "#/games", "#/history", "#/leaders", "#/rules", f"#/r/{game_id}/1", "#/join/x.y"):
            await phone.page.goto(f"{system}/ghost/{hash_}")
            await phone.page.wait_for_selector("#conn[data-state=online]")
            await phone.page.wait_for_selector("main > *")
            await no_side_scroll(phone, f"{hash_} ({lang})")
        await phone.page.click("#lang")
    assert not phone.wrapped.errors, phone.wrapped.errors


async def test_a_lobby_and_the_join_screen_fit_a_phone(browser, system, social) -> None:  # noqa: ANN001
    owner = await Player.at(browser, system, PHONE, touch=True)
    await owner.page.click("[data-testid=create]")
    invite = await owner.page.locator("[data-testid=invite]").input_value()
    await no_side_scroll(owner, "lobby")
    guest = await Player.at(browser, system, PHONE, touch=True)
    await guest.page.goto(invite)
    await guest.page.wait_for_selector("[data-testid=join-screen]")
    await no_side_scroll(guest, "join screen")
    await owner.page.click("[data-do=leave]")
    assert not owner.wrapped.errors and not guest.wrapped.errors


async def test_the_rules_page_and_a_tooltip_on_every_stat(browser, system, social) -> None:  # noqa: ANN001
    phone = await Player.at(browser, system, PHONE, touch=True)
    await phone.page.click("[data-testid=rules-link]")
    rules = await phone.page.inner_text("[data-testid=rules]")
    for term in ("Память", "Якоря ∞", "Магнит", "Выстрел", "Серия 1/3", "запас"):
        assert term.lower() in rules.lower(), term
    await no_side_scroll(phone, "rules")
    await phone.wrapped.shot("ghost-phone-rules")
    await phone.page.click("#lang")
    rules = await phone.page.inner_text("[data-testid=rules]")
    assert "Memory" in rules and "Anchors ∞" in rules and not re.search("[а-яё]", rules, re.IGNORECASE)
    await no_side_scroll(phone, "rules, English")
    await phone.page.click("#lang")
    await bot_match(phone)
    await phone.place("G7")
    stats = await phone.page.evaluate("""() => [...document.querySelectorAll(
        '.player .stat, .player .g-clock, .player .circles, [data-testid=settings] dt')]
        .map((e) => [e.textContent, e.title])""")
    assert len(stats) >= 8, stats
    assert all(title.strip() for _, title in stats), stats
    assert await phone.page.get_attribute("[data-testid=match-rules]", "href") == "#/rules"
    assert not phone.wrapped.errors, phone.wrapped.errors


async def registered(browser, system: str, social, callsign: str, viewport: dict, *, touch: bool) -> Player:  # noqa: ANN001
    """A browser signed in to a new account with its callsign and a confirmed e-mail (so its matches are rated)."""
    _, token = await social.player(callsign, f"{callsign.lower()}@example.org")
    player = await Player.at(browser, system, viewport, touch=touch)
    await player.page.evaluate("token => localStorage.setItem('echo.token', token)", token)
    await player.page.reload()
    await player.page.wait_for_selector("#conn[data-state=online]")
    return player


async def test_a_rated_match_ends_with_callsigns_the_reason_and_the_rating_change(browser, system, social) -> None:  # noqa: ANN001
    a = await registered(browser, system, social, "Anna", DESKTOP, touch=False)
    b = await registered(browser, system, social, "Boris", PHONE, touch=True)
    await a.page.select_option("[data-testid=set-board]", "13")
    await a.page.select_option("[data-testid=set-row]", "4")
    await a.page.click("[data-testid=create]")
    invite = await a.page.locator("[data-testid=invite]").input_value()
    await b.page.goto(invite)
    await b.page.click("[data-testid=join]")
    for player in (a, b):
        await player.page.wait_for_selector(f"{GAME}[data-status=live]")
    # during the match: the opponent by callsign (never «Соперник»), both ratings before it on the cards
    assert await a.page.inner_text("[data-testid=card-B] b") == "Boris"
    assert await b.page.inner_text("[data-testid=card-A] b") == "Anna"
    for player in (a, b):
        cards = await player.page.inner_text(".g-cards")
        assert cards.count("рейтинг 1500") == 2 and "Соперник" not in cards, cards
    await no_side_scroll(b, "rated match live")
    await b.wrapped.shot("ghost-phone-live-names")
    for row in (7, 5):  # A's rows of four; B's stones two apart never make one
        end = await play_round(a, b, [f"{c}{row}" for c in "CDEFG"], [f"{c}{row + 4}" for c in "BDFHK"])
        assert end["round_end"] == {"result": "A", "reason": "row"}
    for player in (a, b):
        await player.page.wait_for_selector("[data-testid=over-text]:has-text('Рейтинг')", timeout=30000)
    won = await a.page.inner_text("[data-testid=over-text]")
    lost = await b.page.inner_text("[data-testid=over-text]")
    assert "Вы победили!" in won and "Счёт по раундам 2:0" in won and re.search(r"Рейтинг: \d+ \(\+\d+\)", won), won
    assert "Победа за соперником: Anna" in lost and re.search(r"Рейтинг: \d+ \(−\d+\)", lost), lost
    assert await a.page.inner_text("[data-testid=card-B] b") == "Boris"
    assert await b.page.inner_text("[data-testid=card-A] b") == "Anna"
    # the round's last board stays with its row lit under the end
    assert await b.page.locator(".g-cell.g-row .stone.seat-A").count() >= 4
    await no_side_scroll(b, "rated match over")
    await a.wrapped.shot("ghost-desktop-rated-over")
    await b.wrapped.shot("ghost-phone-rated-over")
    await b.page.click("#lang")
    await b.page.wait_for_selector("[data-testid=over-text]:has-text('Rating')")
    await b.wrapped.shot("ghost-phone-rated-over-en")
    await a.page.click("#lang")
    await a.page.wait_for_selector("[data-testid=over-text]:has-text('You won! Rounds 2:0. Rating:')")
    assert "Round 2: you won (a row)" in await a.page.inner_text("[data-testid=log]")
    await a.wrapped.shot("ghost-desktop-rated-over-en")
    # «История» grouped by match: the date, the opponent by callsign, the result, then its rounds
    await b.page.click("[data-testid=history-link]")
    group = b.page.locator("[data-testid=history-match]").first
    text = await group.inner_text()
    assert "vs Anna" in text and "lost 0:2" in text and "4 turns" in text, text
    await no_side_scroll(b, "history")
    await b.wrapped.shot("ghost-phone-history-en")

    # «Реванш»: the loser offers it, the winner accepts; both pages go to one new match, the colours swapped,
    # the cards with the ratings after the first match
    after = {int(r) for r in re.findall(r"(?:Рейтинг|Rating): (\d+)", won + lost)}
    finished = a.page.url.split("#/m/")[1]
    await b.page.click("#lang")  # Boris back in Russian, Anna stays in English
    await b.page.goto(f"{system}/ghost/#/m/{finished}")
    await b.page.click("[data-testid=rematch]")
    await b.page.wait_for_selector("[data-testid=rematch-waiting]:has-text('Ждём ответа соперника')")
    await a.page.wait_for_selector("[data-testid=rematch-offered]:has-text('Boris offers a rematch')")
    await no_side_scroll(b, "rematch offered")
    await b.wrapped.shot("ghost-phone-rematch-waiting")
    await a.wrapped.shot("ghost-desktop-rematch-offered-en")
    await a.page.click("[data-testid=rematch-accept]")
    for player in (a, b):
        await player.page.wait_for_function("old => location.hash.startsWith('#/m/') && !location.hash.includes(old)",
                                            arg=finished)
        await player.page.wait_for_selector(f"{GAME}[data-status=live]")
    assert a.page.url.split("#/m/")[1] == b.page.url.split("#/m/")[1] != finished
    assert await a.page.get_attribute(GAME, "data-seat") == "B" and await b.page.get_attribute(GAME, "data-seat") == "A"
    assert await a.page.inner_text("[data-testid=card-A] b") == "Boris"
    assert await b.page.inner_text("[data-testid=card-B] b") == "Anna"
    cards = await b.page.inner_text(".g-cards")
    assert {int(r) for r in re.findall(r"рейтинг (\d+)", cards)} == after and len(after) == 2, (cards, after)
    await no_side_scroll(b, "rematch")
    await b.wrapped.shot("ghost-phone-rematch-live")
    for player in (a, b):
        assert not player.wrapped.errors, player.wrapped.errors
