"""Mail: the two letters the service sends (confirm the e-mail, log in on another device), over SMTP.

Letters are sent inside the command's transaction, before it commits: if the SMTP server refuses, the
token, the event and the rate-limit hit are rolled back and the player is told to try again; the token
itself is never stored anywhere but in the letter.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from email.message import EmailMessage
from email.utils import make_msgid
from typing import Protocol
from urllib.parse import urlencode

import aiosmtplib
from echo_events.moscow import MSK

MONTHS_RU = ("января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября",
             "ноября", "декабря")
MONTHS_EN = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
             "November", "December")


class Mailer(Protocol):
    async def send(self, message: EmailMessage) -> None: ...


@dataclass(frozen=True, slots=True)
class SmtpMailer:
    host: str
    port: int
    username: str | None = None
    password: str | None = None
    start_tls: bool | None = None  # None: upgrade when the server offers it
    use_tls: bool = False
    timeout: float = 10.0

    async def send(self, message: EmailMessage) -> None:
        await aiosmtplib.send(
            message,
            hostname=self.host,
            port=self.port,
            username=self.username,
            password=self.password,
            start_tls=self.start_tls,
            use_tls=self.use_tls,
            timeout=self.timeout,
        )


def link(public_url: str, path: str, token: str) -> str:
    return f"{public_url.rstrip('/')}{path}?{urlencode({'token': token})}"


def _letter(sender: str, to: str, subject: str, text: str) -> EmailMessage:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = subject
    message["Message-ID"] = make_msgid(domain=sender.rpartition("@")[2] or "echo.local")
    message.set_content(text)
    return message


def moscow_time(moment: datetime) -> str:
    """«1 декабря, 18:30 по Москве»: the game speaks Moscow time."""
    msk = moment.astimezone(MSK)
    return f"{msk.day} {MONTHS_RU[msk.month - 1]}, {msk:%H:%M} по Москве"


def moscow_time_en(moment: datetime) -> str:
    msk = moment.astimezone(MSK)
    return f"{msk.day} {MONTHS_EN[msk.month - 1]}, {msk:%H:%M} Moscow time"


def confirmation_letter(
    sender: str, to: str, url: str, expires_at: datetime, callsign: str | None = None
) -> EmailMessage:
    """Names the account the address joins; the link opens a page that confirms only on a press."""
    until = moscow_time(expires_at)
    until_en = moscow_time_en(expires_at)
    who_ru = f"к аккаунту с позывным «{callsign}»" if callsign else "к гостевому аккаунту (позывной ещё не выбран)"
    who_en = f"the account with the callsign «{callsign}»" if callsign else "a guest account (no callsign yet)"
    return _letter(
        sender,
        to,
        "Эхо-вызов: подтвердите почту / Echo Challenge: confirm your e-mail",
        (
            "Здравствуйте, эхонавт!\n\n"
            f"Эту почту просят привязать {who_ru}. С подтверждённой почтой аккаунт попадает в Чарт и Лигу, "
            "бросает вызовы и входит по ней на других устройствах.\n\n"
            "Откройте ссылку и нажмите «Подтвердить» на открывшейся странице:\n\n"
            f"{url}\n\n"
            f"Ссылка действует один раз, до {until}. Если это не ваш аккаунт или вы ничего не запрашивали, "
            "ничего не нажимайте и удалите письмо: без нажатия почта не привяжется.\n\n"
            "---\n\n"
            f"Someone asks to join this e-mail to {who_en}. With a confirmed e-mail the account enters the "
            "Chart and the Leagues, sends challenges and logs in with it on other devices.\n\n"
            "Open the link and press «Confirm» on the page it opens:\n\n"
            f"{url}\n\n"
            f"The link works once, until {until_en}. If it is not your account or you did not ask, press "
            "nothing and delete this letter: nothing is joined without the press.\n"
        ),
    )


def login_letter(sender: str, to: str, url: str, expires_at: datetime) -> EmailMessage:
    until = moscow_time(expires_at)
    return _letter(
        sender,
        to,
        "Эхо-вызов: вход на новом устройстве / Echo Challenge: log in",
        (
            "Здравствуйте, эхонавт!\n\n"
            "Чтобы войти в аккаунт на этом устройстве, перейдите по ссылке:\n\n"
            f"{url}\n\n"
            f"Ссылка действует один раз, до {until}. Если это были не вы, ничего не делайте: без ссылки "
            "войти нельзя.\n\n"
            "---\n\n"
            "To log in to your account on this device, follow the link:\n\n"
            f"{url}\n\n"
            f"The link works once, until {moscow_time_en(expires_at)}. If it was not you, do nothing: nobody "
            "gets in without it.\n"
        ),
    )
