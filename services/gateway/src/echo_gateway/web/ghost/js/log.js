// The log (журнал): each turn, both actions by address with their outcomes, in the players' colours;
// an address names its cells in `data-cells`, which the board lights up on hover.
import { actionCells, actionWords } from "./notation.js";
import { t } from "./words.js";
import { escapeHTML } from "../../shell/text.js";

const CELL = /[A-Z]\d{1,2}/g;

function address(text, seat, words = text) {
  const cells = text.match(CELL) ?? [];
  return `<span class="addr seat-${seat}" data-cells="${cells.join(" ")}">${escapeHTML(words)}</span>`;
}

function outcomeText(o, seat) {
  const label = t(`o_${o.type}`, { n: o.moves?.filter(([a, b]) => a !== b).length ?? 0 });
  switch (o.type) {
    case "shifted": return `${label} ${address(`${o.from}→${o.to}`, seat)}`;
    case "pulled": return `${label}${o.moves.length ? ` ${address(o.moves.map(([a, b]) => `${a}→${b}`).join(" "), seat)}` : ""}`;
    case "captured": return `${label} ${address(o.cells.join(" "), seat)}`;
    case "interlocked": return label;
    case "silenced": return `${label} ${address(o.cell, seat, `${o.cell}, ${t(`d_${o.direction}`)}`)}`;
    case "placed": case "anchored": return label;
    default: return `${label} ${address(o.cell, seat)}`;
  }
}

function side(entry, seat, name) {
  const action = entry.actions[seat];
  const voided = entry.void[seat];
  const head = `<b class="who seat-${seat}">${escapeHTML(name(seat))}</b>`;
  const what = action ? `<span class="addr seat-${seat}" data-cells="${actionCells(action).join(" ")}" data-action="${escapeHTML(action)}">${escapeHTML(actionWords(action, t))}</span>`
    : `<i>${t("skip")}</i>`;
  const why = voided ? ` <small class="void">(${t(`v_${voided}`)})</small>` : "";
  const outs = entry.outcomes[seat].map((o) => outcomeText(o, seat)).join(", ");
  return `<span class="g-side">${head} ${what}${why}${outs ? ` — ${outs}` : ""}</span>`;
}

/** The log of the view, newest turn first; `looking` is the [round, turn] being rewound to, if any. */
export function logHTML(view, name, { looking = null, checks = {} } = {}) {
  const entries = view.log.slice().reverse().map((entry) => {
    const here = looking && looking[0] === entry.round && looking[1] === entry.turn ? " looking" : "";
    const end = entry.round_end ? `<div class="round-end">${t("roundEnd", { n: entry.round, r: roundResult(entry.round_end, name) })}</div>` : "";
    const check = checks[`${entry.round}.${entry.turn}`];
    const checked = check == null ? "" : ` <small class="hash ${check ? "ok" : "bad"}" data-testid="hash-check">${t(check ? "hashOk" : "hashBad")}</small>`;
    return `<li class="entry${here}" data-round="${entry.round}" data-turn="${entry.turn}">
      <button type="button" class="turn-no" data-rewind="${entry.round}.${entry.turn}">${entry.round}.${entry.turn}</button>
      ${side(entry, "A", name)}${side(entry, "B", name)}${checked}${end}</li>`;
  }).join("");
  return entries ? `<ol class="log-list" data-testid="log">${entries}</ol>` : `<p class="muted">${t("logEmpty")}</p>`;
}

export function roundResult(end, name) {
  const reason = t(`r_${end.reason}`);
  if (end.result === "draw") return reason;
  const who = name(end.result);
  return `${who === t("you") ? t("youWonIt") : t("wonBy", { p: who })} (${reason})`;
}
