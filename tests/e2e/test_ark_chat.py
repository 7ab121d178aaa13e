"""Ark's room chat and presence in four browsers through the real gateway and engine: lines reach every
player, the owner mutes and unmutes a player, a line that is too fast is refused in words; a player whose
only device goes is marked disconnected by the rules themselves (the engine heard his socket drop); a player
already in this room cannot open another. Screenshots of the chat in the lobby on a phone and on a desktop,
and in English (test-artifacts/)."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import DESKTOP, new_page
from tests.e2e.helpers import PHONE, open_chat
from tests.e2e.helpers import ark_click as click

pytestmark = pytest.mark.e2e


async def say(page, text: str) -> None:  # noqa: ANN001
    await open_chat(page)
    await page.fill("[data-testid=chat-text]", text)
    await click(page, "[data-testid=chat-send]")
    assert await page.input_value("[data-testid=chat-text]") == "", "the box is emptied once the line is in"


async def test_four_browsers_talk_in_the_room_and_the_rules_see_who_is_gone(browser, system: str) -> None:  # noqa: ANN001
    owner = await new_page(browser, system, PHONE, touch=True, path="/ark/")
    page = owner.page
    await page.click("[data-testid=create-room]")
    await page.wait_for_selector("[data-testid=lobby] >> [data-testid=invite-link]")
    link = (await page.input_value("[data-testid=invite-link]")).removeprefix(system)
    assert "Пока тихо" in await page.inner_text("[data-testid=chat]")
    guests = [await new_page(browser, system, DESKTOP if n == 0 else PHONE, touch=n > 0, path=link) for n in range(3)]
    for guest in guests:
        await guest.page.wait_for_selector("[data-testid=chat]", state="attached")
    await page.wait_for_function("document.querySelectorAll('[data-testid=players] > li').length === 4")

    await say(page, "Всем привет! Кто берёт с собой аптечку?")
    await say(guests[0].page, "Я врач, аптечка моя <b>не жирным</b>")
    for each in [page, *(g.page for g in guests)]:
        await each.wait_for_function("document.querySelectorAll('[data-testid=chat-line]').length === 2")
    assert "<b>не жирным</b>" in await guests[1].page.inner_text("[data-testid=chat]"), "a line is text, not markup"

    await click(page, "[data-testid=mute-p1]")
    await guests[0].page.wait_for_selector("[data-testid=you-muted]")
    assert await page.locator("[data-player=p1] [data-testid=muted-mark]").count() == 1
    await click(page, "[data-testid=unmute-p1]")
    await guests[0].page.wait_for_selector("[data-testid=chat-text]")

    second = guests[1].page
    for n in range(5):
        await say(second, f"быстро {n}")
    await second.fill("[data-testid=chat-text]", "слишком быстро")
    await second.click("[data-testid=chat-send]")
    await second.wait_for_selector("[data-testid=error]")
    assert "не чаще 5 сообщений" in await second.inner_text("[data-testid=error]")
    assert await second.input_value("[data-testid=chat-text]") == "слишком быстро", "a refused line stays to resend"
    await page.wait_for_function("document.querySelectorAll('[data-testid=chat-line]').length === 7")
    await page.evaluate("window.scrollTo(0, document.querySelector('[data-testid=chat]').offsetTop - 60)")
    await owner.shot("ark-phone-chat")
    await guests[0].shot("ark-desktop-chat")

    await second.goto(system + "/ark/#/")  # a player of this room tries to open another one
    await second.wait_for_selector("[data-testid=create-room]")
    assert await second.locator("[data-testid=error]").count() == 0, "the old refusal went with its screen"
    await second.click("[data-testid=create-room]")
    await second.wait_for_selector("[data-testid=error]")
    assert "вы уже в другой комнате" in await second.inner_text("[data-testid=error]")
    await second.click("[data-testid=back-to-room]")  # the way back to the room he is in
    await second.wait_for_selector("[data-testid=lobby]")

    await guests[2].page.context.close()  # his only device goes: the rules mark him disconnected
    await page.wait_for_function(
        "window.ark.state.view.game.players.find((p) => p.id === 'p3')?.away === true", timeout=30000)
    await page.wait_for_selector("[data-player=p3] [data-testid=offline]")
    await open_chat(page)
    await page.click("#lang")
    assert "Room chat" in await page.inner_text("[data-testid=chat]")
    await owner.shot("ark-phone-chat-en")
    for each in (owner, guests[0]):
        assert not each.errors, each.errors
