// What just happened between two views of one room (no DOM, no words): the banner on top of the screen says
// it. A revealed card, a completed tally (exile, tie, survival, continuation), the turn coming to this seat,
// and the settings changed under a ready player (the rules clear every «Готов» then).

function opened(before, after) {
  const had = new Set(before?.cards ?? []);
  return (after.cards ?? []).filter((card) => !had.has(card));
}

function sameTally(a, b) {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** Items `{kind, ...}` in the order they happened; none when the views are of different games. */
export function happenings(prev, next, me) {
  if (!prev || !next || prev.game_id !== next.game_id) return [];
  const a = prev.game;
  const b = next.game;
  const items = [];
  if (a.phase === "lobby" && b.phase === "lobby") {
    const was = a.players.find((p) => p.id === me);
    const now = b.players.find((p) => p.id === me);
    if (was?.ready && now && !now.ready && JSON.stringify(a.settings) !== JSON.stringify(b.settings)) {
      items.push({ kind: "ready_cleared" });
    }
    return items;
  }
  if (b.phase !== "finished" && a.phase !== "lobby") {
    for (const player of b.players) {
      if (player.exiled && !a.players.find((p) => p.id === player.id)?.exiled) continue; // the exile says it
      const cards = opened(a.players.find((p) => p.id === player.id), player);
      if (cards.length === 1) items.push({ kind: "revealed", player: player.id, card: cards[0] });
    }
  }
  if (b.tally && !sameTally(a.tally, b.tally)) {
    const t = b.tally;
    if (t.kind === "exile") items.push(t.result === "tie" ? { kind: "tie" } : { kind: "exiled", player: t.result });
    else if (t.kind === "survival") items.push({ kind: t.outcome === "survived" ? "survived" : "died", player: t.subject, tally: t });
    else items.push({ kind: "kind", result: t.result });
  }
  const step = b.step;
  const turn = (s) => s && s.player === me && ["reveal", "discussion", "incident_discussion"].includes(s.kind);
  if (turn(step) && !(turn(a.step) && a.step.id === step.id)) items.push({ kind: "your_turn" });
  return items;
}
