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
    look: str | None = None  # a panel the words point at, which the client brings into view ("orders")


def _step(tool: Tool, sector: str, why_ru: str, why_en: str, look: str | None = None) -> Step:
    index = parse_sector(sector)
    assert index is not None
    return Step(tool, index, why_ru, why_en, look)


SCRIPT: tuple[Step, ...] = (
    _step("probe", "B2",
          "A1 — пустой сектор (0): сегментов рядом нет, B2 свободен. Зонд бесплатный и даёт +1 Заряд. "
          "Заказ на доске: «1 · 2 · зелёный».",
          "A1 is an empty sector (0): no segment beside it, so B2 is free. The Probe is free, +1 Charge. "
          "The Order on the board: «1 · 2 · green».", look="orders"),
    _step("probe", "C2",
          "B1 пустой, C2 — его сосед: свободен. 1 в B2 закрасила знак Заказа. Зелёная рамка "
          "Спектрометра на C3 — там зелёный сегмент.",
          "B1 is empty and C2 is its neighbour: free. B2's 1 filled an Order sign. The Spectrometer's green "
          "frame on C3: a green segment."),
    _step("beam", "C3",
          "Эхолуч (2 Заряда) вскрывает сегмент без Надлома, зелёный даёт ½ Связности. 2 в C2 закрасила "
          "второй знак Заказа, зелёный закроет его.",
          "The Beam (2 Charge) opens a segment without a Nadlom; green gives ½ Connectivity. C2's 2 filled "
          "the Order's second sign, the green completes it.", look="orders"),
    _step("beam", "D3",
          "Заказ принёс 15 Кредитов. 2 в C2 — два сегмента рядом: C3 и D3 (в рамке).",
          "The Order paid 15 Credits. C2's 2 means two segments next to it: C3 and D3 (framed)."),
    _step("probe", "D2",
          "Оба сегмента двойки в C2 найдены — другие её соседи, и D2, свободны. Зонд пополнит Заряд.",
          "Both segments of C2's 2 are found, so its other neighbours, D2 too, are free. The Probe refills "
          "Charge."),
    _step("probe", "E3",
          "D2 тоже 2 — те же C3 и D3, значит E3 свободен.",
          "D2 is 2 as well — the same C3 and D3 — so E3 is free."),
    _step("beam", "D4",
          "E3 мигает: рядом мембрана, ◆ в D4. Вскрытая последней, она срабатывает. Всё Эхолучом — "
          "чистое вскрытие, 40 Кредитов.",
          "E3 blinks: a membrane is near, ◆ in D4. Opened last, it triggers. All by the Beam: a clean "
          "opening, 40 Credits."),
    _step("probe", "C4",
          "Зелёная № 1 сработала: предел Связности +1 и ещё ½. Эфемеры не касаются сторонами — C4 свободен.",
          "Green № 1 triggered: Connectivity max +1 and another ½. Ephemera never share a side, so C4 is free."),
    _step("probe", "F4",
          "Бледная 1 в F4 — подсказка Детектора: там свободный сектор. Это 1 для Заказа «1 · 2 · жёлтый».",
          "The pale 1 in F4 is the Detector's hint: a free sector. It is the 1 of the Order «1 · 2 · yellow».",
          look="orders"),
    _step("beam", "F5",
          "Красная рамка на F5. Красный заряжает Детектор, но входит в Возмущение: число на нём — тактов "
          "до удара (Надлом).",
          "A red frame on F5. Red charges the Detector but enters Perturbation: its number is the ticks "
          "until a strike (a Nadlom)."),
    _step("probe", "E5",
          "Таймер идёт. 1 в F4 — это F5, так что E5 свободен. Зонд вернёт Заряд.",
          "The timer runs. F4's 1 is F5, so E5 is free. The Probe brings Charge back."),
    _step("beam", "F6",
          "◆ в F6 — последний сегмент красного. Успейте до удара: Возмущение кончится, мембрана сработает, "
          "+40 Кредитов.",
          "◆ in F6 is the red's last segment. Beat the strike: the Perturbation ends, the membrane triggers, "
          "+40 Credits."),
    _step("probe", "C5",
          "3 в C4 — это C3, D3 и D4, все открыты: C5 свободен. Заряд на нуле — Зонд пополнит.",
          "C4's 3 is C3, D3 and D4, all open: C5 is free. Charge is 0; the Probe refills it."),
    _step("probe", "B6",
          "C5 = 3: D4, B6 и C6 (B4, B5, D6 свободны). Зонд по сегменту — Надлом: минус деление Связности, "
          "вскрытие с потерями (20, не 40); жёлтый всё равно даст +4. Нарочно.",
          "C5 = 3: D4, B6 and C6 (B4, B5, D6 are free). A Probe on a segment is a Nadlom: one Connectivity "
          "division, a lossy opening (20, not 40); yellow still gives +4. On purpose."),
)
FINAL_WORDS_RU = ("Все шаги пройдены! Заряд 5 из 6: жёлтый (+4) сейчас — Перегрузка, сначала тратьте Заряд. "
                  "Нажмите «Завершить»: Кредиты засчитываются при любом конце.")
FINAL_WORDS_EN = ("All steps done! Charge 5 of 6: a yellow (+4) now would overload; spend Charge first. "
                  "Press «Finish»: Credits count however a game ends.")


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
    said: dict[str, object] = {
        "step": state.tick + 1, "total": len(SCRIPT), "done": False, "tool": step.tool, "sector": where,
        "instruction": f"{TOOL_RU[step.tool]} по {where}. {step.why_ru}",
        "instruction_en": f"{TOOL_EN[step.tool]} {where}. {step.why_en}"}
    if step.look:
        said["look"] = step.look
    return said


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
