// Which cards a seat may cite in an incident discussion (docs/games/ark.md «Incidents»; the rules' `citable`):
// only the subject's team cites — the exiled for an exiled subject, the Ark players for an Ark subject — and
// it cites its own members' cards (of a dead member only his Baggage), an Ark subject's team the Ark cards too.
// No DOM and no words: the screen offers exactly these and nothing else.

/** `[{card, owner}]` (owner null for an Ark card), or null when `me` may not cite at all. */
export function citeOptions(game, me) {
  const step = game.step;
  if (step?.kind !== "incident_discussion") return null;
  const subject = game.players.find((p) => p.id === step.player);
  const mine = game.players.find((p) => p.id === me);
  if (!subject || !mine || mine.departed || Boolean(mine.exiled) !== Boolean(subject.exiled)) return null;
  const options = [];
  for (const player of game.players) {
    if (Boolean(player.exiled) !== Boolean(subject.exiled)) continue;
    let cards = player.id === me && game.me?.cards?.length ? game.me.cards : player.cards ?? [];
    if (player.dead) cards = player.remaining ?? [];
    for (const card of cards) options.push({ card, owner: player.id });
  }
  if (!subject.exiled) for (const card of game.ark_cards ?? []) options.push({ card, owner: null });
  return options;
}
