// The Tutorial on the client: its banner (the step in the page's language; «Завершить» right there once
// the steps are done; what comes next once it ended), its wrong-click explanation in English, and what this
// device remembers of it: an unfinished one to continue, whether it was completed, whether a newcomer was
// asked once before his first Daily.
import { t, lang } from "./i18n.js";
import { escapeHTML } from "../../shell/text.js";

const GAME_KEY = "echo.tutorialGame";
const DONE_KEY = "echo.tutorialDone";
const ASKED_KEY = "echo.tutorialAsked";

export const tutorialDone = () => localStorage.getItem(DONE_KEY) === "1";
export const unfinishedTutorial = () => localStorage.getItem(GAME_KEY);
export const forgetUnfinishedTutorial = () => localStorage.removeItem(GAME_KEY);

/** Before his first Daily a newcomer is asked once whether he wants the Tutorial first. */
export function askBeforeDaily() {
  if (tutorialDone() || localStorage.getItem(ASKED_KEY)) return false;
  localStorage.setItem(ASKED_KEY, "1");
  return true;
}

/** Keep what the main screen needs from a Tutorial's view: a live one to continue, a completed script. */
export function rememberTutorial(gameId, view) {
  if (view?.mode !== "tutorial") return;
  if (view.tutorial?.done) localStorage.setItem(DONE_KEY, "1");
  if (view.status === "live") localStorage.setItem(GAME_KEY, gameId);
  else if (unfinishedTutorial() === gameId) forgetUnfinishedTutorial();
}

const instruction = (tut) => (lang() === "en" ? tut.instruction_en ?? tut.instruction : tut.instruction) ?? "";

/** The server explains a wrong click in Russian and repeats the step's why, which the banner above the
 *  field already shows: the line under the field keeps only what is new (on a phone it stands over the
 *  field). In English the line says which click is wanted. */
export function wrongClickText(view, serverMessage) {
  const tut = view?.tutorial;
  if (!tut?.sector) return serverMessage;
  if (lang() === "en") return t("tutorialWrong", { tool: t(tut.tool), sector: tut.sector });
  const why = (tut.instruction ?? "").slice((tut.instruction ?? "").indexOf(". ") + 2);
  return why && serverMessage.endsWith(why) ? serverMessage.slice(0, -why.length).trim() : serverMessage;
}

/** `lookHTML`: what the step's words point at (its `look`, the Order board) drawn small in the banner, so it
 *  is in view beside the field on a phone. */
export function tutorialBannerHTML(view, lookHTML = "") {
  const tut = view.tutorial;
  if (!tut) return "";
  if (view.status !== "live") {
    const over = tut.done ? t("tutorialComplete") : t("tutorialStopped", { s: tut.step, n: tut.total });
    return `<div class="tutorial-banner over" role="status" data-testid="tutorial">
      <strong>${over}</strong><span>${t("tutorialNext")}</span>
      <a class="btn primary small" href="#/" data-testid="tutorial-next">${t("home")}</a></div>`;
  }
  const head = tut.done ? t("tutorialDone") : t("step", { s: tut.step, n: tut.total });
  const finish = tut.done
    ? `<button type="button" class="btn primary small" data-action="tutorial-finish" data-testid="tutorial-finish">${t("finish")}</button>` : "";
  return `<div class="tutorial-banner" role="status" data-testid="tutorial">
    <strong>${head}</strong><span data-testid="tutorial-text">${escapeHTML(instruction(tut))}</span>${lookHTML}${finish}</div>`;
}
