"""The Chart page, callsign cards, the account screen and challenge links in the browser, against the real
gateway, engine, leagues and social services."""

import asyncio
from datetime import UTC, datetime, time, timedelta

import pytest
from echo_events.moscow import moscow_date
from echo_runtime.clock import SystemClock

from tests.integration.leagues.test_real_games import play_daily
from tests.support.play import publish_daily
from tests.support.social import token_in

from .conftest import DESKTOP, PHONE, new_page
from .helpers import click_play_daily

pytestmark = pytest.mark.e2e


async def until(check, timeout: float = 20.0):  # noqa: ANN001, ANN201, ASYNC109
    async with asyncio.timeout(timeout):
        while True:
            value = await check()
            if value:
                return value
            await asyncio.sleep(0.2)


async def played_chart(social, names: tuple[str, ...]) -> tuple:  # noqa: ANN001
    """Players with confirmed e-mails play today's Daily; returns (daily, {callsign: (account, token, view)})."""
    today = moscow_date(SystemClock().now())
    daily = await publish_daily(social.nc.jetstream(), today, seed=2026)
    players = {}
    for n, name in enumerate(names):
        account, token = await social.player(name, f"p{n}@example.org")
        players[name] = (account, token, await play_daily(social.nc, account, daily, ephemera=1 + n % 2))

    async def charted():
        reply = await social.call("GET", f"/api/v1/charts/bronze/{today.isoformat()}")
        return reply.status_code == 200 and len(reply.json()["top"]) == len(names)

    await until(charted)
    return daily, players


async def test_chart_without_login_and_a_callsign_card_adds_a_friend(social, browser, system) -> None:  # noqa: ANN001
    _, players = await played_chart(social, ("Анна", "Боб"))
    desktop = await new_page(browser, system, DESKTOP, path="/#/chart")
    page = desktop.page
    try:
        await page.wait_for_selector("[data-testid=chart-table]")
        text = await page.inner_text("[data-testid=chart-table]")
        assert "Анна" in text and "Боб" in text
        best = max(players.values(), key=lambda p: p[2]["credits"])[2]["credits"]
        first = page.locator("[data-testid=chart-row]").first
        assert str(best) in await first.inner_text()
        for league in ("Бронза", "Серебро", "Золото", "Платина"):
            assert league in await page.inner_text(".tabs.leagues")
        await desktop.shot("desktop-chart")

        await page.click("[data-testid=chart-table] [data-callsign='Боб']")
        await page.wait_for_selector("[data-testid=player-card][open]")
        assert "Боб" in await page.inner_text("[data-testid=player-card]")
        await page.click("[data-testid=card-add]")
        await page.wait_for_selector("[data-testid=card-status][data-ok=true]")
        assert "Добавлен" in await page.inner_text("[data-testid=card-status]")
        await desktop.shot("desktop-chart-card")
        await page.keyboard.press("Escape")

        await page.click("[data-testid=tab-friends]")
        await page.wait_for_selector("[data-testid=friends-table]")
        assert "Боб" in await page.inner_text("[data-testid=friends-table]")
        await desktop.shot("desktop-chart-friends")
        await page.click("[data-testid=tab-results]")
        await page.wait_for_selector("[data-testid=chart-body]:has-text('Итоги дня')")
        await page.click("[data-testid=tab-league]")
        await page.wait_for_selector("[data-testid=league-none], [data-testid=league-head]")

        await page.click("#lang")  # English
        await page.wait_for_selector("[data-testid=tab-today]:has-text('Today')")
        assert "Friends" in await page.inner_text("[data-testid=tab-friends]")
        await page.click("#lang")
        await page.wait_for_selector("[data-testid=tab-today]:has-text('Сегодня')")

        await page.goto(system + "/#/")  # the main screen: friends' scores and the link to the Friends tab
        await page.wait_for_selector("[data-testid=friends-card] [data-testid=friends-table]")
        assert "Боб" in await page.inner_text("[data-testid=friends-card]")
        await desktop.shot("desktop-main-social")
        await page.click("[data-testid=friends-link]")
        await page.wait_for_selector("[data-testid=tab-friends][aria-selected=true]")
    finally:
        await page.context.close()
    assert not desktop.errors, desktop.errors

    phone = await new_page(browser, system, PHONE, touch=True, path="/#/chart")
    try:
        await phone.page.wait_for_selector("[data-testid=chart-table]")
        await phone.shot("phone-chart")
    finally:
        await phone.page.context.close()
    assert not phone.errors, phone.errors


async def test_account_sets_a_callsign_and_shows_a_taken_one(social, desktop, phone) -> None:  # noqa: ANN001
    await social.player("Занято")
    page = desktop.page
    await page.goto(desktop.base + "/#/account")
    await page.wait_for_selector("[data-testid=account-page][data-loaded=true]")
    assert "Чарт, Лиги и вызовы" in await page.inner_text("[data-testid=account-page]")
    await page.fill("[data-testid=callsign-input]", "Пилот")
    await page.click("[data-testid=callsign-save]")
    await page.wait_for_selector("[data-testid=callsign-note][data-ok=true]")
    assert "Пилот" in await page.inner_text("[data-testid=callsign-now]")
    await page.fill("[data-testid=callsign-input]", "Занято")
    await page.click("[data-testid=callsign-save]")
    await page.wait_for_selector("[data-testid=callsign-note][data-ok=false]")
    assert "занят" in (await page.inner_text("[data-testid=callsign-note]")).lower()
    await desktop.shot("desktop-account-taken")

    await page.fill("[data-testid=email-input]", "pilot@example.org")
    await page.click("[data-testid=email-send]")
    await page.wait_for_selector("[data-testid=email-note][data-ok=true]")
    assert "Письмо отправлено" in await page.inner_text("[data-testid=email-note]")
    letter = await social.sink.wait_for("pilot@example.org")
    done = await social.call("POST", "/api/v1/account/email/confirm", json={"token": token_in(letter.links[0])})
    assert done.status_code == 200
    await page.reload()
    await page.wait_for_selector("[data-testid=email-state][data-confirmed=true]")
    await desktop.shot("desktop-account-confirmed")
    await page.goto(desktop.base + "/#/")
    await page.wait_for_selector("[data-testid=profile-callsign]:has-text('Пилот')")

    await phone.page.goto(phone.base + "/#/account")
    await phone.page.wait_for_selector("[data-testid=account-page][data-loaded=true]")
    await phone.shot("phone-account")


async def test_a_challenge_link_end_to_end(social, browser, system) -> None:  # noqa: ANN001
    daily, players = await played_chart(social, ("Анна",))
    sender = await new_page(browser, system, DESKTOP)
    page = sender.page
    try:
        # the sender plays today's Daily in the browser, then challenges: first without a confirmed e-mail
        await click_play_daily(page)
        await page.click(".cell.hidden >> nth=0")
        await page.keyboard.press("f")
        await page.click("[data-action=finish-yes]")
        await page.wait_for_selector("[data-testid=challenge-make]")
        await page.click("[data-testid=challenge-make]")
        await page.wait_for_selector("[data-testid=challenge-error]")
        assert "подтвердите e-mail" in await page.inner_text("[data-testid=challenge-error]")
        await sender.shot("desktop-challenge-needs-email")

        account_id = await page.evaluate("window.echo.conn.accountId")
        token = await page.evaluate("localStorage.getItem('echo.token')")
        await social.call("PUT", "/api/v1/account/callsign", token, json={"callsign": "Вызывающий"})
        await social.confirm(token, "caller@example.org")
        game = page.url
        await page.goto(system + "/#/")
        await page.goto(game)
        await page.wait_for_selector("[data-testid=challenge-make]")
        await page.click("[data-testid=challenge-make]")
        url = await (await page.wait_for_selector("[data-testid=challenge-url]")).input_value()
        assert "/challenge/" in url
        await sender.shot("desktop-challenge-link")
    finally:
        await page.context.close()
    assert not sender.errors, sender.errors

    link = url.split("/challenge/", 1)[1]
    friend = await new_page(browser, system, PHONE, touch=True, path="/challenge/" + link)
    try:
        card = friend.page.locator("[data-testid=challenge-card]")
        await card.wait_for()
        await friend.page.wait_for_selector("[data-testid=challenge-from]:has-text('Вызывающий')")
        assert "бросает вам вызов" in await card.inner_text()
        await friend.shot("phone-challenge-opened")

        friend_id = await friend.page.evaluate("window.echo.conn.accountId")
        view = await play_daily(social.nc, friend_id, daily, ephemera=2)

        async def compared():
            await friend.page.reload()
            await friend.page.wait_for_selector("[data-testid=challenge-card]")
            return await friend.page.locator("[data-testid=vs-me]").count()

        await until(compared, timeout=30)
        assert await friend.page.inner_text("[data-testid=vs-me]") == str(view["credits"])
        await friend.shot("phone-challenge-scores")
    finally:
        await friend.page.context.close()
    assert not friend.errors, friend.errors
    assert account_id and players


YESTERDAY_NOON = datetime.combine(moscow_date(SystemClock().now()) - timedelta(days=1), time(9, 0), UTC)


@pytest.mark.parametrize("engine_clock", [YESTERDAY_NOON], indirect=True)  # the Daily is played on its day
async def test_day_results_with_the_past_field_and_the_game_of_the_day(social, browser, system,  # noqa: ANN001
                                                                      engine_clock) -> None:  # noqa: ANN001
    from tests.support.play import close_daily

    yesterday = YESTERDAY_NOON.date()
    daily = await publish_daily(social.nc.jetstream(), yesterday, seed=77)
    for n, name in enumerate(("Вега", "Орион")):
        account, _ = await social.player(name, f"star{n}@example.org")
        await play_daily(social.nc, account, daily, ephemera=1 + n)
    engine_clock.jump_to(SystemClock().now())  # its day is over: on to today
    await close_daily(social.nc.jetstream(), daily)

    async def closed():
        reply = await social.call("GET", f"/api/v1/results/bronze/{yesterday.isoformat()}")
        return reply.status_code == 200 and len(reply.json()["top"]) == 2

    await until(closed, timeout=30)
    desktop = await new_page(browser, system, DESKTOP, path="/#/chart/results/bronze")
    page = desktop.page
    try:
        await page.wait_for_selector("[data-testid=past-field] [data-testid=field][data-revealed=true]")
        assert "Орион" in await page.inner_text("[data-testid=chart-table]")
        await desktop.shot("desktop-chart-results")
        await page.click("[data-testid=tab-gotd]")
        await page.wait_for_selector("[data-testid=gotd-play]")
        await desktop.shot("desktop-chart-gotd")
        await page.click("[data-testid=tab-results]")
        await page.click("[data-testid=row-play]")
        await page.wait_for_selector("[data-testid=replay-frame]")
        await desktop.shot("desktop-gotd-replay")
    finally:
        await page.context.close()
    assert not desktop.errors, desktop.errors
    phone = await new_page(browser, system, PHONE, touch=True, path="/#/chart/results/bronze")
    try:
        await phone.page.wait_for_selector("[data-testid=past-field]")
        await phone.shot("phone-chart-results")
    finally:
        await phone.page.context.close()


async def test_the_league_and_friends_tabs_fit_a_phone(social, browser, system) -> None:  # noqa: ANN001
    """Issue 40, point 4: at 390 px the «Лига» tab shows «За неделю» and the «Друзья» tab its remove buttons,
    neither in a sideways-scrolling box."""
    _, players = await played_chart(social, ("Анна", "Бонифаций"))
    _, token, _ = players["Анна"]
    added = await social.call("POST", "/api/v1/friends", token, json={"callsign": "Бонифаций"})
    assert added.status_code in (200, 201), added.text

    async def grouped():
        reply = await social.call("GET", "/api/v1/leagues/me", token)
        return reply.status_code == 200 and reply.json().get("group")

    await until(grouped)
    phone = await new_page(browser, system, {"width": 390, "height": 844}, touch=True)
    page = phone.page
    fits = """() => document.documentElement.scrollWidth <= innerWidth
        && [...document.querySelectorAll('.table-wrap')].every((w) => w.scrollWidth <= w.clientWidth)"""
    inside = """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
        return r.width > 0 && r.right <= innerWidth; }"""
    try:
        await page.evaluate("(t) => localStorage.setItem('echo.token', t)", token)
        await page.goto(system + "/#/chart/league")
        await page.wait_for_selector("[data-testid=group-table]")
        assert await page.evaluate(fits)
        assert await page.evaluate(inside, "[data-testid=group-table] thead th:last-child")  # «За неделю»
        assert "За неделю" in await page.inner_text("[data-testid=group-table] thead th:last-child")
        await phone.shot("phone-chart-league")
        await page.click("[data-testid=tab-friends]")
        await page.wait_for_selector("[data-testid=friends-table] [data-remove]")
        assert await page.evaluate(fits)
        assert await page.evaluate(inside, "[data-testid=friends-table] [data-remove]")
        await phone.shot("phone-chart-friends")
        await page.click("#lang")
        await page.wait_for_selector("[data-testid=tab-friends]:has-text('Friends')")
        await page.wait_for_selector("[data-testid=friends-table] [data-remove]")
        assert await page.evaluate(fits)
    finally:
        await page.context.close()
    assert not phone.errors, phone.errors


async def test_a_challenge_link_puts_its_card_first_with_the_score_to_beat(social, browser, system) -> None:  # noqa: ANN001
    """Issue 40, point 7: a newcomer arriving by a challenge link sees the challenge above the Tutorial's card,
    with the sender's score; the Daily he starts from it keeps that score by its title."""
    _, players = await played_chart(social, ("Анна",))
    _, token, view = players["Анна"]
    made = await social.call("POST", "/api/v1/challenges", token)
    assert made.is_success, made.text
    link = made.json()["challenge"]["url"]
    friend = await new_page(browser, system, PHONE, touch=True, path="/challenge/" + link.split("/challenge/", 1)[1])
    page = friend.page
    try:
        await page.wait_for_selector("[data-testid=challenge-beat]")
        assert f"Счёт Анна: {view['credits']} Кредит" in await page.inner_text("[data-testid=challenge-beat]")
        cards = "() => [...document.querySelectorAll('.cards > section')].map((s) => s.dataset.testid)"
        order = await page.evaluate(cards)
        assert order.index("challenge-card") < order.index("first-steps"), order
        await friend.shot("phone-challenge-first")
        await page.click("[data-testid=challenge-play]")
        asked = page.locator("[data-testid=first-daily][open]")
        await asked.or_(page.locator("[data-testid=game][data-mode=daily]")).first.wait_for()
        if await asked.count():
            await page.click("[data-testid=daily-now]")
        await page.wait_for_selector("[data-testid=beat-target]")
        assert f"Побить: {view['credits']} (Анна)" in await page.inner_text("[data-testid=beat-target]")
        assert await page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        await friend.shot("phone-challenge-daily-beat")
    finally:
        await page.context.close()
    assert not friend.errors, friend.errors


async def test_a_generated_name_is_found_shown_in_english_and_a_friends_card_offers_no_add(
        social, browser, system) -> None:  # noqa: ANN001
    """Issue 40, point 6: «Эхонавт-1234» (a player without a callsign) is found by search and written
    «Echonaut-1234» in English; a friend's card does not offer «Добавить в друзья»; the top bar's game names
    are in English on the English page."""
    from echo_events.callsigns import generated_callsign, generated_number

    daily, players = await played_chart(social, ("Анна",))
    _, token, _ = players["Анна"]
    nameless, nameless_token = await social.guest()
    for _ in range(50):  # the social service adopts the guest from the ACCOUNTS stream
        if (await social.call("GET", "/api/v1/account", nameless_token)).status_code == 200:
            break
        await asyncio.sleep(0.1)
    await social.confirm(nameless_token, "nameless@example.org")
    await play_daily(social.nc, nameless, daily, ephemera=1)
    shown = generated_callsign(nameless)
    english = f"Echonaut-{generated_number(nameless)}"

    async def charted():
        reply = await social.call("GET", f"/api/v1/charts/bronze/{daily.date.isoformat()}")
        return shown in reply.text

    await until(charted)
    desktop = await new_page(browser, system, DESKTOP)
    page = desktop.page
    try:
        await page.evaluate("(t) => localStorage.setItem('echo.token', t)", token)
        await page.goto(system + "/#/chart/friends")
        await page.fill("[data-testid=friend-search] input", shown)
        await page.click("[data-testid=friend-search] button")
        await page.wait_for_selector(f"[data-testid=found-row]:has-text('{shown}')")
        await page.click("[data-testid=found-row] [data-add]")
        await page.wait_for_selector(f"[data-testid=friends-table] [data-callsign='{shown}']")

        await page.click("[data-testid=tab-today]")
        await page.click(f"[data-testid=chart-table] [data-callsign='{shown}']")
        await page.wait_for_selector("[data-testid=player-card][open] [data-testid=card-friend]")
        assert await page.locator("[data-testid=card-add]").count() == 0  # a friend is not offered «add» again
        await desktop.shot("desktop-friend-card")
        await page.keyboard.press("Escape")

        await page.click("#lang")
        await page.wait_for_selector(f"[data-testid=chart-table] [data-callsign='{shown}']:has-text('{english}')")
        assert shown not in await page.inner_text("[data-testid=chart-table]")
        bar = await page.inner_text(".chrome nav.games")
        assert "Echoes of Time" in bar and "Ark" in bar and "Ghost Five" in bar and "Ковчег" not in bar
        await page.click("[data-testid=tab-friends]")
        await page.fill("[data-testid=friend-search] input", english)  # the English spelling finds him too
        await page.click("[data-testid=friend-search] button")
        await page.wait_for_selector("[data-testid=found-row]")
        await desktop.shot("desktop-chart-en-generated")
    finally:
        await page.context.close()
    assert not desktop.errors, desktop.errors
