"""While the session store elects a leader after a lost server, the gateway answers a hello `store_unavailable`
(with `retry_after`, then close 1013) and a REST call 503 with `Retry-After`. Here Playwright answers so in
the gateway's place once, and lets the next try through to the real server: the page says calmly that it
waits, in the player's language, on a phone and on a desktop, then carries on by itself — the same session,
no reload, the game playable; and the account's devices card sends its list and sign-outs again by itself."""

from __future__ import annotations

import asyncio
import json

import pytest

from tests.support.play import free_sectors

from .conftest import Page
from .helpers import account_id, click_and_wait, start_free
from .test_devices import EMAIL, SCROLL_TO_DEVICES, log_in

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
#: the gateway's own frame (ws/connection.py, refuse_until_store_answers)
WAIT_FRAME = {"type": "error", "code": "store_unavailable",
              "message": "the session store is electing a leader; reconnect in 3 s", "retry_after": 3}
TRY_AGAIN_LATER = 1013
#: the gateway's own 503 body (store_unavailable.py)
REFUSAL = {"error": {"code": "store_unavailable",
                     "message": "The service is briefly unavailable; try again in 3 s.",
                     "message_ru": "Сервис ненадолго недоступен — попробуйте снова через 3 с."}}
BAR_WAITING = {"ru": "Ждём сервер…", "en": "Waiting for server…"}
CARD_WAITING = {"ru": "Ждём ответа сервера", "en": "Waiting for the server"}
#: the browser logs a 503 it was answered; the page answers it by design
SERVED_503 = "status of 503"


async def device(browser, base: str, viewport: dict, language: str) -> Page:  # noqa: ANN001
    """A fresh browser (its own guest) that speaks `language`, its page not opened yet."""
    phone = viewport == PHONE
    context = await browser.new_context(viewport=viewport, has_touch=phone, is_mobile=phone,
                                        locale="en-GB" if language == "en" else "ru-RU")
    await context.add_init_script(f"localStorage.setItem('echo.lang', '{language}')")
    page = await context.new_page()
    page.set_default_timeout(15000)
    return Page(page, base)


def first_hello_told_to_wait(hellos: list[str], closing: list[asyncio.Task]):  # noqa: ANN201
    """A WebSocket route: the first socket's hello is answered as the gateway does between leaders, then
    closed 1013; every later socket is the real server's. `hellos`: the tokens the told ones carried."""

    def route(ws) -> None:  # noqa: ANN001
        if hellos:
            ws.connect_to_server()
            return

        def heard(message: str | bytes) -> None:
            hellos.append(json.loads(message)["token"])
            ws.send(json.dumps(WAIT_FRAME))
            closing.append(asyncio.get_running_loop().create_task(
                ws.close(code=TRY_AGAIN_LATER, reason="store unavailable")))

        ws.on_message(heard)

    return route


@pytest.mark.parametrize(("language", "viewport"), [("ru", PHONE), ("en", PHONE), ("ru", DESKTOP), ("en", DESKTOP)],
                         ids=["ru-phone", "en-phone", "ru-desktop", "en-desktop"])
async def test_a_hello_told_to_wait_says_so_and_comes_back_by_itself(browser, system: str, social, language: str,  # noqa: ANN001, ARG001
                                                                    viewport: dict) -> None:
    player = await device(browser, system, viewport, language)
    page = player.page
    hellos: list[str] = []
    closing: list[asyncio.Task] = []
    await page.route_web_socket("**/ws", first_hello_told_to_wait(hellos, closing))
    name = f"store-unavailable-{language}-{'phone' if viewport == PHONE else 'desktop'}"
    try:
        await page.goto(system + "/")
        status = page.locator("#conn[data-state=waiting]")
        await status.wait_for()
        assert BAR_WAITING[language] in await status.inner_text()
        assert "store_unavailable" not in await page.inner_text("body")
        rows = [await page.locator(part).bounding_box() for part in ("#brand", "#conn", "#lang")]
        assert max(box["y"] for box in rows) < min(box["y"] + box["height"] for box in rows), rows  # one line
        await page.evaluate("window.notReloaded = true")
        await player.shot(f"{name}-waiting")

        await page.wait_for_selector("#conn[data-state=online]", timeout=10000)  # told 3 s: no click needed
        token = await page.evaluate("localStorage.getItem('echo.token')")
        assert hellos == [token], "the session told to wait is the one the page keeps"
        await asyncio.gather(*closing)
        assert await page.evaluate("window.notReloaded === true")
        assert player.guests_made == 1
        await player.shot(f"{name}-back")

        await start_free(page)  # the game answers on the new socket
        await click_and_wait(page, free_sectors(await account_id(page), "standard")[0])
    finally:
        await page.context.close()
    assert not player.errors, player.errors


def unavailable_once(method: str, served: list[str]):  # noqa: ANN201
    """An HTTP route: the first `method` request is answered 503 `store_unavailable`, Retry-After: 1, as the
    gateway does between leaders; the others reach the server."""

    async def route(route) -> None:  # noqa: ANN001
        if route.request.method != method or served:
            await route.fallback()
            return
        served.append(route.request.url)
        await route.fulfill(status=503, headers={"Retry-After": "1"}, json=REFUSAL)

    return route


async def test_the_devices_card_waits_for_the_server_and_signs_out_by_itself(browser, system: str, social) -> None:  # noqa: ANN001
    account, _script = await social.player("Пилот", EMAIL)  # a script's session: a device to sign out
    desktop = await device(browser, system, DESKTOP, "ru")
    phone = await device(browser, system, PHONE, "en")
    try:
        for player in (desktop, phone):
            await player.page.goto(system + "/")
            await player.page.wait_for_selector("#conn[data-state=online]")
            await log_in(social, player)

        # the phone's list of devices: answered 503 once, shown after a second's wait
        listed: list[str] = []
        await phone.page.route("**/api/v1/sessions", unavailable_once("GET", listed))
        await phone.page.goto(system + "/#/account")
        note = phone.page.locator("[data-testid=devices-note][data-waiting=true]")
        await note.wait_for()
        assert CARD_WAITING["en"] in await note.inner_text()
        assert await phone.page.locator("[data-testid=sign-out-here]").is_disabled()
        await phone.page.evaluate(SCROLL_TO_DEVICES)
        await phone.shot("store-unavailable-en-phone-devices-waiting")
        await phone.page.wait_for_function("document.querySelectorAll('[data-testid=device]').length === 3")
        assert await phone.page.locator("[data-testid=devices-note]").is_hidden()
        assert len(listed) == 1

        # «Выйти на всех других устройствах»: answered 503 once, done by itself
        await desktop.page.goto(system + "/#/account")
        await desktop.page.wait_for_function("document.querySelectorAll('[data-testid=device]').length === 3")
        others: list[str] = []
        await desktop.page.route("**/api/v1/sessions/others", unavailable_once("DELETE", others))
        await desktop.page.click("[data-testid=sign-out-others]")
        note = desktop.page.locator("[data-testid=devices-note][data-waiting=true]")
        await note.wait_for()
        assert CARD_WAITING["ru"] in await note.inner_text()
        await desktop.page.evaluate(SCROLL_TO_DEVICES)
        await desktop.shot("store-unavailable-ru-desktop-devices-waiting")
        await desktop.page.wait_for_function("document.querySelectorAll('[data-testid=device]').length === 1")
        assert "(2)" in await desktop.page.inner_text("[data-testid=devices-note]")
        assert len(others) == 1

        # «Выйти на этом устройстве»: answered 503 once, then signed out: a new guest
        here: list[str] = []
        await desktop.page.route("**/api/v1/sessions/current", unavailable_once("DELETE", here))
        await desktop.page.click("[data-testid=sign-out-here]")
        await desktop.page.wait_for_function("id => window.echo?.conn.accountId && window.echo.conn.accountId !== id",
                                             arg=account)
        assert len(here) == 1
    finally:
        await desktop.page.context.close()
        await phone.page.context.close()
    for player in (desktop, phone):
        errors = [error for error in player.errors if SERVED_503 not in error]
        assert not errors, errors


@pytest.mark.parametrize(("language", "viewport"), [("ru", PHONE), ("en", DESKTOP)], ids=["ru-phone", "en-desktop"])
async def test_the_account_forms_wait_for_the_server_and_send_again_by_themselves(browser, system: str, social,  # noqa: ANN001, ARG001
                                                                                 language: str, viewport: dict) -> None:
    player = await device(browser, system, viewport, language)
    page = player.page
    loaded: list[str] = []
    await page.route("**/api/v1/account", unavailable_once("GET", loaded))
    name = f"store-unavailable-{language}-{'phone' if viewport == PHONE else 'desktop'}-account"
    try:
        await page.goto(system + "/#/account")
        await page.wait_for_selector("[data-testid=account-page][data-loaded=true]")  # after one wait of a second
        assert len(loaded) == 1

        saved: list[str] = []
        await page.route("**/api/v1/account/callsign", unavailable_once("PUT", saved))
        await page.fill("[data-testid=callsign-input]", "Штурман")
        await page.click("[data-testid=callsign-save]")
        note = page.locator("[data-testid=callsign-note]")
        await page.wait_for_function("[...document.querySelectorAll('[data-testid=callsign-note]')]"
                                     ".some((el) => !el.hidden && el.textContent.length > 0)")
        assert CARD_WAITING[language] in await note.inner_text()
        assert await page.locator("[data-testid=callsign-save]").is_disabled()
        await player.shot(f"{name}-waiting")
        await page.wait_for_selector("[data-testid=callsign-note][data-ok=true]:not([hidden])")
        await page.wait_for_function("document.querySelector('[data-testid=callsign-now]').textContent"
                                     ".includes('Штурман')")
        assert CARD_WAITING[language] not in await note.inner_text()
        assert len(saved) == 1
        assert await page.locator("[data-testid=callsign-save]").is_enabled()

        letters: list[str] = []
        await page.route("**/api/v1/account/login", unavailable_once("POST", letters))
        await page.fill("[data-testid=login-input]", "nobody@example.org")
        await page.click("[data-testid=login-send]")
        told = {"ru": "Если этот e-mail подтверждён", "en": "If this e-mail is confirmed"}[language]
        await page.wait_for_function(f"document.querySelector('[data-testid=login-note]').textContent"
                                     f".includes({json.dumps(told)})")
        assert len(letters) == 1
        await player.shot(f"{name}-done")
        body = await page.inner_text("body")
        assert "store_unavailable" not in body and "503" not in body
    finally:
        await page.context.close()
    errors = [error for error in player.errors if SERVED_503 not in error]
    assert not errors, errors
