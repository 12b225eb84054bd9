"""The volume: stepped by touch in Settings, saved, and heard in every sound.

Count sounds and the table's cues all go through the shell's ``SoundPlayer``; on
the dummy SDL audio driver Kivy really loads each sound, so the test reads the
volume the played ``Sound`` was started with.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion import paths
from companion import settings as settings_mod
from companion.devices import sounds
from companion.devices.cues import cue_file
from companion.ui.services import build_services
from tests.ui.conftest import Driver


@pytest.fixture
def volume_restored(ui: Driver) -> Iterator[Driver]:
    settings = ui.app.services.settings
    before = settings.volume
    yield ui
    settings.volume = before
    ui.app.services.save_settings()


def _volume_row(screen: Any) -> Any:
    return next(
        row
        for row in screen.ids.body.children
        if getattr(row.ids.get("label"), "text", "") == "Volume"
    )


def _heard_volume(ui: Driver, path: Path) -> float:
    player = ui.app.services.sound
    assert player.play(path) is True
    volume: float = player._cache[str(path)].volume
    player.stop(path)
    return volume


def test_the_volume_is_stepped_by_touch_saved_and_heard(volume_restored: Driver) -> None:
    ui = volume_restored
    services = ui.app.services
    services.settings.volume = 80
    services.save_settings()
    ui.app.go("settings")
    ui.pump(3)
    screen = ui.screen()
    screen.show("devices")
    ui.pump(3)
    assert _volume_row(screen).ids.value.text == "80%"
    ui.screenshot("settings-volume")
    ui.screenshot("settings-volume", (1280, 720))

    for _ in range(5):  # down to 30 %, in tens
        ui.tap(_volume_row(screen).ids.minus)
    assert _volume_row(screen).ids.value.text == "30%"
    assert services.settings.volume == 30
    saved, problem = settings_mod.load(paths.settings_path(services.data_dir))
    assert problem is None and saved.volume == 30

    cache = Path(services.data_dir) / "sounds"
    turn = sounds.prepare_turn_track(1.0, 2, cache_dir=cache)
    assert _heard_volume(ui, turn) == pytest.approx(0.3)
    assert _heard_volume(ui, sounds.prepare_sounds(1.0, cache_dir=cache).tick) == pytest.approx(0.3)
    assert _heard_volume(ui, cue_file("turn", cache)) == pytest.approx(0.3)

    for _ in range(12):  # up past the top: it stops at 100 % with a sentence
        ui.tap(_volume_row(screen).ids.plus)
    assert _volume_row(screen).ids.value.text == "100%"
    assert _heard_volume(ui, cue_file("win", cache)) == pytest.approx(1.0)


def test_the_saved_volume_is_the_volume_at_the_next_start(tmp_path: Path) -> None:
    settings = settings_mod.Settings()
    settings.set_volume(40)
    settings_mod.save(settings, paths.settings_path(tmp_path))
    services = build_services(tmp_path, simulated=True)
    try:
        assert services.settings.volume == 40
        assert services.sound.volume == pytest.approx(0.4)
    finally:
        services.close()
