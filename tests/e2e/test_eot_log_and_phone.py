"""Echoes of Time on a 390 px phone, through the real gateway and engine, against a bot: the log is told from
the game's own public events — complete from the game's start, the same after a reload, in English without a
code or a Russian word — and every frame's log is exactly the public form of the game's events; no screen
scrolls sideways (the lobby, the table, the final scores, the replay); the final score table fits the card; the
replay tells each step in words and jumps to a round."""

from __future__ import annotations

import random
import re

import pytest
from echo_runtime.nats_client import connect

from tests.integration.engine.test_eot_tables import assert_nothing_hidden, rules_events_with_versions

from .conftest import Page
from .helpers import PHONE
from .helpers import EotPlayer as Player

pytestmark = pytest.mark.e2e
# what must never reach a person's eyes in the log: an action slot, a decision kind, an event type, a card id
CODES = re.compile(r"\b(draw|play|advance|capture|entrench)\.\d|summon_order|[A-Z][a-z]+[A-Z][a-zA-Z]+"
                   r"|\b[WFSE]\d\d[ab]?\b")


async def no_sideways_scroll(page) -> None:  # noqa: ANN001
    wide = await page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert wide[0] <= wide[1], f"{page.url} scrolls sideways: {wide}"


async def shot(player: Player, name: str) -> None:
    await player.wrapped.shot(name)  # into test-artifacts/


async def log_text(page) -> str:  # noqa: ANN001
    return await page.inner_text("[data-testid=log]")


async def test_the_log_survives_a_reload_speaks_english_and_no_eot_screen_scrolls_sideways_on_a_phone(
        browser, system, private_nats_url) -> None:  # noqa: ANN001
    me = await Player.at(browser, system, PHONE, "/eot/", touch=True, paced=True)
    page = me.page
    await no_sideways_scroll(page)
    await page.select_option("select[name=seats]", "2")
    await page.select_option("select[name=bots]", "1")
    await page.select_option("select[name=level]", "greedy")
    await page.click("[data-testid=create]")
    await page.wait_for_selector("[data-testid=game]")
    game_id = page.url.split("#/t/")[1]
    first = await log_text(page)
    # the seats by name: this guest by his callsign, the bot by its level, nobody «Игрок N»
    mine = (await page.inner_text(".main-col section.player h3")).split(" (")[0].strip()
    assert re.fullmatch(r"Эхонавт-\d{4}", mine), mine
    shown = await page.inner_text("[data-testid=game]")
    assert "Бот (Расчётливый)" in shown and f"{mine} (вы)" in shown and "Игрок" not in shown, shown
    late = await Player.at(browser, system, PHONE, "/eot/", touch=True)  # a bad link: words and a way on
    await late.page.goto(f"{system}/eot/#/join/{game_id}.nothing")
    await late.page.wait_for_selector("[data-testid=invitation]:has-text('Приглашение за стол')")
    await no_sideways_scroll(late.page)
    await shot(late, "eot-phone-invitation-ru")
    await late.page.click("[data-testid=join-confirm]")
    await late.page.wait_for_selector("[data-testid=invitation-refused]:has-text('Попросите новую ссылку')")
    await no_sideways_scroll(late.page)
    assert "Партия началась" in first and "Колода перемешана" in first, first  # from the game's first event

    choose = random.Random(5)
    while int(await page.get_attribute("[data-testid=status]", "data-round")) < 3:
        if await me.my_move():
            await me.play_one_step(choose)
        else:
            await page.wait_for_selector("[data-testid=moves]")
    await no_sideways_scroll(page)
    before = await log_text(page)
    version = await me.version()
    assert "Раунд 2" in before and "Раунд 1" in before and not CODES.search(before), before
    await page.reload()
    await page.wait_for_selector(f"[data-testid=game][data-version='{version}']")
    assert await log_text(page) == before  # the same log, whole, after a reload

    await page.click("#lang")
    await page.wait_for_selector("h3:has-text('Log')")
    english = await log_text(page)
    assert "Round 2" in english and "The game began" in english, english
    assert "Bot (Calculating)" in english, english
    # a callsign is a person's name, not the page's text: the generated ones are Russian
    assert not re.search("[А-Яа-яЁё]", english.replace(mine, "")) and not CODES.search(english), english
    assert english.count("\n") == before.count("\n")
    await shot(me, "eot-phone-log-en")
    await page.click("#lang")

    page.on("dialog", lambda dialog: dialog.accept())
    while not await me.my_move():
        await page.wait_for_selector("[data-testid=moves]")
    await page.click("[data-testid=moves] [data-do=concede]")
    await page.wait_for_selector("[data-testid=game][data-status=over]")
    await no_sideways_scroll(page)
    fits = await page.evaluate("""(() => {
        const t = document.querySelector('[data-testid=scoring] table');
        const box = t.getBoundingClientRect();
        return [t.scrollWidth, t.parentElement.clientWidth, box.right, window.innerWidth]; })()""")
    assert fits[0] <= fits[1] and fits[2] <= fits[3], f"the score table runs off its card: {fits}"
    assert "сдаётся" in await log_text(page) and "Партия окончена" in await log_text(page)
    await page.locator("[data-testid=scoring]").scroll_into_view_if_needed()
    await shot(me, "eot-phone-final-ru")
    await page.click("#lang")
    await page.wait_for_selector("[data-testid=scoring]:has-text('Game over')")
    await no_sideways_scroll(page)
    await page.locator("[data-testid=scoring]").scroll_into_view_if_needed()
    await shot(me, "eot-phone-final-en")
    await page.click("#lang")

    nc = await connect(private_nats_url, "tests")
    events = await rules_events_with_versions(nc, game_id)
    await nc.drain()
    assert assert_nothing_hidden([f for f in me.frames if isinstance(f, str)], 0, events) > 5

    await page.click("[data-testid=replay-link]")
    await page.wait_for_selector("[data-testid=replay]")
    await no_sideways_scroll(page)
    await page.click("[data-testid=replay-next]")
    await page.wait_for_selector("[data-testid=replay][data-step='1']")
    told = await page.inner_text("[data-testid=replay-step]")
    assert told.strip() and not CODES.search(told), told
    await page.select_option("[data-testid=replay-round]", "2")
    await page.wait_for_selector("[data-testid=status][data-round='2']")
    await no_sideways_scroll(page)
    await shot(me, "eot-phone-replay-ru")
    assert not me.wrapped.errors, me.wrapped.errors


async def test_the_final_scores_on_a_desktop(browser, system) -> None:  # noqa: ANN001
    me = await Player.at(browser, system, {"width": 1280, "height": 800}, "/eot/")
    page = me.page
    await page.select_option("select[name=seats]", "3")
    await page.select_option("select[name=bots]", "2")
    await page.click("[data-testid=create]")
    await page.wait_for_selector("[data-testid=moves]")
    page.on("dialog", lambda dialog: dialog.accept())
    await page.click("[data-testid=moves] [data-do=concede]")
    await page.wait_for_selector("[data-testid=game][data-status=over]")
    await no_sideways_scroll(page)
    await shot(me, "eot-desktop-final-ru")
    await page.click("#lang")
    await page.wait_for_selector("[data-testid=scoring]:has-text('Game over')")
    await shot(me, "eot-desktop-final-en")
    assert isinstance(me.wrapped, Page) and not me.wrapped.errors, me.wrapped.errors


async def test_the_bots_moves_are_told_one_after_another_not_all_at_once(browser, system) -> None:  # noqa: ANN001
    """Three bots' turns come back in the answer to one's own move: «Только что» tells them line by line."""
    me = await Player.at(browser, system, PHONE, "/eot/", touch=True, paced=True)
    page = me.page
    await page.select_option("select[name=seats]", "4")
    await page.select_option("select[name=bots]", "3")
    await page.select_option("select[name=level]", "random")
    await page.click("[data-testid=create]")
    await page.wait_for_selector("[data-testid=moves] [data-do=main][data-action=draw]")
    await page.evaluate("""(() => {
        window.told = [];
        new MutationObserver(() => {
            const shown = Number(document.querySelector('[data-testid=recent]')?.dataset.told ?? 0);
            if (shown !== (window.told.at(-1)?.[0] ?? 0)) window.told.push([shown, performance.now()]);
        }).observe(document.getElementById('screen'), { childList: true, subtree: true, attributes: true });
    })()""")
    await page.click("[data-testid=moves] [data-do=main][data-action=draw]")
    await page.wait_for_selector("[data-testid=moves]")
    if await page.locator("[data-testid=moves] [data-do=end-turn]").count():  # else it ended by itself
        await page.click("[data-testid=moves] [data-do=end-turn]")
    await page.wait_for_function("window.told.length >= 4", timeout=30000)
    told = await page.evaluate("window.told")
    steps = [later[0] - earlier[0] for earlier, later in zip(told, told[1:], strict=False)]
    gaps = [later[1] - earlier[1] for earlier, later in zip(told, told[1:], strict=False)]
    assert told[0][0] == 1 and set(steps) == {1}, told  # one line at a time
    assert min(gaps) >= 600, gaps  # never sooner than the pace: a timer fires no earlier
    recent = await page.inner_text("[data-testid=recent]")
    # the bots by name and level (which bots' lines are still in view depends on how far the telling got)
    assert re.search(r"Бот [234] \(Новичок\)", recent) and "Игрок" not in recent and not CODES.search(recent), recent
    await no_sideways_scroll(page)
    await shot(me, "eot-phone-recent-ru")
    assert not me.wrapped.errors, me.wrapped.errors


async def test_the_rules_page_in_both_languages_explains_every_sign_on_a_phone(browser, system) -> None:  # noqa: ANN001
    me = await Player.at(browser, system, PHONE, "/eot/", touch=True)
    page = me.page
    await page.click("[data-testid=rules-link]")
    rules = await page.inner_text("[data-testid=rules]")
    for sign in ("⚔", "⟲", "захват N (★a)", "защита N", "братство N", "условия B"):
        assert sign in rules, sign
    await no_sideways_scroll(page)
    await shot(me, "eot-phone-rules-ru")
    await page.click("#lang")
    await page.wait_for_selector("[data-testid=rules]:has-text('Echoes of Time: the rules')")
    english = await page.inner_text("[data-testid=rules]")
    assert not re.search("[А-Яа-яЁё]", english) and "capture N (★a)" in english
    await no_sideways_scroll(page)
    await shot(me, "eot-phone-rules-en")
    await page.click("#lang")

    await page.goto(f"{system}/eot/#/")  # a table waiting for a friend: its link fits the phone too
    await page.select_option("select[name=seats]", "2")
    await page.select_option("select[name=bots]", "0")
    await page.click("[data-testid=create]")
    await page.wait_for_selector("[data-testid=table-lobby]:has-text('Ждём игроков: 1 из 2')")
    await no_sideways_scroll(page)
    await shot(me, "eot-phone-table-lobby-ru")
    assert not me.wrapped.errors, me.wrapped.errors
