"""The pages a letter's link opens (issue 17, point 5): the confirmation page names the account the address
will join, confirms only on the press (opening the link spends nothing), warns when this browser plays as
another account and leads back into the game; the login page looks like the game. (Few tests, long ones:
each starts the whole system.)"""

import httpx
import pytest

from tests.support.social import token_in

from .conftest import DESKTOP, PHONE, new_page

pytestmark = pytest.mark.e2e


def words(text: str) -> str:
    """A letter's text without its links (a link's random token may spell anything, «UTC» too)."""
    return " ".join(word for word in text.split() if "://" not in word)


async def test_the_confirmation_link_confirms_only_on_the_press(social, browser, system: str) -> None:  # noqa: ANN001
    owner_id, owner_token = await social.player("Анна")
    asked = await social.call("POST", "/api/v1/account/email", owner_token, json={"email": "anna@example.org"})
    assert asked.is_success
    letter = await social.sink.wait_for("anna@example.org")
    link = letter.links[0]
    assert "«Анна»" in letter.text and "по Москве" in letter.text and "UTC" not in words(letter.text)
    async with httpx.AsyncClient() as scanner:  # a mail scanner fetches the link first
        fetched = await scanner.get(link, follow_redirects=True)
    assert fetched.status_code == 200 and "text/html" in fetched.headers["content-type"]
    account = (await social.call("GET", "/api/v1/account", owner_token)).json()["account"]
    assert account["email_confirmed"] is False  # a GET never spends the token

    # the owner's browser is signed in to him: the page names the account and waits for the press
    phone = await new_page(browser, system, PHONE, touch=True)
    page = phone.page
    try:
        await page.evaluate("token => localStorage.setItem('echo.token', token)", owner_token)
        await page.goto(link)
        await page.wait_for_selector("[data-testid=landing-confirm]")
        assert "«Анна»" in await page.inner_text("[data-testid=landing-target]")
        assert await page.locator("[data-testid=landing-other]").count() == 0
        await phone.shot("phone-confirm-landing")
        assert (await social.call("GET", "/api/v1/account", owner_token)).json()["account"]["email_confirmed"] is False
        await page.tap("[data-testid=landing-confirm]")
        await page.wait_for_selector("[data-testid=landing-done]")
        await phone.shot("phone-confirm-done")
        assert (await social.call("GET", "/api/v1/account", owner_token)).json()["account"]["email_confirmed"] is True
        await page.tap("[data-testid=landing-to-game]")
        await page.wait_for_selector("[data-testid=profile-callsign]:has-text('Анна')")
    finally:
        await page.context.close()
    assert not phone.errors, phone.errors

    # the login link, on another phone: a page of the game; only its button spends the token
    await social.call("POST", "/api/v1/account/login", json={"email": "anna@example.org"})
    login = await social.sink.wait_for("anna@example.org", count=2)
    assert "по Москве" in login.text and "UTC" not in words(login.text)
    other = await new_page(browser, system, PHONE, touch=True)
    page = other.page
    try:
        await page.goto(f"{system}/api/v1/account/login/complete?token={token_in(login.links[0])}")
        await page.wait_for_selector("[data-testid=landing-login]")
        assert await page.locator(".chrome .brand").is_visible()  # the game's own top bar and look
        await other.shot("phone-login-landing")
        await page.tap("[data-testid=landing-login]")
        await page.wait_for_selector("[data-testid=profile-callsign]:has-text('Анна')")
        assert await page.evaluate("window.echo.conn.accountId") == owner_id
    finally:
        await page.context.close()
    assert not other.errors, other.errors


async def test_a_link_opened_in_another_accounts_browser_warns(social, browser, system: str) -> None:  # noqa: ANN001
    """E-mail fixation: «Мошенник» asks to confirm Борис's address; Борис opens the letter signed in as himself."""
    _, attacker = await social.player("Мошенник")
    _, victim = await social.player("Борис")
    await social.call("POST", "/api/v1/account/email", attacker, json={"email": "boris@example.org"})
    letter = await social.sink.wait_for("boris@example.org")
    desktop = await new_page(browser, system, DESKTOP)
    page = desktop.page
    try:
        await page.evaluate("token => localStorage.setItem('echo.token', token)", victim)
        await page.goto(f"{system}/api/v1/account/email/confirm?token={token_in(letter.links[0])}")
        warning = page.locator("[data-testid=landing-other]")
        await warning.wait_for()
        text = await warning.inner_text()
        assert "«Борис»" in text and "«Мошенник»" in text
        assert "«Мошенник»" in await page.inner_text("[data-testid=landing-target]")
        await desktop.shot("desktop-confirm-other-account")
        await page.click("[data-testid=landing-home]")  # he does not confirm: back in his own game
        await page.wait_for_selector("[data-testid=profile-callsign]:has-text('Борис')")
    finally:
        await page.context.close()
    assert (await social.call("GET", "/api/v1/account", attacker)).json()["account"]["email_confirmed"] is False
    assert not desktop.errors, desktop.errors


async def test_a_cut_or_wrong_confirmation_link_says_what_happened_and_what_to_do(social, browser, system: str) -> None:  # noqa: ANN001
    """Issue 40, point 5: a link cut by a mail program (too short a token) or an unknown one is explained in
    words with the next step, never as the request's validation message."""
    phone = await new_page(browser, system, PHONE, touch=True)
    page = phone.page
    try:
        await page.goto(f"{system}/api/v1/account/email/confirm?token=abc123")  # cut: 6 characters
        await page.wait_for_selector("[data-testid=landing-error]")
        said = await page.inner_text("[data-testid=landing]")
        assert "неполная или испорчена" in said and "запросите новое письмо" in said, said
        assert "token" not in said and "String" not in said and "16" not in said
        assert await page.get_attribute("a.btn.primary", "href") == "#/account"
        assert await page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        await phone.shot("phone-confirm-bad-link")

        await page.goto(f"{system}/api/v1/account/email/confirm?token={'z' * 40}")  # whole but unknown
        await page.wait_for_selector("[data-testid=landing-next]")
        said = await page.inner_text("[data-testid=landing]")
        assert "запросите новое письмо" in said and "token" not in said.lower(), said

        await page.click("#lang")
        await page.goto(f"{system}/api/v1/account/email/confirm?token=abc123")
        await page.wait_for_selector("[data-testid=landing-next]:has-text('Ask for a new letter')")
        assert "incomplete or damaged" in await page.inner_text("[data-testid=landing-error]")
    finally:
        await page.context.close()
    assert not phone.errors, phone.errors
