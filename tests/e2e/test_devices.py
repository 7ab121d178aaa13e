"""The account screen's devices (issue 17, point 2): every device signed in to the account, named from its
browser; «Выйти» for one of them, for all the others and for this one — and a device signed out while its
page is open loses its game connection at once (the server closes it), then starts over as a guest."""

import asyncio

import pytest

from tests.support.social import token_in

from .conftest import DESKTOP, Page, new_page

pytestmark = pytest.mark.e2e

EMAIL = "pilot@example.org"
#: in one step inside the page: the list may be drawn again between finding it and scrolling to it
SCROLL_TO_DEVICES = "document.querySelector('[data-testid=devices]').scrollIntoView({block: 'nearest'})"
IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
          "Version/17.5 Mobile/15E148 Safari/604.1")


async def iphone(browser, system: str) -> Page:  # noqa: ANN001
    context = await browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                                        locale="ru-RU", user_agent=IPHONE)
    page = await context.new_page()
    page.set_default_timeout(15000)
    wrapped = Page(page, system)
    await page.goto(system + "/")
    await page.wait_for_selector("#conn[data-state=online]")
    return wrapped


async def log_in(social, device: Page) -> None:  # noqa: ANN001
    """The login letter's link, opened and pressed in that browser: a session of its own."""
    before = len(social.sink.to(EMAIL))
    await social.call("POST", "/api/v1/account/login", json={"email": EMAIL})
    letter = await social.sink.wait_for(EMAIL, count=before + 1)
    await device.page.goto(f"{device.base}/api/v1/account/login/complete?token={token_in(letter.links[0])}")
    await device.page.click("[data-testid=landing-login]")
    await device.page.wait_for_selector("[data-testid=profile-callsign]:has-text('Пилот')")


async def devices_shown(device: Page, count: int) -> list[str]:
    page = device.page
    await page.goto(device.base + "/#/account")
    await page.wait_for_selector("[data-testid=device-list][data-loaded=true]")
    await page.wait_for_function("n => document.querySelectorAll('[data-testid=device]').length === n", arg=count)
    return await page.locator("[data-testid=device]").all_inner_texts()


async def test_the_account_screen_lists_the_devices_and_signs_them_out(social, browser, system: str) -> None:  # noqa: ANN001
    account_id, api_token = await social.player("Пилот", EMAIL)  # a first session: a script's (python-httpx)
    desktop = await new_page(browser, system, DESKTOP)
    phone = await iphone(browser, system)
    try:
        await log_in(social, desktop)
        await log_in(social, phone)

        rows = await devices_shown(phone, 3)
        assert sum("это устройство" in row for row in rows) == 1
        assert any(row.startswith("Safari · iPhone") and "это устройство" in row for row in rows), rows
        assert any(row.startswith("Chrome · Linux") for row in rows) and any("python-httpx" in row for row in rows)
        assert all("вход " in row and "МСК" in row for row in rows)
        await phone.page.evaluate(SCROLL_TO_DEVICES)
        await phone.shot("phone-account-devices")

        rows = await devices_shown(desktop, 3)
        this = desktop.page.locator("[data-testid=device][data-current=true]")
        assert (await this.inner_text()).startswith("Chrome · Linux")
        assert await this.locator("[data-testid=device-sign-out]").count() == 0  # this one: the button below
        await desktop.page.evaluate(SCROLL_TO_DEVICES)
        await desktop.shot("desktop-account-devices")

        # «Выйти» on the iPhone, from the desktop: gone from the list, and the open iPhone page is cut off at once
        await desktop.page.click("[data-testid=device]:has-text('iPhone') [data-testid=device-sign-out]")
        await desktop.page.wait_for_function("document.querySelectorAll('[data-testid=device]').length === 2")
        assert "вышли" in await desktop.page.inner_text("[data-testid=devices-note]")
        await phone.page.wait_for_function("id => window.echo.conn.accountId && window.echo.conn.accountId !== id",
                                           arg=account_id)
        await phone.page.wait_for_selector("[data-testid=notice][data-kind=signed_out]")
        assert "выполнен выход" in await phone.page.inner_text("[data-testid=notice]")
        await phone.page.wait_for_selector("[data-testid=profile-callsign]")  # the main screen, as a guest
        await phone.shot("phone-signed-out-elsewhere")

        # «Выйти на всех других устройствах»: only this one is left; the script's token is refused
        await desktop.page.click("[data-testid=sign-out-others]")
        await desktop.page.wait_for_function("document.querySelectorAll('[data-testid=device]').length === 1")
        assert "(1)" in await desktop.page.inner_text("[data-testid=devices-note]")
        assert await desktop.page.locator("[data-testid=sign-out-others]").count() == 0
        assert (await social.call("GET", "/api/v1/me", api_token)).status_code == 401
        assert await desktop.page.evaluate("window.echo.conn.accountId") == account_id

        # in English
        await desktop.page.evaluate("localStorage.setItem('echo.lang', 'en')")
        await desktop.page.reload()
        await desktop.page.wait_for_selector("[data-testid=device-list][data-loaded=true]")
        card = await desktop.page.inner_text("[data-testid=devices]")
        assert "Devices" in card and "this device" in card and "Moscow time" in card
        assert "Sign out on this device" in card
        await desktop.page.evaluate(SCROLL_TO_DEVICES)
        await desktop.shot("desktop-account-devices-en")

        # «Выйти» on this device (its e-mail is confirmed: no warning): back to the start as a new guest
        await desktop.page.click("[data-testid=sign-out-here]")
        await desktop.page.wait_for_function("id => window.echo.conn.accountId && window.echo.conn.accountId !== id",
                                             arg=account_id)
        assert (await social.call("GET", "/api/v1/account", None)).status_code == 401

        # the iPhone, a new guest now: «Выйти» warns that an account without a confirmed e-mail is lost
        guest = await phone.page.evaluate("window.echo.conn.accountId")
        await devices_shown(phone, 1)
        async with phone.page.expect_event("dialog") as shown:
            click = asyncio.create_task(phone.page.click("[data-testid=sign-out-here]"))
        dialog = await shown.value
        assert "не вернуться" in dialog.message
        await dialog.dismiss()
        await click
        assert await phone.page.evaluate("window.echo.conn.accountId") == guest
        assert len(await devices_shown(phone, 1)) == 1  # nothing was signed out
    finally:
        await desktop.page.context.close()
        await phone.page.context.close()
    assert not desktop.errors, desktop.errors
    assert not phone.errors, phone.errors
