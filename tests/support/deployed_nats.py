"""The production NATS config (deploy/k8s/base/nats: nats.conf including auth.conf) made runnable on this
machine: only paths change (the TLS Secret's mount, /data, the pid file); the server's environment carries
SERVER_NAME and one password per NATS user, as the StatefulSet's does from the Secret echo-nats-auth."""

from __future__ import annotations

import secrets
from pathlib import Path

from echo_runtime.nats_access import OPERATOR, SERVICES

NATS_DIR = Path(__file__).parents[2] / "deploy" / "k8s" / "base" / "nats"
TLS_MOUNT = "/etc/nats-tls/"  # statefulset.yaml's mount of the Secret nats-tls


def password_variable(user: str) -> str:
    return f"NATS_{user.upper()}_PASSWORD"


def passwords() -> dict[str, str]:
    """A password per NATS user, shaped as the overlays' nats-auth.env.example says to make them."""
    return {user: "p" + secrets.token_hex(16) for user in (OPERATOR, *SERVICES)}


def server_env(server_name: str, user_passwords: dict[str, str]) -> dict[str, str]:
    return {"SERVER_NAME": server_name, **{password_variable(u): p for u, p in user_passwords.items()}}


def local_config(folder: Path, certificates: Path, conf: str | None = None) -> Path:
    """Write nats.conf (the deployed one, or `conf` made from it) and auth.conf into `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    text = (NATS_DIR / "nats.conf").read_text() if conf is None else conf
    text = text.replace(TLS_MOUNT, f"{certificates}/")
    text = text.replace("store_dir: /data", f"store_dir: {folder / 'data'}")
    text = text.replace("/var/run/nats/nats.pid", str(folder / "nats.pid"))
    (folder / "nats.conf").write_text(text)
    (folder / "auth.conf").write_text((NATS_DIR / "auth.conf").read_text())
    return folder / "nats.conf"
