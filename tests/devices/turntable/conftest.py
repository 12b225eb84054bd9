"""The fake clock and USB bus the link tests drive the link with (``link_fakes``)."""

from __future__ import annotations

import pytest

from tests.devices.turntable.link_fakes import FakeBus, FakeClock


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def bus(clock: FakeClock) -> FakeBus:
    return FakeBus(clock)
