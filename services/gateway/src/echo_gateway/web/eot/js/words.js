// Echoes of Time's words: Russian first, English by the shared switch (js/i18n.js keeps the choice).
import { lang } from "/js/i18n.js";

const RU = {
  title: "Эхо времени", home: "К столам", back: "← Эхо-вызов",
  newTable: "Новый стол", seats: "Мест", bots: "Ботов", botLevel: "Уровень ботов", timer: "Таймер хода",
  timerOff: "без таймера", seconds: "{n} с", create: "Создать стол", joinTitle: "Стол по ссылке",
  joinHint: "Вставьте ссылку-приглашение", join: "Сесть за стол", history: "Мои партии", historyEmpty: "Партий ещё не было.",
  historyFailed: "Историю партий сейчас не загрузить.", unfinished: "Столы в игре", inLobby: "ждём игроков", inPlay: "идёт игра", res_win: "победа", res_loss: "поражение",
  res_draw: "ничья", res_none: "без результата", botSeat: "бот «{l}»", vpOf: "{n} ПО", timeLeft: "осталось {t}", timeLeftLabel: "Осталось времени на этот шаг",
  lv_random: "Новичок", lv_greedy: "Расчётливый", lv_balanced: "Сбалансированный",
  lobby: "Ждём игроков: {taken} из {seats}", invite: "Ссылка для друзей", copy: "Скопировать", copied: "Скопировано",
  leave: "Покинуть стол", closed: "Стол закрыт: все ушли.",
  round: "Раунд {n}", ph_setup: "подготовка", ph_time: "фаза времени", ph_action: "фаза действий", ph_end: "конец раунда", ph_over: "партия окончена",
  turnOf: "Ход: {p} ({i}-й)", yourTurn: "Ваш ход", yourDecision: "Ваше решение", first: "первый игрок", you: "вы", player: "Игрок {n}",
  decides: "{p} принимает решение", waiting: "Ждём: {p}",
  flags: "Условия конца игры", flagA: "A · общий запас ПО: осталось {left} из {all}", flagB: "B · братство: лучший {best} из 12",
  flagC: "C · укреплены все Источники: {n} из {all}", raised: "выполнено в раунде {r}",
  hand: "Моя рука", handEmpty: "Рука пуста.", handSize: "в руке {n}", vp: "ПО {n}", count: "братство {n}",
  board: "Поле времени", space: "{n}", fellowship: "Братство", fellowshipEmpty: "пусто", held: "Источники",
  slots: "Ячейки действий", cubes: "кубики: {n} свободно",
  sources: "Источники", sourcesOut: "вне игры: {list}", st_free: "свободен", st_captured: "захвачен {p}", st_entrenched: "укреплён {p}",
  defence: "защита {n}", capture: "захват {n}", entrench: "укрепление {n}", under: "под ним: {list}",
  supply: "Колода {deck} · сброс {discard} · запас ПО {main} · доп. ПО {extra}",
  discardPile: "Сброс", log: "Журнал", logEmpty: "Пока ничего не произошло.",
  act_draw: "Взять карты", act_play: "Разыграть карту", act_advance: "Продвинуть", act_capture: "Захватить Источник", act_entrench: "Укрепить Источник",
  moves: "Что делаете?", endTurn: "Закончить ход", activate: "Активировать {c}", activateCost: "Активировать {c} (сбросить {n})",
  concede: "Сдаться", concedeConfirm: "Сдаться? Вы займёте последнее место.", cancel: "Отмена", confirm: "Подтвердить",
  pickCard: "Какую карту разыграть?", pickDiscards: "Выберите {n} карт(ы) на сброс: выбрано {k}",
  pickSpace: "На какое деление поля времени?", space0: "сразу в братство", spaceN: "деление {n}",
  playIt: "Разыграть {c}", pickChoice: "Выберите вариант",
  withCreatures: "{s}: существа {list}", noCreatures: "{s} (без существ)", moveText: "{c} на {n}", noMove: "не двигать",
  decline: "Отказаться",
  dk_summon_order: "Какую карту призвать первой?", dk_discard: "Сбросьте {min} карт(ы)", dk_keep: "Оставьте {min} из просмотренных карт",
  dk_retrieve: "Верните из сброса до {max} карт", dk_advance: "Продвиньте карты (до {max} шагов)", dk_play: "Разыграйте карту — или откажитесь",
  dk_ready: "Снимите жетон активации с одной карты или Источника", dk_hand_limit: "Больше 10 карт: сбросьте {min}",
  chosen: "выбрано {k} из {min}–{max}",
  over: "Партия окончена", winners: "Победа: {list}", reason: "Причина: {r}", tieBreak: "при равенстве решило: {t}",
  r_A: "иссяк общий запас ПО", r_B: "братство в 12", r_C: "все Источники укреплены", r_round_cap: "40 раундов", r_concede: "соперники сдались",
  sc_tokens: "жетоны ПО", sc_sources: "Источники", sc_cards: "карты", sc_effects: "эффекты", sc_total: "итого",
  replay: "Повтор", replayStep: "Шаг {i} из {n}", prev: "← Назад", next: "Вперёд →", toTable: "К столу",
  conceded: "сдался",
  log_round: "Раунд {n} начался", log_slot: "{p}: {a}", log_board: "{p} кладёт {c} на деление {n}",
  log_fellow: "{c} входит в братство {p}", log_vp: "{p} получает {n} ПО", log_src: "{p}: {s} — {st}",
  log_flag: "Выполнено условие {f}", log_concede: "{p} сдаётся", log_over: "Партия окончена",
  log_turn: "Ходит {p}", log_decide: "{p} решает: {k}",
  f_water: "Вода", f_forest: "Лес", f_sky: "Небо", f_earth: "Земля", creature: "существо", artifact: "артефакт",
  cardStats: "сброс {d} · время {t} · ПО {vp}", strength: "сила {s}",
};

const EN = {
  title: "Echoes of Time", home: "Tables", back: "← Echo Challenge",
  newTable: "New table", seats: "Seats", bots: "Bots", botLevel: "Bot level", timer: "Turn timer",
  timerOff: "no timer", seconds: "{n} s", create: "Open the table", joinTitle: "A table by its link",
  joinHint: "Paste the invitation link", join: "Sit down", history: "My games", historyEmpty: "No games yet.",
  historyFailed: "The game history cannot be loaded now.", unfinished: "Tables in play", inLobby: "waiting for players", inPlay: "in play", res_win: "won", res_loss: "lost",
  res_draw: "draw", res_none: "no result", botSeat: "bot “{l}”", vpOf: "{n} VP", timeLeft: "{t} left", timeLeftLabel: "Time left for this step",
  lv_random: "Novice", lv_greedy: "Calculating", lv_balanced: "Balanced",
  lobby: "Waiting for players: {taken} of {seats}", invite: "Link for friends", copy: "Copy", copied: "Copied",
  leave: "Leave the table", closed: "The table is closed: everyone left.",
  round: "Round {n}", ph_setup: "setup", ph_time: "time phase", ph_action: "action phase", ph_end: "end of round", ph_over: "game over",
  turnOf: "Turn: {p} (#{i})", yourTurn: "Your turn", yourDecision: "Your decision", first: "first player", you: "you", player: "Player {n}",
  decides: "{p} is deciding", waiting: "Waiting for {p}",
  flags: "End of the game", flagA: "A · main VP supply: {left} of {all} left", flagB: "B · fellowship: best {best} of 12",
  flagC: "C · every Source entrenched: {n} of {all}", raised: "met in round {r}",
  hand: "My hand", handEmpty: "No cards in hand.", handSize: "{n} in hand", vp: "{n} VP", count: "fellowship {n}",
  board: "Time board", space: "{n}", fellowship: "Fellowship", fellowshipEmpty: "empty", held: "Sources",
  slots: "Action slots", cubes: "cubes: {n} free",
  sources: "Sources", sourcesOut: "out of the game: {list}", st_free: "free", st_captured: "captured by {p}", st_entrenched: "entrenched by {p}",
  defence: "defence {n}", capture: "capture {n}", entrench: "entrench {n}", under: "under it: {list}",
  supply: "Deck {deck} · discard {discard} · VP supply {main} · extra VP {extra}",
  discardPile: "Discard pile", log: "Log", logEmpty: "Nothing has happened yet.",
  act_draw: "Draw cards", act_play: "Play a card", act_advance: "Advance", act_capture: "Capture a Source", act_entrench: "Entrench a Source",
  moves: "Your move", endTurn: "End the turn", activate: "Activate {c}", activateCost: "Activate {c} (discard {n})",
  concede: "Concede", concedeConfirm: "Concede? You will be ranked last.", cancel: "Cancel", confirm: "Confirm",
  pickCard: "Which card do you play?", pickDiscards: "Pick {n} card(s) to discard: {k} picked",
  pickSpace: "Onto which space of the time board?", space0: "straight into the fellowship", spaceN: "space {n}",
  playIt: "Play {c}", pickChoice: "Pick one",
  withCreatures: "{s}: creatures {list}", noCreatures: "{s} (no creatures)", moveText: "{c} by {n}", noMove: "move nothing",
  decline: "Decline",
  dk_summon_order: "Which card is summoned first?", dk_discard: "Discard {min} card(s)", dk_keep: "Keep {min} of the cards looked at",
  dk_retrieve: "Take back up to {max} cards from the discard pile", dk_advance: "Advance cards (up to {max} steps)", dk_play: "Play a card — or decline",
  dk_ready: "Remove the activation token of one card or Source", dk_hand_limit: "Over 10 cards: discard {min}",
  chosen: "{k} picked of {min}–{max}",
  over: "Game over", winners: "Won: {list}", reason: "Because: {r}", tieBreak: "tie broken by: {t}",
  r_A: "the main VP supply ran out", r_B: "a fellowship of 12", r_C: "every Source entrenched", r_round_cap: "40 rounds", r_concede: "the others conceded",
  sc_tokens: "VP tokens", sc_sources: "Sources", sc_cards: "cards", sc_effects: "effects", sc_total: "total",
  replay: "Replay", replayStep: "Step {i} of {n}", prev: "← Back", next: "Next →", toTable: "To the table",
  conceded: "conceded",
  log_round: "Round {n} began", log_slot: "{p}: {a}", log_board: "{p} puts {c} on space {n}",
  log_fellow: "{c} joins {p}'s fellowship", log_vp: "{p} gains {n} VP", log_src: "{p}: {s} — {st}",
  log_flag: "Condition {f} is met", log_concede: "{p} concedes", log_over: "The game is over",
  log_turn: "{p} to play", log_decide: "{p} decides: {k}",
  f_water: "Water", f_forest: "Forest", f_sky: "Sky", f_earth: "Earth", creature: "creature", artifact: "artifact",
  cardStats: "discard {d} · time {t} · VP {vp}", strength: "strength {s}",
};

// The rules' and the tables' refusals (docs/games/echoes-of-time.md §17, services/gateway/PROTOCOL.md).
const ERRORS_RU = {
  wrong_phase: "Сейчас не фаза действий.", not_your_turn: "Сейчас не ваш ход.", decision_pending: "Сначала нужно решение.",
  no_such_decision: "Это решение уже принято.", bad_choice: "Такой выбор невозможен.", main_action_done: "Основное действие уже сделано в этом ходу.",
  main_action_missing: "Сначала сделайте основное действие.", slot_taken: "Эта ячейка уже занята вашим кубиком.", no_cube: "Оба кубика уже выставлены.",
  not_in_hand: "Этой карты нет у вас в руке.", not_enough_cards: "Не хватает карт на сброс.", bad_discards: "Неверный набор карт на сброс.",
  bad_space: "На это деление карту положить нельзя.", token_full: "На этом делении уже две карты.", nothing_playable: "Разыграть нечего.",
  board_empty: "На поле времени нет карт.", bad_move: "Такой ход невозможен.", too_many_steps: "Слишком много шагов.",
  not_your_creature: "Это не ваше существо.", not_a_creature: "Это не существо.", not_enough_strength: "Не хватает силы.",
  source_entrenched: "Источник уже укреплён.", source_yours: "Этот Источник уже ваш.", source_not_yours: "Этот Источник не ваш.",
  not_captured: "Источник не захвачен.", no_creatures: "Нужны существа.", already_activated: "На карте уже лежит жетон активации.",
  not_activatable: "Это нельзя активировать.", cannot_pay: "Нечем заплатить.", not_a_player: "Вы не играете за этим столом.",
  game_over: "Партия окончена.", stale_timer: "Время этого шага уже вышло.",
  unknown_invite: "Приглашение недействительно.", table_full: "Все места за столом заняты.", table_closed: "Все ушли из-за этого стола.",
  not_started: "Партия начнётся, когда все сядут.", unknown_game: "Такой партии у вас нет.", bad_settings: "Такие настройки стола невозможны.",
  bad_seats: "За столом от 2 до 4 мест.", bad_bots: "Боты занимают только свободные места.", bad_action: "Такого действия в игре нет.",
  busy: "Партия меняется на другом устройстве — повторите.", engine_unavailable: "Сервер игры не ответил — повторите.",
  rate_limited: "Слишком часто.", default: "Команда отклонена ({code}).",
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

export const escapeHTML = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
