"""A Daily in the browser: play, leave, come back to the same attempt, the countdown banner, the midnight close."""

from datetime import UTC, datetime, timedelta

import pytest
from echo_daily.announcer import announcement_of
from echo_events.daily import PUBLIC_STREAM, DailyWarning, announced_subject, subject_for
from echo_events.envelope import encode
from echo_events.moscow import moscow_date
from echo_runtime.clock import SystemClock
from echo_runtime.nats_client import connect

from tests.support.play import _publish, close_daily, publish_daily

from .helpers import check_marks, click_and_wait, click_play_daily, status, tick

pytestmark = pytest.mark.e2e


async def test_a_daily_one_attempt_countdown_and_close(desktop, private_nats_url: str) -> None:  # noqa: ANN001
    page = desktop.page
    nc = await connect(private_nats_url, "tests")
    js = nc.jetstream()
    daily = await publish_daily(js, moscow_date(SystemClock().now()), seed=7)
    try:
        await page.reload()
        await page.wait_for_selector("#conn[data-state=online]")
        title = page.locator("[data-testid=daily-title]")  # from GET /api/v1/daily/today
        await title.wait_for()
        assert f"№ {daily.number} · Тихая прохлада" in await title.inner_text()
        assert "Ровный фон" in await page.inner_text("[data-testid=daily-card]")
        first_preset = page.locator("[data-testid=free-card] .preset").first  # from GET /api/v1/play/options
        await page.wait_for_function("document.querySelector('[data-testid=free-left]')")
        assert await first_preset.get_attribute("data-preset") == "as-daily"
        assert "Как Вызов дня" in await first_preset.inner_text()
        await desktop.shot("desktop-main-daily")
        await click_play_daily(page)
        assert f"№ {daily.number}" in await page.inner_text(".game-title")
        hidden = page.locator(".cell.hidden")
        for _ in range(2):
            index = int(await hidden.first.get_attribute("data-i"))
            await click_and_wait(page, index)
        assert await tick(page) == 2
        await check_marks(page)
        game_url = page.url

        await page.click(".top-actions a[href='#/']")  # leave; the attempt waits
        await page.wait_for_selector("[data-testid=main]")
        await page.wait_for_selector("[data-testid=play-daily]:has-text('Продолжить')")
        await page.click("[data-testid=play-daily]")  # the same game again: one attempt
        await page.wait_for_selector("[data-testid=game][data-mode=daily]")
        assert page.url == game_url and await tick(page) == 2

        banner = page.locator("[data-testid=notice]")
        soon = datetime.now(UTC) + timedelta(minutes=30)
        warning = DailyWarning(kind="warning_30min", daily_id=daily.daily_id, date=daily.date, league="bronze",
                               at=datetime.now(UTC), closes_at=soon)
        await _publish(js, subject_for(warning), warning, f"warning-{daily.daily_id}")
        await banner.wait_for(state="visible")
        assert "30 минут" in await banner.inner_text()

        closes = datetime.now(UTC) + timedelta(minutes=9, seconds=30)
        warning = DailyWarning(kind="countdown_10min", daily_id=daily.daily_id, date=daily.date, league="bronze",
                               at=datetime.now(UTC), closes_at=closes)
        await _publish(js, subject_for(warning), warning, f"countdown-{daily.daily_id}")
        await page.wait_for_selector("[data-testid=notice][data-kind=countdown_10min]")
        first = await banner.inner_text()
        assert "закроется через 09:" in first
        changed = "([t]) => document.querySelector('[data-testid=notice]').textContent !== t"
        await page.wait_for_function(changed, arg=[first])  # the clock ticks
        await desktop.shot("desktop-daily-countdown")

        await close_daily(js, daily)  # midnight: the game ends by itself, pushed as an update
        await page.wait_for_selector("[data-testid=game][data-status=expired]", timeout=20000)
        assert "закрыт" in await banner.inner_text()
        end = await page.inner_text("[data-testid=end]")
        assert "полночь" in end and "Итогами дня" in end  # a Daily's field stays hidden
        assert await page.locator(".cell.revealed").count() == 0
        assert await status(page) == "expired"
        await desktop.shot("desktop-daily-end")
    finally:
        await nc.drain()


async def test_a_daily_published_while_the_main_screen_is_open_shows_on_it_in_place(
        desktop, private_nats_url: str) -> None:  # noqa: ANN001
    """The notice of a Daily's coming out reads the Daily and the player's options again and draws them over
    what the screen showed, without a reload and without a moment when the screen has no primary button or
    no Daily's title (a new screen drawn from nothing had one: the Daily unknown until its answer came).
    Today's Daily is announced once more (a later Daily would become "today" for the tests after this one)."""
    page = desktop.page
    nc = await connect(private_nats_url, "tests")
    js = nc.jetstream()
    today = moscow_date(SystemClock().now())
    daily = await publish_daily(js, today, seed=7)
    try:
        await page.reload()
        await page.wait_for_selector("#conn[data-state=online]")
        await page.wait_for_selector("[data-testid=daily-title]")
        await page.wait_for_selector("#screen .btn.primary")
        await page.evaluate("""() => {
            window.stillThisPage = true;
            window.blankMoments = 0;
            new MutationObserver(() => {
              const primary = [...document.querySelectorAll('#screen .btn.primary')].some((e) => e.offsetParent);
              if (!primary || !document.querySelector('[data-testid=daily-title]')) window.blankMoments += 1;
            }).observe(document.getElementById('screen'), {childList: true, subtree: true});
        }""")
        async with page.expect_response(lambda r: "/api/v1/daily/today" in r.url) as read_again:
            await js.publish(announced_subject("bronze"), encode(announcement_of(daily)), stream=PUBLIC_STREAM)
        assert (await read_again.value).ok
        await page.wait_for_selector("[data-testid=notice][data-kind=daily_published]")
        await page.wait_for_selector("[data-testid=daily-title]")
        assert await page.evaluate("window.stillThisPage === true && window.blankMoments === 0")
    finally:
        await nc.drain()
