from datetime import date

import pytest

SECRET = b"test-secret-0123456789abcdef"
OTHER_SECRET = b"another-secret-0123456789abcd"
LAUNCH = date(2026, 11, 1)


@pytest.fixture
def secret() -> bytes:
    return SECRET


@pytest.fixture
def launch() -> date:
    return LAUNCH
