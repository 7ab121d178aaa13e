"""`make run`: everything up on one machine, stopped cleanly by Ctrl-C.

Starts NATS (JetStream, data in .run/nats) and PostgreSQL (pgserver, data in .run/postgres) unless
NATS_URL / DATABASE_URL name existing servers, applies migrations, runs the five services (entry point group
`echo.services`) in this one process, each on its own port with its own settings and NATS user — a fifth of
the memory of five processes, which is what production runs (`serve.ServedTogether`) — waits until each is
ready and prints where the web client is. The local SMTP sink is a child process.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
import urllib.request
from importlib.metadata import entry_points
from pathlib import Path
from typing import TextIO

from . import local_requests
from .devstack import EmbeddedNats, EmbeddedPostgres, generated_credentials, make_streams, service_env
from .migrate import apply_migrations
from .serve import ServedTogether, configure_process

SERVICES = {"engine": 8001, "daily": 8002, "leagues": 8003, "social": 8004, "gateway": 8000}
DEV_NATS_PORT = 14222


def ready(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=1) as response:
            return response.status == 200
    except OSError:
        return False


def _interrupt(*_: object) -> None:
    raise KeyboardInterrupt


async def run_services(services: ServedTogether, ports: dict[str, int], children: list[subprocess.Popen[bytes]],
                       traces: TextIO, smtp: str, root: Path) -> str | None:
    """The services until Ctrl-C or SIGTERM (None), or until one of them or a child stops on its own (why)."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    configure_process("make-run", next(iter(services.services.values()))[0], traces)
    local_requests.enable()  # the gateway asks the engine beside it directly
    services.start()
    why = await _watch(services, ports, children, stop, smtp, root)
    await services.stop()
    return why


async def _watch(services: ServedTogether, ports: dict[str, int], children: list[subprocess.Popen[bytes]],
                 stop: asyncio.Event, smtp: str, root: Path) -> str | None:
    deadline = time.monotonic() + 90
    waiting = dict(ports)
    parent = os.getppid()
    while not stop.is_set():
        if (name := services.stopped()) is not None:
            return f"the {name} service stopped"
        for child in children:
            if child.poll() is not None:
                return f"{' '.join(map(str, child.args[1:3]))} exited with {child.returncode}"
        if os.getppid() != parent:  # `make` was killed without signalling us: stop with it
            return None
        if waiting:
            for name, port in list(waiting.items()):
                if await asyncio.to_thread(ready, port):
                    print(f"  {name:8} ready on :{port}", flush=True)
                    del waiting[name]
            if not waiting:
                print(f"mail: the local SMTP sink on :{smtp} prints links and keeps letters in {root}/mail")
                print(f"traces: {root}/traces.log (set OTEL_EXPORTER_OTLP_ENDPOINT to send them over OTLP)")
                print(f"\nEcho Challenge is up: http://127.0.0.1:{ports['gateway']}/   (Ctrl-C stops everything)",
                      flush=True)
            elif time.monotonic() > deadline:
                return f"not ready after 90 s: {', '.join(waiting)}"
        try:
            await asyncio.wait_for(stop.wait(), 0.2 if waiting else 0.5)
        except TimeoutError:
            pass
    return None


def main() -> int:
    root = Path(os.environ.get("ECHO_RUN_DIR", ".run")).resolve()
    stack: list[EmbeddedNats | EmbeddedPostgres] = []
    children: list[subprocess.Popen[bytes]] = []
    stopping = False

    def stop_everything(*_: object) -> None:
        nonlocal stopping
        if stopping:
            return
        stopping = True
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C must not abandon the children
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        print("\nstopping…", flush=True)
        for child in children:
            child.send_signal(signal.SIGTERM)
        for child in children:
            try:
                child.wait(15)
            except subprocess.TimeoutExpired:
                child.kill()
        for server in reversed(stack):
            server.stop()
        print("stopped.", flush=True)

    signal.signal(signal.SIGTERM, _interrupt)
    try:
        nats_url = os.environ.get("NATS_URL")
        nats_users: dict[str, str] = {}
        if not nats_url:
            credentials = generated_credentials()  # new ones each run: the services get theirs below
            nats = EmbeddedNats(root / "nats", int(os.environ.get("ECHO_DEV_NATS_PORT", DEV_NATS_PORT)),
                                credentials=credentials)
            nats_url = nats.start()
            nats_users = service_env(credentials)
            stack.append(nats)
            print(f"NATS with JetStream: {nats_url} (data in {nats.data_dir}; a user per service, "
                  "local connections without credentials are the operator)", flush=True)
        else:
            make_streams(nats_url)  # as the operator would: the services only wait for them
        database_url = os.environ.get("DATABASE_URL")
        if not database_url:
            postgres = EmbeddedPostgres(root / "postgres")
            database_url = postgres.start()
            stack.append(postgres)
            print(f"PostgreSQL: {database_url}", flush=True)
        applied = asyncio.run(apply_migrations(database_url))
        print(f"migrations: {len(applied)} applied now, schema up to date", flush=True)

        env = {**os.environ, **nats_users, "NATS_URL": nats_url, "DATABASE_URL": database_url}
        env.setdefault("ECHO_GATEWAY_DEV_MODE", "true")
        env.setdefault("ECHO_DAILY_DEV_CLOCK", "true")
        ports = {name: int(env.get(f"ECHO_{name.upper()}_HTTP_PORT", port)) for name, port in SERVICES.items()}
        env.setdefault("OTEL_TRACES_EXPORTER", "console")
        env.setdefault("ECHO_SOCIAL_PUBLIC_URL", f"http://127.0.0.1:{ports['gateway']}")
        env.setdefault("ECHO_SOCIAL_SMTP_PORT", os.environ.get("ECHO_DEV_SMTP_PORT", "1025"))
        children.append(subprocess.Popen([sys.executable, "-m", "echo_social.devsmtp", "--port",
                                          env["ECHO_SOCIAL_SMTP_PORT"], "--dir", str(root / "mail")], env=env))
        root.mkdir(parents=True, exist_ok=True)
        os.environ.update({**env, **{f"ECHO_{name.upper()}_HTTP_PORT": str(port) for name, port in ports.items()}})
        try:
            built = {ep.name: ep.load()() for ep in entry_points(group="echo.services")}
        except SystemExit as refusal:  # a service refusing its settings says why
            raise RuntimeError(str(refusal)) from None
        services = ServedTogether({name: built[name] for name in SERVICES})
        with open(root / "traces.log", "a") as traces:
            stopped = asyncio.run(run_services(services, ports, children, traces, env["ECHO_SOCIAL_SMTP_PORT"], root))
        if stopped:
            raise RuntimeError(stopped)
        stop_everything()
        return 0
    except KeyboardInterrupt:
        stop_everything()
        return 0
    except Exception as error:
        print(f"error: {error}", file=sys.stderr, flush=True)
        stop_everything()
        return 1


if __name__ == "__main__":
    sys.exit(main())
