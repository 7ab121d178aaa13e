// The Daily's shareable result text (web/echo/js/share.js) and the Overload warning's rule (web/echo/js/overload.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { resultOf, shareText } from "../../services/gateway/src/echo_gateway/web/echo/js/share.js";
import { overloadRisk } from "../../services/gateway/src/echo_gateway/web/echo/js/overload.js";

const ended = {
  status: "breakdown", credits: 95, mode: "daily", daily: { number: 36, league: "bronze" },
  credits_breakdown: { clean: { count: 1, price: 40, sum: 40 }, lossy: { count: 2, price: 20, sum: 40 }, orders: { count: 1, price: 15, sum: 15 } },
  field: undefined, ephemera: [{ color: "red", size: 9, opened: true, clean: false }],
};

test("the result text names the Daily, the Credits, the openings and Orders, and ends with the link", () => {
  const text = shareText("ru", resultOf(ended, { name: "Тихая прохлада" }), "https://echo.example/");
  assert.equal(text, [
    "Эхо-вызов дня № 36 «Тихая прохлада»",
    "Кредиты: 95 · срыв",
    "Вскрытия: ●◐◐ (1 чисто, 2 с потерями)",
    "Заказы: ★ 1",
    "Сыграйте то же поле: https://echo.example/",
  ].join("\n"));
});

test("it never carries the field: no colour, size or sector name", () => {
  for (const lang of ["ru", "en"]) {
    const text = shareText(lang, resultOf(ended, { name: "Quiet cool" }), "https://echo.example/");
    assert.doesNotMatch(text, /красн|жёлт|зелён|\b(red|yellow|green)\b|\b[A-J](10|[1-9])\b|\b9\b/i);
  }
});

test("in English, with nothing opened", () => {
  const view = { ...ended, status: "finished", credits: 0, credits_breakdown: {} };
  const text = shareText("en", resultOf(view, null), "https://x/");
  assert.match(text, /^Daily Echo Challenge № 36\nCredits: 0 · finished\nOpenings: none \(0 clean, 0 lossy\)\nOrders: none\n/);
});

test("a Probe at a full Contour overloads even on an empty sector; a yellow overflows a near-full one", () => {
  const live = (charge, contour = 6) => ({ status: "live", charge, contour, beam_cost: 2 });
  assert.equal(overloadRisk(live(6), "probe"), "full");
  assert.equal(overloadRisk(live(5), "probe"), "yellow"); // +1 fits, +4 does not
  assert.equal(overloadRisk(live(2), "probe"), "");
  assert.equal(overloadRisk(live(6), "beam"), "yellow"); // 6 − 2 + 4 = 8 > 6
  assert.equal(overloadRisk(live(4), "beam"), ""); // 4 − 2 + 4 = 6 fits
  assert.equal(overloadRisk(live(1), "beam"), ""); // the Beam is refused: no tick
  assert.equal(overloadRisk({ ...live(6), status: "breakdown" }, "probe"), "");
});
