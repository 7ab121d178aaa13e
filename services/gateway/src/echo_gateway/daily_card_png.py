"""The Daily's image as PNG, for messengers that do not show SVG link previews (most of them): the same
`daily_card.layout` drawn with Pillow in the DejaVu Sans shipped beside this module (fonts/, its licence
there), so a fresh machine needs no system fonts."""

from __future__ import annotations

import io
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFont

from .daily_card import BACKGROUND, HEIGHT, WIDTH, Box, Card, Line, layout

FONTS = Path(__file__).parent / "fonts"


@cache
def _font(size: int, bold: bool) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONTS / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")), size)


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


@cache
def _background() -> Image.Image:
    """The diagonal gradient of the SVG's background."""
    down = Image.linear_gradient("L").resize((WIDTH, HEIGHT))
    across = Image.linear_gradient("L").rotate(90).resize((WIDTH, HEIGHT))
    mask = ImageChops.add(down, across, scale=2)  # (x/width + y/height) / 2
    return Image.composite(Image.new("RGB", (WIDTH, HEIGHT), _rgb(BACKGROUND[1])),
                           Image.new("RGB", (WIDTH, HEIGHT), _rgb(BACKGROUND[0])), mask)


@lru_cache(maxsize=256)
def png(card: Card) -> bytes:
    """The card as PNG bytes; a tenth of a second or so of CPU: call it off the event loop (cached)."""
    image = _background().copy()
    draw = ImageDraw.Draw(image, "RGBA")  # RGBA fills blend onto the picture: the boxes' opacity
    for shape in layout(card):
        if isinstance(shape, Box):
            fill = (*_rgb(shape.fill), round(255 * shape.opacity))
            draw.rounded_rectangle((shape.x, shape.y, shape.x + shape.width, shape.y + shape.height),
                                   radius=shape.radius, fill=fill)
        elif isinstance(shape, Line):
            draw.text((shape.x, shape.y), shape.text, font=_font(shape.size, shape.bold), fill=_rgb(shape.fill),
                      anchor="rs" if shape.end else "ls")
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
