// Card faces drawn from the catalogue's data (GET /api/v1/games/echoes_of_time/catalogue): faction colour,
// name, costs, text.
import { lang } from "../../shell/i18n.js";
import { t } from "./words.js";
import { escapeHTML } from "../../shell/text.js";

let catalogue = { cards: {}, sources: {} };
// Glyphs every system font has (emoji are missing on many phones and in headless Chromium).
const ICONS = { water: "≈", forest: "♣", sky: "☁", earth: "▲" };

export async function loadCards() {
  const answer = await fetch("/api/v1/games/echoes_of_time/catalogue");
  if (answer.ok) catalogue = await answer.json();
}

const named = (entry, id) => (entry ? (lang() === "en" ? entry.name_en : entry.name_ru) : id);
export const cardName = (id) => named(catalogue.cards[id] ?? catalogue.sources[id], id);
export const card = (id) => catalogue.cards[id];
export const source = (id) => catalogue.sources[id];

/** A whole card face (the hand, choices): `extra` are attributes of the element (data-*, aria). */
export function cardFace(id, { extra = "", note = "" } = {}) {
  const c = catalogue.cards[id];
  if (!c) return `<div class="card" ${extra}><b>${escapeHTML(id)}</b></div>`;
  const text = lang() === "en" ? c.text_en : c.text_ru;
  const strength = c.type === "creature" ? `<span class="str" title="${t("strength", { s: c.strength })}">⚔${c.strength}</span>` : "";
  return `<div class="card f-${c.faction}" data-card="${id}" ${extra}>
    <div class="card-top"><span class="icon">${ICONS[c.faction] ?? ""}</span><b>${escapeHTML(named(c, id))}</b>${strength}</div>
    <div class="card-stats"><span title="${t("tipCard")}">${t("cardStats", { d: c.discard, t: c.time, vp: c.vp })}</span>
      <small>${t(c.type)}</small></div>
    <div class="card-text">${escapeHTML(text)}</div>${note ? `<div class="card-note">${note}</div>` : ""}</div>`;
}

/** A small chip of a card on a board, a fellowship or under a Source; `token`: it carries an activation token. */
export function cardChip(id, { token = false } = {}) {
  const c = catalogue.cards[id];
  const faction = c?.faction ?? "none";
  const title = c ? `${named(c, id)} — ${lang() === "en" ? c.text_en : c.text_ru}` : id;
  const power = c?.type === "creature" ? ` ⚔${c.strength}` : "";
  return `<span class="chip f-${faction}${token ? " token" : ""}" data-card="${id}" title="${escapeHTML(title)}">${ICONS[faction] ?? ""}${escapeHTML(named(c, id))}${power}${token ? `<span title="${t("tipToken")}"> ⟲</span>` : ""}</span>`;
}

export function sourceFace(slot, holderName, extra = "") {
  const s = catalogue.sources[slot.id];
  const text = s ? (lang() === "en" ? s.text_en : s.text_ru) : "";
  const state = slot.state === "free" ? t("st_free") : t(`st_${slot.state}`, { p: holderName });
  const under = slot.under.length ? `<div class="under">${slot.under.map((c) => cardChip(c)).join("")}</div>` : "";
  return `<div class="source f-${s?.faction ?? "none"} s-${slot.state}${slot.activated ? " token" : ""}" data-source="${slot.id}" ${extra}>
    <div class="card-top"><span class="icon">${ICONS[s?.faction] ?? ""}</span><b>${escapeHTML(named(s, slot.id))}</b>${slot.activated ? `<span title="${t("tipToken")}"> ⟲</span>` : ""}</div>
    <div class="card-stats" title="${t("tipSource")}">${s ? `${t("capture", { n: s.capture })} (★${s.vp_captured}) · ${t("entrench", { n: s.entrench })} (★${s.vp_entrenched})` : ""}</div>
    <div class="src-state">${escapeHTML(state)} · <span title="${t("tipDefence")}">${t("defence", { n: slot.defence })}</span></div>
    <div class="card-text">${escapeHTML(text)}</div>${under}</div>`;
}
