"""Link previews: a challenge's link (`/challenge/<token>`) and a replay's (`/replay/<game_id>`) are the web
client's page with Open Graph tags rendered on the server — a messenger reads no JavaScript — naming the
Daily, the score and the Daily's image; and the images themselves (`daily_card`), each as SVG (the main
screen shows it) and as PNG (`og:image`: messengers show no SVG previews):

| path | what |
|---|---|
| GET /challenge/{token}, /replay/{game_id} | the page, with `og:title`, `og:description`, `og:image`, … |
| GET /og/daily/{daily_id}/image.svg, .png | a Daily's image (its number, name, date, preset, badge) |
| GET /og/challenge/{token}/image.svg, .png | the challenge's Daily, who sent it and his score |
| GET /og/replay/{game_id}/image.svg, .png | a public replay's Daily (or Free game's preset) and its score |

Every image and page takes `?lang=en` (Russian by default). They show only what is public: a Daily's
number, name, preset and changes (never its seed), a challenge's sender and score (what the link shows
anyone who opens it), a replay only once it is public. A page whose link is unknown still opens the client
(with the plain preview), so a mistyped link is the client's to explain.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import re
from functools import cache
from html import escape
from pathlib import Path
from typing import Annotated, Any

from echo_events.daily import LEAGUES
from echo_events.play import ReplayGame
from litestar import Request, Response, get
from litestar.exceptions import HTTPException, NotFoundException
from litestar.params import FromPath, Parameter

from .account_routes import ask
from .chart_routes import ask_leagues
from .daily_card import Card, description, svg, title
from .daily_card_png import png
from .daily_routes import latest_announced, name_en, preset_view
from .latin import latin
from .leagues_client import LeaguesUnavailable, league_of
from .play_routes import GameId, engine_request

WEB_INDEX = Path(__file__).parent / "web" / "index.html"
Lang = Annotated[str, Parameter(pattern=r"^(ru|en)$", description="the preview's language", required=False)]
Token = Annotated[str, Parameter(pattern=r"^[A-Za-z0-9_-]{16,128}$", description="a challenge link's token")]
DailyId = Annotated[str, Parameter(pattern=r"^\d{4}-\d{2}-\d{2}:[a-z]+$", description="e.g. 2026-12-01:bronze")]
SVG, PNG = "image/svg+xml", "image/png"
SAFE_ID = re.compile(r"^[A-Za-z0-9_-]{1,128}$")  # a token or a game id, as a page's path may hold it
AS_DAILY = {"ru": ("Как Вызов дня", "правила дня на другом поле"),
            "en": ("As today's Daily", "the day's rules on another field")}
CACHE = {"cache-control": "public, max-age=300"}


def _preset_words(preset_id: str, lang: str) -> tuple[str, str]:
    if preset_id == "as-daily":
        return AS_DAILY[lang]
    preset = preset_view(preset_id)  # an unknown one: its id, no gist
    if lang == "en":
        return preset["name_en"], preset["gist_en"] or ""
    return preset["name_ru"], preset["gist_ru"] or ""


async def daily_card(request: Request, league: str, day: dt.date, lang: str) -> Card | None:
    """The card of a (league, day) Daily: today's from DAILY_PUBLIC (with its English name), an older
    one from the leagues service's projection; None when neither knows it."""
    latest = await latest_announced(request, league)
    if latest is not None and latest.date == day:
        number, name_ru, english, preset_id, special = (latest.number, latest.name_ru, name_en(latest),
                                                         latest.preset_id, bool(latest.special))
    else:
        answer = await ask_leagues(request, "daily", {"league": league, "date": day.isoformat()})
        if answer.status_code != 200:
            return None
        known = answer.content
        number, name_ru, preset_id, special = (known["number"], known["name_ru"], known["preset_id"],
                                               bool(known["special"]))
        english = known.get("name_en") or latin(name_ru)  # an older Daily has no English name
    name, gist = _preset_words(preset_id, lang)
    return Card(lang=lang, kind="daily", name=english if lang == "en" else name_ru,
                gist=f"{name} · {gist}" if gist else name, number=number, day=day, league=league, special=special)


def _parse_daily_id(daily_id: str) -> tuple[str, dt.date]:
    day, _, league = daily_id.partition(":")
    try:
        parsed = dt.date.fromisoformat(day)
    except ValueError:
        raise NotFoundException(f"no Daily {daily_id!r}") from None
    if league not in LEAGUES:
        raise NotFoundException(f"no league {league!r}")
    return league, parsed


async def challenge_card(request: Request, token: str, lang: str) -> Card | None:
    opened = await ask(request, "challenge.preview", {"token": token})
    if opened.status_code != 200:
        return None
    challenge = opened.content["challenge"]
    sender, day = challenge["sender"], dt.date.fromisoformat(challenge["daily_date"])
    try:
        league = await league_of(request.app.state.runtime.nc, sender["account_id"])
    except LeaguesUnavailable:
        return None
    card = await daily_card(request, league, day, lang)
    scores = await ask_leagues(request, "friends", {"account_ids": [sender["account_id"]], "date": day.isoformat()})
    row = (scores.content.get("scores") or [{}])[0] if scores.status_code == 200 else {}
    if card is None:
        return None
    return Card(**{**_fields(card), "credits": row.get("today"), "challenge": True,
                   "player": sender.get("callsign") or row.get("callsign")})


async def replay_card(request: Request, game_id: str, lang: str) -> Card | None:
    try:
        replay = (await engine_request(request, ReplayGame(game_id=game_id)))["data"]
    except HTTPException:  # unknown, live, or a Daily still open: no preview of it
        return None
    if replay.get("mode") not in ("daily", "free") or not replay.get("frames"):
        return None
    credits = replay["frames"][-1].get("credits")
    if replay["mode"] == "daily" and replay.get("daily_id"):
        league, day = _parse_daily_id(replay["daily_id"])
        card = await daily_card(request, league, day, lang)
        return None if card is None else Card(**{**_fields(card), "credits": credits})
    preset = replay["frames"][0].get("preset") or replay.get("preset") or ""
    name, gist = _preset_words(preset, lang)
    return Card(lang=lang, kind="free", name=name, gist=gist, credits=credits)


def _fields(card: Card) -> dict[str, Any]:
    return {name: getattr(card, name) for name in Card.__slots__}


def _paths(prefix: str) -> list[str]:
    """A link preview's image, for messengers fetching `og:image` (like the pages, not part of the REST API)."""
    return [f"{prefix}/image.svg", f"{prefix}/image.png"]


async def _image(request: Request, card: Card | None) -> Response:
    if card is None:
        raise NotFoundException("nothing public to draw for this link")
    if request.url.path.endswith(".svg"):
        return Response(svg(card), media_type=SVG, headers=CACHE)
    return Response(await asyncio.to_thread(png, card), media_type=PNG, headers=CACHE)


@get(_paths("/og/daily/{daily_id:str}"), include_in_schema=False)
async def daily_image(request: Request, daily_id: DailyId, lang: Lang = "ru") -> Response:
    """A Daily's image: its number, name, date, preset and special badge (1200×630, SVG or PNG)."""
    league, day = _parse_daily_id(daily_id)
    return await _image(request, await daily_card(request, league, day, lang))


@get(_paths("/og/challenge/{token:str}"), include_in_schema=False)
async def challenge_image(request: Request, token: Token, lang: Lang = "ru") -> Response:
    """A challenge link's image: its Daily, who sent it and his score."""
    return await _image(request, await challenge_card(request, token, lang))


@get(_paths("/og/replay/{game_id:str}"), include_in_schema=False)
async def replay_image(request: Request, game_id: GameId, lang: Lang = "ru") -> Response:
    """A public replay's image: its Daily (or its Free game's preset) and its score."""
    return await _image(request, await replay_card(request, game_id, lang))


@cache
def _index() -> str:
    return WEB_INDEX.read_text(encoding="utf-8")


def _base(request: Request) -> str:
    configured = request.app.state.runtime.settings.public_url
    return (configured or str(request.base_url)).rstrip("/")


def page(request: Request, card: Card | None, image_path: str, lang: str) -> Response[str]:
    """The web client's page with the link's Open Graph tags (the plain page when there is no card)."""
    html = _index()
    if card is not None:
        base = _base(request)
        query = "?lang=en" if lang == "en" else ""
        tags = {
            "og:type": "website",
            "og:site_name": "Эхо-вызов" if lang == "ru" else "Echo Challenge",
            "og:title": title(card),
            "og:description": description(card),
            "og:url": f"{base}{request.url.path}{query}",
            "og:image": f"{base}{image_path}{query}",
            "og:image:type": PNG,
            "og:image:width": "1200",
            "og:image:height": "630",
            "og:image:alt": title(card),
            "og:locale": "en_GB" if lang == "en" else "ru_RU",
        }
        meta = "".join(f'\n  <meta property="{k}" content="{escape(v)}">' for k, v in tags.items())
        meta += (f'\n  <meta name="twitter:card" content="summary_large_image">'
                 f'\n  <meta name="description" content="{escape(description(card))}">')
        html = html.replace("</head>", meta + "\n</head>", 1)
    return Response(html, media_type="text/html", headers={"cache-control": "no-cache"})


@get("/challenge/{token:str}", operation_id="challengePage", include_in_schema=False)
async def challenge_page(request: Request, token: FromPath[str], lang: Lang = "ru") -> Response[str]:
    card = await challenge_card(request, token, lang) if SAFE_ID.match(token) else None
    return page(request, card, f"/og/challenge/{token}/image.png", lang)


@get("/replay/{game_id:str}", operation_id="replayPage", include_in_schema=False)
async def replay_page(request: Request, game_id: FromPath[str], lang: Lang = "ru") -> Response[str]:
    card = await replay_card(request, game_id, lang) if SAFE_ID.match(game_id) else None
    return page(request, card, f"/og/replay/{game_id}/image.png", lang)


SHARE_ROUTES = (daily_image, challenge_image, replay_image, challenge_page, replay_page)
