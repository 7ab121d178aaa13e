"""Each garbage collection's pause reaches the `echo_gc_pause_seconds` histogram, by generation."""

import gc

import pytest
from echo_runtime.serve import GC_PAUSE, time_garbage_collections

pytestmark = pytest.mark.unit


def count(generation: str) -> float:
    samples = GC_PAUSE.collect()[0].samples
    return next((s.value for s in samples if s.name.endswith("_count") and s.labels == {"generation": generation}), 0)


@pytest.mark.parametrize("generation", [0, 2])
def test_a_collection_is_timed_under_its_generation(generation: int) -> None:
    before = count(str(generation))
    callback = time_garbage_collections()
    try:
        gc.collect(generation)
    finally:
        gc.callbacks.remove(callback)
    assert count(str(generation)) == before + 1
