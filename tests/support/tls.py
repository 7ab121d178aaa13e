"""A throw-away CA and a NATS server certificate signed by it (the openssl command line), with the names the
production certificate has (deploy/k8s/base/nats/certificate.yaml) plus localhost, for running the
production nats.conf on this machine. Usable for both server and client auth, as there (mutual TLS routes)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

OPENSSL = shutil.which("openssl")
NAMES = "DNS:nats,DNS:*.nats-headless,DNS:localhost,IP:127.0.0.1"


def _openssl(*args: str, cwd: Path) -> None:
    assert OPENSSL, "no openssl on PATH"
    subprocess.run([OPENSSL, *args], cwd=cwd, check=True, capture_output=True, timeout=60)


def make_certificates(folder: Path) -> Path:
    """Write ca.crt, tls.crt and tls.key (the file names of a cert-manager Secret) into `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    ec = ("-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes")
    _openssl("req", "-x509", *ec, "-keyout", "ca.key", "-out", "ca.crt", "-days", "2", "-subj", "/CN=echo-nats-ca",
             "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign",
             cwd=folder)
    _openssl("req", *ec, "-keyout", "tls.key", "-out", "tls.csr", "-subj", "/CN=nats", cwd=folder)
    (folder / "ext.cnf").write_text(f"subjectAltName={NAMES}\nextendedKeyUsage=serverAuth,clientAuth\n")
    _openssl("x509", "-req", "-in", "tls.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial",
             "-out", "tls.crt", "-days", "2", "-extfile", "ext.cnf", cwd=folder)
    return folder
