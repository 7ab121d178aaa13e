"""The Tutorial (Учебное задание): a fixed field and a script of steps. Each step names the tool, the
sector and why; any other click is explained and changes nothing."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Literal

from .field import parse_sector, sector_name
from .setup import GameSetup
from .state import GameState
from .textformat import parse_field_text

TUTORIAL_FIELD = """\
preset: standard
seed: 20261129
open: A1 B3 F5
detector_chance: 0
..........
..........
..gG......
..g.......
..........
......yY..
......y...
..........
.rR.......
..........
"""

Tool = Literal["probe", "beam"]
TOOL_RU = {"probe": "Зонд", "beam": "Эхолуч"}


@dataclass(frozen=True, slots=True)
class Step:
    tool: Tool
    sector: int
    why_ru: str


def _step(tool: Tool, sector: str, why_ru: str) -> Step:
    index = parse_sector(sector)
    assert index is not None
    return Step(tool, index, why_ru)


SCRIPT: tuple[Step, ...] = (
    _step("probe", "A5", "Зонд бесплатный и открывает ровно один сектор. Свободный сектор даёт +1 Заряд."),
    _step("probe", "E1", "Ещё один Зонд по свободному сектору: Заряд растёт, он понадобится Эхолучу."),
    _step("probe", "A8", "Заряд полон до Контура (6). Дальше лишний Заряд сгорел бы — это Перегрузка."),
    _step("beam", "C3", "Цифра 2 в B3: среди восьми соседей два сегмента. Эхолуч (2 Заряда) вскрывает "
                        "сегмент без Надлома."),
    _step("beam", "C4", "Второй сегмент рядом с B3. Зелёный сегмент добавляет ½ Связности."),
    _step("beam", "D3", "Последний сегмент — мембрана. Вскрытая последней, она срабатывает: Зелёная №1 "
                        "поднимает максимум Связности. Все сегменты Эхолучом — чистое вскрытие, 40 Кредитов."),
    _step("probe", "J1", "Эхолуч опустошил Заряд. Зонд по свободному сектору вернёт его."),
    _step("probe", "J3", "Ещё +1 Заряд: теперь хватит на Эхолуч."),
    _step("beam", "G6", "Жёлтый сегмент даёт +4 Заряда сразу — следите, чтобы он влез в Контур."),
)
FINAL_WORDS_RU = ("Обучение пройдено! Нажмите «Завершить», чтобы закончить партию. Кредиты засчитываются "
                  "при любом окончании.")


@functools.cache
def tutorial_setup() -> GameSetup:
    return parse_field_text(TUTORIAL_FIELD)


def current_step(state: GameState) -> Step | None:
    """The step the player is on: one step per tick; None once the script is done."""
    return SCRIPT[state.tick] if state.tick < len(SCRIPT) else None


def guidance(state: GameState) -> dict[str, object]:
    step = current_step(state)
    if step is None:
        return {"step": len(SCRIPT), "total": len(SCRIPT), "done": True, "instruction": FINAL_WORDS_RU}
    return {"step": state.tick + 1, "total": len(SCRIPT), "done": False, "tool": step.tool,
            "sector": sector_name(step.sector),
            "instruction": f"{TOOL_RU[step.tool]} по {sector_name(step.sector)}. {step.why_ru}"}


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
