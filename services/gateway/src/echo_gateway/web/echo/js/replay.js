// A finished game move by move (GET /api/v1/games/{id}/replay): the game screen, read-only, with a frame slider.
import { t } from "./i18n.js";
import { getJSON } from "../../shell/session.js";
import { escapeHTML } from "../../shell/text.js";
import { GameScreen } from "./game.js";

export class ReplayScreen extends GameScreen {
  constructor(root, conn, gameId, navigate) {
    super(root, conn, gameId, navigate);
    this.readonly = true;
    this.view = null;
    this.frames = [];
    this.at = 0;
  }

  async mount() {
    this.root.innerHTML = `<div class="game" data-testid="replay"><p class="loading">${t("loading")}</p></div>`;
    this.on(document, "keydown", (e) => this.onReplayKey(e));
    const data = await getJSON(`/api/v1/games/${encodeURIComponent(this.gameId)}/replay`);
    if (this.gone) return;
    if (!data?.frames?.length) {
      this.root.innerHTML = `<div class="game"><p class="error-line" role="alert">${t("replayMissing")}</p>
        <a class="btn" href="#/">${t("home")}</a></div>`;
      return;
    }
    this.data = data;
    this.frames = data.frames;
    this.show(this.frames.length - 1);
  }

  show(index) {
    this.at = Math.max(0, Math.min(this.frames.length - 1, index));
    const last = this.at === this.frames.length - 1;
    this.view = { ...this.frames[this.at], mode: this.data.mode };
    if (last && this.data.field) this.view.field = this.data.field;
    this.render();
    this.root.querySelector("[data-testid=game]")?.setAttribute("data-testid", "replay");
  }

  onReplayKey(event) {
    if (event.target.closest?.(".cell") || document.querySelector("dialog[open]")) return;
    if (event.key === "ArrowLeft") { this.show(this.at - 1); event.preventDefault(); }
    if (event.key === "ArrowRight") { this.show(this.at + 1); event.preventDefault(); }
  }

  onKey() {} // no tools, no Finish in a replay

  /** «Такт 3 из 3»: the frame's own tick, as the title shows it; the frame of the game's end says so. */
  frameLabel() {
    const last = this.frames.at(-1).tick;
    const ended = this.at === this.frames.length - 1 && this.at > 0 && this.frames[this.at - 1].tick === last;
    return `${t("replayFrame", { a: this.frames[this.at].tick, b: last })}${ended ? ` · ${t("replayEndFrame")}` : ""}`;
  }

  replayBar() {
    const n = this.frames.length - 1;
    return `<div class="replay-bar" role="group" aria-label="${t("replayTitle")}">
      <strong>${t("replayTitle")}</strong>
      <button type="button" class="btn small" data-step="start" aria-label="${t("replayStart")}">«</button>
      <button type="button" class="btn small" data-step="prev" aria-label="${t("replayPrev")}">◀</button>
      <input type="range" min="0" max="${n}" value="${this.at}" aria-label="${this.frameLabel()}">
      <button type="button" class="btn small" data-step="next" aria-label="${t("replayNext")}">▶</button>
      <button type="button" class="btn small" data-step="end" aria-label="${t("replayEnd")}">»</button>
      <span data-testid="replay-frame">${this.frameLabel()}</span>
      <button type="button" class="btn small ghost" data-action="share">${t("replayLink")}</button>
      <span class="muted" data-testid="copied" role="status"></span>
    </div>`;
  }

  wire() {
    super.wire();
    const r = this.root;
    const moves = { start: () => 0, prev: () => this.at - 1, next: () => this.at + 1, end: () => this.frames.length - 1 };
    for (const b of r.querySelectorAll("[data-step]")) b.addEventListener("click", () => this.show(moves[b.dataset.step]()));
    r.querySelector(".replay-bar input")?.addEventListener("input", (e) => this.show(Number(e.target.value)));
    r.querySelector("[data-action=share]")?.addEventListener("click", async () => {
      const link = `${location.origin}/replay/${this.gameId}`; // served with its link preview
      try { await navigator.clipboard.writeText(link); } catch { /* no clipboard: the link is shown */ }
      r.querySelector("[data-testid=copied]").textContent = `${t("copied")}: ${escapeHTML(link)}`;
    });
  }
}
