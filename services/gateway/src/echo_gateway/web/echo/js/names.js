// A player without a callsign is shown as «Эхонавт-1234» (echo_events.callsigns); the English page writes it
// «Echonaut-1234». Only the shown text changes: the name sent back to the server stays as it came.
import { lang } from "./i18n.js";

export function shownName(name) {
  if (lang() !== "en" || typeof name !== "string") return name;
  return name.replace(/^Эхонавт-(\d{4})$/, "Echonaut-$1");
}
