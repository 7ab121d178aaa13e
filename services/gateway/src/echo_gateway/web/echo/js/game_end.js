// What an ended Daily's panel adds under the itemised Credits: the place "for this hour" in the league's
// Chart of the day (echo-challenge.md §16) — or «вне Чарта» with why and how to get in (§15) — and the
// result as a spoiler-free text to share (share.js), a confirmed player's challenge link in it once made.
import { t, lang } from "./i18n.js";
import { getJSON } from "../../shell/session.js";
import { escapeHTML } from "../../shell/text.js";
import { resultOf, shareText } from "./share.js";

const WAITS_MS = [0, 500, 1000, 2000, 3000, 5000]; // the leagues projection follows the game by a moment

/** The viewer's own Chart row for this game's Daily ({me, total}); {missing: true} if it never came. */
export async function loadPlace(view, gone) {
  if (!(view.credits > 0)) return { missing: true, noCredits: true };
  const league = view.daily?.league ?? "bronze";
  const path = `/api/v1/charts/${encodeURIComponent(league)}/${encodeURIComponent(view.msk_date)}?limit=1`;
  for (const wait of WAITS_MS) {
    if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
    if (gone()) return null;
    const chart = await getJSON(path);
    if (chart?.me?.game_id === view.game_id) return { me: chart.me, total: chart.total };
  }
  return { missing: true };
}

export function endPlaceHTML(view, place) {
  const box = (body) => `<div class="end-place" data-testid="end-place">${body}</div>`;
  if (!place) return box(`<p class="muted">${t("placeLoading")}</p>`);
  if (place.noCredits) return box(`<p>${t("placeNoCredits")}</p>`);
  if (place.missing) return box(`<p class="muted">${t("placeLater")} <a href="#/chart">${t("chart")}</a></p>`);
  const { me, total } = place;
  if (me.out_of_chart) {
    return box(`<p><span class="pill out-badge" data-testid="end-out">${t("outOfChart")}</span>
      ${t("placeOut", { p: me.place })}</p>
      <p class="muted">${t("placeOutWhy")}</p>
      <a class="btn small primary" href="#/account" data-testid="end-confirm">${t("placeConfirm")}</a>`);
  }
  return box(`<p>${t("placeHour", { p: `<strong data-testid="end-place-n">${escapeHTML(me.place)}</strong>`, n: total })}</p>
    <a href="#/chart" data-testid="end-chart">${t("placeSeeChart")}</a>`);
}

/** The shareable text and its button; `end.share` keeps whether it was copied across re-renders. */
export function shareHTML(view, end, challengeUrl) {
  const url = challengeUrl ?? `${location.origin}/`;
  end.share.text = shareText(lang(), resultOf(view, end.daily), url);
  const label = navigator.share ? t("shareSend") : t("shareCopy");
  return `<div class="share-box" data-testid="share">
    <h3>${t("shareTitle")}</h3>
    <pre class="share-text" data-testid="share-text">${escapeHTML(end.share.text)}</pre>
    <p class="muted small">${t("shareNote")}</p>
    <button type="button" class="btn" data-action="share" data-testid="share-button">${label}</button>
    <span class="muted" role="status" data-testid="share-done">${end.share.done ? t(end.share.done) : ""}</span></div>`;
}

export function wireShare(root, state, redraw) {
  root.querySelector("[data-action=share]")?.addEventListener("click", async () => {
    if (navigator.share) {
      try { await navigator.share({ text: state.text }); state.done = "shareSent"; } catch { return; } // closed: nothing to say
    } else {
      try { await navigator.clipboard.writeText(state.text); } catch { selectText(root.querySelector("[data-testid=share-text]")); }
      state.done = "copiedShort";
    }
    redraw();
  });
}

function selectText(el) {
  const range = document.createRange();
  range.selectNodeContents(el);
  getSelection().removeAllRanges();
  getSelection().addRange(range);
  document.execCommand?.("copy");
}
