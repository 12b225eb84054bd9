"""``companion prepare``: what a game compiles on first use is compiled at install time,
and a failure is said without stopping the others."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from companion.cli import main
from companion.commands import prepare
from companion.engines.lost_in_the_woods.advisor import kernel


def test_the_woods_advice_is_compiled_and_said(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    warmed: list[bool] = []
    real = kernel.warm
    monkeypatch.setattr(kernel, "warm", lambda: warmed.append(True) or real())
    assert main(["prepare"]) == 0
    out = capsys.readouterr().out
    assert warmed == [True]
    assert out.startswith("Lost in the Woods: the advice's playouts are compiled (")
    assert len(out.splitlines()) == 1, "only the games that compile anything are named"


def test_a_game_that_cannot_prepare_is_named_and_the_exit_says_so(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken() -> str:
        raise OSError("no space left on device")

    monkeypatch.setattr(
        prepare,
        "engine_module",
        lambda game_id, leaf: SimpleNamespace(prepare=broken) if "woods" in game_id else None,
    )
    assert main(["prepare"]) == 1
    err = capsys.readouterr().err
    assert err == "Lost in the Woods: could not prepare (OSError: no space left on device)\n"
