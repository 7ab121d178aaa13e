"""E-mail addresses: a deliberately plain syntax check and the normal form addresses are compared in."""

from __future__ import annotations

import re

from .rejections import Rejection

BAD_EMAIL = Rejection(
    "email_invalid", "This does not look like an e-mail address.", "Это не похоже на адрес электронной почты."
)

_LOCAL = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]{1,64}"
_LABEL = r"(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)"
_ADDRESS = re.compile(rf"^{_LOCAL}@{_LABEL}(?:\.{_LABEL})+$")


def normalize(raw: str) -> str | Rejection:
    """Trimmed, the domain lower-cased; the local part lower-cased too (mail providers treat it so)."""
    address = raw.strip()
    if (
        len(address) > 254
        or not _ADDRESS.match(address)
        or ".." in address
        or address.startswith(".")
        or address.split("@")[0].endswith(".")
    ):
        return BAD_EMAIL
    return address.lower()
