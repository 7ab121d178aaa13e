// Log deltas (PROTOCOL.md, «Log deltas»): with `logDelta` in the hello a frame may carry only its view's
// log entries after `log_from`, extending `base_version`. Echo Challenge's log is `view.log`, a table game's
// (Ghost Five's resolved turns) `view.game.log`.

const logOf = (view) => (Array.isArray(view?.log) ? view.log : view?.game?.log);

/** The frame's view with its whole log, `view` (of `version`) being what this page holds: null when a delta
 *  extends a version this page does not hold (then ask for the whole view: `resume`). */
export function withLog(frame, view, version) {
  if (frame.log_from === undefined) return frame.view;
  const log = logOf(view) ?? [];
  if (!view || frame.base_version !== version || log.length < frame.log_from) return null;
  const whole = log.slice(0, frame.log_from).concat(logOf(frame.view));
  if (Array.isArray(frame.view.log)) return { ...frame.view, log: whole };
  return { ...frame.view, game: { ...frame.view.game, log: whole } };
}
