"""The NATS StatefulSet's cert-reloader sidecar (deploy/k8s/base/nats/statefulset.yaml): when cert-manager's
renewal changes the mounted TLS files, the running server takes the new certificate without a restart.

Runs the sidecar's own script (taken from the manifest, paths pointed at a temp folder) beside a real
nats-server, swaps the certificate for one of a new CA as the kubelet would, and waits until a client that
trusts only the new CA is served."""

from __future__ import annotations

import asyncio
import os
import shutil
import ssl
import sys
from pathlib import Path

import nats
import pytest
import yaml

from tests.support.dailies import eventually
from tests.support.deployed_nats import NATS_DIR, TLS_MOUNT
from tests.support.tls import OPENSSL, make_certificates

pytestmark = pytest.mark.integration

BIN = Path(sys.executable).parent
PID_FILE = "/var/run/nats/nats.pid"


def reloader_script() -> str:
    sts = yaml.safe_load((NATS_DIR / "statefulset.yaml").read_text())
    [sidecar] = [c for c in sts["spec"]["template"]["spec"]["containers"] if c["name"] == "cert-reloader"]
    assert sidecar["command"] == ["sh", "-c"]
    return sidecar["args"][0]


async def trusted_by(ca: Path, port: int) -> bool:
    try:
        nc = await nats.connect(f"tls://127.0.0.1:{port}", tls=ssl.create_default_context(cafile=str(ca)),
                                allow_reconnect=False, max_reconnect_attempts=0, connect_timeout=2)
    except Exception:  # noqa: BLE001 - an untrusted certificate, whichever way the client says it
        return False
    await nc.close()
    return True


@pytest.mark.skipif(not (BIN / "nats-server").exists() or not OPENSSL, reason="no nats-server or openssl")
async def test_a_renewed_certificate_is_served_without_a_restart(tmp_path: Path) -> None:
    from echo_runtime.devstack import free_port

    mount, old, new = tmp_path / "nats-tls", make_certificates(tmp_path / "old"), make_certificates(tmp_path / "new")
    shutil.copytree(old, mount)
    port = free_port()
    conf = tmp_path / "nats.conf"
    conf.write_text(f"listen: 127.0.0.1:{port}\npid_file: {tmp_path / 'nats.pid'}\n"
                    f"tls {{\n  cert_file: {mount}/tls.crt\n  key_file: {mount}/tls.key\n"
                    f"  ca_file: {mount}/ca.crt\n}}\n")
    server = await asyncio.create_subprocess_exec(str(BIN / "nats-server"), "-c", str(conf),
                                                  stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL)
    script = reloader_script().replace(TLS_MOUNT, f"{mount}/").replace(PID_FILE, str(tmp_path / "nats.pid"))
    sidecar = await asyncio.create_subprocess_exec(
        "sh", "-c", script, env={**os.environ, "CHECK_SECONDS": "1", "PATH": f"{BIN}:{os.environ['PATH']}"},
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    try:
        await eventually(lambda: trusted_by(old / "ca.crt", port), within=15)
        assert not await trusted_by(new / "ca.crt", port)
        for name in ("tls.crt", "tls.key", "ca.crt"):  # the renewal lands in the mounted Secret
            shutil.copy(new / name, mount / name)
        await eventually(lambda: trusted_by(new / "ca.crt", port), within=20)
        assert server.returncode is None, "the server restarted"
        assert not await trusted_by(old / "ca.crt", port)
    finally:
        sidecar.terminate()
        server.terminate()
        await asyncio.wait_for(server.wait(), 10)
    output, _ = await asyncio.wait_for(sidecar.communicate(), 10)
    assert "nats-server reloaded" in output.decode()
