"""End-to-end fixtures: the real gateway + engine + leagues + social in-process, and Debian's Chromium
driven by Playwright.

No browser is downloaded: Playwright launches the system Chromium (`CHROMIUM` or /usr/bin/chromium).
Without it the tests fail and say how to install it; they never skip silently.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 360, "height": 740}


def chromium_path() -> str:
    path = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(path).exists():
        pytest.fail(
            "Chromium is missing: the e2e tests drive Debian's chromium. Install it with "
            "`apt-get update && apt-get install -y chromium` (or set CHROMIUM=/path/to/chromium). "
            "Never run `playwright install`.",
            pytrace=False,
        )
    return path


@pytest.fixture(scope="session")
async def browser() -> AsyncIterator:
    path = chromium_path()
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        chromium = await playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield chromium
        await chromium.close()


class Page:
    """A browser page on the gateway, with the console errors it logged (a test fails on any)."""

    def __init__(self, page, base: str) -> None:  # noqa: ANN001
        self.page = page
        self.base = base
        self.errors: list[str] = []
        self.guests_made = 0  # POST /api/v1/guest requests this page sent
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on("console", self._console)
        page.on("request", self._request)

    def _request(self, request) -> None:  # noqa: ANN001
        if request.method == "POST" and request.url.endswith("/api/v1/guest"):
            self.guests_made += 1

    def _console(self, msg) -> None:  # noqa: ANN001
        # REST refusals (404 of endpoints not deployed, 409 of a taken callsign, 403 before a confirmed
        # e-mail...) are answered on the page by design; the browser still logs them.
        if msg.type == "error" and not re.search(r"status of 4\d\d", msg.text):
            self.errors.append(msg.text)

    async def shot(self, name: str) -> Path:
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        await self.page.screenshot(path=str(path), full_page=False)
        return path


async def open_page(browser, base: str, viewport: dict, *, touch: bool = False) -> Page:  # noqa: ANN001
    context = await browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch, locale="ru-RU")
    page = await context.new_page()
    page.set_default_timeout(15000)
    wrapped = Page(page, base)
    await page.goto(base + "/")
    await page.wait_for_selector("#conn[data-state=online]")
    return wrapped


@pytest.fixture
async def desktop(browser, system: str, social) -> AsyncIterator[Page]:  # noqa: ANN001
    page = await open_page(browser, system, DESKTOP)
    yield page
    await page.page.context.close()
    assert not page.errors, page.errors


@pytest.fixture
async def phone(browser, system: str, social) -> AsyncIterator[Page]:  # noqa: ANN001
    page = await open_page(browser, system, PHONE, touch=True)
    yield page
    await page.page.context.close()
    assert not page.errors, page.errors


@pytest.fixture
async def social(system: str, private_nats_url: str, fresh_database: str, engine_clock) -> AsyncIterator:  # noqa: ANN001
    """The social service beside the system (accounts, friends, challenges), with a mail sink, on the engine's
    clock."""
    from tests.support.social_system import social_beside

    async with social_beside(system, private_nats_url, fresh_database, engine_clock) as running_social:
        yield running_social


async def new_page(browser, base: str, viewport: dict, *, touch: bool = False, path: str = "/") -> Page:  # noqa: ANN001
    """Another device: a fresh browser context (its own guest), opened at `path`."""
    context = await browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch, locale="ru-RU")
    page = await context.new_page()
    page.set_default_timeout(15000)
    wrapped = Page(page, base)
    await page.goto(base + path)
    await page.wait_for_selector("#conn[data-state=online]")
    return wrapped
