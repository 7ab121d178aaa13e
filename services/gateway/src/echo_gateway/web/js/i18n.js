// The UI's words: Russian first, English available. The choice is kept in localStorage.
const RU = {
  title: "Эхо-вызов",
  lang: "English", langLabel: "Switch to English",
  home: "В главное меню", rules: "Правила", menu: "Меню", close: "Закрыть",
  connecting: "Соединение…", offline: "Нет связи — переподключаемся…", online: "На связи",
  credits: "Кредиты партии", connectivity: "Связность", contour: "Контур", charge: "Заряд",
  layer: "Заряд слоя", membranes: "Мембраны", noMembranes: "нет",
  probe: "Зонд", beam: "Эхолуч", tools: "Инструменты",
  probeHint: "бесплатно · P", beamHint: "{cost} Заряда · B",
  detector: "Детектор", spectrometer: "Спектрометр", instruments: "Приборы",
  finish: "Завершить", finishConfirm: "Закончить партию с тем, что набрано?",
  ephemera: "Эфемеры", clean: "чисто", lossy: "с потерями", opened: "вскрыт", hidden: "скрыт",
  orders: "Заказы Чёрного рынка", orderPrice: "{price} за Заказ", emptySlot: "пусто",
  log: "Журнал", logEmpty: "Ходов ещё не было.",
  tick: "Такт", freeze: "Заморозка: {n}",
  field: "Поле", unexplored: "не исследован", digit: "цифра {d}", empty: "пустой",
  segment: "сегмент", burnt: "выжжен", hint: "Детектор: {d}", highlight: "Спектрометр: {c}",
  membraneSign: "мембрана", timer: "до удара {n}", blinking: "помеха",
  green: "зелёный", yellow: "жёлтый", red: "красный",
  greenE: "Зелёный", yellowE: "Жёлтый", redE: "Красный",
  st_live: "Партия идёт", st_complete: "Все Эфемеры вскрыты", st_breakdown: "Срыв: Связность кончилась",
  st_finished: "Партия завершена", st_expired: "Эхо-вызов дня закрылся в полночь",
  gameOver: "Партия окончена", total: "Итого",
  itemClean: "Чистые вскрытия", itemLossy: "Вскрытия с потерями", itemOrders: "Заказы",
  revealed: "Поле целиком", revealedNote: "Поле открыто целиком: бледные сегменты остались невскрытыми, ◆ — мембраны.", fieldHidden: "Поле Вызова дня откроется вместе с Итогами дня.",
  mainTitle: "Эхо-вызов", dailyUnknown: "Каждый день в 00:00 по Москве — новое поле, одно на всю лигу.", daily: "Эхо-вызов дня", dailyNone: "Эхо-вызов дня пока не вышел.",
  timeLeft: "До полуночи по Москве: {t}", play: "Играть", cont: "Продолжить",
  dailyPlayed: "Попытка сыграна: {c} Кредитов", oneAttempt: "Одна попытка, идёт в Чарт.",
  tutorial: "Учебное задание", tutorialText: "Пошаговое знакомство с полем, Зондом и Эхолучом. Вне Чарта, сколько угодно раз.",
  startTutorial: "Начать обучение",
  free: "Свободная партия", freeText: "Тренировка вне Чарта и Лиги, три партии в день. Новая закроет недоигранную.",
  freeLeft: "Осталось сегодня: {n} из {m}", freeContinue: "Продолжить недоигранную",
  asDaily: "Как Вызов дня", asDailyGist: "правила и состав поля сегодняшнего Вызова, поле другое",
  special: "Особая партия", specialList: "Что меняется",
  step: "Шаг {s} из {n}", tutorialDone: "Обучение пройдено",
  warn30: "До полуночи по Москве 30 минут: Эхо-вызов дня закроется, партия кончится сама.",
  countdown: "Эхо-вызов дня закроется через {t}",
  dailyClosed: "Эхо-вызов дня закрыт. Партия засчитана с набранными Кредитами.",
  dailyPublished: "Вышел новый Эхо-вызов дня!",
  details: "Подробнее", effect: "Что даёт",
  memState_hidden: "ещё скрыта", memState_triggered: "сработала", memState_out: "погасла",
  later: "Позже сыграть можно будет с главного экрана.",
  loading: "Загрузка…", ofN: "{a} из {b}",
  log_probe: "Зонд", log_beam: "Эхолуч",
  log_free: "цифра {d}", log_empty: "пустой", log_seg: "{c} сегмент", log_burnt: "сегмент выжжен",
  log_spent: "−{n} Заряда", log_nadlom: "Надлом ({r})", nad_probe: "Зонд по сегменту",
  nad_overload: "Перегрузка", nad_strike: "удар красного",
  log_credits: "+{n} Кредитов", log_eph: "{c} Эфемер вскрыт {how}", log_mem_trig: "мембрана сработала",
  log_mem_out: "мембрана погасла", log_orders: "Заказов выполнено: {n}", log_withdrawn: "Заказ снят",
  log_hint: "Детектор: {s} = {d}", log_hl: "Спектрометр: {s}", log_after: "Связность {c} · Заряд {q}",
  log_end_complete: "поле вскрыто", log_end_breakdown: "срыв",
  nadlomWord: "Надлом", perturbationWord: "Возмущение",
  legend: "Бледная цифра — {detector}; рамка — {spectrometer}; ◆ — {membrane}; мигание — {interference}; красное число — {perturbation}, тактов до удара.",
  terms: "Термины", replay: "Пересмотреть ход за ходом", replayTitle: "Запись партии",
  replayStart: "К началу", replayPrev: "Ход назад", replayNext: "Ход вперёд", replayEnd: "К концу",
  replayFrame: "Шаг {a} из {b}", replayLink: "Ссылка на запись", copied: "Ссылка скопирована", replayMissing: "Запись недоступна: партия ещё идёт или не ваша.", cheat: "Шпаргалка",
  sym_empty: "пустой сектор", sym_digit: "цифра {d}",
  err_connect: "Не удалось связаться с сервером.",
  keyboardHelp: "Клавиши: P — Зонд, B — Эхолуч, стрелки — выбор сектора, Enter/пробел — щелчок, F — Завершить.",
};

const EN = {
  title: "Echo Challenge",
  lang: "Русский", langLabel: "Переключить на русский",
  home: "Main menu", rules: "Rules", menu: "Menu", close: "Close",
  connecting: "Connecting…", offline: "Connection lost — reconnecting…", online: "Online",
  credits: "Credits", connectivity: "Connectivity", contour: "Contour", charge: "Charge",
  layer: "Layer charge", membranes: "Membranes", noMembranes: "none",
  probe: "Probe", beam: "Beam", tools: "Tools",
  probeHint: "free · P", beamHint: "{cost} Charge · B",
  detector: "Detector", spectrometer: "Spectrometer", instruments: "Instruments",
  finish: "Finish", finishConfirm: "End the game with what you have?",
  ephemera: "Ephemera", clean: "clean", lossy: "lossy", opened: "open", hidden: "hidden",
  orders: "Black-market Orders", orderPrice: "{price} per Order", emptySlot: "empty",
  log: "Log", logEmpty: "No moves yet.",
  tick: "Tick", freeze: "Freeze: {n}",
  field: "Field", unexplored: "unexplored", digit: "digit {d}", empty: "empty",
  segment: "segment", burnt: "burnt", hint: "Detector: {d}", highlight: "Spectrometer: {c}",
  membraneSign: "membrane", timer: "strike in {n}", blinking: "interference",
  green: "green", yellow: "yellow", red: "red",
  greenE: "Green", yellowE: "Yellow", redE: "Red",
  st_live: "Game in progress", st_complete: "Every ephemeron is open", st_breakdown: "Breakdown: Connectivity ran out",
  st_finished: "Game finished", st_expired: "The Daily closed at midnight",
  gameOver: "Game over", total: "Total",
  itemClean: "Clean openings", itemLossy: "Lossy openings", itemOrders: "Orders",
  revealed: "The whole field", revealedNote: "The whole field is shown: pale segments stayed closed, ◆ marks membranes.", fieldHidden: "The Daily's field is shown with the Day results.",
  mainTitle: "Echo Challenge", dailyUnknown: "Every day at 00:00 Moscow time: a new field, the same for the whole league.", daily: "Daily Echo Challenge", dailyNone: "Today's Daily is not out yet.",
  timeLeft: "Until midnight Moscow time: {t}", play: "Play", cont: "Continue",
  dailyPlayed: "Attempt played: {c} Credits", oneAttempt: "One attempt, counts in the Chart.",
  tutorial: "Tutorial", tutorialText: "A step-by-step introduction to the field, the Probe and the Beam. Not charted, repeat at will.",
  startTutorial: "Start the tutorial",
  free: "Free game", freeText: "Practice outside the Chart and Leagues, three a day. A new one closes the unfinished one.",
  freeLeft: "Left today: {n} of {m}", freeContinue: "Continue the unfinished game",
  asDaily: "Like the Daily", asDailyGist: "today's Daily rules and composition, a different field",
  special: "Special game", specialList: "What changes",
  step: "Step {s} of {n}", tutorialDone: "Tutorial complete",
  warn30: "30 minutes to midnight Moscow time: the Daily closes and the game ends by itself.",
  countdown: "The Daily closes in {t}",
  dailyClosed: "The Daily has closed. Your game counts with the Credits earned.",
  dailyPublished: "A new Daily is out!",
  details: "Details", effect: "Effect",
  memState_hidden: "still hidden", memState_triggered: "triggered", memState_out: "went out",
  later: "You can come back to it from the main screen.",
  loading: "Loading…", ofN: "{a} of {b}",
  log_probe: "Probe", log_beam: "Beam",
  log_free: "digit {d}", log_empty: "empty", log_seg: "{c} segment", log_burnt: "segment burnt",
  log_spent: "−{n} Charge", log_nadlom: "Nadlom ({r})", nad_probe: "Probe on a segment",
  nad_overload: "Overload", nad_strike: "red strike",
  log_credits: "+{n} Credits", log_eph: "{c} ephemeron opened {how}", log_mem_trig: "membrane triggered",
  log_mem_out: "membrane went out", log_orders: "Orders completed: {n}", log_withdrawn: "Order withdrawn",
  log_hint: "Detector: {s} = {d}", log_hl: "Spectrometer: {s}", log_after: "Connectivity {c} · Charge {q}",
  log_end_complete: "field open", log_end_breakdown: "breakdown",
  nadlomWord: "Nadlom", perturbationWord: "Perturbation",
  legend: "Pale digit — {detector}; frame — {spectrometer}; ◆ — {membrane}; blinking — {interference}; red number — {perturbation}, ticks to the strike.",
  terms: "Terms", replay: "Replay move by move", replayTitle: "Game replay",
  replayStart: "To the start", replayPrev: "Step back", replayNext: "Step forward", replayEnd: "To the end",
  replayFrame: "Step {a} of {b}", replayLink: "Link to the replay", copied: "Link copied", replayMissing: "Replay unavailable: the game is live or not yours.", cheat: "Cheat-sheet",
  sym_empty: "empty sector", sym_digit: "digit {d}",
  err_connect: "Could not reach the server.",
  keyboardHelp: "Keys: P — Probe, B — Beam, arrows — pick a sector, Enter/Space — click, F — Finish.",
};

// Error codes of protocol v1, as the player reads them.
const ERRORS = {
  ru: {
    sector_open: "Этот сектор уже вскрыт — щелчок не считается.",
    not_enough_charge: "Не хватает Заряда на Эхолуч.",
    game_over: "Партия уже окончена.",
    tutorial_step: "Учебное задание ждёт другого щелчка.",
    no_daily: "Эхо-вызов дня сейчас не идёт.",
    free_limit: "Три Свободные партии на сегодня уже сыграны.",
    bad_preset: "Такого поля нет в списке.",
    busy: "Партия меняется на другом устройстве — повторите.",
    rate_limited: "Слишком часто — чуть помедленнее.",
    engine_unavailable: "Игровой сервер не ответил. Повторяем…",
    unknown_game: "Такой партии нет.",
    bad_move: "Такого хода нет.",
    not_authenticated: "Сеанс не опознан — входим заново.",
    bad_message: "Сервер не понял запрос.",
    default: "Что-то пошло не так ({code}).",
  },
  en: {
    sector_open: "This sector is already open — not a tick.",
    not_enough_charge: "Not enough Charge for the Beam.",
    game_over: "The game has ended.",
    tutorial_step: "The Tutorial wants another click.",
    no_daily: "No Daily is running right now.",
    free_limit: "Today's three Free games are used.",
    bad_preset: "No such field in the list.",
    busy: "The game is changing on another device — try again.",
    rate_limited: "Too fast — slow down a little.",
    engine_unavailable: "The game server did not answer. Retrying…",
    unknown_game: "No such game.",
    bad_move: "Not a move of this game.",
    not_authenticated: "Session not recognised — signing in again.",
    bad_message: "The server did not understand the request.",
    default: "Something went wrong ({code}).",
  },
};

const DICTS = { ru: RU, en: EN };
const KEY = "echo.lang";

export function lang() {
  const stored = localStorage.getItem(KEY);
  return stored === "en" ? "en" : "ru";
}

export function setLang(value) {
  localStorage.setItem(KEY, value === "en" ? "en" : "ru");
  document.documentElement.lang = lang();
}

export function t(key, params = {}) {
  const text = DICTS[lang()][key] ?? RU[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

export function errorText(code, serverMessage) {
  const table = ERRORS[lang()];
  if (code === "tutorial_step" && serverMessage && lang() === "ru") return serverMessage;
  return (table[code] ?? table.default).replace("{code}", code);
}
