"""The deployed nats.conf run as a three-node TLS JetStream cluster on localhost, with servers that can be
killed and brought back on their own ports and disks (a lost pod that the StatefulSet restarts).

Only addresses change from the file as deployed: pod DNS names become 127.0.0.1 ports, /data a folder per
server, the TLS Secret's mount a throw-away CA (tests/support/tls.py); see deployed_nats.py.
"""

from __future__ import annotations

import asyncio
import json
import re
import signal
import socket
import ssl
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import nats
from echo_runtime.nats_access import OPERATOR
from nats.aio.client import Client

from tests.support.deployed_nats import NATS_DIR, local_config, passwords, server_env
from tests.support.tls import OPENSSL, make_certificates

BINARY = Path(sys.executable).parent / "nats-server"
AVAILABLE = BINARY.exists() and bool(OPENSSL)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Cluster:
    folder: Path
    certificates: Path
    ports: list[dict[str, int]]
    passwords: dict[str, str] = field(default_factory=passwords)
    procs: list[subprocess.Popen[bytes] | None] = field(default_factory=list)

    @property
    def url(self) -> str:
        """Every server, as a client's comma-separated NATS_URL."""
        return ",".join(f"tls://127.0.0.1:{p['client']}" for p in self.ports)

    @property
    def ca_file(self) -> str:
        return str(self.certificates / "ca.crt")

    def tls(self) -> ssl.SSLContext:
        return ssl.create_default_context(cafile=self.ca_file)

    def start(self, i: int) -> None:
        conf = (NATS_DIR / "nats.conf").read_text()
        p = self.ports[i]
        conf = conf.replace("listen: 0.0.0.0:4222", f"listen: 127.0.0.1:{p['client']}")
        conf = conf.replace("http: 0.0.0.0:8222", f"http: 127.0.0.1:{p['http']}")
        conf = conf.replace("listen: 0.0.0.0:6222", f"listen: 127.0.0.1:{p['cluster']}")
        conf = re.sub(r"nats://nats-(\d)\.nats-headless:6222",
                      lambda m: f"nats://127.0.0.1:{self.ports[int(m.group(1))]['cluster']}", conf)
        assert "0.0.0.0" not in conf and "nats-headless" not in conf
        path = local_config(self.folder / f"nats{i}", self.certificates, conf)
        log = (self.folder / f"nats{i}.log").open("a")
        self.procs[i] = subprocess.Popen([str(BINARY), "-c", str(path)], env=server_env(f"nats-{i}", self.passwords),
                                         stdout=log, stderr=log)

    def kill(self, i: int) -> None:
        """kill -9: no goodbye to the others, no flush beyond what was fsynced."""
        proc = self.procs[i]
        assert proc is not None
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        self.procs[i] = None

    def stop(self, i: int) -> None:
        """A pod's graceful stop (SIGTERM: the server hands its leaderships over first)."""
        proc = self.procs[i]
        if proc is None:
            return
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
        self.procs[i] = None

    def stop_all(self) -> None:
        for i in range(len(self.procs)):
            self.stop(i)

    def jsz(self, i: int, query: str = "") -> dict:
        with urllib.request.urlopen(f"http://127.0.0.1:{self.ports[i]['http']}/jsz{query}", timeout=2) as r:
            return json.load(r)

    def server_name(self, i: int) -> str:
        return f"nats-{i}"

    def leader_of(self, stream: str) -> int:
        """The server that leads `stream` now (as /jsz on any live server says)."""
        for i, proc in enumerate(self.procs):
            if proc is None:
                continue
            try:
                info = self.jsz(i, "?streams=true")
            except OSError:
                continue
            for account in info.get("account_details", []):
                for detail in account.get("stream_detail", []):
                    if detail["name"] == stream and (leader := detail.get("cluster", {}).get("leader")):
                        return int(leader.rsplit("-", 1)[1])
        raise LookupError(f"no live server names a leader of {stream}")

    async def wait_formed(self, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while True:
            try:
                metas = [self.jsz(i).get("meta_cluster", {}) for i, p in enumerate(self.procs) if p]
                leaders = {m.get("leader") for m in metas}
                if len(leaders) == 1 and None not in leaders:
                    return
            except OSError:
                pass
            assert time.monotonic() < deadline, "the servers did not form a JetStream meta group"
            await asyncio.sleep(0.3)

    async def operator(self, name: str = "test-operator") -> Client:
        return await nats.connect(servers=self.url.split(","), tls=self.tls(), user=OPERATOR,
                                  password=self.passwords[OPERATOR], name=name, connect_timeout=3)


def start_cluster(folder: Path) -> Cluster:
    """Three servers on free ports. A port taken by another process between choosing and binding (the suite
    runs many servers) makes a server exit at once: then all three start again on new ports."""
    certificates = make_certificates(folder / "tls")
    for attempt in range(3):
        ports = [{"client": free_port(), "http": free_port(), "cluster": free_port()} for _ in range(3)]
        cluster = Cluster(folder / f"try{attempt}", certificates, ports, procs=[None, None, None])
        cluster.folder.mkdir(parents=True)
        for i in range(3):
            cluster.start(i)
        time.sleep(0.5)
        if all(proc is not None and proc.poll() is None for proc in cluster.procs):
            return cluster
        cluster.stop_all()
    raise AssertionError("the NATS servers kept exiting at start")
