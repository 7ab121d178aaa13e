"""Ark in five browsers through the real gateway and engine: a room created with its settings (Survival,
the Incubator off), four more players joining by the invitation link, ready marks, the owner's start, and a
whole game clicked through — a tie and its revote, a reload and a dropped socket in the middle of a vote —
to the final screen. Screenshots of the lobby, a vote and the final screen on a phone (test-artifacts/)."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import DESKTOP, new_page

pytestmark = pytest.mark.e2e
PHONE = {"width": 390, "height": 844}
VERSION = "window.ark.state.view?.version ?? 0"
NEXT_CLICK = """() => {
  const me = window.ark.state.view?.game?.me?.id;
  const usable = (b) => b && !b.disabled;
  for (const s of ['confirm-vote', 'prepared', 'pass', 'end-discussion', 'to-vote', 'survived', 'kind-for']) {
    if (usable(document.querySelector(`[data-testid=${s}]`))) return `[data-testid=${s}]`;
  }
  const reveal = document.querySelector('[data-testid^=reveal-]');
  if (reveal) return `[data-testid=${reveal.dataset.testid}]`;
  const votes = [...document.querySelectorAll('[data-testid^=vote-]')].filter((b) => b.dataset.testid !== `vote-${me}`);
  return votes.length ? `[data-testid=${votes[0].dataset.testid}]` : null;
}"""


async def click(page, selector: str) -> None:  # noqa: ANN001
    """Clicks and waits for the change it makes; a vote's pick is confirmed first (a vote is final)."""
    if await page.locator(f"{selector}[data-pick]").count():
        await page.click(selector)
        selector = "[data-testid=confirm-vote]"
    before = await page.evaluate(VERSION)
    await page.click(selector)
    await page.wait_for_function(f"v => ({VERSION}) > v", arg=before)


async def phase(page) -> str:  # noqa: ANN001
    return await page.evaluate("window.ark.state.view?.game?.phase")


async def step_kind(page) -> str | None:  # noqa: ANN001
    return await page.evaluate("window.ark.state.view?.game?.step?.kind ?? null")


async def play_until(pages, done) -> None:  # noqa: ANN001
    """Each page clicks what is its to click, in turn, until `done(page 0)`."""
    for _ in range(400):
        if await done(pages[0]):
            return
        moved = False
        for page in pages:
            selector = await page.evaluate(NEXT_CLICK)
            if selector:
                await click(page, selector)
                moved = True
                break
        if not moved:
            await pages[0].wait_for_timeout(200)
    raise AssertionError("the game did not get there")


async def test_five_browsers_play_a_survival_game_with_a_revote_a_reload_and_a_drop(browser, system: str) -> None:  # noqa: ANN001
    owner = await new_page(browser, system, PHONE, touch=True, path="/ark/")
    page = owner.page
    await page.wait_for_selector("[data-testid=create]")
    assert "8 игроках и больше лучше включить" in await page.inner_text("[data-testid=incubator-hint]")
    await page.select_option("[data-testid=set-mode]", "survival")
    await page.select_option("[data-testid=set-incubator]", "off")
    await page.click("[data-testid=create-room]")
    await page.wait_for_selector("[data-testid=lobby]")
    link = await page.input_value("[data-testid=invite-link]")
    assert "/ark/#/room/" in link
    summary = await page.inner_text("[data-testid=settings]")
    assert "Выживание" in summary and "выкл" in summary

    guests = [await new_page(browser, system, DESKTOP if n % 2 else PHONE, path=link.removeprefix(system))
              for n in range(4)]
    pages = [page, *(g.page for g in guests)]
    for guest in pages[1:]:
        await guest.wait_for_selector("[data-testid=lobby]")
    await page.wait_for_function("document.querySelectorAll('[data-testid=players] > li').length === 5")
    visitor = await new_page(browser, system, PHONE, path=link.removeprefix(system))
    await page.wait_for_selector("[data-player=p5]")
    await visitor.page.context.close()  # his only device goes: the room shows him offline, the owner kicks him
    await page.wait_for_selector("[data-player=p5] [data-testid=offline]")
    assert await page.locator("[data-testid=offline]").count() == 1
    await click(page, "[data-testid=kick-p5]")
    assert await page.locator("[data-player=p5]").count() == 0
    for guest in pages[1:]:
        await click(guest, "[data-testid=ready]")
    await page.wait_for_function("!document.querySelector('[data-testid=start]').disabled")
    await owner.shot("ark-phone-lobby")
    await click(page, "[data-testid=start]")
    for each in pages:
        await each.wait_for_selector("[data-testid=game]")
    assert await page.locator("[data-testid=my-cards] .ark-card").count() == 7
    assert await page.locator("[data-testid=countdown]").count() == 1

    await play_until(pages, lambda p: _is(p, "exile_vote"))
    seats = [await p.evaluate("window.ark.state.view.game.me.id") for p in pages]
    await pages[1].reload()  # a reload in the middle of the vote: the same seat, the same vote
    await pages[1].wait_for_selector("[data-testid=step][data-kind=exile_vote]")
    await page.evaluate("window.scrollTo(0, 0)")
    await owner.shot("ark-phone-vote")
    await guests[1].shot("ark-desktop-vote")
    await pages[2].evaluate("window.ark.conn.drop()")  # a dropped socket: it reconnects and resumes
    await pages[2].wait_for_selector("#conn[data-state=online]")
    tie = [seats[1], seats[0], seats[1], seats[0], seats[2]]  # two against two against one
    for voter, target in zip(pages, tie, strict=True):
        await click(voter, f"[data-testid=vote-{target}]")
    for each in pages:
        await each.wait_for_function("window.ark.state.view.game.step?.attempt === 2")
    assert "ничья" in await page.inner_text("[data-testid=tally]")
    assert "Переголосование" in await page.inner_text("[data-testid=step]")

    await play_until(pages, lambda p: _phase_is(p, "finished"))
    for each in pages:
        await each.wait_for_selector("[data-testid=final]")
    await page.evaluate("window.scrollTo(0, 0)")
    await owner.shot("ark-phone-final")
    assert await page.inner_text("[data-testid=winners]")
    votes = await page.locator("[data-testid=tallies] li").all_inner_texts()  # every vote of the game
    assert len(votes) == await page.evaluate("window.ark.state.view.game.tallies.length") >= 2
    assert any("ничья" in vote for vote in votes)  # the first exile vote, tied, is listed too
    await page.click("#lang")
    assert "Winners" in await page.inner_text("[data-testid=final]")
    for each in [owner, *guests]:
        assert not each.errors, each.errors
        await each.page.context.close()


async def _is(page, kind: str) -> bool:  # noqa: ANN001
    return await step_kind(page) == kind


async def _phase_is(page, wanted: str) -> bool:  # noqa: ANN001
    return await phase(page) == wanted
