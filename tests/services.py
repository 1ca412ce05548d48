"""What tests do when a real service (PostgreSQL, Redis) they need is missing."""

from __future__ import annotations

import os

import pytest


def need_service(reason: str) -> None:
    """Skip with the reason, or fail when MUGGINS_REQUIRE_SERVICES=1 (as .ci/run sets) makes such
    tests mandatory."""
    if os.environ.get("MUGGINS_REQUIRE_SERVICES") == "1":
        pytest.fail(f"{reason} (MUGGINS_REQUIRE_SERVICES=1 makes this test mandatory)")
    pytest.skip(f"{reason}; set MUGGINS_REQUIRE_SERVICES=1 to make this a failure")
