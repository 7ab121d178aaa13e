// «Правила»: Echoes of Time in our own words (docs/games/echoes-of-time.md is the full text), and a glossary
// of every number and sign the table shows.

const RU = `<h2>Правила «Эха времени»</h2>
<p>Каждый собирает <b>братство</b> из карт. Больше всего победных очков (ПО) в конце — победа. Колода общая, своих фракций у игроков нет.</p>
<h3>Раунд</h3>
<ol><li><b>Фаза времени.</b> Поле времени каждого сдвигается на одно деление вправо; карты, ушедшие с деления 1, <b>призываются</b> — входят в братство и срабатывают.</li>
<li><b>Фаза действий.</b> У каждого по два хода. В ход ставите кубик на свободную ячейку одного из пяти действий и можете, до или после, активировать свойства своих карт.</li>
<li><b>Конец раунда.</b> Больше 10 карт в руке — лишние в сброс; кубики и жетоны активации возвращаются; жетон первого игрока переходит к следующему.</li></ol>
<h3>Пять действий</h3>
<ul><li><b>Взять карты</b> — 2 карты из колоды.</li>
<li><b>Разыграть карту</b> — сбросьте столько карт, сколько указано в «сброс», и положите карту на деление поля времени с номером её «времени». Время 0 — карта сразу в братстве.</li>
<li><b>Продвинуть</b> — 2 шага по картам своего поля: одна карта на 2 деления или две на одно. Ушедшая с поля карта призывается.</li>
<li><b>Захватить Источник</b> — положите под Источник существа из братства: их сила ⚔ должна достичь порога захвата (и превысить защиту, если Источник чужой).</li>
<li><b>Укрепить Источник</b> — добавьте существ под свой Источник; когда сила достигнет порога укрепления, он ваш до конца игры.</li></ul>
<p>Существо той же фракции, что и Источник, даёт +1 к силе. Каждую ячейку можно занять один раз за раунд.</p>
<h3>Конец игры</h3>
<p>Игра кончается в конце раунда, в котором выполнено одно из условий: <b>A</b> — иссяк общий запас ПО; <b>B</b> — у кого-то братство в 12 (карты братства плюс 2 за каждый Источник); <b>C</b> — укреплены все Источники в игре.</p>
<p>Подсчёт: жетоны ПО + Источники (левое ★ за захваченный, правое за укреплённый) + ПО карт братства (и существ под вашими Источниками) + эффекты «Подсчёт». При равенстве побеждает тот, кто укрепил больше Источников; дальше — общая победа.</p>
<h3>Что значат числа и знаки</h3>
<dl><dt>сброс N · время N · ПО N</dt><dd>на карте: сколько других карт сбросить при розыгрыше, на какое деление она ложится, сколько очков приносит в конце.</dd>
<dt>⚔N</dt><dd>сила существа: для захвата и укрепления Источников.</dd>
<dt>⟲</dt><dd>на карте или Источнике лежит жетон активации: его свойство в этом раунде уже использовано.</dd>
<dt>захват N (★a) · укрепление M (★b)</dt><dd>пороги силы Источника и ПО за него: a — захваченный, b — укреплённый.</dd>
<dt>защита N</dt><dd>сила существ под захваченным Источником: чтобы отнять его, нужно больше.</dd>
<dt>ПО N · в руке N · братство N</dt><dd>жетоны ПО игрока, число карт у него в руке, счёт братства для условия B.</dd>
<dt>Ячейки действий, кубики</dt><dd>какие действия уже выбраны в этом раунде; у каждого два кубика на раунд.</dd>
<dt>Колода · сброс · запас ПО · доп. ПО</dt><dd>карт в колоде и в сбросе, сколько осталось в общем запасе ПО (условие A) и сколько взято сверх него.</dd></dl>`;

const EN = `<h2>Echoes of Time: the rules</h2>
<p>Each player builds a <b>fellowship</b> of cards. Most victory points (VP) at the end wins. The deck is shared; players have no faction of their own.</p>
<h3>A round</h3>
<ol><li><b>Time phase.</b> Everyone's time board moves one space right; the cards leaving space 1 are <b>summoned</b>: they join the fellowship and take effect.</li>
<li><b>Action phase.</b> Everyone has two turns. In a turn you put a cube on a free slot of one of five actions and may, before or after it, activate the abilities of your cards.</li>
<li><b>End of round.</b> Over 10 cards in hand: discard the rest; cubes and activation tokens come back; the first-player token passes on.</li></ol>
<h3>The five actions</h3>
<ul><li><b>Draw cards</b>: 2 cards from the deck.</li>
<li><b>Play a card</b>: discard as many cards as its “discard” says and put it on the space of your time board that its “time” says. Time 0: it joins the fellowship at once.</li>
<li><b>Advance</b>: 2 steps for the cards on your board: one card 2 spaces or two cards 1 each. A card leaving the board is summoned.</li>
<li><b>Capture a Source</b>: put creatures of your fellowship under a Source; their strength ⚔ must reach its capture threshold (and beat its defence if someone holds it).</li>
<li><b>Entrench a Source</b>: add creatures under your Source; once their strength reaches the entrench threshold it is yours to the end.</li></ul>
<p>A creature of the Source's faction adds 1 to the strength. Each slot can be taken once a round.</p>
<h3>The end</h3>
<p>The game ends at the end of the round in which a condition was met: <b>A</b>, the main VP supply ran out; <b>B</b>, someone's fellowship counts 12 (its cards plus 2 per Source held); <b>C</b>, every Source in play is entrenched.</p>
<p>Scoring: VP tokens + Sources (the left ★ if captured, the right one if entrenched) + the VP of the fellowship's cards (creatures under your Sources too) + the “Scoring” effects. On a tie the one with more entrenched Sources wins; still tied, the victory is shared.</p>
<h3>What the numbers and signs mean</h3>
<dl><dt>discard N · time N · VP N</dt><dd>on a card: how many other cards to discard to play it, onto which space it goes, how many points it brings at the end.</dd>
<dt>⚔N</dt><dd>a creature's strength: for capturing and entrenching Sources.</dd>
<dt>⟲</dt><dd>the card or Source carries an activation token: its ability has been used this round.</dd>
<dt>capture N (★a) · entrench M (★b)</dt><dd>a Source's strength thresholds and its VP: a if captured, b if entrenched.</dd>
<dt>defence N</dt><dd>the strength of the creatures under a captured Source: taking it needs more.</dd>
<dt>N VP · N in hand · fellowship N</dt><dd>the player's VP tokens, cards in hand, and fellowship count for condition B.</dd>
<dt>Action slots, cubes</dt><dd>which actions were taken this round; everyone has two cubes a round.</dd>
<dt>Deck · discard · VP supply · extra VP</dt><dd>cards in the deck and the discard pile, what is left of the main VP supply (condition A) and what was taken beyond it.</dd></dl>`;

export const rulesHTML = (lang) => `<section class="panel rules" data-testid="rules">${lang === "en" ? EN : RU}</section>`;
