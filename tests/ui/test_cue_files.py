"""The table's cues are rendered on a background thread once a game screen is built
(numpy stays out of the cold start), and a cue asked for before its file is ready
still sounds: once it is rendered, on Kivy's thread."""

from __future__ import annotations

import threading
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from companion.devices.cues import CUES
from companion.ui.cues import CueFiles, TableCues, render_cue
from tests.ui.conftest import Driver


class HeardSounds:
    """Stands in for the shell's SoundPlayer: the files played, and on which thread."""

    enabled = True

    def __init__(self) -> None:
        self.played: list[tuple[str, str]] = []

    def play(self, path: str | Path) -> bool:
        self.played.append((Path(path).name, threading.current_thread().name))
        return True


def held_back(names: set[str], release: threading.Event) -> Any:
    """A renderer that waits for ``release`` before rendering any of ``names``."""

    def render(name: str, folder: Path) -> Path:
        if name in names:
            assert release.wait(60), "the test never released the renderer"
        return render_cue(name, folder)

    return render


def test_a_cue_asked_for_before_it_is_rendered_is_given_once_it_is(tmp_path: Path) -> None:
    release = threading.Event()
    files = CueFiles(tmp_path, held_back({"turn"}, release))
    given: list[Path] = []
    files.start()
    files.when_ready("turn", given.append)
    assert given == []  # still being rendered: nothing is played yet, nothing is lost
    release.set()
    files.start().join(60)
    assert given == [tmp_path / "cue-turn-44100.wav"] and given[0].is_file()
    files.when_ready("win", given.append)  # rendered already: given at once
    assert given[-1] == tmp_path / "cue-win-44100.wav"
    assert sorted(p.name for p in tmp_path.glob("cue-*.wav")) == sorted(
        f"cue-{name}-44100.wav" for name in CUES
    )


def test_a_cue_that_cannot_be_written_is_skipped_and_the_others_still_sound(
    tmp_path: Path,
) -> None:
    def render(name: str, folder: Path) -> Path:
        if name == "loss":
            raise OSError("disk full")
        return render_cue(name, folder)

    files = CueFiles(tmp_path, render)
    given: list[str] = []
    files.when_ready("loss", lambda p: given.append(p.name))  # starts the rendering
    files.start().join(60)
    files.when_ready("loss", lambda p: given.append(p.name))
    files.when_ready("turn", lambda p: given.append(p.name))
    assert given == ["cue-turn-44100.wav"]


def test_the_first_turn_cue_of_a_game_sounds_even_before_its_file_is_ready(
    ui: Driver, tmp_path: Path, monkeypatch: Any
) -> None:
    release = threading.Event()
    files = CueFiles(tmp_path / "sounds", held_back(set(CUES), release))
    monkeypatch.setattr("companion.ui.cues.cue_files", lambda _folder: files)
    sound = HeardSounds()
    views = iter([SimpleNamespace(turn=0, end=None), SimpleNamespace(turn=1, end=None)])
    controller = SimpleNamespace(view=lambda: next(views))
    cues = TableCues(controller, SimpleNamespace(data_dir=tmp_path, sound=sound))  # type: ignore[arg-type]
    cues.changed()  # the turn passes while the cues are still being rendered
    assert cues.played == ["turn"] and sound.played == []
    release.set()
    files.start().join(60)
    ui.pump(2)
    assert sound.played == [("cue-turn-44100.wav", threading.main_thread().name)]
