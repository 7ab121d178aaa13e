"""The Tutorial (Учебное задание): a fixed field and a script of steps. Each step names the tool, the
sector and why — from what the screen shows at that moment — in Russian and English; any other click
is explained and changes nothing.

The script walks through every rule a Daily can punish or pay for: digits and empty sectors, the Probe's
+1 Charge, the Spectrometer's frames, the Beam, an Order filled and paid, a blinking digit and a membrane
opened last, the sides of an opened ephemeron, the Detector's pale digits, a red's Perturbation and its
timer, a Probe on a segment (Nadlom, a burnt segment, a lossy opening) and the Overload it would risk.
It leaves a yellow and a green closed, so the game ends with «Завершить», not with the last ephemeron.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Literal

from .field import parse_sector, sector_name
from .setup import GameSetup
from .state import GameState
from .textformat import parse_field_text

# Seed 248 deals the Order «1 · 2 · зелёный» at the start (the first three clicks fill it) and makes the
# Detector show the pale digits the steps below point at (F4, D6).
TUTORIAL_FIELD = """\
preset: standard
seed: 248
open: A1 A2 B1
..........
..........
..gg......
...G......
.....r....
.yY..R....
.y........
..........
........g.
.......gG.
"""

Tool = Literal["probe", "beam"]
TOOL_RU = {"probe": "Зонд", "beam": "Эхолуч"}
TOOL_EN = {"probe": "Probe", "beam": "Beam"}


@dataclass(frozen=True, slots=True)
class Step:
    tool: Tool
    sector: int
    why_ru: str
    why_en: str


def _step(tool: Tool, sector: str, why_ru: str, why_en: str) -> Step:
    index = parse_sector(sector)
    assert index is not None
    return Step(tool, index, why_ru, why_en)


SCRIPT: tuple[Step, ...] = (
    _step("probe", "B2",
          "A1 — пустой сектор (нет цифры — значит 0): среди восьми его соседей сегментов нет, и B2 свободен. "
          "Зонд бесплатный: открывает ровно один сектор и даёт +1 Заряд. Посмотрите на Заказы: «1 · 2 · зелёный».",
          "A1 is an empty sector (no digit means 0): none of its eight neighbours holds a segment, so B2 is free. "
          "The Probe is free: it opens exactly one sector and gives +1 Charge. Look at the Orders: «1 · 2 · green»."),
    _step("probe", "C2",
          "B1 тоже пустой, C2 — его сосед, значит свободен. B2 показал 1 — это первый знак Заказа, он закрасился. "
          "А Спектрометр обвёл C3 зелёной рамкой: там скрыт зелёный сегмент.",
          "B1 is empty too and C2 is its neighbour, so it is free. B2 showed 1: the Order's first sign filled. "
          "And the Spectrometer framed C3 in green: a green segment hides there."),
    _step("beam", "C3",
          "C3 в зелёной рамке — сегмент. Эхолуч (2 Заряда) вскрывает сегмент без Надлома; зелёный даёт "
          "½ Связности. Зонд по 2 закрасил второй знак Заказа, зелёный сегмент — третий: Заказ выполнен.",
          "C3 is framed in green: a segment. The Beam (2 Charge) opens a segment without a Nadlom; green gives "
          "½ Connectivity. The Probe on 2 filled the Order's second sign, a green segment is its third: done."),
    _step("beam", "D3",
          "Заказ принёс 15 Кредитов и снова зарядил Спектрометр. C2 показывает 2: два сегмента среди его "
          "соседей — C3 и D3 (тоже в рамке). Эхолуч по D3.",
          "The Order paid 15 Credits and recharged the Spectrometer. C2 shows 2: two segments among its "
          "neighbours — C3 and D3 (framed too). Beam D3."),
    _step("probe", "D2",
          "Оба сегмента цифры 2 в C2 найдены — C3 и D3, значит остальные соседи C2 свободны, D2 тоже. "
          "Заряда 1 — на Эхолуч мало, а Зонд по свободному сектору его пополняет.",
          "Both segments of C2's 2 are found — C3 and D3 — so C2's other neighbours are free, D2 too. "
          "Charge is 1, too little for the Beam; a Probe on a free sector refills it."),
    _step("probe", "E3",
          "D2 тоже 2 — это те же C3 и D3, значит E3 свободен.",
          "D2 is 2 as well — the same C3 and D3 — so E3 is free."),
    _step("beam", "D4",
          "E3 мигает — это помеха: рядом скрытая мембрана, и Спектрометр отметил её знаком ◆ в D4. Мембрана "
          "срабатывает, если вскрыть её последней в теле. C3 и D3 открыты — вскрывайте D4. Все сегменты "
          "Эхолучом — чистое вскрытие, 40 Кредитов.",
          "E3 blinks: interference, a hidden membrane is next to it, and the Spectrometer marked it ◆ in D4. "
          "A membrane triggers when it is the last segment of its body opened. C3 and D3 are open: open D4. "
          "Every segment by the Beam is a clean opening, 40 Credits."),
    _step("probe", "C4",
          "Зелёная № 1 сработала: предел Связности +1 и ещё ½ (знак ◆ наверху горит). Эфемеры не касаются "
          "друг друга сторонами: у вскрытого целиком Эфемера сектора по сторонам свободны — C4 тоже.",
          "Green № 1 triggered: Connectivity max +1 and another ½ (its ◆ on top is lit). Ephemera never share "
          "a side: the sectors beside a wholly opened ephemeron are free — C4 too."),
    _step("probe", "F4",
          "Бледная 1 в F4 — подсказка Детектора: цифра скрытого свободного сектора. Зонд по нему безопасен. "
          "Это 1 — первый знак Заказа «1 · 2 · жёлтый».",
          "The pale 1 in F4 is the Detector's hint: the digit of a hidden free sector. A Probe there is safe. "
          "It is a 1, the first sign of the Order «1 · 2 · yellow»."),
    _step("beam", "F5",
          "F4 = 1, и Спектрометр обвёл F5 красной рамкой. Красный сегмент заряжает Детектор до предела, но "
          "красный впадает в Возмущение: число на его секторе — сколько тактов до удара (Надлом). Удары "
          "повторяются, пока красный не вскрыт целиком.",
          "F4 = 1, and the Spectrometer framed F5 in red. A red segment charges the Detector to its maximum, but "
          "the red enters Perturbation: the number on its sector is the ticks left until a strike (a Nadlom). "
          "Strikes repeat until the red is wholly open."),
    _step("probe", "E5",
          "Таймер идёт: каждый такт — минус один. Единица в F4 — это F5, остальные соседи F4 свободны, E5 "
          "тоже. Зонд вернёт Заряд на Эхолуч.",
          "The timer runs: one less each tick. F4's 1 is F5, so F4's other neighbours are free, E5 too. The "
          "Probe brings back Charge for the Beam."),
    _step("beam", "F6",
          "E5 мигает, Спектрометр отметил мембрану в F6 — последний сегмент красного. Успейте до удара: "
          "Возмущение кончится, мембрана сработает (Красная № 1: предел Заряда приборов +1), ещё 40 Кредитов.",
          "E5 blinks and the Spectrometer marked a membrane in F6, the red's last segment. Beat the strike: "
          "the Perturbation ends, the membrane triggers (Red № 1: instrument charge maxima +1), another 40."),
    _step("probe", "C5",
          "C4 = 3 — это C3, D3 и D4, все открыты: остальные соседи C4 свободны, C5 тоже. Заряд на нуле — "
          "Зонд его пополнит.",
          "C4 = 3 — C3, D3 and D4, all open: C4's other neighbours are free, C5 too. Charge is 0 — the Probe "
          "refills it."),
    _step("probe", "B6",
          "C5 = 3: D4 и ещё два. B4 и B5 свободны (соседи C4), D6 — бледная цифра, свободен: значит B6 и C6 — "
          "сегменты, и C5 мигает — одна из них мембрана. Зонд по сегменту стоит Надлома: минус деление "
          "Связности, сегмент выжжен (✕), Эфемер вскроется только с потерями — 20 Кредитов вместо 40. "
          "Цвет действует всё равно: жёлтый даёт +4 Заряда. Один раз — нарочно, чтобы увидеть цену.",
          "C5 = 3: D4 and two more. B4 and B5 are free (C4's neighbours), D6 has a pale digit, free: so B6 and "
          "C6 are segments, and C5 blinks — one is a membrane. A Probe on a segment costs a Nadlom: one "
          "division of Connectivity, the segment burns (✕), the ephemeron can only be a lossy opening — 20 "
          "Credits, not 40. The colour still works: yellow gives +4 Charge. Once, on purpose, to see the price."),
)
FINAL_WORDS_RU = ("Учебное задание пройдено! Заряд 5 из 6: ещё один жёлтый дал бы +4 — сверх Контура, это "
                  "Перегрузка (Надлом); сначала тратьте Заряд. Последний Эфемер заканчивает партию сразу, "
                  "Заказы на доске пропадают. Нажмите «Завершить» — Кредиты засчитываются при любом конце.")
FINAL_WORDS_EN = ("Tutorial complete! Charge 5 of 6: one more yellow would give +4, beyond the Contour — an "
                  "Overload (a Nadlom); spend Charge first. The last ephemeron ends the game at once and the "
                  "Orders left on the board vanish. Press «Finish»: Credits count however a game ends.")


@functools.cache
def tutorial_setup() -> GameSetup:
    return parse_field_text(TUTORIAL_FIELD)


def current_step(state: GameState) -> Step | None:
    """The step the player is on: one step per tick; None once the script is done."""
    return SCRIPT[state.tick] if state.tick < len(SCRIPT) else None


def guidance(state: GameState) -> dict[str, object]:
    step = current_step(state)
    if step is None:
        return {"step": len(SCRIPT), "total": len(SCRIPT), "done": True, "instruction": FINAL_WORDS_RU,
                "instruction_en": FINAL_WORDS_EN}
    where = sector_name(step.sector)
    return {"step": state.tick + 1, "total": len(SCRIPT), "done": False, "tool": step.tool, "sector": where,
            "instruction": f"{TOOL_RU[step.tool]} по {where}. {step.why_ru}",
            "instruction_en": f"{TOOL_EN[step.tool]} {where}. {step.why_en}"}


def explain_wrong_click(state: GameState, tool: Tool, sector: int) -> str | None:
    """Why this click is not the step's; None when it is the expected click (or the script is done)."""
    step = current_step(state)
    if step is None or (step.tool, step.sector) == (tool, sector):
        return None
    wanted = f"Сейчас нужен {TOOL_RU[step.tool]} по {sector_name(step.sector)}."
    if not state.is_hidden(sector):
        return f"{sector_name(sector)} уже открыт: щелчок по открытому сектору ничего не делает. {wanted}"
    if step.sector == sector:
        return f"Не тот инструмент. {wanted} {step.why_ru}"
    if tool == "probe" and state.setup.field.is_segment(sector):
        return (f"В {sector_name(sector)} сегмент: Зонд по сегменту стоит Надлома (деление Связности). "
                f"{wanted}")
    return f"{wanted} {step.why_ru}"
