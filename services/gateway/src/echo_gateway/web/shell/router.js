// Every game page routes by the URL's hash ("#/m/<id>", "#/rules"): a bookmark or a shared link opens the
// same screen, and the server serves one page per game. `route` reads a hash into its parts; `onRoute`
// calls the page's router on every change.

/** A hash's parts after "#/": `["m", "g-1"]` for "#/m/g-1", `[]` for "#/" or "", each part decoded. */
export function route(hash) {
  const path = String(hash ?? "").replace(/^#\/?/, "");
  return path ? path.split("/").map(decodePart) : [];
}

function decodePart(part) {
  try {
    return decodeURIComponent(part);
  } catch {
    return part; // a malformed escape stays as typed: the page then finds no such screen
  }
}

/** The hash for parts: `["m", "g 1"]` → "#/m/g%201". */
export const hashOf = (...parts) => `#/${parts.map((part) => encodeURIComponent(String(part))).join("/")}`;

/** Call `handler(parts)` at every hash change; the function returned routes the current hash (a page calls
 * it once it can show a screen, e.g. when its connection is first online). */
export function onRoute(handler) {
  const fire = () => handler(route(location.hash));
  window.addEventListener("hashchange", fire);
  return fire;
}

/** Go to `hash`; the same hash again routes again (a "new game" from the page it leads to redraws it). */
export function go(hash) {
  if (location.hash === hash) window.dispatchEvent(new HashChangeEvent("hashchange"));
  else location.hash = hash;
}
