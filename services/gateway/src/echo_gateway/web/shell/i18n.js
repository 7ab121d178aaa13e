// The page's language, shared by every game: Russian first, English by the switch in the bar; the choice is
// kept in localStorage, so a player who switched on one game's page finds the others in his language too.
import { fill } from "./text.js";

const KEY = "echo.lang";

/** "ru" or "en": the language this device chose (Russian until it chose). */
export function lang() {
  return globalThis.localStorage?.getItem(KEY) === "en" ? "en" : "ru";
}

export function setLang(value) {
  localStorage.setItem(KEY, value === "en" ? "en" : "ru");
  document.documentElement.lang = lang();
}

/** A `t` over a game's dictionaries: the entry in the page's language with its params filled in (plural and
 * gender forms, text.js), the Russian one where English has none, the key itself where neither has it. */
export function translator(ru, en) {
  return (key, params = {}) => fill(lang(), (lang() === "en" ? en : ru)[key] ?? ru[key] ?? key, params);
}

// The words of the bar every game page shows (chrome.js).
const RU = {
  online: "На связи", connecting: "Соединение…", offline: "Переподключаемся…",
  waiting: "Ждём сервер…",
  langSwitch: "EN", langLabel: "Switch to English", home: "Эхо-вызов", homeBack: "← Эхо-вызов",
};
const EN = {
  online: "Online", connecting: "Connecting…", offline: "Reconnecting…",
  waiting: "Waiting for server…",
  langSwitch: "RU", langLabel: "Переключить на русский", home: "Echo Challenge", homeBack: "← Echo Challenge",
};

/** The shell's own words (the bar's), in the page's language. */
export const shellWord = translator(RU, EN);
