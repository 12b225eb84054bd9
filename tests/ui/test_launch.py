"""Starting the app: clear refusals before Kivy, failures counted, safe mode after a few."""

from __future__ import annotations

import argparse
import os
import stat
from pathlib import Path

import pytest

from companion import cli, instance_lock
from companion.start_guard import LIMIT, StartGuard
from companion.ui import launch, safe_mode, services


def args(data: Path) -> argparse.Namespace:
    return argparse.Namespace(data_dir=str(data), fullscreen=False, sim=True)


def test_a_data_directory_that_is_a_file_is_a_sentence_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "data").write_text("")
    assert launch.launch_app(args(tmp_path / "data")) == 2
    err = capsys.readouterr().err
    assert err.startswith("The companion cannot start: the data directory")
    assert "not a directory" in err and "Traceback" not in err


def test_a_second_companion_on_the_same_data_says_so_and_exits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = instance_lock.acquire(tmp_path)
    try:
        assert launch.launch_app(args(tmp_path)) == 2
    finally:
        first.release()
    assert "Another companion is already running" in capsys.readouterr().err


def test_a_plain_start_is_parsed_without_the_tools() -> None:
    """The tools import engines: only a command line naming one (or asking for help, or
    wrong) is parsed with them."""
    assert cli.app_start(["--sim", "--data-dir", "d"]) == argparse.Namespace(
        sim=True, fullscreen=False, data_dir="d"
    )
    assert cli.app_start([]) == argparse.Namespace(sim=False, fullscreen=False, data_dir=None)
    for argv in (["games"], ["--sim", "odds", "x"], ["-h"], ["--data-dir"], ["--nonsense"]):
        assert cli.app_start(argv) is None, argv


def test_the_log_is_private_whatever_the_umask(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        path = launch.configure_logging(tmp_path)
    finally:
        os.umask(old)
    assert stat.S_IMODE(Path(path).stat().st_mode) == 0o600


def test_repeated_failed_starts_open_safe_mode_with_the_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(*_args: object, **_kwargs: object) -> None:
        raise RuntimeError("settings.json is a directory")

    monkeypatch.setattr(services, "build_services", broken)
    shown: list[str] = []
    monkeypatch.setattr(
        safe_mode,
        "run_safe_mode",
        lambda guard, base, log: shown.append(safe_mode.explain(guard.read(), base, log)) or 0,
    )
    for _ in range(LIMIT):
        assert launch.launch_app(args(tmp_path)) == 1
    assert "The companion stopped: settings.json is a directory" in capsys.readouterr().err
    assert shown == []
    assert launch.launch_app(args(tmp_path)) == 0
    assert len(shown) == 1
    assert f"failed to start {LIMIT} times in a row" in shown[0]
    assert "What went wrong: settings.json is a directory" in shown[0]
    assert "How to fix it:" in shown[0] and str(tmp_path) in shown[0]


@pytest.mark.usefixtures("driver")  # the running app has loaded the shared widgets
def test_safe_mode_shows_the_explanation_and_try_again_clears_the_count(
    tmp_path: Path,
) -> None:
    from kivy.lang import Builder

    Builder.load_file(str(safe_mode.HERE / "safe_mode.kv"))
    guard = StartGuard(tmp_path)
    for _ in range(LIMIT):
        guard.starting()
    text = safe_mode.explain(guard.read(), tmp_path, "companion.log")
    view = safe_mode.SafeModeView(text=text)
    assert view.ids.text.text == text and "it may have crashed" in text
    assert view.ids.retry_button.text == "Try a normal start"
    from kivy.app import App

    running = App.get_running_app()
    try:  # a new App makes itself the running app: give the test app its place back
        app = safe_mode.SafeModeApp(guard, text)
        app.stop = lambda *a: None  # type: ignore[method-assign]
        app.try_normal_start()
    finally:
        App._running_app = running
    assert app.exit_code == safe_mode.RESTART_CODE and not guard.safe_mode_needed()
    Builder.unload_file(str(safe_mode.HERE / "safe_mode.kv"))
