"""Link previews as a messenger sees them: a challenge's link and a replay's link are pages whose Open Graph
tags (rendered on the server: a messenger runs no JavaScript) name the Daily and the score, and whose
`og:image` is a PNG of the Daily the messenger can fetch; the main screen's SVG image of today's Daily."""

import io
import re
from datetime import timedelta
from html.parser import HTMLParser

import httpx
import pytest
from echo_events.moscow import moscow_date
from echo_runtime.clock import SystemClock
from PIL import Image

from tests.integration.gateway.test_friends_scores import until
from tests.integration.leagues.test_real_games import play_daily
from tests.support.play import close_daily, publish_daily
from tests.support.social_system import social_beside

pytestmark = pytest.mark.integration


class Meta(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag == "meta":
            found = dict(attrs)
            key = found.get("property") or found.get("name")
            if key and "content" in found:
                self.tags[key] = found["content"]


def meta_of(html: str) -> dict[str, str]:
    parser = Meta()
    parser.feed(html)
    return {k: v for k, v in parser.tags.items() if k.startswith(("og:", "twitter:", "description"))}


async def fetched_image(client: httpx.AsyncClient, url: str) -> str:
    """An SVG image as the main screen fetches it: a plain GET, no session; its text."""
    response = await client.get(url)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("image/svg+xml")
    body = response.text
    assert body.startswith("<svg") and 'width="1200" height="630"' in body
    return body


async def fetched_png(client: httpx.AsyncClient, url: str) -> str:
    """`og:image` as a messenger fetches it (an absolute URL, no session): a 1200×630 PNG. Returns the URL
    of the same picture as SVG, whose text the test can read."""
    response = await client.get(url)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "image/png"
    with Image.open(io.BytesIO(response.content)) as picture:
        assert picture.format == "PNG" and picture.size == (1200, 630)
        assert len(picture.convert("RGB").getcolors(maxcolors=1 << 20) or ()) > 50  # drawn, not a blank
    return url.replace("/image.png", "/image.svg")


async def test_a_challenge_link_and_a_replay_link_preview_the_daily_and_the_score(
    system: str, private_nats_url: str, fresh_database: str
) -> None:
    today = moscow_date(SystemClock().now())
    async with social_beside(system, private_nats_url, fresh_database) as social, \
            httpx.AsyncClient(base_url=system, timeout=20) as client:
        js = social.nc.jetstream()
        daily = await publish_daily(js, today, preset="nine-small", seed=77, name_en="Quiet coolness")
        ann, ann_token = await social.player("Анна", "anna@example.org")
        played = await play_daily(social.nc, ann, daily, ephemera=1)
        assert played["credits"] > 0

        # the main screen's image of today's Daily
        poster = await fetched_image(client, f"/og/daily/{daily.daily_id}/image.svg")
        assert f"№ {daily.number}" in poster and "Тихая прохлада" in poster and "Мелкая рябь" in poster
        assert "seed" not in poster.lower() and str(daily.seed) not in poster
        english = await fetched_image(client, f"/og/daily/{daily.daily_id}/image.svg?lang=en")
        assert "Quiet coolness" in english and "Small ripple" in english and not re.search("[а-яА-Я]", english)

        link = (await social.call("POST", "/api/v1/challenges", ann_token)).json()["challenge"]["url"]
        path = "/" + link.split("/", 3)[3]
        assert path.startswith("/challenge/")

        async def previewed() -> dict | None:  # the leagues service scores Анна's game a moment later
            tags = meta_of((await client.get(path)).text)
            return tags if "Кредит" in tags.get("og:description", "") else None

        tags = await until(previewed)
        assert tags["og:title"] == f"№ {daily.number} · Тихая прохлада"
        assert "Анна" in tags["og:description"] and str(played["credits"]) in tags["og:description"]
        assert tags["twitter:card"] == "summary_large_image" and tags["og:image:type"] == "image/png"
        assert tags["og:image"].startswith("http") and tags["og:url"].endswith(path)
        image = await fetched_image(client, await fetched_png(client, tags["og:image"]))
        assert "Анна" in image and f"{played['credits']} Кредит" in image and "Тихая прохлада" in image
        english_tags = meta_of((await client.get(path + "?lang=en")).text)
        assert english_tags["og:title"] == f"№ {daily.number} · Quiet coolness"
        assert f"{played['credits']} Credit" in english_tags["og:description"]
        page = (await client.get(path)).text
        assert '<script type="module" src="/echo/js/app.js">' in page  # the same client opens the link

        # a Daily game's replay is public, and previewed, only once its Daily closed
        replay = f"/replay/{played['game_id']}"
        assert "og:title" not in meta_of((await client.get(replay)).text)
        await close_daily(js, daily)
        tags = meta_of((await client.get(replay)).text)
        assert tags["og:title"] == f"№ {daily.number} · Тихая прохлада"
        image = await fetched_image(client, await fetched_png(client, tags["og:image"]))
        assert f"{played['credits']} Кредит" in image
        # the next day: that Daily is no longer the newest, the leagues service's projection tells its name
        await publish_daily(js, today + timedelta(days=1), seed=78, name_en="Distant echo")
        assert await until(lambda: _titled(client, replay + "?lang=en", f"№ {daily.number} · Quiet coolness"))

        unknown = await client.get("/challenge/no-such-challenge-token-0000")
        assert unknown.status_code == 200 and "og:title" not in meta_of(unknown.text)  # the client explains
        assert (await client.get("/og/challenge/no-such-challenge-token-0000/image.svg")).status_code == 404
        assert (await client.get("/og/challenge/no-such-challenge-token-0000/image.png")).status_code == 404
        assert (await client.get("/og/daily/2026-13-01:bronze/image.svg")).status_code in (400, 404)
        assert (await client.get("/og/daily/2026-12-01:diamond/image.svg")).status_code in (400, 404)


async def _titled(client: httpx.AsyncClient, path: str, title: str) -> bool:
    return meta_of((await client.get(path)).text).get("og:title") == title
