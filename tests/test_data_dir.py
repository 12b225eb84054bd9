"""The data directory: private whatever the umask, refused with a sentence when unusable,
and held by one companion at a time."""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path

import pytest

from companion import instance_lock, paths


def test_the_data_directory_is_private_whatever_the_umask(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        base = paths.data_dir(tmp_path / "data")
    finally:
        os.umask(old)
    assert stat.S_IMODE(base.stat().st_mode) == 0o700


def test_an_existing_open_data_directory_is_made_private(tmp_path: Path) -> None:
    base = tmp_path / "data"
    base.mkdir(mode=0o755)
    os.chmod(base, 0o755)
    paths.data_dir(base)
    assert stat.S_IMODE(base.stat().st_mode) == 0o700


@pytest.mark.parametrize("where", ["itself", "its parent"])
def test_a_regular_file_in_its_place_is_named(tmp_path: Path, where: str) -> None:
    (tmp_path / "data").write_text("not a directory")
    target = tmp_path / "data" if where == "itself" else tmp_path / "data" / "companion"
    with pytest.raises(paths.DataDirError, match="is not a directory"):
        paths.data_dir(target)


@pytest.mark.parametrize(
    ("error", "message"),
    [
        (PermissionError(errno.EACCES, "Permission denied"), "cannot be written"),
        (OSError(errno.EROFS, "Read-only file system"), "on a read-only disk"),
    ],
    ids=["unwritable", "read-only"],
)
def test_a_directory_that_cannot_be_written_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: OSError, message: str
) -> None:
    # root writes anywhere, so the refusal the kernel would give is played here
    def refuse(*_args: object, **_kwargs: object) -> None:
        raise error

    monkeypatch.setattr(tempfile, "TemporaryFile", refuse)
    with pytest.raises(paths.DataDirError, match=message) as caught:
        paths.data_dir(tmp_path)
    assert str(tmp_path) in str(caught.value) and "--data-dir" in str(caught.value)


def test_one_companion_per_data_directory(tmp_path: Path) -> None:
    first = instance_lock.acquire(tmp_path)
    with pytest.raises(instance_lock.AlreadyRunning, match=f"already running .*{tmp_path}"):
        instance_lock.acquire(tmp_path)
    first.release()
    instance_lock.acquire(tmp_path).release()
