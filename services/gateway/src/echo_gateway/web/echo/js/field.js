// The 10×10 field as the player sees it (echo-challenge.md §19 element 5), and the whole field of an ended game.
import { t } from "./i18n.js";
import { COLOR_OF, SIGN, membraneSectors, nameOf } from "./board.js";
import { escapeHTML } from "../../shell/text.js";

/** The field's HTML: one button per sector, with every mark of the view (hints, frames, blinking, timers). */
export function fieldHTML(view, focus, readonly) {
  const v = view;
  const hints = new Map((v.hints ?? []).map((h) => [h.sector, h.digit]));
  const highlights = new Map((v.highlights ?? []).map((h) => [h.sector, h]));
  const blinking = new Set(v.interference ?? []);
  const timers = new Map();
  for (const timer of v.timers ?? []) for (const s of timer.sectors) timers.set(s, timer.ticks);
  const mems = membraneSectors(v.log);
  const target = v.tutorial && !v.tutorial.done ? v.tutorial.sector : null;
  const live = v.status === "live" && !readonly;
  const shown = v.field?.grid ? ` data-revealed="true"` : "";
  let html = `<div class="field" role="group" aria-label="${t("field")}" data-el="5" data-testid="field"${shown}><span class="corner"></span>`;
  for (let x = 0; x < 10; x++) html += `<span class="lab col" aria-hidden="true">${"ABCDEFGHIJ"[x]}</span>`;
  for (let y = 0; y < 10; y++) {
    html += `<span class="lab row" aria-hidden="true">${y + 1}</span>`;
    for (let x = 0; x < 10; x++) {
      const i = y * 10 + x;
      const name = nameOf(i);
      const ch = v.board[y][x];
      const classes = ["cell"];
      let content = "";
      let label = name;
      const truth = v.field?.grid?.[y]?.[x];
      if (ch === "#" && truth && truth !== ".") {
        const color = COLOR_OF[truth.toLowerCase()];
        classes.push("revealed", "seg", color);
        content = truth !== truth.toLowerCase() ? `<span class="msign">${SIGN.membrane}</span>` : "";
        label += `: ${t(color)} ${truth !== truth.toLowerCase() ? t("membraneSign") : t("segment")} (${t("revealed").toLowerCase()})`;
      } else if (ch === "#" && truth === ".") {
        const d = digitOf(v.field.grid, x, y);
        classes.push("revealed", "free", `d${d}`);
        content = d ? String(d) : "";
        label += `: ${d ? t("digit", { d }) : t("empty")}`;
      } else if (ch === "#") {
        classes.push("hidden");
        label += `: ${t("unexplored")}`;
        if (hints.has(name)) { classes.push("hinted"); content = `<span class="hint">${hints.get(name)}</span>`; label += `, ${t("hint", { d: hints.get(name) })}`; }
        const h = highlights.get(name);
        if (h) {
          classes.push("lit", `lit-${h.color}`);
          content += `<span class="sign ${h.color}">${h.membrane ? SIGN.membrane : SIGN.segment}</span>`;
          label += `, ${t("highlight", { c: t(h.color) + (h.membrane ? ` ${t("membraneSign")}` : "") })}`;
        }
      } else if (ch >= "0" && ch <= "8") {
        classes.push("open", `d${ch}`);
        content = ch === "0" ? "" : ch;
        label += `: ${ch === "0" ? t("empty") : t("digit", { d: ch })}`;
        if (blinking.has(name)) { classes.push("blink"); label += `, ${t("blinking")}`; }
      } else if (ch === "x") {
        classes.push("open", "burnt");
        content = "✕";
        label += `: ${t("segment")} ${t("burnt")}`;
      } else {
        const color = COLOR_OF[ch] ?? "green";
        classes.push("open", "seg", color);
        const mem = mems.get(name);
        content = mem ? `<span class="msign ${mem}">${SIGN.membrane}</span>` : "";
        label += `: ${t(color)} ${mem ? t("membraneSign") : t("segment")}`;
      }
      if (ch === "x" && mems.has(name)) content = `✕<span class="sign msign out">${SIGN.membrane}</span>`;
      if (timers.has(name)) { classes.push("timed"); content += `<span class="timer">${timers.get(name)}</span>`; label += `, ${t("timer", { n: timers.get(name) })}`; }
      if (name === target) classes.push("target");
      const focusable = i === focus ? 0 : -1;
      html += `<button type="button" class="${classes.join(" ")}" data-i="${i}" data-sector="${name}" tabindex="${focusable}"
        aria-label="${escapeHTML(label)}" ${live ? "" : "aria-disabled=\"true\""}>${content}</button>`;
    }
  }
  return `${html}</div>`;
}

function digitOf(grid, x, y) {
  let n = 0;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const c = grid[y + dy]?.[x + dx];
      if ((dx || dy) && c && c !== ".") n += 1;
    }
  }
  return n;
}
