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


def confirmation_letter(sender: str, to: str, url: str, expires_at: datetime) -> EmailMessage:
    until = expires_at.strftime("%Y-%m-%d %H:%M UTC")
    return _letter(
        sender,
        to,
        "Эхо-вызов: подтвердите почту / Echo Challenge: confirm your e-mail",
        (
            "Здравствуйте, эхонавт!\n\n"
            "Чтобы попасть в Чарт и Лигу и бросать вызовы, подтвердите почту — перейдите по ссылке:\n\n"
            f"{url}\n\n"
            f"Ссылка действует один раз, до {until}. "
            "Если вы ничего не запрашивали, просто удалите письмо.\n\n"
            "---\n\n"
            "To appear in the Chart and the Leagues and to send challenges, confirm your e-mail:\n\n"
            f"{url}\n\n"
            f"The link works once, until {until}. If you did not ask for it, delete this letter.\n"
        ),
    )


def login_letter(sender: str, to: str, url: str, expires_at: datetime) -> EmailMessage:
    until = expires_at.strftime("%Y-%m-%d %H:%M UTC")
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
            f"The link works once, until {until}. If it was not you, do nothing: nobody gets in without it.\n"
        ),
    )
