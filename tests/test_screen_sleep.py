"""Screen sleep on a fake /sys/class/backlight with a hand-set clock: dark after the
idle minutes, woken by the next touch (which presses nothing), kept awake by play."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.settings import Settings, SettingsError, validate
from companion.system.backlight import find_backlight
from companion.system.screen_sleep import ScreenSleep


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def panel(root: Path, brightness: int = 200) -> Path:
    folder = root / "10-0045"
    folder.mkdir()
    (folder / "max_brightness").write_text("255\n")
    (folder / "brightness").write_text(f"{brightness}\n")
    return folder / "brightness"


def sleeper(tmp_path: Path, minutes: int = 2) -> tuple[ScreenSleep, Clock, Path]:
    level = panel(tmp_path)
    light = find_backlight(tmp_path)
    assert light is not None
    clock = Clock()
    return ScreenSleep(light, lambda: minutes, clock), clock, level


def test_the_backlight_goes_dark_after_the_idle_minutes(tmp_path: Path) -> None:
    sleep, clock, level = sleeper(tmp_path, minutes=2)
    clock.now += 119
    sleep.check()
    assert not sleep.asleep and level.read_text() == "200\n"
    clock.now += 1
    sleep.check()
    assert sleep.asleep and level.read_text() == "0\n"


def test_the_first_touch_wakes_at_the_old_brightness_and_is_swallowed(tmp_path: Path) -> None:
    sleep, clock, level = sleeper(tmp_path)
    clock.now += 600
    sleep.check()
    assert sleep.touched() is True  # this touch only woke the screen
    assert level.read_text() == "200\n" and not sleep.asleep
    assert sleep.touched() is False  # the next one presses as usual


def test_play_keeps_the_screen_awake_and_a_device_event_wakes_it(tmp_path: Path) -> None:
    sleep, clock, level = sleeper(tmp_path, minutes=1)
    for _ in range(10):  # a running count: a beat every second, for ten minutes
        clock.now += 59
        sleep.poke()
        sleep.check()
        assert not sleep.asleep
    clock.now += 60
    sleep.check()
    assert sleep.asleep
    sleep.poke()  # the bag's button is pressed: its result must be seen
    assert not sleep.asleep and level.read_text() == "200\n"


def test_off_never_sleeps(tmp_path: Path) -> None:
    sleep, clock, level = sleeper(tmp_path, minutes=0)
    clock.now += 10 * 3600
    sleep.check()
    assert not sleep.asleep and level.read_text() == "200\n"


def test_a_backlight_that_cannot_be_written_stays_awake_quietly(tmp_path: Path) -> None:
    sleep, clock, level = sleeper(tmp_path)
    level.unlink()
    level.mkdir()  # writing now fails with an OSError
    clock.now += 600
    sleep.check()
    assert not sleep.asleep


def test_the_sleep_setting_takes_only_the_offered_minutes() -> None:
    settings = Settings()
    for minutes in (0, 1, 2, 5, 10, 30):
        settings.set_screen_sleep(minutes)
        assert settings.screen_sleep == minutes
    for bad in (3, -1, True, "5"):
        with pytest.raises(SettingsError, match="screen_sleep"):
            settings.set_screen_sleep(bad)  # type: ignore[arg-type]
    assert validate({"screen_sleep": 10}).screen_sleep == 10
    assert validate({}).screen_sleep == 0
