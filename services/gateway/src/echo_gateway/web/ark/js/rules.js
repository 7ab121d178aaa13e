// The rules of Ark in our own words (docs/games/ark.md), Russian and English: the page #/rules.
import { lang } from "../../shell/i18n.js";
import { esc } from "./html.js";

const RU = ["Правила «Ковчега»", [
  ["Суть", "Случилась катастрофа. В Ковчеге мест вдвое меньше, чем игроков (при нечётном числе — с округлением вниз). Каждый — персонаж с семью картами: профессия, биология, здоровье, хобби, фобия, багаж, факт. Убедите остальных, что вы нужны в Ковчеге."],
  ["Раунды", "Пять раундов. В каждом открывается карта Ковчега, затем каждый, кто ещё не изгнан, открывает одну свою карту (в первом раунде — профессию) и говорит. Потом голосование: кого изгнать. В первом раунде не изгоняют никого; сколько изгоняют в раундах 2–5, игра пишет в каждом раунде."],
  ["Голосование", "Голоса тайные, голосуют все, включая изгнанных. Голос окончателен. Ничья — переголосование с полуторным временем. Кто не успел: не изгнанный голосует против себя, изгнанный воздерживается."],
  ["Режим «Спасение»", "Побеждают все, кто остался в Ковчеге."],
  ["Режим «Выживание»: инциденты", "После пятого раунда открываются все карты и команды — изгнанные и игроки в Ковчеге — встречают инциденты. Команда того, с кем случился инцидент, может сослаться на свои карты (у погибших — только багаж), а команда Ковчега — и на карты Ковчега: это довод в обсуждении, карта не тратится. Затем все остальные голосуют: «Выжил» или «Погиб»."],
  ["Шанс выжить", "Шанс — доля голосов «Выжил»: 2 из 3 голосов — 67%. Затем жребий: 0% — погибает всегда, 100% — выживает всегда. Побеждают все выжившие, изгнанные тоже."],
  ["Инкубатор выключен: продолжение рода", "В конце все голосуют, продолжится ли род. Игра подсказывает пары, которые подходят по картам. Если «Против» больше — род прерывается, и проигрывают все, даже спасённые. Ничья — переголосование."],
  ["Таймеры", "Если время вышло: карта открывается случайно, обсуждение заканчивается, голос — как сказано выше. Без таймеров владелец может пропустить шаг игрока, который пропал со связи."],
  ["Комната", "От 4 до 16 игроков. Владелец настраивает игру и может убрать игрока до начала. Итоги видны пять минут, потом игра удаляется."],
]];
const EN = ["The rules of Ark", [
  ["The idea", "A catastrophe has struck. The Ark has half as many places as there are players (rounded down). Each player is a character with seven cards: profession, biology, health, hobby, phobia, baggage, fact. Convince the others you belong in the Ark."],
  ["Rounds", "Five rounds. Each opens an Ark card; then everyone not yet exiled reveals one card (the profession in round 1) and speaks. Then a vote: whom to exile. Round 1 exiles nobody; how many rounds 2–5 exile, the game says each round."],
  ["Voting", "Votes are secret; everyone votes, the exiled too. A vote is final. A tie means a revote with 1.5× the time. Whoever runs out of time: a player not exiled votes against himself, an exiled one abstains."],
  ["Rescue mode", "Everyone left in the Ark wins."],
  ["Survival mode: incidents", "After round 5 every card is revealed and the two teams — the exiled and the Ark players — face incidents. The team of the player facing one may cite its cards (of the dead only Baggage), the Ark team the Ark cards too: an argument in the discussion; nothing is used up. Then everyone else votes «Survived» or «Died»."],
  ["Survival chance", "The chance is the share of «Survived» votes: 2 of 3 votes is 67%. Then a draw: 0% always dies, 100% always survives. Every survivor wins, the exiled too."],
  ["Incubator off: the continuation of kind", "At the end everyone votes whether the kind goes on. The game hints at pairs the cards allow. If «Against» wins, the kind ends and everyone loses, the saved too. A tie means a revote."],
  ["Timers", "When time runs out: a random card is revealed, a discussion ends, a vote goes as said above. With timers off the owner may skip the step of a player who lost the connection."],
  ["The room", "4 to 16 players. The owner sets the game up and may remove a player before the start. The results stay for five minutes, then the game is deleted."],
]];

export function rulesPage() {
  const [title, parts] = lang() === "en" ? EN : RU;
  const back = lang() === "en" ? "Back" : "Назад";
  return `<section class="panel rules" data-testid="rules"><h2>${esc(title)}</h2>
    ${parts.map(([h, p]) => `<h3>${esc(h)}</h3><p>${esc(p)}</p>`).join("")}
    <p><button type="button" class="btn" data-op="rules-back" data-testid="rules-back">${esc(back)}</button></p></section>`;
}
