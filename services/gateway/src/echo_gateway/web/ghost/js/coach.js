// The guided first match against the bot: one hint at a time, through the special moves in order, each
// until the player has made that move (the log says so) or waved it away. Pure: the page keeps `waved`.

/** The steps, each done once the player's own action in the log starts with one of its `kinds`. */
export const STEPS = [
  { key: "c_place", kinds: ["P"] },
  { key: "c_anchor", kinds: ["A"] },
  { key: "c_arrows", kinds: ["S", "M"], needs: "anchor" },
  { key: "c_shot", kinds: ["X"] },
  { key: "c_memory", kinds: [] },
  { key: "c_takeBack", kinds: ["T"], needs: "takeBack" },
];

/**
 * The hint to show now, or null: the first step the player has neither made nor waved away, and can make
 * (the arrows need an anchor of his on the board, the take-back an anchor old enough).
 */
export function coachStep(log, me, { waved = [], hasAnchor = false, canTakeBack = false } = {}) {
  const made = new Set();
  for (const entry of log) {
    const action = entry.actions?.[me];
    if (!action) continue;
    made.add(action[0]);
    if (action.includes(";T:")) made.add("T");
  }
  const can = { anchor: hasAnchor, takeBack: canTakeBack };
  for (const step of STEPS) {
    if (waved.includes(step.key) || step.kinds.some((k) => made.has(k))) continue;
    if (step.needs && !can[step.needs]) continue;
    return step.key;
  }
  return null;
}
