// Ghost Five's words: Russian first, English by the shared switch (js/i18n.js keeps the choice).
import { lang } from "/js/i18n.js";

const RU = {
  title: "Призрачная пятёрка", back: "← Эхо-вызов", langSwitch: "EN",
  online: "на связи", connecting: "соединение…", offline: "нет связи",
  newGame: "Новая партия", opponent: "Соперник", vsFriend: "Друг по ссылке", vsBot: "Бот", vsQuick: "Быстрый подбор",
  vsLocal: "Двое на одном устройстве", botLevel: "Уровень бота", lv_easy: "лёгкий", lv_strong: "сильный",
  s_board: "Поле", s_row: "Цель (в ряд)", s_capture: "Захват пар", s_memory: "Память", s_walls: "Срок стен",
  s_move_time: "Ход", s_reserve: "Запас", s_clock: "Время",
  on: "вкл", off: "выкл", permanent: "навсегда", turns: "{n} ходов", sec: "{n} с", noLimit: "без ограничения",
  create: "Создать партию", settings: "Настройки партии",
  joinTitle: "Партия по ссылке", joinHint: "Вставьте ссылку-приглашение", join: "Присоединиться",
  joinAsk: "Вас приглашают в партию", joinSettingsNote: "Настройки из ссылки; после входа — настройки сервера.",
  myGames: "Мои партии", myGamesEmpty: "Партий ещё не было.", myGamesDevice: "Список этого устройства: сервер пока не отдаёт список партий.",
  history: "История", historyEmpty: "Доигранных раундов пока нет.", historyDevice: "Раунды партий этого устройства (сервер пока не хранит историю аккаунта).",
  leaders: "Лидеры", leadersEmpty: "В таблице пока никого: нужно не меньше {n} рейтинговых партий (онлайн, с зарегистрированным аккаунтом).", leadersNone: "Таблица лидеров пока недоступна на сервере.",
  place: "Место", nick: "Ник", rating: "Рейтинг", matches: "Партий", wins: "Побед", you_row: "Вы",
  lobby: "Ждём соперника", invite: "Ссылка для соперника", copy: "Скопировать", copied: "Скопировано", leave: "Выйти",
  pairing: "Ищем соперника…", stopPairing: "Прекратить поиск",
  st_live: "идёт", st_finished: "окончена", st_cancelled: "отменена", st_aborted: "прервана", st_lobby: "ждёт соперника",
  round: "Раунд {n}", turn: "ход {n}", you: "Вы", rival: "Соперник", bot: "Бот ({l})", seatName: "Игрок {s}",
  moved: "сходил", anchorsLeft: "якоря: {n}", pairs: "пары: {n}", skips: "пропуски: {n}",
  clockMove: "Ход", clockReserve: "запас", clockOff: "без часов", refill: "серия {n}/3",
  selectHint: "Выберите клетку (правая кнопка или долгое нажатие — все действия на ней).",
  makeMove: "Сделать ход", anchor: "Якорь", takeBack: "Забрать якорь", takeBackOn: "Забрать якорь {c} ✓",
  confirm: "Подтвердить", cancel: "Отмена", sendsIn: "отправится через {n} с",
  committed: "Ход сделан: ждём соперника.", withdraw: "Отменить ход", revealing: "Оба сходили: раскрываем ходы…",
  outOfTurn: "В этом ходу вы пропускаете.",
  rewinding: "Просмотр: раунд {r}, после хода {t}. Ходить нельзя.", toCurrent: "К текущему", prevTurn: "◀", nextTurn: "▶",
  resign: "Сдаться", resignConfirm: "Сдаться? Соперник получит всю партию.", cancelMatch: "Выход",
  cancelConfirm: "Отменить партию? Без результата и рейтинга.",
  menuTitle: "Клетка {c}", m_place: "Поставить фишку", m_anchor: "Поставить якорь", m_convert: "Сделать якорем",
  m_shot: "Выстрел", m_shiftTitle: "Сдвиг", m_magnetTitle: "Магнит", m_takeBack: "Забрать этот якорь (вместе с ходом)",
  m_nothing: "Здесь ходить нельзя.", m_close: "Закрыть",
  memo: "Якорь {s}: возраст {a}; забрать можно с хода {t}; магнит: {m}", magnetReady: "готов", magnetCool: "остынет через {n}",
  w_wall: "стена", w_trail: "след", w_mark: "метка выстрела",
  log: "Журнал", logEmpty: "Ходов ещё не было.", skip: "пропуск",
  o_converted: "якорь из фишки", o_burnt: "выгорела", o_placed: "поставлена", o_anchored: "якорь", o_shifted: "сдвиг",
  o_silenced: "магнит заглушён", o_interlocked: "якоря сцепились", o_pulled: "притянуто {n}", o_hit: "попадание",
  o_fresh_hit: "попадание в свежую", o_miss: "промах", o_captured: "захват пары", o_taken_back: "якорь забран", o_expired: "забыта",
  v_no_commit: "не успел", v_late_commit: "опоздал", v_reveal_missing: "не раскрыл", v_reveal_mismatch: "хеш не совпал",
  v_reveal_malformed: "неверная запись", v_illegal_action: "ход невозможен",
  hashOk: "хеш соперника проверен", hashBad: "хеш соперника не сходится!",
  roundEnd: "Раунд {n}: {r}", r_row: "ряд", r_pairs: "пять пар", r_both_qualify: "оба собрали — ничья", r_skips: "три пропуска",
  r_double_skip: "оба пропускали — ничья", r_full_board: "поле заполнено — ничья", r_resign: "сдача",
  wonBy: "победил {p}", draw: "ничья",
  over: "Партия окончена", winner: "Победитель: {p}", cancelled: "Партия отменена.", aborted: "Партия прервана: два раунда подряд без ходов.",
  noSecure: "Для тайного хода нужно защищённое соединение (HTTPS).",
  replay: "Повтор", replayTurn: "Раунд {r}, ход {t}",
  localTurn: "Ходит {p}: соперник, отвернитесь!", localReady: "Я {p}, показать поле",
};

const EN = {
  title: "Ghost Five", back: "← Echo Challenge", langSwitch: "RU",
  online: "online", connecting: "connecting…", offline: "offline",
  newGame: "New match", opponent: "Opponent", vsFriend: "A friend by link", vsBot: "Bot", vsQuick: "Quick pairing",
  vsLocal: "Two on one device", botLevel: "Bot level", lv_easy: "easy", lv_strong: "strong",
  s_board: "Board", s_row: "Row to win", s_capture: "Capture of pairs", s_memory: "Memory", s_walls: "Wall lifetime",
  s_move_time: "Move time", s_reserve: "Reserve", s_clock: "Clock",
  on: "on", off: "off", permanent: "permanent", turns: "{n} turns", sec: "{n} s", noLimit: "no time limit",
  create: "Create the match", settings: "Match settings",
  joinTitle: "A match by its link", joinHint: "Paste the invitation link", join: "Join",
  joinAsk: "You are invited to a match", joinSettingsNote: "Settings from the link; once joined, the server's.",
  myGames: "My matches", myGamesEmpty: "No matches yet.", myGamesDevice: "This device's list: the server does not list matches yet.",
  history: "History", historyEmpty: "No finished rounds yet.", historyDevice: "Rounds of this device's matches (the server keeps no account history yet).",
  leaders: "Leaders", leadersEmpty: "Nobody yet: {n} rated matches are needed (online, with a registered account).", leadersNone: "The leaderboard is not available on the server yet.",
  place: "Place", nick: "Nick", rating: "Rating", matches: "Matches", wins: "Wins", you_row: "You",
  lobby: "Waiting for the opponent", invite: "Link for the opponent", copy: "Copy", copied: "Copied", leave: "Leave",
  pairing: "Looking for an opponent…", stopPairing: "Stop looking",
  st_live: "live", st_finished: "finished", st_cancelled: "cancelled", st_aborted: "aborted", st_lobby: "waiting",
  round: "Round {n}", turn: "turn {n}", you: "You", rival: "Opponent", bot: "Bot ({l})", seatName: "Player {s}",
  moved: "has moved", anchorsLeft: "anchors: {n}", pairs: "pairs: {n}", skips: "skips: {n}",
  clockMove: "Move", clockReserve: "reserve", clockOff: "no clock", refill: "streak {n}/3",
  selectHint: "Pick a cell (right button or long press: everything possible there).",
  makeMove: "Make the move", anchor: "Anchor", takeBack: "Take back an anchor", takeBackOn: "Take back {c} ✓",
  confirm: "Confirm", cancel: "Cancel", sendsIn: "sent in {n} s",
  committed: "Move made: waiting for the opponent.", withdraw: "Withdraw the move", revealing: "Both have moved: revealing…",
  outOfTurn: "You skip this turn.",
  rewinding: "Looking back: round {r}, after turn {t}. No moves meanwhile.", toCurrent: "Back to now", prevTurn: "◀", nextTurn: "▶",
  resign: "Resign", resignConfirm: "Resign? The opponent gets the whole match.", cancelMatch: "Leave",
  cancelConfirm: "Cancel the match? No result, no rating.",
  menuTitle: "Cell {c}", m_place: "Place a stone", m_anchor: "Place an anchor", m_convert: "Make it an anchor",
  m_shot: "Shot", m_shiftTitle: "Shift", m_magnetTitle: "Magnet", m_takeBack: "Take this anchor back (with the move)",
  m_nothing: "Nothing can be done here.", m_close: "Close",
  memo: "Anchor {s}: age {a}; can be taken back from turn {t}; magnet: {m}", magnetReady: "ready", magnetCool: "cools down in {n}",
  w_wall: "wall", w_trail: "trail", w_mark: "shot mark",
  log: "Log", logEmpty: "No turns yet.", skip: "skip",
  o_converted: "anchor from a stone", o_burnt: "burnt", o_placed: "placed", o_anchored: "anchor", o_shifted: "shifted",
  o_silenced: "magnet silenced", o_interlocked: "anchors interlocked", o_pulled: "pulled {n}", o_hit: "hit",
  o_fresh_hit: "fresh hit", o_miss: "miss", o_captured: "pair captured", o_taken_back: "anchor taken back", o_expired: "forgotten",
  v_no_commit: "out of time", v_late_commit: "too late", v_reveal_missing: "not revealed", v_reveal_mismatch: "hash mismatch",
  v_reveal_malformed: "malformed", v_illegal_action: "illegal move",
  hashOk: "opponent's hash checked", hashBad: "opponent's hash does not match!",
  roundEnd: "Round {n}: {r}", r_row: "a row", r_pairs: "five pairs", r_both_qualify: "both made it — draw", r_skips: "three skips",
  r_double_skip: "both skipped — draw", r_full_board: "board full — draw", r_resign: "resignation",
  wonBy: "won by {p}", draw: "draw",
  over: "Match over", winner: "Winner: {p}", cancelled: "The match was cancelled.", aborted: "The match was aborted: two rounds in a row without moves.",
  noSecure: "Secret moves need a secure connection (HTTPS).",
  replay: "Replay", replayTurn: "Round {r}, turn {t}",
  localTurn: "{p} to move: opponent, look away!", localReady: "I am {p}, show the board",
};

// Every refusal the client can meet: the rules' (libs/games/ghost_five decide, hosting), the tables' and
// the gateway's (services/gateway/PROTOCOL.md). tests/e2e/test_ghost_game.py checks none is missing.
const ERRORS_RU = {
  match_over: "Партия уже окончена.", already_committed: "Ход в этом ходу уже сделан.",
  nothing_to_withdraw: "Отменять нечего: хода нет.", opponent_committed: "Соперник уже сходил: ход отменить нельзя.",
  reveal_open: "Соперник выбыл из хода: ходы уже раскрываются.", not_revealing: "Сейчас раскрывать нечего.",
  stale: "Этот ход уже прошёл.", not_due: "Время ещё не вышло.", not_started: "Сдаться можно после первого хода; до него — «Выход».",
  started: "Первый ход уже сыгран: выйти можно, только сдавшись.", bad_command: "Такой команды в игре нет.",
  reveal_missing: "Ход не раскрыт вовремя: пропуск.", reveal_mismatch: "Раскрытый ход не совпал с хешем: пропуск.",
  reveal_malformed: "Раскрытый ход записан неверно: пропуск.", late_commit: "Ход пришёл слишком поздно: пропуск.",
  illegal_action: "Такой ход невозможен: пропуск.", no_commit: "Ход не сделан вовремя: пропуск.",
  unknown_invite: "Приглашение недействительно.", wrong_kind: "Это приглашение в другую игру.", table_full: "В этой партии уже двое.",
  table_closed: "Эту партию покинули до начала.", game_started: "Партия уже началась.", unknown_game: "Такой партии у вас нет.",
  already_in_game: "Вы уже в другой партии этой игры: закончите её или выйдите.",
  bad_action: "Такого действия в игре нет.", bad_settings: "Такие настройки партии невозможны.", bad_seats: "В партии два места.",
  bad_bots: "Такого бота нет.", unknown_kind: "Эта игра на сервере пока не запущена.", bad_message: "Сервер не понял команду.",
  game_over: "Партия уже окончена.", busy: "Партия меняется на другом устройстве — повторите.",
  engine_unavailable: "Сервер игры не ответил — повторите.", conflict: "Партию не удалось открыть — повторите.", rate_limited: "Слишком часто.", too_large: "Слишком длинная команда.",
  not_authenticated: "Нужно войти заново.", unknown_type: "Сервер не знает такой команды.", bad_json: "Сервер не понял команду.",
  bad_request: "Сервер не понял команду.", bad_frame: "Сервер не понял команду.",
  leagues_unavailable: "Сервер лиг не ответил — повторите.", internal: "Сервер игры не смог выполнить команду — ничего не изменилось.",
  default: "Команда отклонена ({code}).",
};

export function t(key, params = {}) {
  const dict = lang() === "en" ? EN : RU;
  const text = dict[key] ?? RU[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

/** A refusal for people: Russian from its code; in English the server's own message. */
export function refusal(code, message) {
  if (lang() === "en") return message || code;
  return (ERRORS_RU[code] ?? ERRORS_RU.default).replace("{code}", code);
}

/** For the test that every code the rules and the server can return has its Russian message. */
export const knownCodes = () => Object.keys(ERRORS_RU).filter((code) => code !== "default");

export const escapeHTML = (text) => String(text ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
