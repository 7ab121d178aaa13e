"""The REST API's response bodies, as the OpenAPI document describes them (`/api/schema/openapi.json`).

TypedDicts rather than models: the bodies are the dicts the routes build or the back-end services send
(social, leagues, the engine), passed on as they are. A TypedDict says exactly that shape — including a key
that is sometimes absent (`NotRequired`), which a model would turn into a `null` — so describing a body here
changes nothing on the wire. A game's view is its rules' own (`game_rules.view`), an object per game kind;
so is a game kind's catalogue (`game_rules`' optional `catalogue`).

`NEEDS_SESSION` / `SESSION_OPTIONAL` are the routes' `security`: the Bearer session scheme required (and the
401 without it), or accepted (the route shows more to a signed-in caller: his own row of the Chart, his view
of a replay). Every route documents the 503 of a store between leaders (`STORE_MAY_PAUSE`).
"""

from typing import Annotated, Any, NotRequired, TypedDict

from litestar.openapi import ResponseSpec
from litestar.params import KwargDefinition


class HttpError(TypedDict):
    """The gateway's own refusals (Litestar's): no session, a malformed parameter, a service not reachable."""

    status_code: int
    detail: str
    extra: NotRequired[dict[str, Any] | list[Any] | None]


class Refusal(TypedDict):
    code: str
    message: str
    message_ru: str


class StoreUnavailable(TypedDict):
    """The store was between leaders (a server lost) for longer than the gateway waits: send the request again
    after `Retry-After` seconds. `error.code` is `store_unavailable`."""

    error: Refusal


#: every route may answer it: each checks a session token it is sent (a read of the sessions bucket), and the
#: routes that make a guest or a session, sign out or count a flood limit write to the store as well
STORE_MAY_PAUSE: dict[int, ResponseSpec] = {
    503: ResponseSpec(StoreUnavailable, description="The store is choosing a new leader after a lost server: "
                      "nothing was refused, send the request again after the seconds of the `Retry-After` header "
                      "(`store_unavailable`)", generate_examples=False)}
#: a route's responses beyond its success, for the routes that do not need a session: `@get(..., **MAY_PAUSE)`
MAY_PAUSE: dict[str, Any] = {"responses": STORE_MAY_PAUSE}

SESSION: list[dict[str, list[str]]] = [{"session": []}]
SESSION_OPTIONAL: list[dict[str, list[str]]] = [{}, {"session": []}]
#: a route's `security` and its 401, for the routes that need a session: `@get(..., **NEEDS_SESSION)`
NEEDS_SESSION: dict[str, Any] = {
    "security": SESSION,
    "responses": {401: ResponseSpec(HttpError, description="No session token, or one expired, forged or signed "
                                    "out: sign in again (`POST /api/v1/guest`, a login link) or renew it in time",
                                    generate_examples=False), **STORE_MAY_PAUSE},
}

GameView = dict[str, Any]  # the rules' view of a game for one seat: an object of the game kind's own


# --- sessions and accounts ---------------------------------------------------------------------------


class SessionIssued(TypedDict):
    """A session token (send it as `Authorization: Bearer <token>`) and when it expires."""

    account_id: str
    token: str
    expires_at: str


class Me(TypedDict):
    account_id: str


class DeviceSession(TypedDict):
    session_id: str
    device_id: str
    signed_in_at: str
    renewed_at: str
    agent: str
    current: bool  # the session of the token that asked


class DeviceSessions(TypedDict):
    sessions: list[DeviceSession]


class SignedOut(TypedDict):
    signed_out: int  # how many devices were signed out


class Profile(TypedDict):
    account_id: str
    callsign: str | None
    email: str | None  # masked, once confirmed
    email_confirmed: bool
    pending_email: str | None  # masked: an address waiting for its confirmation


class Account(TypedDict):
    account: Profile


class CallsignSet(TypedDict):
    callsign: str
    changed: bool


class ConfirmationSent(TypedDict):
    email: str  # masked
    already_confirmed: bool
    expires_at: NotRequired[str]  # of the link just sent (none when the address was confirmed already)


class ConfirmationPreview(TypedDict):
    callsign: str | None  # of the account the address joins
    email: str
    expires_at: str
    this_browser: str  # same / other / none: whether this browser's session is that account


class EmailConfirmed(TypedDict):
    account_id: str
    email: str


class LoginLinkRequested(TypedDict):
    """Empty, and the same whether the address is known or not."""


# --- friends and challenges --------------------------------------------------------------------------


class Player(TypedDict):
    account_id: str
    callsign: str | None


class Friend(Player):
    mutual: bool  # he added the caller too


class Friends(TypedDict):
    friends: list[Friend]  # whom the caller added
    added_you: list[Player]  # who added the caller, not added back
    blocked: list[Player]


class FoundPlayer(Player):
    added: bool


class FoundPlayers(TypedDict):
    players: list[FoundPlayer]


class FriendAdded(TypedDict):
    friend: Player
    mutual: bool
    added: bool  # false when he was a friend already


class FriendRemoved(TypedDict):
    removed: bool


class Blocked(TypedDict):
    blocked: bool
    changed: bool


class ChallengeLink(TypedDict):
    challenge_id: str
    token: str
    url: str
    daily_date: str


class ChallengeCreated(TypedDict):
    challenge: ChallengeLink
    created: bool  # false: today's link, made earlier


class ChallengeSeen(TypedDict):
    challenge_id: str
    daily_date: str
    sender: Player


class ChallengeOpened(TypedDict):
    challenge: ChallengeSeen
    own: bool


class Scores(TypedDict):
    """Credits of Daily games: today's and yesterday's (null: none finished), this week's sum."""

    today: int | None
    yesterday: int | None
    week: int


class FriendScores(Scores):
    account_id: str
    callsign: str | None
    mutual: bool


class OwnScores(Scores):
    account_id: str
    callsign: str | None


class FriendsScores(TypedDict):
    me: OwnScores
    friends: list[FriendScores]  # best today first


class ChallengeSide(TypedDict):
    account_id: str
    callsign: str | None
    credits: int | None  # null until he finished the challenge's Daily


class ChallengeScores(TypedDict):
    daily_date: str
    own: bool
    sender: ChallengeSide
    me: ChallengeSide


class ChallengePlayed(ChallengeScores):
    recorded: bool | None
    friends_made: bool | None


# --- the Daily, the Chart, the leagues ---------------------------------------------------------------


class PresetView(TypedDict):
    id: str
    name_ru: str
    gist_ru: str | None
    title_ru: str
    name_en: str
    gist_en: str | None
    title_en: str


class Prices(TypedDict):
    clean: int
    lossy: int
    order: int


class Special(TypedDict):
    badge_ru: str
    changes_ru: list[str]
    badge_en: str
    changes_en: list[str]


class Daily(TypedDict):
    daily_id: str
    league: str
    number: int
    name_ru: str
    title_ru: str
    name_en: str  # a Daily published before English names: its Russian name in Latin letters
    title_en: str
    date: str
    preset: PresetView
    prices: Prices | None
    special: Special | None
    opens_at: str
    closes_at: str
    seconds_left: int
    phase: str  # live / warning / countdown / closing
    commitment: str | None  # SHA-256 of "<salt>:<seed>", checkable once the Day results give both


class Dailies(TypedDict):
    dailies: list[Daily]  # lowest league first


class ChartDaily(TypedDict):
    league: str
    date: str
    daily_id: str
    number: int | None
    name_ru: str | None
    closed: bool


class ChartRow(TypedDict):
    place: int
    callsign: str
    game_id: str
    opened: int
    clean: int
    orders: int
    credits: int
    ticks: int
    status: str
    finished_at: str
    me: NotRequired[bool]  # the caller's own row
    out_of_chart: NotRequired[bool]  # his game «вне Чарта» (no confirmed e-mail), shown to him alone
    label_ru: NotRequired[str]


class Chart(TypedDict):
    daily: ChartDaily
    total: int
    top: list[ChartRow]
    me: ChartRow | None
    around: list[ChartRow]  # the caller's neighbourhood


class SeedProof(TypedDict):
    preset_id: str
    seed: int
    salt: str
    commitment: str


class DayResults(Chart):
    field: dict[str, Any]  # the closed Daily's field, revealed
    seed_proof: SeedProof | None
    game_of_the_day: str | None


class GameOfTheDay(TypedDict):
    date: str
    league: str
    game_id: str
    callsign: str
    credits: int
    frames: list[dict[str, Any]]  # the game tick by tick; the last one carries the revealed field


class GroupMember(TypedDict):
    place: int
    callsign: str
    credits: int
    days: list[int]  # Monday to Sunday
    league_after: NotRequired[str]  # once the week is settled


class Group(TypedDict):
    group_id: str
    week_start: str
    league: str
    settled: bool
    size: int
    days: list[str]
    members: list[GroupMember]


class OwnGroup(TypedDict):
    group_id: str
    league: str
    place: int
    size: int


class MyLeague(TypedDict):
    account_id: str
    league: str
    week_start: str
    group: OwnGroup | None


# --- games ---------------------------------------------------------------------------------------------


class FreePreset(TypedDict):
    id: str
    title: str
    gist: str | None


class FreeOptions(TypedDict):
    limit: int
    used: int
    presets: list[FreePreset]
    unfinished: str | None  # the unfinished Free game's id


class DailyGame(TypedDict):
    game_id: str
    status: str


class DailyOption(TypedDict):
    daily_id: str
    number: int
    name: str
    league: str
    game: DailyGame | None  # the caller's game of it, once started


class PlayOptions(TypedDict):
    msk_date: str
    free: FreeOptions
    daily: DailyOption | None


class GameRow(TypedDict):
    game_id: str
    mode: str
    preset_id: str
    daily_id: str | None
    msk_date: str
    status: str
    credits: int
    ticks: int
    clean: int
    lossy: int
    orders: int
    started_at: str
    finished_at: str | None
    best: bool  # the best finished Free game of its preset


class Games(TypedDict):
    games: list[GameRow]  # newest first


class Game(TypedDict):
    game_id: str
    version: int
    view: GameView


class Replay(TypedDict):
    game_id: str
    mode: str
    frames: list[GameView]
    kind: NotRequired[str]  # a table's game
    preset: NotRequired[str]  # an Echo Challenge game's
    daily_id: NotRequired[str | None]
    status: NotRequired[str]
    field: NotRequired[dict[str, Any]]  # revealed once the game is public


# --- table games: history and «Лидеры» ----------------------------------------------------------------


class HistorySeat(TypedDict):
    seat: int
    name: str | None  # the player's callsign; None for a bot
    bot: str | None  # the bot's level
    you: bool
    result: str | None  # win | loss | draw | None (aborted)
    score: int | None  # the game's own number: Ghost Five's rounds won, Echoes of Time's victory points


class HistoryRound(TypedDict):
    round: int
    result: str  # A (seat 0) | B (seat 1) | draw
    reason: str
    turns: int


class HistoryGame(TypedDict):
    game_id: str
    kind: str
    finished_at: str
    outcome: str  # finished | aborted
    you: int | None  # the viewer's seat
    seats: list[HistorySeat]
    rounds: list[HistoryRound] | None  # Ghost Five only


class History(TypedDict):
    games: list[HistoryGame]  # newest first


class LeaderRow(TypedDict):
    place: int | None  # None until the account has the rated matches a place needs
    name: str
    rating: int
    matches: int
    wins: int
    you: bool


class Leaders(TypedDict):
    leaders: list[LeaderRow]  # the top 100
    you: LeaderRow | None  # the viewer's own row; None without a session
    min_matches: int


class NoLeaders(TypedDict):
    """No game of the kind asked is installed (`error.code` `unknown_kind`), or its matches are not rated
    (`not_rated`)."""

    error: Refusal


# --- catalogues ----------------------------------------------------------------------------------------


class AsyncApiInfo(TypedDict):
    title: str
    version: str
    description: str


#: the AsyncAPI 3.0 document (its specification says the rest); "x-streams" is not a Python name
AsyncApiDocument = TypedDict("AsyncApiDocument", {
    "asyncapi": str, "info": AsyncApiInfo, "defaultContentType": str, "servers": dict[str, Any],
    "channels": dict[str, Any], "operations": dict[str, Any], "components": dict[str, Any],
    "x-streams": list[dict[str, Any]],
})


#: a game's catalogue, an object of its kind's own as its rules give it: no shape is common to every game's
GameCatalogue = Annotated[dict[str, Any], KwargDefinition(
    title="GameCatalogue", description="The game's reference data, an object of its kind's own: what its rules' "
    "`catalogue` gives (a card game's: its cards by id).")]


class NoCatalogue(TypedDict):
    """No game of the kind asked is installed (`error.code` `unknown_kind`), or it has no catalogue
    (`no_catalogue`)."""

    error: Refusal
