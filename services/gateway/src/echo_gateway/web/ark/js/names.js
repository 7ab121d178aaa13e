// How a player and a catalogue item read in the page's language: the catalogue's English beside its Russian,
// the rules' default nickname «Игрок N» as "Player N" in English, a character's sex from his Biology card.
import { lang } from "../../shell/i18n.js";
import { w } from "./words.js";

const DEFAULT_NICK = /^Игрок (\d+)$/;

let shown = null; // the room the screens are drawing (one at a time): whose card is whose

/** The room whose cards the next itemText calls name (app.js sets it before each redraw). */
export function drawing(game) {
  shown = game ?? null;
}

function holderSex(cat, id) {
  if (!shown || !cat.byId[id]?.category) return null;
  const mine = shown.me?.cards?.includes(id) ? shown.me.id : null;
  const holder = mine ?? shown.players.find((p) => p.cards?.includes(id) || p.remaining?.includes(id))?.id;
  return holder ? sexOf(shown, cat, holder) : null;
}

/** An item's title or text in the page's language (the Russian when an English one is missing); in Russian a
 * character card reads in its holder's gender where its wording assumes the other (catalogue.ru-forms.json). */
export function itemText(cat, id, field = "title") {
  const item = cat.byId[id];
  if (!item) return "";
  if (lang() === "en") return item.en?.[field] || item[field] || "";
  const sex = item.forms ? holderSex(cat, id) : null;
  return item.forms?.[sex]?.[field] || item[field] || "";
}

export function nickOf(game, id) {
  const player = game.players.find((p) => p.id === id);
  if (!player) return w("goneLeft");
  const number = player.nick.match(DEFAULT_NICK)?.[1];
  return number && lang() === "en" ? `Player ${number}` : player.nick;
}

/** "m" or "f": the sex on his Biology card when the page can see it (masculine otherwise). */
export function sexOf(game, cat, id) {
  const player = game.players.find((p) => p.id === id);
  const cards = player?.cards ?? [];
  const mine = game.me?.id === id ? game.me.cards : [];
  const biology = [...cards, ...mine].map((c) => cat.byId[c]).find((item) => item?.category === "biology");
  return biology?.sex === "female" ? "f" : "m";
}

/** The params `{p}` and `{p.g}` of a dictionary entry naming a player. */
export function person(game, cat, id) {
  return { p: nickOf(game, id), "p.g": sexOf(game, cat, id) };
}
