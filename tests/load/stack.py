"""What every benchmark starts: its own NATS and PostgreSQL, and services as separate processes."""

from __future__ import annotations

import os
import platform
import subprocess
import sys
import time
from pathlib import Path

import httpx
from echo_runtime.devstack import free_port

ROOT = Path(__file__).resolve().parents[2]


def start_service(name: str, env: dict[str, str]) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", f"echo_{name}"],
                               env={**env, f"ECHO_{name.upper()}_HTTP_PORT": str(port), "LOG_LEVEL": "warning"},
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(300):
        try:
            if httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=1).status_code == 200:
                return process, port
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"{name} never became ready")


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no RSS for {pid}")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time a process has used so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def machine_busy_seconds() -> float:
    """CPU time all cores of the machine spent busy so far (every process, the kernel too)."""
    user, nice, system, idle, iowait, irq, softirq, steal = (int(v) for v in Path("/proc/stat").read_text().split()[1:9])
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def machine() -> dict[str, object]:
    return {"platform": platform.platform(), "cpus": os.cpu_count(), "python": platform.python_version(),
            "load_average": os.getloadavg()}


def write_result(name: str, result: dict[str, object]) -> None:
    """`.bench/<name>.json`, for comparing runs."""
    import json

    out = ROOT / ".bench" / f"{name}.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(result, indent=2))
    print(f"written {out.relative_to(ROOT)}")
