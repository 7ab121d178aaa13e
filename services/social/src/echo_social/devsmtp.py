"""A local SMTP sink for development and tests: keeps every letter and shows it to the developer.

`python -m echo_social.devsmtp --port 1025 --dir .run/mail` accepts any letter on 127.0.0.1:1025, saves it
as `<folder>/<time>-<n>.eml` and prints a line with its recipient, subject and every link in it — so the
confirmation and login links of `make run` are one click away in the terminal. Nothing is delivered.
In tests, `MailSink` runs on the test's own event loop and `await sink.wait_for(address)` returns the
letter.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import signal
import sys
from dataclasses import dataclass
from datetime import UTC, datetime
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path

from aiosmtpd.smtp import SMTP, Envelope, Session

LINK = re.compile(r"https?://[^\s<>\"]+")


@dataclass(frozen=True, slots=True)
class ReceivedMail:
    mail_from: str
    recipients: tuple[str, ...]
    message: EmailMessage
    path: Path | None

    @property
    def subject(self) -> str:
        return str(self.message["Subject"] or "")

    @property
    def text(self) -> str:
        body = self.message.get_body(preferencelist=("plain",))
        return body.get_content() if body is not None else ""

    @property
    def links(self) -> list[str]:
        return list(dict.fromkeys(LINK.findall(self.text)))


class MailSink:
    """An SMTP server that keeps letters in memory and, given a folder, as .eml files."""

    def __init__(
        self,
        host: str = "127.0.0.1",
        port: int = 1025,
        folder: Path | None = None,
        *,
        echo: bool = False,
        keep: int = 1000,
    ) -> None:
        self.host = host
        self.port = port
        self.folder = Path(folder) if folder is not None else None
        self.echo = echo
        self.keep = keep  # letters kept in memory (the folder keeps them all)
        self.mails: list[ReceivedMail] = []
        self._arrived = asyncio.Condition()
        self._server: asyncio.Server | None = None

    async def start(self) -> MailSink:
        if self.folder is not None:
            self.folder.mkdir(parents=True, exist_ok=True)
        loop = asyncio.get_running_loop()
        self._server = await loop.create_server(
            lambda: SMTP(self, hostname="echo-dev-smtp", enable_SMTPUTF8=True), self.host, self.port
        )
        return self

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
            self._server = None

    async def __aenter__(self) -> MailSink:
        return await self.start()

    async def __aexit__(self, *_: object) -> None:
        await self.stop()

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:  # noqa: N802
        raw = envelope.original_content or envelope.content or b""
        if isinstance(raw, str):
            raw = raw.encode()
        message = message_from_bytes(raw, policy=policy.default)
        path = None
        if self.folder is not None:
            stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
            path = self.folder / f"{stamp}-{len(self.mails) + 1:04d}.eml"
            path.write_bytes(raw)
        mail = ReceivedMail(str(envelope.mail_from), tuple(envelope.rcpt_tos), message, path)  # type: ignore[arg-type]
        async with self._arrived:
            self.mails.append(mail)
            del self.mails[: -self.keep]
            self._arrived.notify_all()
        if self.echo:
            print(f"✉  to {', '.join(mail.recipients)}: {mail.subject}", flush=True)
            for url in mail.links:
                print(f"   {url}", flush=True)
            if path is not None:
                print(f"   saved as {path}", flush=True)
        return "250 Message accepted for delivery"

    def to(self, address: str) -> list[ReceivedMail]:
        return [m for m in self.mails if address.lower() in (r.lower() for r in m.recipients)]

    async def wait_for(self, address: str, *, count: int = 1, timeout: float = 10.0) -> ReceivedMail:  # noqa: ASYNC109
        """The `count`-th letter to `address` (waiting for it)."""
        async with asyncio.timeout(timeout), self._arrived:
            await self._arrived.wait_for(lambda: len(self.to(address)) >= count)
        return self.to(address)[count - 1]


async def _serve(host: str, port: int, folder: Path) -> None:
    sink = MailSink(host, port, folder, echo=True)
    await sink.start()
    print(f"dev SMTP sink on smtp://{host}:{port}; letters are saved in {folder}", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    await sink.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m echo_social.devsmtp", description=__doc__.split("\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=1025)
    parser.add_argument("--dir", type=Path, default=Path(".run/mail"), help="where letters are saved (.eml)")
    args = parser.parse_args(argv)
    asyncio.run(_serve(args.host, args.port, args.dir))
    return 0


if __name__ == "__main__":
    sys.exit(main())
