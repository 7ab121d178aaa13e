// Terms with a dotted underline explain themselves on hover (desktop) or on tap (phones).
import { lang } from "./i18n.js";

const TERMS = {
  ru: {
    connectivity: ["Связность", "Способность эхонавта оставаться собой. Надлом снимает одно деление, зелёные сегменты возвращают по половинке. Ноль — срыв, партия окончена."],
    nadlom: ["Надлом", "Потеря одного целого деления Связности: Зонд по сегменту, Перегрузка или удар красного."],
    overload: ["Перегрузка", "Заряд сверх Контура сгорает и стоит одного Надлома — сколько бы ни было лишнего."],
    contour: ["Контур", "Сколько Заряда вмещается. Полный Контур — пора стрелять Эхолучом."],
    charge: ["Заряд", "Питает Эхолуч. Копится со свободных секторов (+1 за Зонд) и с жёлтых сегментов (+4)."],
    layer: ["Заряд слоя", "Сколько свободных секторов ещё не вскрыто — столько Заряда ещё можно добыть Зондом."],
    ephemeron: ["Эфемер", "Фигура из сегментов одного цвета. Вскрыт целиком Эхолучом — чисто, иначе с потерями."],
    membrane: ["Мембрана", "Особый сегмент Эфемера. Вскрытая последней в теле — срабатывает до конца партии; раньше — гаснет."],
    interference: ["Помеха", "Мигающая цифра: по соседству прячется мембрана. Её сегмент лучше оставить на конец."],
    perturbation: ["Возмущение", "Тронутый красный бьёт по Связности каждые несколько тактов, пока не вскрыт целиком. Число на секторе — тактов до удара."],
    freeze: ["Заморозка", "Таймеры красных стоят: прибавка жёлтой мембраны № 2."],
    detector: ["Детектор", "После Зонда и Эхолуча иногда показывает бледную цифру соседнего скрытого сектора. Заряжается красным сегментом."],
    spectrometer: ["Спектрометр", "После Зонда обводит рамкой скрытый сегмент рядом (цвет и знак). Заряжается выполненным Заказом."],
    orders: ["Заказ", "Три щелчка подряд по рисунку. Цифру и пустой засчитывает только Зонд, сегмент — любой инструмент. Промах по свободному сектору начинает Заказ заново."],
    tick: ["Такт", "Один щелчок инструментом по неисследованному сектору. Пока вы думаете, время стоит."],
    credits: ["Кредиты партии", "Счёт партии: вскрытые Эфемеры и выполненные Заказы."],
    probe: ["Зонд", "Бесплатный: вскрывает один сектор. Свободный даёт +1 Заряд, сегмент — Надлом и выжигается."],
    beam: ["Эхолуч", "Стоит Заряда. Вскрывает сегмент без Надлома; промах тоже стоит Заряда и Заряда не даёт."],
    sector: ["Сектор", "Одна ячейка поля 10×10: столбец A–J и строка 1–10."],
    segment: ["Сегмент", "Одна часть фигуры Эфемера. Цифра на свободном секторе считает сегменты среди восьми соседей."],
    instrumentCharge: ["Заряд прибора", "Свой запас Детектора и Спектрометра: одно срабатывание — одно деление."],
    daily: ["Эхо-вызов дня", "Выпуск с номером и названием: одно поле на всю лигу, одна попытка; живёт до выхода следующего в полночь по Москве."],
    callsign: ["Позывной", "Ваше имя в Чарте: одно на аккаунт, у двух игроков не совпадает."],
    chart: ["Чарт дня", "Партии дня своей лиги по Кредитам; нужна подтверждённая почта. Окончательный — в Итогах дня."],
    league: ["Лига", "Ступень соревнования: Бронзовая, Серебряная, Золотая, Платиновая. Неделю вы соревнуетесь с группой до десяти соперников."],
    special: ["Особая партия", "Эхо-вызов дня на изменённых правилах (в старших лигах); отмечен нашивкой — нажмите, чтобы прочесть, что меняется."],
    free: ["Свободная партия", "Тренировка вне Чарта и Лиги, три в день; лучший результат на каждом поле хранится."],
    friends: ["Друзья", "Игроки, которых добавили вы, и те, кто добавил вас; добавили друг друга — ⇄."],
    clean: ["Чистое вскрытие", "Каждый сегмент Эфемера вскрыт Эхолучом: Эфемер приносит вдвое больше Кредитов."],
    lossy: ["Вскрытие с потерями", "Часть сегментов выжжена Зондом: Эфемер приносит половину цены."],
  },
  en: {
    connectivity: ["Connectivity", "The echonaut's hold on himself. A Nadlom takes one division; green segments give back halves. Zero is a breakdown: the game is over."],
    nadlom: ["Nadlom", "Loss of one whole division of Connectivity: a Probe on a segment, an Overload or a red strike."],
    overload: ["Overload", "Charge above the Contour burns and costs one Nadlom, however large the excess."],
    contour: ["Contour", "How much Charge fits. A full Contour means: time to use the Beam."],
    charge: ["Charge", "Feeds the Beam. Comes from free sectors (+1 per Probe) and yellow segments (+4)."],
    layer: ["Layer charge", "Free sectors not opened yet: the Charge the Probe can still collect."],
    ephemeron: ["Ephemeron", "A shape of segments of one colour. All opened by the Beam — clean; otherwise lossy."],
    membrane: ["Membrane", "A special segment. Opened last in its body it triggers for the rest of the game; earlier, it goes out."],
    interference: ["Interference", "A blinking digit: a membrane hides next to it. Leave that segment for last."],
    perturbation: ["Perturbation", "A touched red strikes Connectivity every few ticks until it is fully open. The number is ticks to the strike."],
    freeze: ["Freeze", "Red timers stand still: the yellow membrane №2 bonus."],
    detector: ["Detector", "After a Probe or Beam, sometimes shows a pale digit of a hidden neighbour. Recharged by a red segment."],
    spectrometer: ["Spectrometer", "After a Probe, frames a hidden segment nearby (colour and sign). Recharged by a completed Order."],
    orders: ["Order", "Three clicks in a row by the pattern. Digits and empty sectors count for the Probe only; segments for any tool. A miss on a free sector restarts it."],
    tick: ["Tick", "One tool click on an unexplored sector. Time stands still while you think."],
    credits: ["Credits", "The game's score: opened ephemera and completed Orders."],
    probe: ["Probe", "Free: opens one sector. A free one gives +1 Charge; a segment costs a Nadlom and burns."],
    beam: ["Beam", "Costs Charge. Opens a segment without a Nadlom; a miss costs Charge too and gives none."],
    sector: ["Sector", "One cell of the 10×10 field: column A–J, row 1–10."],
    segment: ["Segment", "One part of an ephemeron's shape. A free sector's digit counts the segments among its eight neighbours."],
    instrumentCharge: ["Instrument charge", "The Detector's and the Spectrometer's own store: one firing, one division."],
    daily: ["Daily", "A numbered, named issue: one field for the whole league, one attempt; it lives until the next one at midnight Moscow time."],
    callsign: ["Callsign", "Your name in the Chart: one per account, no two players share one."],
    chart: ["Chart of the day", "The day's games of your league by Credits; needs a confirmed e-mail. Final in the Day results."],
    league: ["League", "A level of the competition: Bronze, Silver, Gold, Platinum. For a week you compete with a group of up to ten."],
    special: ["Special game", "A Daily on changed rules (in the higher leagues), marked by a badge: tap it to read what changes."],
    free: ["Free game", "Practice outside the Chart and Leagues, three a day; the best result on each field is kept."],
    friends: ["Friends", "Players you added and those who added you; added both ways — ⇄."],
    clean: ["Clean opening", "Every segment of the ephemeron opened by the Beam: it pays double."],
    lossy: ["Lossy opening", "Some segments burnt by the Probe: the ephemeron pays half."],
  },
};

const MEMBRANES = {
  ru: {
    green: ["Связность: предел +1 и +½ Связности", "Все Заказы на доске — на знак вперёд (Заказ, дошедший до конца, оплачивается)"],
    yellow: ["Контур +2", "Заморозка: таймеры красных стоят 7 тактов"],
    red: ["Пределы Детектора и Спектрометра +1", "Заказов на доске — пять (новые сдаются сразу)"],
  },
  en: {
    green: ["Connectivity max +1 and +½ Connectivity", "Every Order on the board advances one symbol (a completed one pays)"],
    yellow: ["Contour +2", "Freeze: red timers stand still for 7 ticks"],
    red: ["Detector and Spectrometer maxima +1", "The Order board holds five Orders (dealt at once)"],
  },
};

/** Every term the rules page explains, in the page's language: [key, name, text]. */
export function glossary() {
  return Object.entries(TERMS[lang()]).map(([key, [name, text]]) => [key, name, text]);
}

export function term(key) {
  return (TERMS[lang()][key] ?? TERMS.ru[key] ?? [key, ""]);
}

export function membraneEffect(color, kind) {
  return MEMBRANES[lang()][color]?.[kind - 1] ?? "";
}

/** A span with a dotted underline that explains itself on hover and on tap/focus. */
export function termHTML(key, label) {
  const [name, text] = term(key);
  return `<button type="button" class="term" data-term="${key}" aria-label="${escapeAttr(`${label ?? name}: ${text}`)}" title="${escapeAttr(text)}">${label ?? name}</button>`;
}

export function escapeAttr(text) {
  return String(text).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

let popup = null;

/** One popover for every term: shown on tap/click/focus, hidden by a tap elsewhere or Escape. */
export function installTermPopover(root = document) {
  root.addEventListener("click", (event) => {
    const target = event.target.closest?.(".term");
    if (!target) { hideTerm(); return; }
    event.preventDefault();
    showTerm(target);
  });
  root.addEventListener("keydown", (event) => { if (event.key === "Escape") hideTerm(); });
}

export function showTerm(target) {
  const [name, text] = term(target.dataset.term);
  hideTerm();
  popup = document.createElement("div");
  popup.className = "term-pop";
  popup.setAttribute("role", "tooltip");
  popup.innerHTML = `<strong>${name}</strong><p>${text}</p>`;
  document.body.append(popup);
  const box = target.getBoundingClientRect();
  const width = Math.min(300, window.innerWidth - 16);
  popup.style.width = `${width}px`;
  popup.style.left = `${Math.max(8, Math.min(window.innerWidth - width - 8, box.left))}px`;
  popup.style.top = `${box.bottom + window.scrollY + 6}px`;
}

export function hideTerm() {
  popup?.remove();
  popup = null;
}
