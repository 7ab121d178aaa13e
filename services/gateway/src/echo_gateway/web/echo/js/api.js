// Echo Challenge's REST calls (the session and the plain calls are the shell's).
import { getJSON } from "../../shell/session.js";

export const dailyToday = (league = "bronze") => getJSON(`/api/v1/daily/today?league=${encodeURIComponent(league)}`);
export const playOptions = () => getJSON("/api/v1/play/options");

/** Today's (or, with an offset, another) Daily's day as YYYY-MM-DD: the league's Daily's date — the Dailies
 *  say which day it is, not this device's clock (the daily service's dev clock may run ahead) — or, while no
 *  Daily is out, the Moscow date of this device's clock. */
export async function dailiesDay(offsetDays = 0, league = "bronze") {
  const date = (await dailyToday(league))?.date;
  const base = date ? Date.parse(`${date}T12:00:00Z`) : Date.now() + 3 * 3600e3;
  return new Date(base + offsetDays * 86400e3).toISOString().slice(0, 10);
}

export const account = () => getJSON("/api/v1/account");
export const myLeague = () => getJSON("/api/v1/leagues/me");
export const friendsScores = () => getJSON("/api/v1/friends/scores");

const CHALLENGE_KEY = "echo.challenge";
/** A challenge link opened on this device (`/?challenge=<token>`), kept until its Daily is compared. */
export function pendingChallenge() { return localStorage.getItem(CHALLENGE_KEY); }
export function keepChallenge(token) { if (token) localStorage.setItem(CHALLENGE_KEY, token); else localStorage.removeItem(CHALLENGE_KEY); }
