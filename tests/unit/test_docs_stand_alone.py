"""The repository's documents stand on their own: nothing tracked points outside the clone (the specs it was
built from are not part of it), and every "§N" of the rules cites the repository's rules reference."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.unit

ROOT = Path(__file__).resolve().parents[2]
# spelled in pieces, so that this file does not mention what it looks for
OUTSIDE = (".." + "/shared", "/work" + "/shared")
SECTION = re.compile(r"§\s?(\d+)")
SPEC_CITATION = re.compile(r"\bspec" + r" §")


def tracked_texts() -> dict[str, str]:
    names = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    texts = {}
    for name in names.decode().split("\0"):
        path = ROOT / name
        if not name or not path.is_file():
            continue
        data = path.read_bytes()
        if b"\0" not in data[:4096]:  # binary files (icons) hold no links
            texts[name] = data.decode("utf-8", errors="replace")
    return texts


def test_no_tracked_file_mentions_the_shared_folder() -> None:
    texts = tracked_texts()
    assert len(texts) > 100  # the whole repository was read, not an empty listing
    found = [f"{name}: {needle}" for name, text in texts.items() for needle in OUTSIDE if needle in text]
    assert found == []


def test_rules_citations_point_into_the_repository() -> None:
    texts = tracked_texts()
    assert [name for name, text in texts.items() if SPEC_CITATION.search(text)] == []
    reference = texts["docs/games/echo-challenge.md"]
    sections = {int(n) for n in re.findall(r"^## §(\d+) ", reference, flags=re.MULTILINE)}
    assert sections == set(range(1, 24))
    cited = {
        int(n)
        for name, text in texts.items()
        for line in text.splitlines()
        if "echo-challenge.md §" in line
        for n in SECTION.findall(line)
    }
    assert cited and cited <= sections
