"""A room the rules deleted while a player's phone was away: everyone gone ended its session, the engine
purged it, and the phone, back online, says the room is gone instead of showing the last screen it had; the
link then says so too. The engine's clock runs five minutes behind, so the session's five minutes are seconds."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from echo_runtime.clock import MovableClock

from tests.e2e.conftest import new_page
from tests.e2e.helpers import PHONE

pytestmark = pytest.mark.e2e


@pytest.fixture
def engine_clock() -> MovableClock:
    return MovableClock(datetime.now(UTC) - timedelta(seconds=292))


async def test_a_phone_back_online_finds_its_deleted_room_gone(browser, system: str) -> None:  # noqa: ANN001
    owner = await new_page(browser, system, PHONE, touch=True, path="/ark/")
    page = owner.page
    await page.click("[data-testid=create-room]")
    await page.wait_for_selector("[data-testid=chat]", state="attached")
    link = (await page.input_value("[data-testid=invite-link]")).removeprefix(system)
    await page.evaluate("window.ark.conn.open = () => {}; window.ark.conn.drop()")  # away, and staying away
    await page.wait_for_selector("#conn[data-state=offline]")
    asked = """async () => (await fetch(`/api/v1/games/${window.ark.state.view.game_id}`,
        { headers: { authorization: `Bearer ${localStorage.getItem("echo.token")}` } })).status"""
    for _ in range(60):  # the session ends 8 s after the last disconnection, then the room is purged
        if await page.evaluate(asked) == 404:  # unknown_game
            break
        await page.wait_for_timeout(1000)
    else:
        raise AssertionError("the room was not deleted")
    guest = await new_page(browser, system, PHONE, touch=True, path=link)
    await guest.page.wait_for_selector("[data-testid=gone]")  # a dead link says so and offers a new room
    assert "Ссылка недействительна" in await guest.page.inner_text("[data-testid=gone]")
    assert await guest.page.locator("[data-testid=gone] + a[href='#/']").count() == 1

    await page.evaluate("delete window.ark.conn.open; window.ark.conn.open()")  # the phone is back
    await page.wait_for_selector("[data-testid=gone]")
    assert "Комната удалена" in await page.inner_text("[data-testid=gone]")
    await owner.shot("ark-phone-gone")
    assert not [e for e in owner.errors if "404" not in e], owner.errors  # the REST look at a deleted room
