// How a player and a catalogue item read in the page's language: the catalogue's English beside its Russian,
// the rules' default nickname «Игрок N» as "Player N" in English, a character's sex from his Biology card.
import { lang } from "../../js/i18n.js";
import { w } from "./words.js";

const DEFAULT_NICK = /^Игрок (\d+)$/;

/** An item's title or text in the page's language (the Russian when an English one is missing). */
export function itemText(cat, id, field = "title") {
  const item = cat.byId[id];
  if (!item) return "";
  return (lang() === "en" && item.en?.[field]) || item[field] || "";
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
