// The log (echo-challenge.md §19 element 12): what each tick brought and cost, in the player's words.
import { t, lang } from "./i18n.js";
import { number } from "../../shell/text.js";
import { termHTML } from "./terms.js";
import { COLOR_OF } from "./board.js";

/** "3 → 4" when the previous tick is known and the value moved, else the value. */
export function change(previous, now) {
  return previous === undefined || previous === now ? fmt(now) : `${fmt(previous)} → ${fmt(now)}`;
}

export function fmt(n) {
  return Number.isInteger(n) ? String(n) : number(lang(), n);
}

export function logLine(e, before) {
  const parts = [];
  let opened;
  if (e.opened === "x") opened = t("log_burnt");
  else if (COLOR_OF[e.opened[0]] || ["green", "yellow", "red"].includes(e.opened)) {
    const color = COLOR_OF[e.opened] ?? e.opened;
    opened = t("log_seg", { c: t(color) });
  } else opened = e.opened === "0" ? t("log_empty") : t("log_free", { d: e.opened });
  if (e.charge_spent) parts.push(`<span class="cost">${t("log_spent", { n: e.charge_spent })}</span>`);
  for (const n of e.nadloms ?? []) {
    const reason = n === "overload" ? termHTML("overload", t("nad_overload")) : t(`nad_${n}`);
    parts.push(`<span class="cost">${termHTML("nadlom", t("nadlomWord"))} (${reason})</span>`);
  }
  if (e.membrane) parts.push(e.membrane === "triggered" ? `<span class="gain">${t("log_mem_trig")}</span>` : t("log_mem_out"));
  if (e.ephemeron) parts.push(t("log_eph", { c: t(`${e.ephemeron.color}E`), how: e.ephemeron.clean ? t("clean") : t("lossy") }));
  if (e.orders_completed) parts.push(`<span class="gain">${t("log_orders", { n: e.orders_completed })}</span>`);
  if (e.orders_withdrawn) parts.push(t("log_withdrawn"));
  if (e.credits) parts.push(`<span class="gain">${t("log_credits", { n: e.credits })}</span>`);
  if (e.hint) parts.push(t("log_hint", { s: e.hint.sector, d: e.hint.digit }));
  if (e.highlight) parts.push(t("log_hl", { s: e.highlight.sector }));
  if (e.ending) parts.push(`<strong>${t(`log_end_${e.ending}`)}</strong>`);
  return `<li><span class="lt">${e.tick}</span> ${t(`log_${e.tool}`)} ${e.sector} → ${opened}${parts.length ? ` · ${parts.join(" · ")}` : ""}
    <span class="after">${t("log_after", { c: change(before?.connectivity, e.connectivity), q: change(before?.charge, e.charge) })}</span></li>`;
}
