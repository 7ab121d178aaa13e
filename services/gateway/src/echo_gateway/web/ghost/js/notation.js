// An action's canonical text (P:H8, A:H8, X:G4, S:G7:G8, M:G7:N, with ";T:C3" for a take-back riding along)
// as people read it: «Фишка на H8», «Выстрел в G4», «Магнит от G7 на север». Pure: the words come from `say`.

const DIRECTION_KEYS = { N: "d_N", NE: "d_NE", E: "d_E", SE: "d_SE", S: "d_S", SW: "d_SW", W: "d_W", NW: "d_NW" };

/** The main action's words: `say(key, params)` is the page's translator. */
function mainWords(text, say) {
  const [kind, cell, arg] = text.split(":");
  switch (kind) {
    case "P": return say("a_place", { c: cell });
    case "A": return say("a_anchor", { c: cell });
    case "X": return say("a_shot", { c: cell });
    case "S": return say("a_shift", { c: cell, to: arg });
    case "M": return say("a_magnet", { c: cell, d: say(DIRECTION_KEYS[arg] ?? arg) });
    default: return text;
  }
}

/** The whole action in words, a take-back after the main action. */
export function actionWords(action, say) {
  if (!action) return "";
  const [main, back] = String(action).split(";T:");
  const words = mainWords(main, say);
  return back ? `${words}, ${say("a_takeBack", { c: back })}` : words;
}

/** The cells an action names, for lighting them on the board. */
export function actionCells(action) {
  return (String(action ?? "").match(/[A-Z]\d{1,2}/g) ?? []);
}
