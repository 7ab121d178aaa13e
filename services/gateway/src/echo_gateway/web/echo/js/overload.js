// Whether the next click can overload the Contour (echo-challenge.md §3, §5, §6, §12): a Probe on a free
// sector gives +1 Charge, a yellow segment +4 (after a Beam has paid its cost), and Charge above the Contour
// costs a Nadlom however large the excess. The player cannot know a hidden sector's content, so this says
// what *would* happen on each kind, never what a sector holds. Pure: no DOM.

const YELLOW = 4;

/** "full": a Probe even on an empty sector costs a division; "yellow": only a yellow segment would
 *  overflow; "" when the next click with `tool` cannot overload. */
export function overloadRisk(view, tool) {
  if (!view || view.status !== "live") return "";
  const { charge, contour } = view;
  if (tool === "beam") {
    const cost = view.beam_cost ?? 2;
    if (charge < cost) return ""; // the Beam is refused then: no tick at all
    return charge - cost + YELLOW > contour ? "yellow" : "";
  }
  if (charge + 1 > contour) return "full";
  return charge + YELLOW > contour ? "yellow" : "";
}
