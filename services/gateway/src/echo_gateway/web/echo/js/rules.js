// The rules in our own words, with the cheat-sheet. Russian first; a shorter English version.
import { lang, t } from "./i18n.js";
import { escapeHTML } from "../../shell/text.js";
import { glossary, termHTML } from "./terms.js";

const RU = () => `
<h1>Как играть в Эхо-вызов</h1>
<p>Каждый день в полночь по Москве выходит новый Эхо-вызов дня. В одной лиге у всех одинаковое поле и одинаковые
случайности, так что побеждает тот, кто лучше ходит. Попытка одна; счёт — ${termHTML("credits")}.</p>

<h2>Поле и такты</h2>
<p>Поле — сто ${termHTML("sector", "секторов")}, 10 на 10, столбцы A–J, строки 1–10. Под неисследованными секторами (#) прячутся Эфемеры —
фигуры из ${termHTML("segment", "сегментов")} зелёного, жёлтого и красного цвета. Цифра на свободном секторе — сколько сегментов среди восьми его
соседей. Два Эфемера не соприкасаются сторонами, только углами.</p>
<p>Время считается ${termHTML("tick", "тактами")}: такт — это щелчок инструментом по закрытому сектору. Пока вы думаете,
ничего не меняется.</p>

<h2>Инструменты</h2>
<ul>
<li>${termHTML("probe")} ничего не стоит и открывает ровно один сектор. Свободный сектор прибавляет 1 ${termHTML("charge", "Заряд")}.
Попали в сегмент — ${termHTML("nadlom", "Надлом")}, и сегмент выжжен.</li>
<li>${termHTML("beam")} тратит 2 Заряда. Сегмент он вскрывает без вреда; промах открывает сектор, но Заряда не приносит.</li>
</ul>
<p>Эфемер, все сегменты которого взяты Эхолучом, — ${termHTML("clean", "чистое вскрытие")}: он стоит вдвое дороже,
чем ${termHTML("lossy", "вскрытие с потерями")}.</p>

<h2>Эхонавт</h2>
<p>${termHTML("connectivity")} — ваш запас прочности, считается делениями и половинками. Дошла до нуля — срыв.
${termHTML("contour")} — сколько Заряда помещается. Лишний Заряд сгорает: это ${termHTML("overload", "Перегрузка")},
и она тоже стоит Надлома. ${termHTML("layer")} подсказывает, сколько свободных секторов ещё закрыто.</p>

<h2>Цвета</h2>
<ul>
<li><span class="swatch green"></span> зелёный сегмент возвращает половину деления Связности;</li>
<li><span class="swatch yellow"></span> жёлтый даёт сразу 4 Заряда — освободите для них место в Контуре;</li>
<li><span class="swatch red"></span> красный заряжает Детектор, но приходит в ${termHTML("perturbation", "Возмущение")}: число на его
секторах — сколько тактов осталось до удара по Связности. Удары прекращаются, когда красный вскрыт полностью.</li>
</ul>

<h2>Мембраны</h2>
<p>В каждом Эфемере одна ${termHTML("membrane", "мембрана")}. Оставьте её на конец — и она сработает, дав прибавку до конца
партии; вскроете раньше — погаснет. Цифры рядом со скрытой мембраной мигают (${termHTML("interference", "помеха")}).</p>
<table class="rules-table"><thead><tr><th></th><th>№ 1</th><th>№ 2</th></tr></thead><tbody>
<tr><th>Зелёная</th><td>+1 к пределу Связности и ½ деления</td><td>все Заказы продвигаются на знак</td></tr>
<tr><th>Жёлтая</th><td>Контур +2</td><td>${termHTML("freeze", "Заморозка")} таймеров красных на 7 тактов</td></tr>
<tr><th>Красная</th><td>+1 к пределам Детектора и Спектрометра</td><td>пять Заказов на доске вместо трёх</td></tr>
</tbody></table>

<h2>Приборы</h2>
<p>${termHTML("detector")} и ${termHTML("spectrometer")} срабатывают сами после щелчка и тратят свой ${termHTML("instrumentCharge", "заряд")}. Детектор
показывает бледную цифру соседнего закрытого сектора (по нему можно щёлкать). Спектрометр после Зонда обводит рамкой
соседний скрытый сегмент и показывает его знак.</p>

<h2>Заказы Чёрного рынка</h2>
<p>${termHTML("orders", "Заказ")} — рисунок из трёх знаков: цифра, цвет или пунктир (пустой сектор). Откройте подряд
подходящие сектора — получите Кредиты и полный Спектрометр. Цифры и пустые засчитываются только Зонду. Неподходящий
свободный сектор начинает Заказ сначала; чужой сегмент его не сбрасывает. Застоявшийся Заказ через 8 тактов снимается.</p>

<h2>Конец партии</h2>
<p>Партия кончается, когда вскрыты все Эфемеры, когда кончилась Связность, когда вы нажали «Завершить» или когда
в полночь закрылся Эхо-вызов дня. Набранные Кредиты засчитываются всегда; итог расписан «число × цена = сумма».</p>

<h2>Режимы</h2>
<ul>
<li><strong>Учебное задание</strong> ведёт по шагам, не идёт в Чарт и проходится сколько угодно раз. С него и начинайте.</li>
<li>${termHTML("free")} — три в день, брошенная тоже считается; «Как Вызов дня» даёт сегодняшние правила и состав поля на
другом поле. Недоигранная одна: новая закроет прежнюю. Лучший результат на каждом поле хранится — его можно пересмотреть.</li>
<li>${termHTML("daily")} — одна партия на аккаунт.</li>
</ul>

<h2>Одна попытка</h2>
<p>Играть можно сразу, без регистрации. Партия Вызова дня начинается с первого хода, переиграть её нельзя. Закрыли
страницу — партия продолжится с того же места, пока идёт её Эхо-вызов дня; на другом устройстве — после входа по почте.
За 30 минут до полуночи экран предупредит, за 10 — пойдёт отсчёт. В полночь партия кончится сама, набранное засчитается.
Прошедший Эхо-вызов сыграть уже нельзя.</p>

<h2>Чарт и Лиги</h2>
<p>В ${termHTML("chart")} попадает каждая партия с хоть одним Кредитом — с подтверждённой почтой; без неё партия
засчитывается, но видите её только вы, с пометкой «вне Чарта». Подтвердили — партии этой недели появятся в Чарте.
Окончательный Чарт — в Итогах дня, вместе с полем прошедшего дня; Партию дня лидера Бронзы можно посмотреть ход за ходом.
Имя в Чарте — ваш ${termHTML("callsign")}.</p>
<p>${termHTML("league")}: неделя — семь Вызовов дня с понедельника по воскресенье; вы соревнуетесь с группой до десяти
соперников по сумме Кредитов, пропущенный день даёт ноль. Трое лучших поднимаются; из группы в 9–10 человек двое
последних опускаются, из 6–8 — один, из Бронзы не опускаются. У старших лиг бывают ${termHTML("special", "особые партии")}.</p>

<h2>Друзья и вызов</h2>
<p>После партии нажмите «Бросить вызов» и отправьте ссылку: друг сыграет то же поле и увидит оба счёта рядом. Ссылка одна
на весь день; нужна подтверждённая почта. Кто сыграл по вашей ссылке — ваш друг, а вы — его. ${termHTML("friends")} можно
добавить и из Чарта, и поиском по Позывному; лишнего — убрать или заблокировать.</p>

<h2 id="cheat">Шпаргалка</h2>
<ol class="cheat">
<li>Начинайте Зондом: он бесплатный и копит Заряд. Эхолуч берегите для сегментов, которые уже вычислены.</li>
<li>Каждый выжженный сегмент — минус деление Связности и половина цены Эфемера.</li>
<li>Контур полон — переходите на Эхолуч; жёлтый оставьте, пока есть куда принять его 4 Заряда.</li>
<li>Тронули красного — доводите до конца, пока таймер не дошёл до нуля.</li>
<li>Недовскрытый зелёный — запас Связности, недовскрытый жёлтый — запас Заряда: не тратьте их зря.</li>
<li>Мигает цифра — рядом мембрана; её сегмент — последним.</li>
<li>Подгоняйте порядок щелчков под рисунки Заказов.</li>
<li>Последний Эфемер сразу заканчивает партию — сначала доделайте выполнимые Заказы.</li>
<li>Сыграли — бросьте вызов. В одной лиге поле у друга то же самое, и спорить о везении не придётся.</li>
</ol>
${glossaryHTML()}`;

const EN = () => `
<h1>How to play Echo Challenge</h1>
<p>A new Daily comes out every midnight Moscow time. Inside a league everyone gets the same field and the same dice;
one attempt each; the score is ${termHTML("credits")}.</p>
<h2>Field and ticks</h2>
<p>100 sectors, columns A–J, rows 1–10. Ephemera (green, yellow, red shapes of segments) hide under unexplored
sectors (#). A digit counts the segments among its eight neighbours. Each tool click on a closed sector is one ${termHTML("tick")}.</p>
<h2>Tools</h2>
<ul><li>${termHTML("probe")}: free, opens one sector, +1 Charge on a free sector; a segment costs a ${termHTML("nadlom")} and burns.</li>
<li>${termHTML("beam")}: 2 Charge; opens segments safely; a miss gives nothing. All segments by the Beam = a clean opening (double price).</li></ul>
<h2>Gauges</h2>
<p>${termHTML("connectivity")} (0 = breakdown), ${termHTML("contour")} (Charge capacity; excess = ${termHTML("overload")}), ${termHTML("layer")}.</p>
<h2>Colours and membranes</h2>
<p>Green: +½ Connectivity. Yellow: +4 Charge. Red: recharges the Detector but starts a ${termHTML("perturbation")} timer.
A ${termHTML("membrane")} opened last in its body triggers a bonus; blinking digits mark a hidden membrane nearby.</p>
<h2>Orders</h2><p>Three symbols in a row (digit, colour, dotted = empty). Completing one pays and refills the Spectrometer.</p>
<h2>Modes and one attempt</h2>
<p>The Tutorial guides step by step, is not charted, repeat at will — start there. A ${termHTML("free")}: three a day,
the best per field kept. The ${termHTML("daily")}: one game per account; it starts with the first move, cannot be replayed,
resumes after closing the page while its Daily lives, and ends by itself at midnight with the Credits earned.</p>
<h2>Chart, Leagues, Friends</h2>
<p>Every game with a Credit enters the ${termHTML("chart")} — with a confirmed e-mail; without one it counts but only you
see it, «out of Chart». Your name there is your ${termHTML("callsign")}. A ${termHTML("league")} week is seven Dailies;
you compete with a group of up to ten, the best three move up. Higher leagues have ${termHTML("special", "special games")}.
After a game, «Challenge a friend» sends a link: the friend plays the same field and both scores show side by side;
whoever plays your link becomes one of your ${termHTML("friends")}.</p>
<h2 id="cheat">Cheat-sheet</h2>
<ol class="cheat"><li>Start with the Probe; Beam only what the digits prove.</li><li>Full Contour — switch to the Beam; keep yellows for later.</li>
<li>Touched a red — finish it before the timer strikes.</li><li>Blinking digit — leave the membrane for last.</li>
<li>Steer your clicks by the Orders; the last ephemeron ends the game.</li>
<li>Played? Challenge a friend: in one league the field is the same, no arguing about luck.</li></ol>
${glossaryHTML()}`;

/** The glossary of the rules page: every term, each explaining itself. */
function glossaryHTML() {
  const rows = glossary().map(([key, name, text]) => `<dt>${termHTML(key, name)}</dt><dd>${escapeHTML(text)}</dd>`);
  return `<h2 id="terms">${t("terms")}</h2><dl class="glossary" data-testid="glossary">${rows.join("")}</dl>`;
}

export class RulesScreen {
  constructor(root) { this.root = root; }
  mount() {
    this.root.innerHTML = `<article class="rules" data-testid="rules">${lang() === "en" ? EN() : RU()}
      <p><a class="btn" href="#/">${t("home")}</a></p></article>`;
  }
  unmount() {}
}
