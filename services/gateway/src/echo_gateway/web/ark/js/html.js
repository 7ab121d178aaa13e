// Small helpers for building the screens as HTML text.
import { escapeHTML as esc } from "../../shell/text.js";

export { esc };

/** A button that sends one game action (the click handler of app.js reads `data-action`). */
export function actionButton(label, action, { cls = "btn", testid = "", disabled = false } = {}) {
  const data = esc(JSON.stringify(action));
  return `<button type="button" class="${cls}" data-action="${data}"${testid ? ` data-testid="${testid}"` : ""}${disabled ? " disabled" : ""}>${esc(label)}</button>`;
}

/** mm:ss of the seconds left until `deadline` (epoch seconds). */
export function left(deadline) {
  const s = Math.max(0, Math.ceil(deadline - Date.now() / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
