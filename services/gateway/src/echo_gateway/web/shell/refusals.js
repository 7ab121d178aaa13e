// The server's refusals in words, for every game page. A refusal's code is the contract (PROTOCOL.md); its
// English `message` is for developers, so a player always reads the page's own sentence in his language,
// never a code. The gateway's and the engine's codes are worded here once; a game words its rules' codes
// (and may word a shared one its own way) in its dictionary, `{ru, en}`.
import { lang } from "./i18n.js";

const SHARED = {
  ru: {
    // the gateway's socket
    bad_frame: "Сервер не понял команду.", bad_json: "Сервер не понял команду.", bad_message: "Сервер не понял команду.",
    unknown_type: "Сервер не знает такой команды.", too_large: "Слишком длинная команда.",
    rate_limited: "Слишком часто — чуть помедленнее.",
    too_many_connections: "Открыто слишком много вкладок или устройств — закройте лишние.",
    not_authenticated: "Сеанс не опознан — входим заново.",
    engine_unavailable: "Игровой сервер не ответил — повторите.", leagues_unavailable: "Сервер лиг не ответил — повторите.",
    store_unavailable: "Сервис ненадолго недоступен — подключимся снова через несколько секунд.",
    // the engine: its tables, pairing, rematches and solo games
    bad_request: "Сервер не понял команду.", internal: "Сервер игры не смог выполнить команду — ничего не изменилось.",
    busy: "Партия меняется на другом устройстве — повторите.", conflict: "Партию не удалось открыть — повторите.",
    unknown_kind: "Эта игра на сервере пока не запущена.", unknown_game: "Такой партии у вас нет.",
    unknown_invite: "Приглашение недействительно.", wrong_kind: "Это приглашение в другую игру.",
    table_full: "Все места в этой партии заняты.", table_closed: "Эту партию покинули до начала.",
    game_started: "Партия уже началась.", not_started: "Партия ещё не началась.", stale: "Этот ход уже прошёл.",
    already_in_game: "Вы уже в другой партии этой игры: закончите её или выйдите.",
    bad_action: "Такого действия в игре нет.", bad_settings: "Такие настройки партии невозможны.",
    bad_seats: "Столько мест в этой игре быть не может.", bad_bots: "Такого бота нет.",
    not_over: "Реванш можно предложить, когда партия окончена.", no_rematch: "Реванш — только для партии двух игроков по сети.",
    lobby_limit: "Слишком много ваших столов ждут игроков — начните или покиньте один из них.",
    table_limit: "Сегодня вы открыли слишком много столов этой игры — попробуйте позже.",
    no_daily: "Эхо-вызов дня сейчас не идёт.", free_limit: "Три Свободные партии на сегодня уже сыграны.",
    tutorial_limit: "Обучение сегодня запускалось слишком часто — попробуйте завтра.",
    tutorial_step: "Учебное задание ждёт другого хода.", bad_preset: "Такого поля нет в списке.",
  },
  en: {
    bad_frame: "The server did not understand the command.", bad_json: "The server did not understand the command.",
    bad_message: "The server did not understand the command.", unknown_type: "The server does not know this command.",
    too_large: "The command is too long.", rate_limited: "Too fast — slow down a little.",
    too_many_connections: "Too many tabs or devices are open — close some.",
    not_authenticated: "Session not recognised — signing in again.",
    engine_unavailable: "The game server did not answer — try again.", leagues_unavailable: "The league server did not answer — try again.",
    store_unavailable: "The service is briefly unavailable — reconnecting in a few seconds.",
    bad_request: "The server did not understand the command.", internal: "The game server could not carry out the command — nothing changed.",
    busy: "The game is changing on another device — try again.", conflict: "The game could not be opened — try again.",
    unknown_kind: "This game is not running on the server yet.", unknown_game: "You have no such game.",
    unknown_invite: "The invitation is not valid.", wrong_kind: "This invitation is to another game.",
    table_full: "Every seat in this game is taken.", table_closed: "Everyone left this game before it began.",
    game_started: "The game has already begun.", not_started: "The game has not begun yet.", stale: "That turn is over.",
    already_in_game: "You are already in another game of this kind: finish it or leave it.",
    bad_action: "The game has no such action.", bad_settings: "These game settings are not possible.",
    bad_seats: "This game cannot have that many seats.", bad_bots: "There is no such bot.",
    not_over: "A rematch can be offered once the game is over.", no_rematch: "A rematch is only for an online game of two.",
    lobby_limit: "Too many of your tables are waiting for players — start or leave one first.",
    table_limit: "You have opened too many tables of this game today — try again later.",
    no_daily: "No Daily is running right now.", free_limit: "Today's three Free games are used.",
    tutorial_limit: "The Tutorial has been started too often today — try again tomorrow.",
    tutorial_step: "The Tutorial wants another move.", bad_preset: "No such field in the list.",
  },
};

const DEFAULT = { ru: "Сервер отклонил команду.", en: "The server refused the command." };

/** A game's refusal in words: `refusalOf(code)` in the page's language, from the game's dictionary `own`
 * (`{ru, en}`), else the shared one, else a plain "refused". */
export function refusals(own = { ru: {}, en: {} }) {
  return (code) => {
    const language = lang();
    return own[language]?.[code] ?? SHARED[language][code] ?? DEFAULT[language];
  };
}

/** The codes a game's page words in both languages: its own and the shared ones. */
export function wordedCodes(own = { ru: {}, en: {} }) {
  const both = (table) => Object.keys(table.ru ?? {}).filter((code) => code in (table.en ?? {}));
  return [...new Set([...both(own), ...both(SHARED)])];
}
