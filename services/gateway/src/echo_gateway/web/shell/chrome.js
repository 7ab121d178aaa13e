// The bar at the top of every game page (its `.chrome`): the game's title, the way home, the connection's
// state in words and the language switch. A page names its title; the bar keeps itself in step with the
// connection and, on a switch, repaints itself and asks the page to repaint its screen.
import { lang, setLang, shellWord } from "./i18n.js";

/** Paint the bar: `#conn` from its `data-state`, `#lang`, `#back` (when the page has it) and the title. */
export function paintChrome(title) {
  document.documentElement.lang = lang();
  document.title = title;
  const brand = document.getElementById("brand");
  if (brand) brand.textContent = title;
  const back = document.getElementById("back");
  if (back) back.textContent = shellWord("homeBack");
  const button = document.getElementById("lang");
  button.textContent = shellWord("langSwitch");
  button.setAttribute("aria-label", shellWord("langLabel"));
  const status = document.getElementById("conn");
  status.textContent = shellWord(status.dataset.state ?? "offline");
}

/** Keep the bar in step: `title()` says the page's title in the page's language, `onLang()` repaints the
 * page's screen after a language switch. */
export function installChrome(conn, { title, onLang }) {
  const paint = () => paintChrome(title());
  conn.addEventListener("state", (event) => {
    document.getElementById("conn").dataset.state = event.detail;
    paint();
  });
  document.getElementById("lang").addEventListener("click", () => {
    setLang(lang() === "en" ? "ru" : "en");
    paint();
    onLang();
  });
  paint();
  return paint;
}
