"""An ended Daily's panel (issue 40, points 1 and 2): the place for this hour — «вне Чарта» with the reason and
the way to confirm for a guest, the number once the e-mail is confirmed —, the tool bar gone, and a result
anyone can share: no field in it, and its link opens the game."""

import asyncio
import re

import pytest
from echo_challenge.field import sector_name
from echo_challenge.modes import daily_setup
from echo_events.moscow import moscow_date
from echo_runtime.clock import SystemClock

from tests.support.play import ask, beam_ephemera, publish_daily, solo_move

from .conftest import ARTIFACTS, PHONE, new_page
from .helpers import click_play_daily

pytestmark = pytest.mark.e2e

NO_SIDEWAYS = "document.documentElement.scrollWidth <= window.innerWidth"


async def shot(page, name: str) -> None:  # noqa: ANN001
    """The whole page (the panel runs below the fold on a phone), beside the suite's other screenshots."""
    await page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


async def play_smallest_ephemeron(nc, account: str, game_id: str, daily) -> None:  # noqa: ANN001
    """Beam the Daily's smallest ephemeron through the engine (test-side knowledge of the field), as the
    player's other device would: the page hears every tick."""
    setup = daily_setup(daily)
    segments = {s for e in setup.field.ephemera for s in e.sectors}
    free = [i for i in range(100) if i not in segments and i not in setup.opened]
    target = min(setup.field.ephemera, key=lambda e: (e.size, e.sectors))

    async def move(kind: str, sector: int) -> dict:
        reply = await solo_move(nc, kind, account_id=account, game_id=game_id, sector=sector)
        assert reply["ok"], reply
        return reply["view"]

    view = (await ask(nc, type="get", account_id=account, game_id=game_id))["view"]
    view = await beam_ephemera(view, [target], free, move)
    assert view["status"] == "live" and view["credits"] > 0, view


async def test_a_daily_ends_with_the_place_for_this_hour_and_a_result_to_share(social, browser, system) -> None:  # noqa: ANN001
    today = moscow_date(SystemClock().now())
    daily = await publish_daily(social.nc.jetstream(), today, seed=2026)
    guest = await new_page(browser, system, PHONE, touch=True)
    page = guest.page
    try:
        await page.reload()
        await page.wait_for_selector("[data-testid=daily-title]")
        await click_play_daily(page)
        game_id = page.url.rsplit("/", 1)[1]
        account = await page.evaluate("window.echo.conn.accountId")
        await play_smallest_ephemeron(social.nc, account, game_id, daily)
        await page.wait_for_function("window.echo.view().credits > 0")
        credits = await page.evaluate("window.echo.view().credits")

        await page.click("[data-action=menu]")  # the phone's way to finish
        await page.click("#game-menu [data-action=finish]")
        await page.click("[data-action=finish-yes]")
        await page.wait_for_selector("[data-testid=game][data-status=finished]")

        # 1. the place for this hour: a guest's game is «вне Чарта», with why and how to get in
        out = page.locator("[data-testid=end-out]")
        await out.wait_for()
        place = await page.inner_text("[data-testid=end-place]")
        assert "вне Чарта" in place and "1-е место" in place, place
        assert "e-mail не подтверждён" in place, place
        assert await page.get_attribute("[data-testid=end-confirm]", "href") == "#/account"
        assert await page.locator("section.tools, [data-testid^=tool-]").count() == 0  # no tools once the game is over
        assert await page.evaluate(NO_SIDEWAYS)

        # 2. the result to share: the Daily, the Credits, the openings, the Orders and the link; no field
        text = await page.inner_text("[data-testid=share-text]")
        lines = text.strip().split("\n")
        assert lines[0] == f"Эхо-вызов дня № {daily.number} «Тихая прохлада»", lines
        assert f"Кредиты: {credits}" in lines[1]
        assert lines[2].startswith("Вскрытия: ●") and "1 чисто" in lines[2], lines
        assert lines[3].startswith("Заказы:")
        sectors = {sector_name(i) for i in range(100)}
        words = set(re.findall(r"[A-J]\d{1,2}", text))
        assert not words & sectors, words  # no sector named
        assert not re.search(r"красн|жёлт|зелён|сегмент|мембран", text, re.IGNORECASE)
        view = await page.evaluate("window.echo.view()")
        sizes = {str(e["size"]) for e in view["ephemera"]}
        assert not any(re.search(rf"\b{s}\b", lines[2]) for s in sizes - {"1"})  # no ephemeron's size
        link = lines[-1].rsplit(" ", 1)[1]
        assert link == system + "/", link
        await page.click("[data-testid=share-button]")
        await page.wait_for_selector("[data-testid=share-done]:has-text('Скопировано')")
        await shot(page, "phone-daily-end-guest-ru")

        # the link opens the game for a friend who has not played
        friend = await new_page(browser, system, PHONE, touch=True, path=link.removeprefix(system))
        try:
            await friend.page.wait_for_selector(f"[data-testid=daily-title]:has-text('№ {daily.number}')")
            assert await friend.page.locator("[data-testid=play-daily]").is_visible()
        finally:
            await friend.page.context.close()
        assert not friend.errors, friend.errors

        # confirming the e-mail puts the game in the Chart: the panel shows the place itself
        token = await page.evaluate("localStorage.getItem('echo.token')")
        await social.call("PUT", "/api/v1/account/callsign", token, json={"callsign": "Новичок"})
        await social.confirm(token, "newcomer@example.org")
        for _ in range(60):
            await page.reload()
            await page.wait_for_selector("[data-testid=end-place] p")
            if await page.locator("[data-testid=end-place-n]").count():
                break
            await asyncio.sleep(0.5)
        assert await page.inner_text("[data-testid=end-place-n]") == "1"
        assert "на этот час" in await page.inner_text("[data-testid=end-place]")
        assert await page.locator("[data-testid=end-out]").count() == 0

        # a confirmed player's card carries his challenge link
        await page.click("[data-testid=challenge-make]")
        challenge = await (await page.wait_for_selector("[data-testid=challenge-url]")).input_value()
        assert (await page.inner_text("[data-testid=share-text]")).strip().endswith(challenge)
        await shot(page, "phone-daily-end-confirmed-ru")

        await page.click("#lang")  # English: the same card in English
        await page.wait_for_selector("[data-testid=share-text]:has-text('Daily Echo Challenge')")
        english = await page.inner_text("[data-testid=share-text]")
        assert f"Credits: {credits}" in english and "Openings: ●" in english
        await page.wait_for_selector("[data-testid=end-place]:has-text('place for this hour')")
        assert await page.evaluate(NO_SIDEWAYS)
        await shot(page, "phone-daily-end-confirmed-en")
    finally:
        await page.context.close()
    assert not guest.errors, guest.errors
