// The room settings form (docs/games/ark.md «Settings»): the same fields when creating a room and in the owner's lobby.
import { w } from "./words.js";
import { esc } from "./html.js";
import { itemText } from "./names.js";

const TIMER_STEPS = { card: [10, 120], discussion: [15, 600], voting: [15, 300] };

function select(name, options, value) {
  const items = options.map(([v, label]) => `<option value="${v}"${String(v) === String(value) ? " selected" : ""}>${esc(label)}</option>`);
  return `<label class="field"><span>${esc(w(name))}</span><select name="${name}" data-testid="set-${name}">${items.join("")}</select></label>`;
}

function seconds(name, value) {
  const [low, high] = TIMER_STEPS[name];
  const v = value ?? "";
  return `<label class="field"><span>${esc(w(name))}</span><input type="number" name="${name}" min="${low}" max="${high}" step="5" value="${v}" placeholder="${esc(w("off"))}" data-testid="set-${name}"></label>`;
}

function yearsText(years) {
  if (!Array.isArray(years)) return "";
  return years[0] === years[1] ? String(years[0]) : `${years[0]}..${years[1]}`;
}

/** `public` is a view's `settings` (settings.public() of the rules), or a draft the form kept. With 18+ off the
 * 18+ catastrophes are not offered (the rules would refuse them). */
export function settingsForm(publicSettings, catalogue) {
  const s = publicSettings;
  const timers = s.timers;
  const allOff = Object.values(timers).every((v) => v == null);
  const allowed = catalogue.catastrophes.filter((c) => s.adult !== "off" || !c.adult);
  const catastrophes = [["random", w("random")], ...allowed.map((c) => [c.id, itemText(catalogue, c.id)])];
  return `
    ${select("mode", [["rescue", w("rescue")], ["survival", w("survival")]], s.mode)}
    <div class="field-with-hint">${select("incubator", [["on", w("on")], ["off", w("off")]], s.incubator)}
      <small class="hint" data-testid="incubator-hint">${esc(w("incubatorHint"))}</small></div>
    ${select("format", [["separate", w("separate")], ["common", w("common")]], s.format)}
    ${select("adult", [["on", w("on")], ["off", w("off")]], s.adult)}
    ${select("catastrophe", catastrophes, allowed.some((c) => c.id === s.catastrophe) ? s.catastrophe : "random")}
    <label class="field"><span>${esc(w("years"))}</span><input name="years" inputmode="numeric" pattern="\\d{1,3}(\\.\\.\\d{1,3})?" value="${esc(yearsText(s.years))}" placeholder="${esc(w("yearsDefault"))}" data-testid="set-years">
      <small class="muted">${esc(w("yearsHint"))}</small></label>
    <label class="check"><input type="checkbox" name="timers_off" data-testid="set-timers-off"${allOff ? " checked" : ""}> ${esc(w("allTimersOff"))}</label>
    ${allOff ? "" : `${seconds("card", timers.card)}${seconds("discussion", timers.discussion)}${seconds("voting", timers.voting)}`}`;
}

/** The form's values as the table's settings (the rules' words; an empty timer is off). */
export function readSettings(form) {
  const data = new FormData(form);
  const settings = {};
  for (const key of ["mode", "incubator", "format", "adult", "catastrophe"]) settings[key] = data.get(key);
  const years = String(data.get("years") ?? "").trim();
  settings.years = years || "default";
  for (const key of Object.keys(TIMER_STEPS)) {
    settings[key] = data.get("timers_off") || !data.get(key) ? "off" : String(Number(data.get(key)));
  }
  return settings;
}

/** A draft in the shape of the view's settings, so the form redraws with what the owner typed. */
export function draftOf(form) {
  const read = readSettings(form);
  const years = read.years === "default" ? "default" : read.years.split("..").map(Number);
  const timer = (key) => (read[key] === "off" ? null : Number(read[key]));
  const allOff = Boolean(new FormData(form).get("timers_off"));
  const timers = allOff ? { card: null, discussion: null, voting: null } : { card: timer("card") ?? 30, discussion: timer("discussion") ?? 60, voting: timer("voting") ?? 60 };
  return { ...read, years: Array.isArray(years) && years.length === 1 ? [years[0], years[0]] : years, timers };
}

export function settingsSummary(s, catalogue) {
  const cat = s.catastrophe === "random" ? w("random") : itemText(catalogue, s.catastrophe) || s.catastrophe;
  const t = (v) => (v == null ? w("off") : `${v} ${w("sec")}`);
  const rows = [
    [w("mode"), w(s.mode)], [w("incubator"), `${w(s.incubator)} · ${w("incubatorHint")}`], [w("format"), w(s.format)],
    [w("adult"), w(s.adult)], [w("catastrophe"), cat], [w("years"), Array.isArray(s.years) ? yearsText(s.years).replace("..", "–") : w("yearsDefault")],
    [w("card"), t(s.timers.card)], [w("discussion"), t(s.timers.discussion)], [w("voting"), t(s.timers.voting)],
  ];
  return `<dl class="summary" data-testid="settings">${rows.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join("")}</dl>`;
}
