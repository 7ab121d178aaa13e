// A Daily's result as a short spoiler-free text anyone can share (as daily puzzles do): the Daily's number
// and name, the Credits, how many ephemera were opened clean and with losses, the Orders, and a link.
// It never carries the field, a sector, a colour or the ephemera's sizes: a friend who has not played
// learns nothing of where things are. Pure: no DOM.
import { fill } from "../../shell/text.js";

const WORDS = {
  ru: {
    head: "Эхо-вызов дня{number}{name}",
    credits: "Кредиты: {c}",
    openings: "Вскрытия: {marks} ({k} чисто, {l} с потерями)",
    orders: "Заказы: {marks}",
    none: "нет",
    ended: { complete: "все Эфемеры вскрыты", breakdown: "срыв", finished: "завершена", expired: "закрылась в полночь" },
    link: "Сыграйте то же поле: {url}",
  },
  en: {
    head: "Daily Echo Challenge{number}{name}",
    credits: "Credits: {c}",
    openings: "Openings: {marks} ({k} clean, {l} lossy)",
    orders: "Orders: {marks}",
    none: "none",
    ended: { complete: "all ephemera opened", breakdown: "breakdown", finished: "finished", expired: "closed at midnight" },
    link: "Play the same field: {url}",
  },
};

const CLEAN = "●"; // a whole opening
const LOSSY = "◐"; // half the price
const ORDER = "★";
const MAX_MARKS = 12; // beyond that the line would wrap on a phone's share sheet: the numbers say the rest

const marks = (n, sign) => (n > MAX_MARKS ? `${sign.repeat(MAX_MARKS)}+` : sign.repeat(n));

/** `result`: {number, name, credits, clean, lossy, orders, status}; `url`: the link the text ends with. */
export function shareText(lang, result, url) {
  const w = WORDS[lang === "en" ? "en" : "ru"];
  const clean = result.clean ?? 0;
  const lossy = result.lossy ?? 0;
  const orders = result.orders ?? 0;
  const lines = [
    fill(lang, w.head, { number: result.number ? ` № ${result.number}` : "", name: result.name ? ` «${result.name}»` : "" }),
    `${fill(lang, w.credits, { c: result.credits ?? 0 })}${w.ended[result.status] ? ` · ${w.ended[result.status]}` : ""}`,
    fill(lang, w.openings, { marks: clean + lossy ? marks(clean, CLEAN) + marks(lossy, LOSSY) : w.none, k: clean, l: lossy }),
    fill(lang, w.orders, { marks: orders ? `${marks(orders, ORDER)} ${orders}` : w.none }),
    fill(lang, w.link, { url }),
  ];
  return lines.join("\n");
}

/** The numbers the text needs, taken from an ended game's view (its itemised Credits). */
export function resultOf(view, daily) {
  const b = view.credits_breakdown ?? {};
  return {
    number: daily?.number ?? view.daily?.number ?? null,
    name: daily?.name ?? null,
    credits: view.credits,
    clean: b.clean?.count ?? 0,
    lossy: b.lossy?.count ?? 0,
    orders: b.orders?.count ?? 0,
    status: view.status,
  };
}
