// Room settings (docs/games/ghost-five.md, room settings): the form of a new match, its summary (shown
// before joining), and their short form carried in the invitation link.
import { t } from "./words.js";
import { escapeHTML } from "../../shell/text.js";

// The game's kind, as the platform's commands and routes name it.
export const KIND = "ghost_five";

export const CHOICES = {
  board: [13, 15, 19], row: [4, 5], capture: ["off", "on"], memory: [5, 6, 7, 8, 9],
  walls: ["permanent", 3, 5, 10], move_time: [10, 20, 30, 60, 120], reserve: [0, 60, 120, 300],
};
export const DEFAULTS = { board: 15, row: 5, capture: "off", memory: 7, walls: "permanent", move_time: 30, reserve: 120, clock: true };
const ORDER = ["board", "row", "capture", "memory", "walls", "move_time", "reserve", "clock"];

function label(name, value) {
  if (name === "board") return `${value}×${value}`;
  if (name === "capture") return t(value === "on" || value === true ? "on" : "off");
  if (name === "walls") return value === "permanent" || value == null ? t("permanent") : t("turns", { n: value });
  if (name === "move_time" || name === "reserve") return t("sec", { n: value });
  if (name === "clock") return value ? t("on") : t("noLimit");
  return String(value);
}

export function settingsForm(values = DEFAULTS) {
  const select = (name) => `<label class="field" title="${escapeHTML(t(`tip_${name}`))}"><span>${t(`s_${name}`)}</span><select name="${name}" data-testid="set-${name}">
    ${CHOICES[name].map((v) => `<option value="${v}"${String(v) === String(values[name]) ? " selected" : ""}>${escapeHTML(label(name, v))}</option>`).join("")}</select></label>`;
  return `<div class="settings-grid">${ORDER.filter((n) => n !== "clock").map(select).join("")}
    <label class="field check"><input type="checkbox" name="no_clock" data-testid="set-no-clock"> <span>${t("noLimit")}</span></label></div>`;
}

/** The form's values in the rules' words (Settings of the rules library). */
export function readSettings(form, { clockAllowed }) {
  const data = new FormData(form);
  const number = (name) => Number(data.get(name));
  const walls = data.get("walls");
  return {
    board: number("board"), row: number("row"), capture: data.get("capture") === "on", memory: number("memory"),
    walls: walls === "permanent" ? null : Number(walls), move_time: number("move_time"), reserve: number("reserve"),
    clock: !(clockAllowed && data.get("no_clock")),
  };
}

/** The view's `settings` (or a link's) as a list of terms and values. */
export function settingsSummary(s) {
  const rows = ORDER.filter((name) => name !== "clock" || !s.clock).map((name) => `<dt title="${escapeHTML(t(`tip_${name}`))}">${t(`s_${name}`)}</dt><dd>${escapeHTML(label(name, s[name]))}</dd>`);
  return `<dl class="summary" data-testid="settings">${rows.join("")}</dl>`;
}

/** Settings as the view writes them (capture "on"/"off", walls "permanent"/n), from the rules' words. */
export function publicSettings(s) {
  return { ...s, capture: s.capture ? "on" : "off", walls: s.walls == null ? "permanent" : s.walls };
}

export const linkSettings = (s) => ORDER.map((name) => (name === "clock" ? (s.clock ? 1 : 0) : s[name])).join("-");

export function parseLinkSettings(text) {
  const parts = String(text ?? "").split("-");
  if (parts.length !== ORDER.length) return null;
  const s = {};
  ORDER.forEach((name, i) => {
    const v = parts[i];
    if (name === "clock") s.clock = v === "1";
    else s[name] = CHOICES[name].map(String).includes(v) ? (Number.isNaN(Number(v)) ? v : Number(v)) : null;
  });
  return Object.values(s).includes(null) ? null : s;
}
