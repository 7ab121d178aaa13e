// «Правила»: Ghost Five in our own words, Russian and English (docs/games/ghost-five.md is the full rules).
// Each section is a title and paragraphs; the page is built from them so both languages keep one shape.
import { lang } from "../../shell/i18n.js";
import { escapeHTML } from "../../shell/text.js";

const RU = [
  ["Партия и раунды", [
    "Партия идёт до двух выигранных раундов. Раунд — одно поле до ряда: кто первым собрал ряд, тот взял раунд. Выигранные раунды — кружки в карточке игрока.",
    "Раунд вничью (поле заполнено, оба собрали ряд одним ходом, оба пропускали) не засчитывается и играется заново.",
    "Сдача отдаёт сопернику всю партию. Рейтинг сетевой партии меняется один раз, когда она доиграна.",
  ]],
  ["Цель", [
    "Собрать ряд из своих фишек — четыре или пять подряд (настройка «Цель») по горизонтали, вертикали или диагонали. Якоря в ряду считаются. С «Захватом пар» побеждают и пять захваченных пар.",
  ]],
  ["Ход", [
    "Оба выбирают одновременно и не видят чужой выбор. Нажмите на клетку: под полем появятся все ходы на ней — «Сделать ход» (фишка), «Якорь», «Выстрел», а у своего якоря — сдвиг и магнит стрелками. На компьютере те же ходы в меню по правой кнопке.",
    "После выбора ход мигает три секунды: «Подтвердить» отправляет сразу, «Отмена» возвращает к выбору. Пока соперник не сходил, отправленный ход можно отозвать.",
    "Если оба пошли в одну клетку, она выгорает и становится стеной.",
  ]],
  ["Память", [
    "На поле держится ограниченное число ваших фишек (настройка «Память»). Лишняя вытесняет самую старую. Цифра в углу — сколько ваших ходов фишке осталось, пунктирная рамка — какая уйдёт следующей.",
  ]],
  ["Якоря ∞", [
    "У каждого два якоря — «якоря: ∞∞» в карточке. Якорь не стареет и не сбивается выстрелом. Его можно поставить на пустую клетку или сделать из своей фишки.",
    "Щит: ваши фишки вплотную к якорю не стареют и не занимают память.",
    "Сдвиг: якорь переезжает на соседнюю клетку (ломая стену там); на старой клетке остаётся след на один ход.",
    "Магнит: якорь тянет к себе фишки по одному из восьми лучей, на три клетки — не больше четырёх, по две с каждой стороны. Стена на луче глушит магнит, чужой якорь обрывает луч. Если оба тянут одну фишку, якоря сцепляются и магниты остывают два хода.",
    "Забрать: якорь, простоявший пять ходов, можно вернуть в запас вместе с обычным ходом — фишка остаётся обычной.",
  ]],
  ["Выстрел, пары, стены", [
    "Выстрел вместо хода сбивает фишку соперника; можно стрелять и в пустую клетку, угадывая его ход. Клетка остаётся помеченной на ход.",
    "Захват пар: две фишки соперника, зажатые вашими с обеих сторон, исчезают.",
    "Стена держится всегда или заданное число ходов («Срок стен»).",
  ]],
  ["Время и пропуски", [
    "«Ход» — время на один ход, «запас» — резерв на всю партию. Не успели — уходит выбранная клетка; ничего не выбрано — пропуск. Три пропуска подряд — раунд проигран.",
    "«Серия 1/3»: три хода подряд в основное время — и запас снова полон.",
  ]],
  ["Тайна хода", [
    "На сервер уходит только хеш хода; ход открывается, когда сходили оба, и ваш браузер сверяет его с хешем соперника («хеш соперника проверен» в журнале).",
  ]],
];

const EN = [
  ["Match and rounds", [
    "A match is won by the first to take two rounds. A round is one board until a row: whoever makes a row first takes the round. Rounds won are the circles on a player's card.",
    "A drawn round (a full board, both rows in the same turn, both skipping) counts for nobody and is played again.",
    "Resigning gives the opponent the whole match. An online match changes the ratings once, when it is over.",
  ]],
  ["Goal", [
    "Make a row of your pieces — four or five in a line (the «Row to win» setting), across, up or diagonally. Anchors count. With «Capture of pairs», five captured pairs win too.",
  ]],
  ["A turn", [
    "Both choose at the same time without seeing each other's choice. Tap a cell: every move on it appears under the board — «Make the move» (a stone), «Anchor», «Shot», and for your anchor its shifts and magnets as arrows. On a computer the same moves are in the right-button menu.",
    "A chosen move blinks for three seconds: «Confirm» sends it at once, «Cancel» goes back. Until the opponent has moved, a sent move can be withdrawn.",
    "If both aim at the same cell, it burns and becomes a wall.",
  ]],
  ["Memory", [
    "Only so many of your stones stay on the board (the «Memory» setting). One more pushes out the oldest. The digit in a corner is how many of your turns a stone has left; the dashed frame marks the one to go next.",
  ]],
  ["Anchors ∞", [
    "Each player has two anchors — «anchors: ∞∞» on the card. An anchor never ages and no shot takes it. Place it on an empty cell or turn one of your stones into it.",
    "Shield: your stones next to an anchor do not age and take no memory.",
    "Shift: the anchor moves to a neighbouring cell (breaking a wall there); the cell it left keeps a trail for one turn.",
    "Magnet: the anchor pulls pieces along one of eight rays, three cells long — at most four, two of each side. A wall on the ray silences it, an enemy anchor cuts it. If both pull the same piece, the anchors interlock and both magnets cool down for two turns.",
    "Take back: an anchor that has stood five turns may go back to the reserve along with an ordinary move; its stone stays as an ordinary one.",
  ]],
  ["Shots, pairs, walls", [
    "A shot, instead of a move, knocks an opponent's stone off; you may also shoot an empty cell, guessing his move. The cell stays marked for a turn.",
    "Capture of pairs: two opponent's stones closed in by yours on both sides disappear.",
    "A wall stands for good or for the set number of turns («Wall lifetime»).",
  ]],
  ["Time and skips", [
    "«Move» is the time for one turn, «reserve» a store for the whole match. Out of time, the selected cell goes; nothing selected, the turn is skipped. Three skips in a row lose the round.",
    "«Streak 1/3»: three turns in a row within the move time refill the reserve.",
  ]],
  ["The secret move", [
    "Only your move's hash reaches the server; the move is opened once both have moved, and your browser checks it against the opponent's hash («opponent's hash checked» in the log).",
  ]],
];

/** The rules page's sections. */
export function rulesHTML() {
  const sections = lang() === "en" ? EN : RU;
  return sections.map(([title, paragraphs]) => `<section class="panel rules-part"><h2>${escapeHTML(title)}</h2>
    ${paragraphs.map((p) => `<p>${escapeHTML(p)}</p>`).join("")}</section>`).join("");
}
