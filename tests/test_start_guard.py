"""Failed starts are counted until one succeeds; the count decides safe mode."""

from __future__ import annotations

from pathlib import Path

from companion.start_guard import LIMIT, Failures, StartGuard


def test_failed_starts_are_counted_with_the_last_reason_until_one_succeeds(
    tmp_path: Path,
) -> None:
    guard = StartGuard(tmp_path)
    for _ in range(LIMIT - 1):
        guard.starting()
        guard.failed("settings.json: boom")
    assert not guard.safe_mode_needed()
    guard.starting()  # this one dies without a word (SIGKILL, a segfault)
    assert guard.safe_mode_needed()
    assert guard.read() == Failures(LIMIT, "settings.json: boom")
    guard.started()
    assert guard.read() == Failures() and not guard.safe_mode_needed()


def test_a_damaged_counter_counts_as_no_failures(tmp_path: Path) -> None:
    guard = StartGuard(tmp_path)
    for content in ("{oops", '{"count": NaN}', '{"count": -4}', "[1]", '{"count": true}'):
        guard.path.write_text(content)
        assert guard.read() == Failures()
