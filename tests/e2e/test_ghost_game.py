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
from echo_gateway.ws import protocol as gateway_socket
from ghost_five import events as ghost_events

from .conftest import DESKTOP
from .helpers import GAME, PHONE, Player, both_play, next_target, play_round

pytestmark = pytest.mark.e2e
GHOST_SOURCES = Path(ghost_events.__file__).parent
GATEWAY_SOCKET = Path(gateway_socket.__file__).parent
LOG_AS_SERVED = """async () => {  // the log the match shows is the whole view's (a resume from version 0)
  const screen = window.ghost.screen();
  const whole = await screen.conn.command("resume", { game_id: screen.gameId, version: 0 });
  return JSON.stringify(whole.view.game.log) === JSON.stringify(screen.game.log);
}"""


# every piece a board shows (the live one or a replay's): its cell, corner digit, dashed frame and title
# (a stone's seat and digit, an anchor's memo), and the round and turn it shows
SHOWN_BOARD = """(screen) => {
  const el = document.querySelector(screen);
  const pieces = [...el.querySelectorAll('[data-testid=board] .g-cell')].filter((c) => c.querySelector('.stone'))
    .map((c) => [c.dataset.cell, c.querySelector('.digit')?.textContent ?? null, c.classList.contains('next-to-go'),
                 c.title]);
  return [Number(el.dataset.round), Number(el.dataset.turn), pieces];
}"""


async def shown_board(page, screen: str) -> tuple[tuple[int, int], list]:  # noqa: ANN001
    round_, turn, pieces = await page.evaluate(SHOWN_BOARD, screen)
    return (round_, turn), pieces


async def notice(player: Player, text: str) -> None:
    await player.page.wait_for_selector(f"[data-testid=notice]:has-text('{text}')")


def rules_refusal_codes() -> set[str]:
    """Every code the Ghost Five rules and hosting refuse with (`Refused("code", …)`), every void reason of a
    turn, every refusal of the engine a table meets (`refuse("code", …)`) and of the gateway's socket
    (`error("code", …)`), read from their sources."""
    codes = set(typing.get_args(ghost_events.VoidReason))
    engine = Path(tables.__file__).parent  # what a table's client meets: tables, pairing, the rematch, the server's own
    sources = [*GHOST_SOURCES.glob("*.py"), engine / "tables.py", engine / "pairing.py", engine / "server.py",
               engine / "rematch.py",
               *GATEWAY_SOCKET.glob("*.py")]
    for source in sources:
        for node in ast.walk(ast.parse(source.read_text())):
            called = getattr(node.func, "id", getattr(node.func, "attr", None)) if isinstance(node, ast.Call) else None
            first = node.args[0] if called in {"Refused", "refuse", "error"} and node.args else None
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                codes.add(first.value)
    return codes


CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)


async def test_every_refusal_code_has_a_russian_message(browser, system, social) -> None:  # noqa: ANN001
    codes = rules_refusal_codes()
    assert {"opponent_committed", "already_committed", "reveal_mismatch", "table_full", "unknown_invite"} <= codes
    phone = await Player.at(browser, system, PHONE, touch=True)  # the main page links here; its bar fits 390 px
    await phone.page.goto(system + "/")
    await phone.page.click("[data-testid=ghost-link]")
    await phone.page.wait_for_selector("h2:has-text('Новая партия')")
    await phone.wrapped.shot("ghost-phone-home")
    assert await phone.page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    await phone.page.goto(system + "/")
    await phone.page.wait_for_selector("[data-testid=ghost-link]")
    assert await phone.page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    await phone.wrapped.shot("ghost-phone-main-page-bar")
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
    await player.page.click("[data-testid=create]")  # a first one, left at once («Выход»): no result
    await player.page.click("[data-testid=cancel-match]")
    await player.page.wait_for_selector("[data-testid=over][data-status=cancelled]")
    await player.page.goto(f"{system}/ghost/#/")
    await player.page.check("[data-testid=vs-bot]")
    await player.page.select_option("[data-testid=bot-level]", "easy")
    await player.page.select_option("[data-testid=set-board]", "13")
    await player.page.check("[data-testid=set-no-clock]")
    await player.page.click("[data-testid=create]")
    await player.page.wait_for_selector(f"{GAME}[data-status=live]")
    live_boards = dict([await shown_board(player.page, GAME)])  # (round, turn) -> the pieces shown after it
    await player.wrapped.shot("ghost-desktop-bot-start")
    assert "Бот (лёгкий)" in await player.page.inner_text("[data-testid=card-B]")
    # the confirm pause: «Отмена» goes back to the choice; left alone, the move is sent after 3 s
    await player.page.click(".g-cell[data-cell=A13]")
    await player.page.click(".g-cell[data-cell=A13]")  # a second tap deselects
    assert await player.page.locator(".g-cell.selected").count() == 0
    await player.page.click(".g-cell[data-cell=A13]")
    await player.page.click("[data-testid=make-move]")
    await player.page.click("[data-testid=unpause]")
    await player.page.wait_for_selector("[data-testid=moves][data-state=choose]")
    await player.page.click("[data-testid=make-move]")
    assert "отправится через" in await player.page.inner_text("[data-testid=moves][data-state=pause]")
    await player.page.wait_for_function("window.ghost.screen().game.log.length === 1")
    assert (await player.game())["log"][0]["actions"]["A"] == "P:A13"
    row = ["C", "D", "E", "F", "G", "H", "J", "K"]
    for turn_count in range(120):
        game = await player.game()
        if game["status"] != "live":
            break
        await player.go_on()
        at, pieces = await shown_board(player.page, GAME)
        live_boards[at] = pieces
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
    game_id = await player.page.evaluate("window.ghost.screen().gameId")
    assert game["status"] == "finished", game["status"]
    assert "Партия окончена" in await player.page.inner_text("[data-testid=over]")
    assert json.dumps(game).count("round_end") >= 2

    # «История»: the rounds just played (the server's history, or this device's matches replayed), turn by turn
    await player.page.click("[data-testid=history-link]")
    await player.page.locator("[data-testid=history-round]").first.click()
    await player.page.wait_for_selector("[data-testid=replay][data-turn='0']")
    await player.page.click("[data-testid=replay-next]")
    await player.page.wait_for_selector("[data-testid=replay][data-turn='1']")
    assert await player.page.locator("[data-testid=replay] .stone").count() == 2
    await player.wrapped.shot("ghost-desktop-replay")
    await replays_show_the_live_boards(player, game_id, game, live_boards)
    await player.page.click("[data-testid=my-games-link]")
    await player.page.wait_for_selector("[data-testid=my-games] [data-testid=replay-link]")
    await player.page.click("[data-testid=leaders-link]")  # a bot's match is never rated: the table is empty
    leaders = player.page.locator("[data-testid=leaders]")
    await leaders.locator("table, p:not(.muted)").first.wait_for()
    assert re.search("Лидеры", await leaders.inner_text())
    await player.wrapped.shot("ghost-desktop-leaders")

    await player.page.goto(f"{system}/ghost/#/")  # the strong bot: one turn, then a resignation
    await player.page.check("[data-testid=vs-bot]")
    await player.page.select_option("[data-testid=bot-level]", "strong")
    await player.page.click("[data-testid=create]")
    await player.page.wait_for_selector(f"{GAME}[data-status=live]")
    assert "Бот (сильный)" in await player.page.inner_text("[data-testid=card-B]")
    await player.place("H8")
    await player.wait_turn_after((1, 0))
    await player.page.click("[data-testid=resign]")
    await player.page.wait_for_selector("[data-testid=over][data-status=finished]")
    assert "Победа за соперником: Бот (сильный)" in await player.page.inner_text("[data-testid=over]")
    assert not player.wrapped.errors, player.wrapped.errors


async def replays_show_the_live_boards(player: Player, game_id: str, game: dict, live_boards: dict) -> None:
    """Every turn of every round replayed shows the corner digits, frames and memos the live board showed
    then; a round's last board (the live view went on to the fresh round at once) those its record kept."""
    with_digits = 0
    for record in game["rounds"]:
        await player.page.goto(f"{player.wrapped.base}/ghost/#/")  # a hash of its own each: a new replay screen
        await player.page.goto(f"{player.wrapped.base}/ghost/#/r/{game_id}/{record['round']}")
        await player.page.wait_for_selector(f"[data-testid=replay][data-round='{record['round']}'][data-turn='0']")
        for turn in range(record["turns"] + 1):
            if turn:
                await player.page.click("[data-testid=replay-next]")
            at, pieces = await shown_board(player.page, f"[data-testid=replay][data-turn='{turn}']")
            if at in live_boards:
                assert pieces == live_boards[at], at
            else:
                assert turn == record["turns"], at
                assert {cell: int(d) for cell, d, _, _ in pieces if d} == record["digits"], at
                assert sorted(cell for cell, _, frame, _ in pieces if frame) == sorted(record["next_to_go"]), at
            with_digits += any(d for _, d, _, _ in pieces)
            if at == (1, 4):
                await player.wrapped.shot("ghost-desktop-replay-digits")
    assert with_digits > 10


async def test_two_browsers_play_a_whole_match_then_one_resigns(browser, system, social) -> None:  # noqa: ANN001
    owner = await Player.at(browser, system, DESKTOP)
    await owner.page.click("#lang")  # English, then back to Russian
    await owner.page.wait_for_selector("h2:has-text('New match')")
    await owner.page.click("#lang")
    await owner.page.wait_for_selector("h2:has-text('Новая партия')")
    await owner.page.select_option("[data-testid=set-board]", "13")
    await owner.page.select_option("[data-testid=set-move_time]", "20")
    await owner.page.select_option("[data-testid=set-reserve]", "0")
    await owner.page.click("[data-testid=create]")
    invite = await owner.page.locator("[data-testid=invite]").input_value()
    assert "/ghost/#/join/" in invite and "13×13" in await owner.page.inner_text("[data-testid=lobby]")
    game_id = invite.split("/join/")[1].split(".")[0]

    guest = await Player.at(browser, system, PHONE, touch=True)
    await guest.page.goto(f"{system}/ghost/#/join/{game_id}.forged")
    await guest.page.click("[data-testid=join]")
    await notice(guest, "Приглашение недействительно")
    await guest.page.goto(invite)
    summary = await guest.page.inner_text("[data-testid=join-screen] [data-testid=settings]")
    assert "13×13" in summary and "20 с" in summary and "0 с" in summary  # the settings, before joining
    await guest.wrapped.shot("ghost-phone-join")
    await guest.page.click("[data-testid=join]")
    a, b = owner, guest
    for player in (a, b):
        await player.page.wait_for_selector(f"{GAME}[data-status=live]")
    assert await a.page.get_attribute(GAME, "data-seat") == "A" and await b.page.get_attribute(GAME, "data-seat") == "B"
    third = await Player.at(browser, system, DESKTOP)
    await third.page.goto(invite)
    await third.page.click("[data-testid=join]")
    await notice(third, "В этой партии уже двое")
    await a.page.evaluate("window.ghost.screen().act({type: 'resign'})")  # before the first turn: cancel instead
    await notice(a, "Сдаться можно после первого хода")
    await a.page.evaluate("window.ghost.screen().act({type: 'withdraw'})")
    await notice(a, "Отменять нечего")

    # round 1, turn 1: A's stone; B shoots at an empty cell by the move panel's «Выстрел» (a phone's taps)
    await a.place("C7")
    await b.page.tap(".g-cell[data-cell=G10]")
    await b.page.tap("[data-testid=shot]")
    assert "Выстрел в G10" in await b.page.inner_text("[data-testid=moves][data-state=pause]")
    await b.page.click("[data-testid=confirm]")
    await a.wait_turn_after((1, 0))
    await b.wait_turn_after((1, 0))
    log = (await a.game())["log"][-1]
    assert log["actions"] == {"A": "P:C7", "B": "X:G10"} and log["outcomes"]["B"] == [{"type": "miss", "cell": "G10"}]
    await a.page.wait_for_selector("[data-testid=hash-check]:has-text('хеш соперника проверен')")
    # turn 2: A commits, withdraws while B has not moved, and moves again; B sees only that A has moved
    await a.place("J2")
    await b.page.wait_for_selector("[data-testid=moved-A]")
    await a.page.click("[data-testid=withdraw]")
    await a.page.wait_for_selector("[data-testid=moves][data-state=choose]")
    await both_play(a, b, "D7", "B11")
    # turn 3: B commits and reloads before A moves; his stored action and salt are revealed after the reload
    await b.place("D11")
    await b.page.reload()
    await b.page.wait_for_selector("[data-testid=moves][data-state=committed]")
    await a.place("E7")
    await a.wait_turn_after((1, 2))
    await b.wait_turn_after((1, 2))
    log = (await b.game())["log"][-1]
    assert log["actions"] == {"A": "P:E7", "B": "P:D11"} and log["void"] == {"A": None, "B": None}
    # turn 4: B lets his clock run out with nothing selected: a skip
    await both_play(a, b, "F7", None)
    log = (await a.game())["log"][-1]
    assert log["void"]["B"] == "no_commit" and "не успел" in await a.page.inner_text("[data-testid=log]")
    assert await a.page.inner_text(".g-cell[data-cell=C7] .digit") == "4"  # 4 stones of 7: the oldest goes after 4 more
    end = await play_round(a, b, ["C7", "D7", "E7", "F7", "G7"], ["F11", "H11", "K11", "M11"])
    assert end["round_end"] == {"result": "A", "reason": "row"}
    await b.page.wait_for_selector("[data-testid=score-A][data-won='1']")

    # round 2: B anchors C3 («Якорь») and builds his row on it; A's stones stay apart
    await a.place("B12")
    await b.go_on()
    await b.page.click(".g-cell[data-cell=C3]")
    await b.page.click("[data-testid=anchor]")
    await b.page.click("[data-testid=confirm]")
    await a.wait_turn_after((2, 0))
    assert await a.page.locator(".g-cell[data-cell=C3] .stone.anchor").count() == 1
    await a.page.hover(".g-cell[data-cell=C3]")
    assert "забрать можно с хода 7" in await a.page.get_attribute(".g-cell[data-cell=C3]", "title")
    await both_play(a, b, "D12", "D3")
    await a.wrapped.shot("ghost-desktop-midgame")
    # the anchor's moves on a phone, by a tap: its shifts and magnets as compasses in the move panel
    await b.page.tap(".g-cell[data-cell=C3]")
    panel = await b.page.inner_text("[data-testid=moves][data-state=choose]")
    assert "Сдвиг" in panel and "Магнит" in panel
    assert "возраст" in await b.page.get_attribute(".g-cell[data-cell=C3]", "title")
    await b.wrapped.shot("ghost-phone-anchor-moves")
    await a.page.click(".g-cell[data-cell=H1]", button="right")  # a mouse's right button: the cell menu
    assert "Выстрел в H1" in await a.page.inner_text("[data-testid=cell-menu]")
    await a.page.click("[data-testid=cell-menu] >> text=Закрыть")
    await a.page.hover("[data-testid=log] .addr.seat-B >> nth=0")  # an address lights its cell
    assert await a.page.locator(".g-cell.g-lit").count() >= 1
    await a.page.click("[data-testid=rewind-prev]")  # the board after turn 1 of this round
    await a.page.wait_for_selector(f"{GAME}[data-looking='2.1']")
    assert await a.page.locator(".g-cell[data-cell=D3] .stone").count() == 0
    assert await a.page.locator("[data-testid=moves][data-state=looking]").count() == 1  # no move meanwhile
    await a.page.click("[data-testid=to-current]")
    await a.page.wait_for_selector(f"{GAME}[data-looking='']")
    await b.wrapped.shot("ghost-phone-midgame")
    await b.page.click("#lang")
    await b.page.wait_for_selector("[data-testid=moves]:has-text('Make the move')")
    await b.wrapped.shot("ghost-phone-midgame-en")
    await b.page.click("#lang")
    await b.page.wait_for_selector("[data-testid=moves]:has-text('Сделать ход')")
    end = await play_round(a, b, ["F12", "H12", "K12", "M12", "B10"], ["C3", "D3", "E3", "F3", "G3"])
    assert end["round_end"] == {"result": "B", "reason": "row"}

    # round 3: B selects a cell and lets the clock run out: the selection is committed for him
    before = await a.turn()
    await a.place("C5")
    await b.go_on()
    await b.page.click(".g-cell[data-cell=B9]")
    await a.wait_turn_after(before)
    log = (await a.game())["log"][-1]
    assert log["actions"]["B"] == "P:B9" and log["void"]["B"] is None, log
    # A shoots B's stone off B9 (a mark for the next turn); then both aim at M12: it burns into a wall
    await a.menu("B9", "X:B9")
    await a.page.click("[data-testid=confirm]")
    await b.place("M13")
    await a.wait_turn_after((3, 1))
    await b.wait_turn_after((3, 1))
    assert (await a.game())["log"][-1]["outcomes"]["A"] == [{"type": "hit", "cell": "B9"}]
    for player in (a, b):
        assert await player.page.locator(".g-cell[data-cell=B9].mark:not(:has(.stone))").count() == 1
    await both_play(a, b, "M12", "M12")
    for player in (a, b):
        assert await player.page.locator(".g-cell[data-cell=M12].wall").count() == 1
        assert await player.page.locator(".g-cell[data-cell=B9].mark").count() == 0
        assert await player.rebuilt_ok()
    end = await play_round(a, b, ["C5", "D5", "E5", "F5", "G5"], ["D9", "F9", "H9", "K9"])
    assert end["round_end"]["result"] == "A"
    for player in (a, b):
        await player.page.wait_for_selector("[data-testid=over][data-status=finished]")
    assert "Вы победили!" in await a.page.inner_text("[data-testid=over]")
    assert "Счёт по раундам 2:1" in await a.page.inner_text("[data-testid=over]")
    # the match over, each sees the other's callsign (the server's history), not «Соперник»
    for player, seat in ((a, "B"), (b, "A")):
        await player.page.wait_for_function(
            "([s]) => !['Соперник', ''].includes(document.querySelector(`[data-testid=card-${s}] b`).textContent)",
            arg=[seat])
    for player in (a, b):  # log deltas: frames carried only the turns a page lacked, merged into its whole log
        assert any('"log_from"' in frame for frame in player.frames)
        assert await player.page.evaluate(LOG_AS_SERVED)
    await a.wrapped.shot("ghost-desktop-final")
    await b.wrapped.shot("ghost-phone-final")
    assert_salts_secret_until_resolved(a, b, await a.game())

    # a second match: one turn, then the guest resigns from «Мои партии»
    await a.page.goto(f"{system}/ghost/#/")
    await a.page.click("[data-testid=create]")
    invite = await a.page.locator("[data-testid=invite]").input_value()
    await b.page.goto(invite)
    await b.page.click("[data-testid=join]")
    for player in (a, b):
        await player.page.wait_for_selector(f"{GAME}[data-status=live]")
    await both_play(a, b, "H8", "J9")
    await b.page.goto(f"{system}/ghost/#/games")
    await b.page.click("[data-testid=list-resign]")
    await a.page.wait_for_selector("[data-testid=over][data-status=finished]")
    assert "Вы победили!" in await a.page.inner_text("[data-testid=over]")
    for player in (a, b, third):
        assert not player.wrapped.errors, player.wrapped.errors


def assert_salts_secret_until_resolved(a: Player, b: Player, game: dict) -> None:
    """Each seat's salt first reaches the other's sockets in a view whose log publishes that turn."""
    for entry in game["log"]:
        for seat, receiver in (("A", b), ("B", a)):
            salt = entry["salts"][seat]
            if salt is None:
                continue
            first = next(f for f in receiver.frames if isinstance(f, str) and salt in f)
            view = json.loads(first)["view"]["game"]
            published = [e for e in view["log"] if e["round"] == entry["round"] and e["turn"] == entry["turn"]]
            assert published and published[0]["salts"][seat] == salt


async def test_two_players_on_one_device_and_quick_pairing(browser, system, social) -> None:  # noqa: ANN001
    phone = await Player.at(browser, system, PHONE, touch=True)
    await phone.page.check("[data-testid=vs-device]")
    await phone.page.select_option("[data-testid=set-board]", "13")
    await phone.page.check("[data-testid=set-no-clock]")
    await phone.page.click("[data-testid=create]")
    await phone.page.wait_for_selector(f"{GAME}[data-status=live]")
    # round 1: A anchors A1 («Якорь») and takes it back with his seventh move («Забрать якорь»), his row done
    plans = {"A": ["C7", "D7", "E7", "F7", "M2", "G7"], "B": ["B11", "D11", "F11", "H11", "K11", "M11", "B9"]}
    for _ in range(40):
        game = await phone.game()
        if game["status"] != "live":
            break
        before = (game["round"], game["turn"])
        for seat in ("A", "B"):  # A chooses, hands the phone over, B chooses: neither sees the other's choice
            await phone.page.wait_for_selector(f"[data-testid=handoff][data-seat={seat}]")
            if seat == "B" and before == (1, 0):
                await phone.wrapped.shot("ghost-phone-one-device-handoff")
                assert "A1" not in await phone.page.inner_text("main")
            await phone.page.click("[data-testid=handoff-ready]")
            if seat == "A" and before == (1, 0):
                await phone.page.click(".g-cell[data-cell=A1]")
                await phone.page.click("[data-testid=anchor]")
                await phone.page.click("[data-testid=confirm]")
                await phone.committed(0)
                continue
            if seat == "A" and before == (1, 6):
                await phone.page.click("[data-testid=take-back-A1]")
            await phone.place(next_target(await phone.game(), seat, plans[seat]))
        await phone.wait_turn_after(before)
        if before == (1, 0):
            assert (await phone.game())["log"][0]["actions"]["A"] == "A:A1"
    log = (await phone.game())["log"]
    assert log[6]["actions"]["A"] == "P:G7;T:A1" and {"type": "taken_back", "cell": "A1"} in log[6]["outcomes"]["A"]
    assert log[6]["round_end"] == {"result": "A", "reason": "row"}
    game = await phone.game()
    assert game["status"] == "finished" and game["winner"] == "A" and game["score"] == {"A": 2, "B": 0}
    assert "Победа: Игрок A" in await phone.page.inner_text("[data-testid=over]")

    first = await Player.at(browser, system, DESKTOP)  # quick pairing: the first waits, the second finds him
    await first.page.check("[data-testid=vs-quick]")
    await first.page.click("[data-testid=create]")
    await first.page.wait_for_selector("[data-testid=pairing]")
    second = await Player.at(browser, system, DESKTOP)
    await second.page.check("[data-testid=vs-quick]")
    await second.page.click("[data-testid=create]")
    for player in (first, second):
        await player.page.wait_for_selector(f"{GAME}[data-status=live]")
    seats = {await p.page.get_attribute(GAME, "data-seat") for p in (first, second)}
    assert seats == {"A", "B"}
    await second.page.click("[data-testid=cancel-match]")  # before the first turn: «Выход», no result
    for player in (first, second):
        await player.page.wait_for_selector("[data-testid=over][data-status=cancelled]")
    for player in (phone, first, second):
        assert not player.wrapped.errors, player.wrapped.errors
