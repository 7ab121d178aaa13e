// Sector names and small pure helpers shared by the screens.
export const LETTERS = "ABCDEFGHIJ";
export const nameOf = (i) => `${LETTERS[i % 10]}${Math.floor(i / 10) + 1}`;
export const indexOf = (name) => {
  const x = LETTERS.indexOf(name[0]);
  const y = Number(name.slice(1)) - 1;
  return x < 0 || !(y >= 0 && y < 10) ? -1 : y * 10 + x;
};
export const COLOR_OF = { g: "green", y: "yellow", r: "red" };
export const SIGN = { segment: "●", membrane: "◆" };

/** Open membranes known from the log: sector name -> "triggered" | "out". */
export function membraneSectors(log = []) {
  const known = new Map();
  for (const entry of log) if (entry.membrane) known.set(entry.sector, entry.membrane);
  return known;
}

/** Seconds until the next midnight in Moscow (UTC+3, no DST). */
export function secondsToMidnightMSK(now = Date.now()) {
  const msk = now + 3 * 3600 * 1000;
  const day = 24 * 3600 * 1000;
  return Math.max(0, Math.ceil((day - (msk % day)) / 1000));
}

export function clock(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const pad = (n) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${pad(m)}:${pad(sec)}` : `${pad(m)}:${pad(sec)}`;
}

/** «1 декабря» / «1 December» of an ISO day (YYYY-MM-DD); anything else unchanged. */
export function dayText(iso, language) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(iso ?? ""));
  if (!m) return String(iso ?? "");
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return new Intl.DateTimeFormat(language === "en" ? "en-GB" : "ru-RU", { day: "numeric", month: "long", timeZone: "UTC" }).format(date);
}

/** «1 декабря, 18:30 по Москве» of an instant: the game speaks Moscow time. */
export function dayTime(iso, language) {
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return String(iso ?? "");
  const text = new Intl.DateTimeFormat(language === "en" ? "en-GB" : "ru-RU", {
    day: "numeric", month: "long", hour: "2-digit", minute: "2-digit", timeZone: "Europe/Moscow" }).format(when);
  return language === "en" ? `${text} Moscow time` : `${text} по Москве`;
}
