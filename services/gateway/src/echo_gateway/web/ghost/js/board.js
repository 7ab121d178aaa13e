// The board: columns A–T without «I» along the bottom, rows numbered from the bottom; stones with their
// corner digits and the dashed next-to-go frame, anchors ∞ with their memo, walls, trails and marks.
import { cellName, LETTERS } from "./rules.js";
import { t } from "./words.js";
import { escapeHTML } from "../../shell/text.js";

function memoText(memo) {
  if (!memo) return "";
  const magnet = memo.magnet_cooldown ? t("magnetCool", { n: memo.magnet_cooldown }) : t("magnetReady");
  return t("memo", { s: memo.seat, a: memo.age, t: memo.take_back_turn, m: magnet });
}

/**
 * `board`: {stones, walls, marks} as in a view; `memos`: the view's anchors (null when rewinding);
 * `selected`: the chosen cell; `pending`: the cell of the action in the confirm pause; `lit`: the cells of
 * a round's winning row; `last`: cell -> the seat whose last move named it.
 */
export function boardHTML(board, n, { memos = null, selected = null, pending = null, label = "", lit = [], last = {} } = {}) {
  const winning = new Set(lit);
  const stones = new Map(board.stones.map((s) => [s.cell, s]));
  const walls = new Map(board.walls.map((w) => [w.cell, w]));
  const marks = new Set(board.marks.map((m) => m.cell));
  const memo = new Map((memos ?? []).map((m) => [m.cell, m]));
  const cells = [];
  for (let row = n - 1; row >= 0; row -= 1) {
    cells.push(`<span class="coord row-n">${row + 1}</span>`);
    for (let col = 0; col < n; col += 1) {
      const cell = cellName(col, row);
      const stone = stones.get(cell);
      const wall = walls.get(cell);
      const cls = ["g-cell"];
      let inner = "";
      let title = cell;
      if (wall) { cls.push(wall.trail ? "trail" : "wall"); title += ` · ${t(wall.trail ? "w_trail" : "w_wall")}`; }
      if (marks.has(cell)) { cls.push("mark"); title += ` · ${t("w_mark")}`; }
      if (stone) {
        cls.push(`has-${stone.seat}`);
        if (stone.frame) cls.push("next-to-go");
        const digit = stone.digit != null ? `<i class="digit">${stone.digit}</i>` : "";
        inner = `<span class="stone seat-${stone.seat}${stone.anchor ? " anchor" : ""}">${stone.anchor ? "∞" : ""}</span>${digit}`;
        title += stone.anchor ? ` · ${memoText(memo.get(cell))}` : ` · ${stone.seat}${stone.digit != null ? ` (${stone.digit})` : ""}`;
      }
      if (winning.has(cell)) { cls.push("g-row"); title += ` · ${t("w_row")}`; }
      if (last[cell]) { cls.push("g-last", `last-${last[cell]}`); title += ` · ${t("lastMove")}`; }
      if (cell === selected) cls.push("selected");
      if (cell === pending) cls.push("g-pending");
      cells.push(`<button type="button" class="${cls.join(" ")}" data-cell="${cell}" title="${escapeHTML(title)}" aria-label="${escapeHTML(title)}">${inner}</button>`);
    }
  }
  cells.push(`<span class="coord"></span>`);
  for (let col = 0; col < n; col += 1) cells.push(`<span class="coord col-n">${LETTERS[col]}</span>`);
  return `<div class="board size-${n}" style="--n:${n}" data-testid="board" aria-label="${escapeHTML(label)}">${cells.join("")}</div>`;
}
