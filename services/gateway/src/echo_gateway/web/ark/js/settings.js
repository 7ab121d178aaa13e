// The room settings form (docs/games/ark.md «Settings»): the same fields when creating a room and in the owner's lobby.
import { w } from "./words.js";
import { esc } from "./html.js";

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

/** `public` is a view's `settings` (settings.public() of the rules). */
export function settingsForm(publicSettings, catalogue) {
  const s = publicSettings;
  const timers = s.timers;
  const catastrophes = [["random", w("random")], ...catalogue.catastrophes.map((c) => [c.id, c.title])];
  return `
    ${select("mode", [["rescue", w("rescue")], ["survival", w("survival")]], s.mode)}
    <div class="field-with-hint">${select("incubator", [["on", w("on")], ["off", w("off")]], s.incubator)}
      <small class="hint" data-testid="incubator-hint">${esc(w("incubatorHint"))}</small></div>
    ${select("format", [["separate", w("separate")], ["common", w("common")]], s.format)}
    ${select("adult", [["on", w("on")], ["off", w("off")]], s.adult)}
    ${select("catastrophe", catastrophes, s.catastrophe)}
    ${seconds("card", timers.card)}${seconds("discussion", timers.discussion)}${seconds("voting", timers.voting)}`;
}

/** The form's values as the table's settings (the rules' words; an empty timer is off). */
export function readSettings(form) {
  const data = new FormData(form);
  const settings = {};
  for (const key of ["mode", "incubator", "format", "adult", "catastrophe"]) settings[key] = data.get(key);
  for (const key of Object.keys(TIMER_STEPS)) settings[key] = data.get(key) ? String(Number(data.get(key))) : "off";
  return settings;
}

export function settingsSummary(s, catalogue) {
  const cat = s.catastrophe === "random" ? w("random") : catalogue.byId[s.catastrophe]?.title ?? s.catastrophe;
  const t = (v) => (v == null ? w("off") : `${v} ${w("sec")}`);
  const rows = [
    [w("mode"), w(s.mode)], [w("incubator"), `${w(s.incubator)} · ${w("incubatorHint")}`], [w("format"), w(s.format)],
    [w("adult"), w(s.adult)], [w("catastrophe"), cat], [w("card"), t(s.timers.card)],
    [w("discussion"), t(s.timers.discussion)], [w("voting"), t(s.timers.voting)],
  ];
  return `<dl class="summary" data-testid="settings">${rows.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join("")}</dl>`;
}
