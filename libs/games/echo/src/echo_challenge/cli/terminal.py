"""The interactive terminal game of `echoctl play` (echo-challenge.md §19, §22): board, gauges, Orders, log.

Rendering reads only the client view (echo-challenge.md §21), so it shows exactly what a player may know. The
view's `hints`, `highlights`, `interference` and `timers` are read tolerantly: a sector may be given
as an index, as ``"A1"``, or as a dict with ``sector`` (or ``sectors``, or ``x``/``y``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, TextIO

from echo_challenge.field import COLUMNS, SIZE, parse_sector, sector_name
from echo_challenge.generator import layout_rows

from . import core
from .moves import BadMove, parse_move

RESET = "\x1b[0m"
STYLE = {
    "green": "\x1b[32m",
    "yellow": "\x1b[33m",
    "red": "\x1b[31m",
    "dim": "\x1b[2m",
    "bold": "\x1b[1m",
    "blink": "\x1b[5m",
    "burnt": "\x1b[35m",
}
LETTER_COLOR = {"g": "green", "y": "yellow", "r": "red"}
COLOR_RU = {"green": "зелёный", "yellow": "жёлтый", "red": "красный"}
MEMBRANE_RU = {"green": "зелёная", "yellow": "жёлтая", "red": "красная"}
STATE_RU = {"hidden": "скрыта", "triggered": "сработала", "out": "погасла"}
STATUS_RU = {
    "live": "идёт",
    "complete": "все Эфемеры вскрыты",
    "breakdown": "срыв — Связность кончилась",
    "finished": "завершена",
    "expired": "истекла",
}
SYMBOL_RU = {"empty": "пусто", "green": "зел", "yellow": "жёлт", "red": "крас"}

HELP = """Команды (commands):
  p A1      Зонд (probe) — бесплатно, +1 Заряд с пустого сектора, Надлом на сегменте
  b C3      Эхолуч (beam) — стоит Заряд, вскрывает сегмент без Надлома
  A1        то же, что p A1
  f         Завершить партию (finish)
  r         перерисовать поле (redraw)
  help, ?   эта справка
  q         выйти, не завершая партию (quit)
Поле: · неисследован, (3) подсказка Детектора, [g] подсветка Спектрометра ([G] — мембрана),
      ~2~ мигающая цифра (рядом скрытая мембрана), ● вскрытый сегмент, x выжжен Зондом,
      r3 — таймер красного."""


class Painter:
    def __init__(self, color: bool) -> None:
        self.color = color

    def __call__(self, text: str, *styles: str | None) -> str:
        codes = "".join(STYLE[s] for s in styles if s)
        return f"{codes}{text}{RESET}" if self.color and codes else text


def _sector(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if 0 <= value < SIZE * SIZE else None
    if isinstance(value, str):
        return parse_sector(value)
    if isinstance(value, list | tuple) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return value[1] * SIZE + value[0]
    return None


def sector_map(items: Any) -> dict[int, Any]:
    """{sector index: payload} from the many shapes a view list may take."""
    found: dict[int, Any] = {}
    if isinstance(items, dict):
        pairs: Iterable[tuple[Any, Any]] = items.items()
        for key, payload in pairs:
            sector = _sector(key)
            if sector is not None:
                found[sector] = payload
        return found
    for item in items or ():
        for sector in _item_sectors(item):
            found[sector] = item
    return found


def _item_sectors(item: Any) -> Iterator[int]:
    direct = _sector(item)
    if direct is not None:
        yield direct
        return
    if isinstance(item, dict):
        if "sector" in item and _sector(item["sector"]) is not None:
            yield _sector(item["sector"])  # type: ignore[misc]
        elif "x" in item and "y" in item:
            yield int(item["y"]) * SIZE + int(item["x"])
        for value in item.get("sectors", ()) or ():
            sector = _sector(value)
            if sector is not None:
                yield sector


def _pick(payload: Any, *keys: str) -> Any:
    if isinstance(payload, dict):
        for key in keys:
            if key in payload:
                return payload[key]
        return None
    return payload


def _is_membrane(payload: Any) -> bool:
    if not isinstance(payload, dict):
        return False
    return bool(payload.get("membrane")) or "membrane" in (payload.get("sign"), payload.get("kind"))


def render_board(view: dict[str, Any], paint: Painter) -> list[str]:
    board = view.get("board") or ["#" * SIZE] * SIZE
    hints = sector_map(view.get("hints"))
    highlights = sector_map(view.get("highlights"))
    blinking = set(sector_map(view.get("interference")))
    timers = sector_map(view.get("timers"))
    lines = ["     " + "  ".join(COLUMNS)]
    for y in range(SIZE):
        cells = []
        for x in range(SIZE):
            i = y * SIZE + x
            ch = board[y][x]
            if ch == "#":
                if i in highlights:
                    color = _pick(highlights[i], "color", "colour")
                    letter = (color or "?")[0]
                    letter = letter.upper() if _is_membrane(highlights[i]) else letter
                    cell = paint(f"[{letter}]", color if color in LETTER_COLOR.values() else None, "bold")
                elif i in hints:
                    cell = paint(f"({_pick(hints[i], 'digit', 'value')})", "dim")
                else:
                    cell = paint(" · ", "dim")
            elif ch == "0":
                cell = "   "
            elif ch.isdigit():
                cell = paint(f"~{ch}~", "blink", "bold") if i in blinking else f" {ch} "
            elif ch in LETTER_COLOR:
                timer = _pick(timers.get(i), "ticks", "timer", "left", "value") if i in timers else None
                mark = "●" if paint.color else ch
                text = f" {mark}{timer}" if timer is not None else f" {mark} "
                cell = paint(text, LETTER_COLOR[ch])
            else:  # 'x' burnt, or anything unknown
                timer = _pick(timers.get(i), "ticks", "timer", "left", "value") if i in timers else None
                cell = paint(f" {ch}{timer}" if timer is not None else f" {ch} ", "burnt")
            cells.append(cell)
        lines.append(f"{y + 1:>3} " + "".join(cells))
    return lines


def _halves(value: Any) -> str:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return str(value)
    whole = int(number)
    return f"{whole}½" if number - whole >= 0.5 else str(whole)


def _price(breakdown: Any, key: str) -> Any:
    return _pick(_pick(breakdown, key), "price") if isinstance(breakdown, dict) and key in breakdown else "?"


def render_panel(view: dict[str, Any], paint: Painter) -> list[str]:
    v = view.get
    lines = [
        paint(f"Кредиты {v('credits', 0)}", "bold")
        + f"   Связность {_halves(v('connectivity'))}/{_halves(v('connectivity_max'))}"
        + f"   Заряд {v('charge')}/{v('contour')} (Контур)"
        + f"   Заряд слоя {v('layer_charge')}   Такт {v('tick')}",
        f"Детектор {v('detector')}/{v('detector_max')}"
        + f"   Спектрометр {v('spectrometer')}/{v('spectrometer_max')}",
    ]
    membranes = [
        paint(f"{MEMBRANE_RU.get(m.get('color'), m.get('color'))} №{m.get('kind')}", m.get("color"))
        + f" ({STATE_RU.get(m.get('state'), m.get('state'))})"
        for m in v("membranes") or ()
    ]
    if membranes:
        lines.append("Мембраны: " + ", ".join(membranes))
    breakdown = v("credits_breakdown") or {}
    ephemera = []
    for e in v("ephemera") or ():
        status = "" if not e.get("opened") else (" ✓чисто" if e.get("clean") else " ✓с потерями")
        ephemera.append(
            paint(f"{COLOR_RU.get(e.get('color'), e.get('color'))} {e.get('size')}", e.get("color")) + status
        )
    if ephemera:
        lines.append(
            f"Эфемеры (чисто {_price(breakdown, 'clean')}, с потерями {_price(breakdown, 'lossy')}): "
            + ", ".join(ephemera)
        )
    orders = []
    for order in v("orders") or ():
        symbols = list(order.get("symbols") or ())
        progress = int(order.get("progress") or 0)
        shown = [
            paint(
                SYMBOL_RU.get(s, s),
                "bold" if k < progress else "dim",
                s if s in LETTER_COLOR.values() else None,
            )
            for k, s in enumerate(symbols)
        ]
        orders.append("[" + " ".join(shown) + f"] {progress}/{len(symbols)}")
    lines.append(f"Заказы (по {_price(breakdown, 'orders')}): " + ("  ".join(orders) if orders else "—"))
    return lines


NADLOM_RU = {"probe": "Зонд по сегменту", "overload": "перегрузка", "strike": "удар красного"}
TOOL_RU = {"probe": "Зонд", "beam": "Эхолуч"}
ENDING_RU = {"complete": "все Эфемеры вскрыты", "breakdown": "срыв", "finished": "партия завершена"}


def _log_line(entry: Any) -> str:
    """One tick of the log in Russian; unknown shapes fall back to `key: value` pairs."""
    if isinstance(entry, str):
        return entry
    if not isinstance(entry, dict):
        return str(entry)
    if "tool" not in entry:
        tick = entry.get("tick")
        text = entry.get("text") or entry.get("message")
        if text is None:
            text = ", ".join(f"{k}: {val}" for k, val in entry.items() if k != "tick")
        return f"такт {tick}: {text}" if tick is not None else str(text)
    opened = str(entry.get("opened", ""))
    if opened.isdigit():
        what = "пустой сектор" if opened == "0" else f"цифра {opened}"
    elif opened == "x":
        what = "сегмент выжжен"
    else:
        what = f"{COLOR_RU.get(opened, opened)} сегмент"
    parts = [
        f"Такт {entry.get('tick')}: {TOOL_RU.get(entry['tool'], entry['tool'])}"
        f" {entry.get('sector')} → {what}"
    ]
    if entry.get("charge_spent"):
        parts.append(f"−{entry['charge_spent']} Заряда")
    for reason in entry.get("nadloms") or ():
        parts.append(f"Надлом ({NADLOM_RU.get(reason, reason)})")
    if "membrane" in entry:
        parts.append("мембрана сработала" if entry["membrane"] == "triggered" else "мембрана погасла")
    eph = entry.get("ephemeron")
    if isinstance(eph, dict):
        how = "чисто" if eph.get("clean") else "с потерями"
        parts.append(
            f"{COLOR_RU.get(eph.get('color'), eph.get('color'))} Эфемер ({eph.get('size')}) вскрыт {how}"
        )
    if entry.get("orders_completed"):
        parts.append(f"Заказ выполнен ×{entry['orders_completed']}")
    if entry.get("orders_withdrawn"):
        parts.append("Заказ снят")
    if entry.get("credits"):
        parts.append(f"+{entry['credits']} Кредитов")
    hint = entry.get("hint")
    if isinstance(hint, dict):
        parts.append(f"Детектор: {hint.get('sector')} = {hint.get('digit')}")
    light = entry.get("highlight")
    if isinstance(light, dict):
        c = light.get("color")
        sign = (
            f"{MEMBRANE_RU.get(c, c)} мембрана" if light.get("membrane") else f"{COLOR_RU.get(c, c)} сегмент"
        )
        parts.append(f"Спектрометр: {light.get('sector')} — {sign}")
    if entry.get("ending"):
        parts.append(f"конец: {ENDING_RU.get(entry['ending'], entry['ending'])}")
    return " · ".join(parts)


def render(view: dict[str, Any], paint: Painter) -> str:
    return "\n".join(render_panel(view, paint) + [""] + render_board(view, paint))


def render_final(view: dict[str, Any], setup: Any, paint: Painter) -> str:
    lines = [paint(f"Партия окончена: {STATUS_RU.get(view.get('status'), view.get('status'))}", "bold")]
    breakdown = view.get("credits_breakdown") or {}
    labels = {"clean": "Чистые вскрытия", "lossy": "Вскрытия с потерями", "orders": "Заказы"}
    for key, label in labels.items():
        item = breakdown.get(key) if isinstance(breakdown, dict) else None
        if isinstance(item, dict) and "count" in item and "price" in item:
            count, price = item["count"], item["price"]
            lines.append(f"  {label}: {count} × {price} = {count * price}")
    lines.append(paint(f"  Кредиты партии: {view.get('credits')}", "bold"))
    lines.append("Поле целиком:")
    for row in layout_rows(setup):
        lines.append("     " + "  ".join(_paint_letter(ch, paint) for ch in row))
    return "\n".join(lines)


def _paint_letter(ch: str, paint: Painter) -> str:
    color = LETTER_COLOR.get(ch.lower())
    return paint(ch, color, "bold" if ch.isupper() else None) if color else paint("·", "dim")


def header(setup: Any, paint: Painter) -> str:
    """Title, prices and, when the rules differ from the preset's, the special rules in Russian."""
    from echo_challenge.presets import PRESETS
    from echo_challenge.specials import describe_changes

    preset = PRESETS.get(setup.preset) if setup.preset else None
    title = preset.title_ru if preset else (setup.preset or "своё поле")
    rules = setup.rules
    lines = [
        paint(f"Эхо-вызов · {title} · поле {setup.seed}", "bold"),
        f"Эхолуч стоит {rules.beam_cost} · чистое вскрытие {rules.price_clean}"
        f" · с потерями {rules.price_lossy} · Заказ {rules.price_order} · таймер красных {rules.red_timer}",
    ]
    if preset is not None:
        special = describe_changes(preset.rules, rules)
        if special:
            lines.append(paint("Особая партия: " + "; ".join(special), "yellow"))
    return "\n".join(lines) + "\n"


def interactive(setup: Any, out: TextIO, stdin: TextIO, color: bool) -> int:
    paint = Painter(color)
    state, _ = core.start(setup)
    view = core.client_view(state)
    out.write(header(setup, paint) + "help — справка, q — выход\n\n" + render(view, paint) + "\n")
    seen_log = len(view.get("log") or ())
    while view.get("status", "live") == "live":
        out.write("> ")
        out.flush()
        line = stdin.readline()
        if not line:  # end of input: leave like q
            out.write("\n")
            return 0
        text = line.strip()
        word = text.lower()
        if word in ("q", "quit", "exit"):
            out.write("Партия не завершена (not finished).\n")
            return 0
        if word in ("help", "?", "h"):
            out.write(HELP + "\n")
            continue
        if word in ("", "r", "redraw"):
            out.write(render(view, paint) + "\n")
            continue
        move = parse_move(text if parse_sector(text) is None else f"p {text}")
        if isinstance(move, BadMove):
            out.write(paint(f"Не понял: {move.message}. help — справка", "red") + "\n")
            continue
        new_state, result = core.play(state, move)
        if core.is_rejection(result):
            out.write(paint(f"Отказ [{result.code}]: {result.message}", "red") + "\n")
            continue
        state = new_state
        view = core.client_view(state)
        if move.sector is not None:
            tool = "Зонд" if move.kind == "probe" else "Эхолуч"
            out.write(f"{tool} → {sector_name(move.sector)}\n")
        log = list(view.get("log") or ())
        for entry in log[seen_log:]:
            out.write(paint(_log_line(entry), "dim") + "\n")
        seen_log = len(log)
        out.write(render(view, paint) + "\n")
    out.write(render_final(view, setup, paint) + "\n")
    return 0
