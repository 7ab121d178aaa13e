"""What a collection scans — the length of its pause — stays bounded while a service piles up long-lived
objects (a gateway opening thousands of WebSockets): generation 0 up to its threshold of new objects,
generation 1 up to a few of those. Run in a child process: the thresholds and `gc.freeze` are global."""

import json
import subprocess
import sys

import pytest
from echo_runtime.serve import GC_THRESHOLDS

pytestmark = pytest.mark.unit

CHILD = """
import gc, json
from echo_runtime.serve import tune_garbage_collector
tune_garbage_collector()
scanned = {0: 0, 1: 0}
def on_collection(phase, info):
    g = info["generation"]
    if phase == "start" and g in scanned:
        scanned[g] = max(scanned[g], sum(len(gc.get_objects(k)) for k in range(g + 1)))
gc.callbacks.append(on_collection)
kept = []
for n in range(300_000):  # 600 000 tracked objects that stay: ~3 000 connections' worth
    kept.append({"n": [n]})
print(json.dumps(scanned))
"""


def test_no_young_collection_scans_more_than_a_few_thresholds_of_objects() -> None:
    out = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, check=True, timeout=120)
    scanned = {int(k): v for k, v in json.loads(out.stdout).items()}
    young, middle, _ = GC_THRESHOLDS
    assert 0 < scanned[0] <= young * 1.1
    assert 0 < scanned[1] <= (middle + 2) * young * 1.1  # not the 600 000 kept
